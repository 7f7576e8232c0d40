// A stand-in for the part of SwiftUI that NorochessApp uses, so that
// scripts/check-ios-app.sh can type-check the views against NorochessKit on
// Linux. It declares signatures only (nothing runs); they follow Apple's
// SwiftUI for iOS 17. It cannot prove the views compile with the real SDK
// (a signature here may be looser than Apple's), but a wrong model member,
// argument label, type or optional in a view fails here as it would there.
// When a view needs an API this file lacks, add its declaration as Apple
// documents it.
@_exported import Foundation
@_exported import Observation

public typealias CGFloat = Double
public struct CGPoint { public var x: CGFloat; public var y: CGFloat
    public init(x: CGFloat, y: CGFloat) { self.x = x; self.y = y } }
public struct CGSize { public var width: CGFloat; public var height: CGFloat
    public init(width: CGFloat, height: CGFloat) { self.width = width; self.height = height }
    public static let zero = CGSize(width: 0, height: 0) }
public struct CGRect { public init(x: CGFloat, y: CGFloat, width: CGFloat, height: CGFloat) {} }
public enum CGLineCap { case butt, round, square }
public enum CGLineJoin { case miter, round, bevel }

// MARK: - Views and builders

@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    public var body: Never { fatalError() }
}

/// A view the stub builds for every container and modifier.
public struct _V: View {
    public var body: Never { fatalError() }
    nonisolated public init() {}
}

public struct EmptyView: View {
    public var body: Never { fatalError() }
    public init() {}
}

extension Optional: View where Wrapped: View {
    public var body: Never { fatalError() }
}

@resultBuilder
public enum ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> _V { _V() }
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<T: View>(first: T) -> _V { _V() }
    public static func buildEither<F: View>(second: F) -> _V { _V() }
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> _V { _V() }
}

@resultBuilder
public enum SceneBuilder {
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

@resultBuilder
public enum ToolbarContentBuilder {
    public static func buildBlock<each Content>(_ content: repeat each Content) -> _V { _V() }
}

@MainActor @preconcurrency
public protocol App {
    associatedtype Body: Scene
    @SceneBuilder var body: Body { get }
    init()
}

extension App {
    public static func main() {}
}

@MainActor @preconcurrency
public protocol Scene {}

public struct WindowGroup: Scene {
    public init<Content: View>(@ViewBuilder content: () -> Content) {}
}

extension Scene {
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping (V, V) -> Void) -> some Scene { self }
}

// MARK: - State and environment

@propertyWrapper
public struct State<Value> {
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
    public init(initialValue: Value) { self.wrappedValue = initialValue }
    public var wrappedValue: Value { get { fatalError() } nonmutating set {} }
    public var projectedValue: Binding<Value> { fatalError() }
}

@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {}
    public var wrappedValue: Value { get { fatalError() } nonmutating set {} }
    public var projectedValue: Binding<Value> { self }
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> { fatalError() }
}

@propertyWrapper @dynamicMemberLookup
public struct Bindable<Value: AnyObject & Observable> {
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
    public init(_ value: Value) { self.wrappedValue = value }
    public var wrappedValue: Value
    public var projectedValue: Bindable<Value> { self }
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> { fatalError() }
}

public struct EnvironmentValues {
    public var scenePhase: ScenePhase { fatalError() }
    public var horizontalSizeClass: UserInterfaceSizeClass? { fatalError() }
    public var verticalSizeClass: UserInterfaceSizeClass? { fatalError() }
    public var dynamicTypeSize: DynamicTypeSize { fatalError() }
    public var accessibilityReduceMotion: Bool { fatalError() }
}

@propertyWrapper
public struct Environment<Value> {
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
    public var wrappedValue: Value { fatalError() }
}

@propertyWrapper
public struct ScaledMetric<Value: BinaryFloatingPoint> {
    public init(wrappedValue: Value, relativeTo textStyle: Font.TextStyle) {}
    public init(wrappedValue: Value) {}
    public var wrappedValue: Value { fatalError() }
}

public enum ScenePhase: Equatable { case active, inactive, background }
public enum UserInterfaceSizeClass: Equatable { case compact, regular }
public enum DynamicTypeSize: Equatable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5
    public var isAccessibilitySize: Bool { fatalError() }
}

// MARK: - Values

public struct Color: View, ShapeStyle {
    public var body: Never { fatalError() }
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {}
    public static let red = Color(red: 1, green: 0, blue: 0)
    public static let green = red, orange = red, yellow = red, black = red, white = red, clear = red, primary = red, secondary = red
    public static let accentColor = red
    public func opacity(_ opacity: Double) -> Color { self }
}

