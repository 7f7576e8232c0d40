#!/usr/bin/env python3
"""Merges the app's AndroidManifest.xml with its libraries' manifests, as the
Android Gradle plugin's manifest merger does for what these libraries declare,
so that the APK and the Robolectric rail run on the manifest a device installs.

    merge_manifest.py APP_MANIFEST NAMESPACE APPLICATION_ID MIN_SDK TARGET_SDK
                      VERSION_CODE VERSION_NAME OUT [LIBRARY_MANIFEST...]

What is merged: class names starting with a dot (`.MainActivity`) are
resolved against the namespace, and `package` becomes the application id,
with `uses-sdk`, `versionCode` and `versionName` from build.gradle.kts's values; every library's
<permission>, <uses-permission> and <uses-feature> (once each, by name); the
library <application> attributes the app does not set (androidx.core's
appComponentFactory); the children of every library's <application>
(activities, providers, receivers, services). `${applicationId}` is replaced
as Gradle does. A library asking for a higher minSdk than the app's is an
error, as it is for Gradle."""
import sys
import xml.etree.ElementTree as ET

ANDROID = "http://schemas.android.com/apk/res/android"
TOOLS = "http://schemas.android.com/tools"
ET.register_namespace("android", ANDROID)
ET.register_namespace("tools", TOOLS)


def attr(name):
    return f"{{{ANDROID}}}{name}"


def substitute(element, application_id):
    for key, value in list(element.attrib.items()):
        element.set(key, value.replace("${applicationId}", application_id))
    for child in element:
        substitute(child, application_id)


COMPONENT_NAMES = {"application": "name", "activity": "name", "activity-alias": "targetActivity",
                   "service": "name", "receiver": "name", "provider": "name"}


def resolve_class_names(element, namespace):
    """`.MainActivity` means `<namespace>.MainActivity`: a device sees only full names."""
    for tag, key in COMPONENT_NAMES.items():
        for component in element.iter(tag):
            name = component.get(attr(key))
            if name and name.startswith("."):
                component.set(attr(key), namespace + name)


def main():
    (app_manifest, namespace, application_id, min_sdk, target_sdk,
     version_code, version_name, out, *libraries) = sys.argv[1:]
    tree = ET.parse(app_manifest)
    root = tree.getroot()
    resolve_class_names(root, namespace)
    root.set("package", application_id)
    root.set(attr("versionCode"), version_code)
    root.set(attr("versionName"), version_name)
    for old in root.findall("uses-sdk"):
        root.remove(old)
    uses_sdk = ET.Element("uses-sdk", {attr("minSdkVersion"): min_sdk, attr("targetSdkVersion"): target_sdk})
    root.insert(0, uses_sdk)
    application = root.find("application")
    if application is None:
        raise SystemExit(f"{app_manifest}: no <application>")

    declared = {(e.tag, e.get(attr("name"))) for e in root if e.tag != "application"}
    for library in libraries:
        lib_root = ET.parse(library).getroot()
        substitute(lib_root, application_id)
        for element in lib_root:
            if element.tag == "uses-sdk":
                wanted = int(element.get(attr("minSdkVersion"), "1"))
                if wanted > int(min_sdk):
                    raise SystemExit(f"{library}: needs minSdk {wanted}, the app says {min_sdk}")
            elif element.tag in ("permission", "uses-permission", "uses-feature"):
                key = (element.tag, element.get(attr("name")))
                if key not in declared:
                    declared.add(key)
                    root.insert(list(root).index(application), element)
            elif element.tag == "application":
                for key, value in element.attrib.items():
                    if key not in application.attrib:
                        application.set(key, value)
                application.extend(list(element))
    ET.indent(tree)
    tree.write(out, encoding="utf-8", xml_declaration=True)


if __name__ == "__main__":
    main()
