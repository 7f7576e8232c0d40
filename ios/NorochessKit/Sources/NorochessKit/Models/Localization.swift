import Foundation

/// Every string the models write goes through `tr`: the key is the English
/// text with `%@` for each argument, looked up in the app's String Catalog
/// (`ios/NorochessApp/Resources/Localizable.xcstrings`, compiled into the
/// main bundle's `Localizable` table). Without a translation (and on Linux)
/// the key itself is used. `scripts/check-ios-app.sh` checks that every key
/// used here and in the views is in the catalog.
///
/// Texts that come from the Rust layer (result sentences, puzzle objectives,
/// the library's descriptions) are English; they travel with their data
/// (reason ids, scores, sides) so that a translation can rebuild them.
public func tr(_ key: String, _ args: Any...) -> String {
    let format = NSLocalizedString(key, tableName: nil, bundle: .main, value: key, comment: "")
    return fill(format, args.map { "\($0)" })
}

/// Replaces `%@` (in order) and `%1$@`, `%2$@`… (by position) with `args`;
/// `%%` is a percent sign. Kept to these two forms so that it behaves the
/// same on every platform.
func fill(_ format: String, _ args: [String]) -> String {
    var out = ""
    var next = 0
    var chars = format.makeIterator()
    while let c = chars.next() {
        guard c == "%" else { out.append(c); continue }
        guard let d = chars.next() else { out.append(c); break }
        if d == "%" { out.append("%"); continue }
        if d == "@" {
            out += next < args.count ? args[next] : ""
            next += 1
            continue
        }
        if let digit = d.wholeNumberValue {
            var number = digit
            var rest = ""
            while let e = chars.next() {
                if let more = e.wholeNumberValue, rest.isEmpty {
                    number = number * 10 + more
                } else {
                    rest.append(e)
                    if rest == "$@" || (rest.count >= 2) { break }
                }
            }
            if rest == "$@", number >= 1, number <= args.count {
                out += args[number - 1]
            } else {
                out += "%\(number)\(rest)"
            }
            continue
        }
        out.append(c)
        out.append(d)
    }
    return out
}