public protocol ShapeStyle {}
public struct Material: ShapeStyle {}
extension ShapeStyle where Self == Material {
    public static var regularMaterial: Material { fatalError() }
}
public struct HierarchicalShapeStyle: ShapeStyle {}
extension ShapeStyle where Self == HierarchicalShapeStyle {
    public static var secondary: HierarchicalShapeStyle { fatalError() }
    public static var primary: HierarchicalShapeStyle { fatalError() }
}

public struct Font: Hashable {
    public enum TextStyle { case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2 }
    public struct Weight: Hashable {
        public static let regular = Weight(), bold = Weight(), semibold = Weight()
    }
    public static let largeTitle = Font(), title = Font(), title2 = Font(), title3 = Font(), headline = Font()
    public static let subheadline = Font(), body = Font(), callout = Font(), footnote = Font(), caption = Font()
    public static let caption2 = Font()
    public static func system(size: CGFloat, weight: Weight? = nil, design: Int? = nil) -> Font { Font() }
    public func bold() -> Font { self }
    public func monospacedDigit() -> Font { self }
}

public struct Angle {
    public static func degrees(_ value: Double) -> Angle { Angle() }
    public static let zero = Angle()
}

public struct Alignment {
    public static let topLeading = Alignment(), bottomTrailing = Alignment(), center = Alignment()
    public static let leading = Alignment(), trailing = Alignment(), top = Alignment()
}

public enum HorizontalAlignment { case leading, center, trailing }
public enum HorizontalEdge { case leading, trailing }
public enum VerticalAlignment { case top, center, bottom, firstTextBaseline }
public enum Edge { public struct Set: OptionSet { public let rawValue: Int; public init(rawValue: Int) { self.rawValue = rawValue }
    public static let horizontal = Set(rawValue: 1), vertical = Set(rawValue: 2), all = Set(rawValue: 3), leading = Set(rawValue: 4) } }
public enum ContentMode { case fit, fill }
public enum Visibility { case automatic, visible, hidden }
public enum ButtonRole { case cancel, destructive }

public struct AccessibilityTraits: OptionSet {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let isButton = AccessibilityTraits(rawValue: 1), isSelected = AccessibilityTraits(rawValue: 2)
    public static let isModal = AccessibilityTraits(rawValue: 4)
    public static let isHeader = AccessibilityTraits(rawValue: 4)
}

public enum AccessibilityChildBehavior { case ignore, contain, combine }
public struct SubmitTriggers: OptionSet {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let text = SubmitTriggers(rawValue: 1), search = SubmitTriggers(rawValue: 2)
}
public enum AccessibilityAdjustmentDirection { case increment, decrement }
public enum TextAlignment { case leading, center, trailing }

public struct PresentationDetent: Hashable {
    public static let medium = PresentationDetent(), large = PresentationDetent()
}

public enum NavigationBarItem { public enum TitleDisplayMode { case automatic, inline, large } }

public struct ToolbarItemPlacement {
    public static let primaryAction = ToolbarItemPlacement(), automatic = ToolbarItemPlacement(), principal = ToolbarItemPlacement()
}

public struct LocalizedStringKey: ExpressibleByStringInterpolation, Hashable {
    public init(stringLiteral value: String) {}
    public init(stringInterpolation: DefaultStringInterpolation) {}
}

// MARK: - Primitive views

public struct Text: View, Equatable {
    public var body: Never { fatalError() }
    public init(_ key: LocalizedStringKey) {}
    @_disfavoredOverload public init<S: StringProtocol>(_ content: S) {}
    public init(verbatim content: String) {}
    public func font(_ font: Font?) -> Text { self }
    public func fontWeight(_ weight: Font.Weight?) -> Text { self }
    public func bold() -> Text { self }
    public func underline(_ active: Bool = true, color: Color? = nil) -> Text { self }
}

public struct Image: View {
    public var body: Never { fatalError() }
    public init(systemName: String) {}
}

public struct Label<Title: View, Icon: View>: View {
    public var body: Never { fatalError() }
    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {}
}
extension Label where Title == Text, Icon == Image {
    public init(_ titleKey: LocalizedStringKey, systemImage name: String) {}
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, systemImage name: String) {}
}

public struct Button<Label: View>: View {
    public var body: Never { fatalError() }
    public init(action: @escaping () -> Void, @ViewBuilder label: () -> Label) {}
    public init(role: ButtonRole?, action: @escaping () -> Void, @ViewBuilder label: () -> Label) {}
}
extension Button where Label == Text {
    public init(_ titleKey: LocalizedStringKey, action: @escaping () -> Void) {}
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, action: @escaping () -> Void) {}
    public init(_ titleKey: LocalizedStringKey, role: ButtonRole?, action: @escaping () -> Void) {}
}

public struct ShareLink<Label: View>: View {
    public var body: Never { fatalError() }
    public init(item: String, @ViewBuilder label: () -> Label) {}
}

public struct ProgressView: View {
    public var body: Never { fatalError() }
    public init() {}
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) {}
}

public struct Spacer: View {
    public var body: Never { fatalError() }
    public init(minLength: CGFloat? = nil) {}
}

public struct ContentUnavailableView<Label: View, Description: View, Actions: View>: View {
    public var body: Never { fatalError() }
}
extension ContentUnavailableView where Label == _V, Description == Text?, Actions == EmptyView {
    public init(_ titleKey: LocalizedStringKey, systemImage name: String, description: Text? = nil) {}
}

public struct Toggle<Label: View>: View {
    public var body: Never { fatalError() }
}
extension Toggle where Label == Text {
    public init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>) {}
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {}
}

public struct TextField<Label: View>: View {
    public var body: Never { fatalError() }
}
extension TextField where Label == Text {
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {}
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, axis: Axis) {}
}

public struct Stepper<Label: View>: View {
    public var body: Never { fatalError() }
    public init<V: Strideable>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
                               @ViewBuilder label: () -> Label) {}
}

public struct LabeledContent<Label: View, Content: View>: View {
    public var body: Never { fatalError() }
}
extension LabeledContent where Label == Text, Content == Text {
    public init<S: StringProtocol>(_ titleKey: LocalizedStringKey, value: S) {}
}

public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: View {
    public var body: Never { fatalError() }
}
extension Picker where Label == Text {
    public init(_ titleKey: LocalizedStringKey, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {}
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {}
}

public protocol Shape: View {}
extension Shape {
    public func fill<S: ShapeStyle>(_ content: S) -> _V { _V() }
    public func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1) -> _V { _V() }
}
// MARK: - Drawing

public struct Path: Shape {
    public var body: Never { fatalError() }
    public init() {}
    public init(_ callback: (inout Path) -> ()) {}
    public mutating func move(to end: CGPoint) {}
    public mutating func addLine(to end: CGPoint) {}
    public mutating func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {}
    public mutating func closeSubpath() {}
    public mutating func addEllipse(in rect: CGRect) {}
    public mutating func addRoundedRect(in rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {}
}
public enum RoundedCornerStyle { case circular, continuous }

public struct StrokeStyle {
    public init(lineWidth: CGFloat = 1, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter,
                miterLimit: CGFloat = 10, dash: [CGFloat] = [], dashPhase: CGFloat = 0) {}
}
public struct FillStyle { public init(eoFill: Bool = false, antialiased: Bool = true) {} }

public struct GraphicsContext {
    public struct Shading { public static func color(_ color: Color) -> Shading { fatalError() } }
    public func fill(_ path: Path, with shading: Shading, style: FillStyle = FillStyle()) {}
    public func stroke(_ path: Path, with shading: Shading, style: StrokeStyle) {}
    public func stroke(_ path: Path, with shading: Shading, lineWidth: CGFloat = 1) {}
}

public struct Canvas<Symbols: View>: View {
    public var body: Never { fatalError() }
}
extension Canvas where Symbols == EmptyView {
    public init(opaque: Bool = false, rendersAsynchronously: Bool = false,
                renderer: @escaping (inout GraphicsContext, CGSize) -> Void) {}
}

public struct Rectangle: Shape { public var body: Never { fatalError() }; public init() {} }
public struct Circle: Shape { public var body: Never { fatalError() }; public init() {} }
public struct Capsule: Shape { public var body: Never { fatalError() }; public init() {} }
public struct RoundedRectangle: Shape { public var body: Never { fatalError() }; public init(cornerRadius: CGFloat) {} }

// MARK: - Containers

public struct VStack<Content: View>: View {
    public var body: Never { fatalError() }
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
}
public struct HStack<Content: View>: View {
    public var body: Never { fatalError() }
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
}
public struct LazyHStack<Content: View>: View {
    public var body: Never { fatalError() }
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
}
public struct ZStack<Content: View>: View {
    public var body: Never { fatalError() }
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {}
}

public protocol Layout {}
public struct HStackLayout: Layout { public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil) {} }
public struct VStackLayout: Layout { public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil) {} }
public struct AnyLayout {
    public init<L: Layout>(_ layout: L) {}
    public func callAsFunction<V: View>(@ViewBuilder _ content: () -> V) -> _V { _V() }
}

public enum Axis { case horizontal, vertical
    public struct Set: OptionSet { public let rawValue: Int; public init(rawValue: Int) { self.rawValue = rawValue }
    public static let horizontal = Set(rawValue: 1), vertical = Set(rawValue: 2) } }

public struct ScrollView<Content: View>: View {
    public var body: Never { fatalError() }
    public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {}
}
public struct ScrollViewProxy {
    public func scrollTo<ID: Hashable>(_ id: ID, anchor: Alignment? = nil) {}
}
public struct ScrollViewReader<Content: View>: View {
    public var body: Never { fatalError() }
    public init(@ViewBuilder content: @escaping (ScrollViewProxy) -> Content) {}
}

public struct GeometryProxy { public var size: CGSize { fatalError() } }
public struct GeometryReader<Content: View>: View {
    public var body: Never { fatalError() }
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {}
}

public struct List<SelectionValue: Hashable, Content: View>: View {
    public var body: Never { fatalError() }
}
extension List where SelectionValue == Never {
    public init(@ViewBuilder content: () -> Content) {}
    public init<Data: RandomAccessCollection, RowContent: View>(_ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent)
        where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {}
}

public struct Form<Content: View>: View {
    public var body: Never { fatalError() }
    public init(@ViewBuilder content: () -> Content) {}
}

public struct Section<Parent: View, Content: View, Footer: View>: View {
    public var body: Never { fatalError() }
}
extension Section where Parent == EmptyView, Footer == EmptyView {
    public init(@ViewBuilder content: () -> Content) {}
}
extension Section where Parent == Text, Footer == EmptyView {
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {}
}
extension Section where Footer == EmptyView {
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {}
}

public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View {
    public var body: Never { fatalError() }
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {}
}
extension ForEach where ID == Data.Element.ID, Data.Element: Identifiable {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {}
}

public struct NavigationStack<Root: View>: View {
    public var body: Never { fatalError() }
    public init<Data: RandomAccessCollection>(path: Binding<Data>, @ViewBuilder root: () -> Root) where Data.Element: Hashable {}
}

public struct ToolbarItemGroup<Content: View> {
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {}
}

public struct DragGesture {
    public struct Value {
        public var startLocation: CGPoint { fatalError() }
        public var location: CGPoint { fatalError() }
    }
    public init(minimumDistance: CGFloat = 10) {}
    public func onChanged(_ action: @escaping (Value) -> Void) -> DragGesture { self }
    public func onEnded(_ action: @escaping (Value) -> Void) -> DragGesture { self }
}

// MARK: - Styles

public protocol PrimitiveButtonStyle {}
public struct _ButtonStyle: PrimitiveButtonStyle {}
extension PrimitiveButtonStyle where Self == _ButtonStyle {
    public static var bordered: _ButtonStyle { fatalError() }
    public static var borderedProminent: _ButtonStyle { fatalError() }
    public static var plain: _ButtonStyle { fatalError() }
}
public protocol LabelStyle {}
public struct _LabelStyle: LabelStyle {}
extension LabelStyle where Self == _LabelStyle {
    public static var titleAndIcon: _LabelStyle { fatalError() }
    public static var iconOnly: _LabelStyle { fatalError() }
}
public protocol PickerStyle {}
public struct _PickerStyle: PickerStyle {}
extension PickerStyle where Self == _PickerStyle {
    public static var segmented: _PickerStyle { fatalError() }
    public static var menu: _PickerStyle { fatalError() }
}

// MARK: - Modifiers

extension View {
    public func font(_ font: Font?) -> _V { _V() }
    public func fontWeight(_ weight: Font.Weight?) -> _V { _V() }
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> _V { _V() }
    public func padding(_ length: CGFloat? = nil) -> _V { _V() }
    public func padding(_ edges: Edge.Set, _ length: CGFloat? = nil) -> _V { _V() }
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> _V { _V() }
    public func frame(minWidth: CGFloat? = nil, maxWidth: CGFloat? = nil, minHeight: CGFloat? = nil,
                      maxHeight: CGFloat? = nil, alignment: Alignment = .center) -> _V { _V() }
    public func background<V: View>(_ content: V) -> _V { _V() }
    public func overlay<V: View>(_ content: V) -> _V { _V() }
    public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> _V { _V() }
    public func background<S: ShapeStyle, T: Shape>(_ style: S, in shape: T, fillStyle: FillStyle = FillStyle()) -> _V { _V() }
    public func ignoresSafeArea() -> _V { _V() }
    public func multilineTextAlignment(_ alignment: TextAlignment) -> _V { _V() }
    public func opacity(_ value: Double) -> _V { _V() }
    public func rotationEffect(_ angle: Angle) -> _V { _V() }
    public func offset(_ offset: CGSize) -> _V { _V() }
    public func position(x: CGFloat = 0, y: CGFloat = 0) -> _V { _V() }
    public func zIndex(_ value: Double) -> _V { _V() }
    public func allowsHitTesting(_ enabled: Bool) -> _V { _V() }
    public func aspectRatio(_ ratio: CGFloat? = nil, contentMode: ContentMode) -> _V { _V() }
    public func contentShape<S: Shape>(_ shape: S) -> _V { _V() }
    public func lineLimit(_ number: Int?) -> _V { _V() }
    public func id<ID: Hashable>(_ id: ID) -> _V { _V() }
    public func tag<V: Hashable>(_ tag: V) -> _V { _V() }
    public func disabled(_ disabled: Bool) -> _V { _V() }
    public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> _V { _V() }
    public func labelStyle<S: LabelStyle>(_ style: S) -> _V { _V() }
    public func pickerStyle<S: PickerStyle>(_ style: S) -> _V { _V() }
    public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> _V { _V() }
    public func gesture(_ gesture: DragGesture) -> _V { _V() }
    public func onAppear(perform action: (() -> Void)? = nil) -> _V { _V() }
    public func onSubmit(of triggers: SubmitTriggers = .text, _ action: @escaping (() -> Void)) -> _V { _V() }
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping (V, V) -> Void) -> _V { _V() }
    public func task(priority: TaskPriority = .userInitiated, _ action: @escaping @Sendable () async -> Void) -> _V { _V() }
    public func navigationTitle(_ titleKey: LocalizedStringKey) -> _V { _V() }
    @_disfavoredOverload public func navigationTitle<S: StringProtocol>(_ title: S) -> _V { _V() }
    public func navigationBarTitleDisplayMode(_ mode: NavigationBarItem.TitleDisplayMode) -> _V { _V() }
    public func navigationDestination<D: Hashable, C: View>(for data: D.Type, @ViewBuilder destination: @escaping (D) -> C) -> _V { _V() }
    public func toolbar<C>(@ToolbarContentBuilder content: () -> C) -> _V { _V() }
    public func swipeActions<T: View>(edge: HorizontalEdge = .trailing, allowsFullSwipe: Bool = true,
                                      @ViewBuilder content: () -> T) -> _V { _V() }
    public func sheet<Content: View>(isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
                                     @ViewBuilder content: @escaping () -> Content) -> _V { _V() }
    public func presentationDetents(_ detents: Set<PresentationDetent>) -> _V { _V() }
    public func alert<A: View, M: View>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>,
                                        @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M) -> _V { _V() }
    public func confirmationDialog<A: View>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>,
                                            titleVisibility: Visibility = .automatic, @ViewBuilder actions: () -> A) -> _V { _V() }
    @_disfavoredOverload
    public func confirmationDialog<S: StringProtocol, A: View>(_ title: S, isPresented: Binding<Bool>,
                                            titleVisibility: Visibility = .automatic, @ViewBuilder actions: () -> A) -> _V { _V() }
    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> _V { _V() }
    public func accessibilityLabel(_ label: Text) -> _V { _V() }
    public func accessibilityLabel(_ labelKey: LocalizedStringKey) -> _V { _V() }
    public func accessibilityHint(_ hint: Text) -> _V { _V() }
    public func accessibilityHint(_ hintKey: LocalizedStringKey) -> _V { _V() }
    public func accessibilityValue(_ valueDescription: Text) -> _V { _V() }
    public func accessibilityAdjustableAction(_ handler: @escaping (AccessibilityAdjustmentDirection) -> Void) -> _V { _V() }
    public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> _V { _V() }
    public func accessibilityAction(_ handler: @escaping () -> Void) -> _V { _V() }
    public func accessibilityHidden(_ hidden: Bool) -> _V { _V() }
}

public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result { try body() }

public struct Animation: Equatable {
    public static let `default` = Animation()
    public static func easeOut(duration: Double) -> Animation { Animation() }
}
