/// How a new XMP sidecar is named: after the photo's whole file name, as darktable and digiKam
/// name theirs (`IMG_1.CR3.xmp`, which a RAW+JPEG pair's two files do not share), or after its
/// stem, as Lightroom and Capture One do (`IMG_1.xmp`). A photo that has a sidecar keeps it.
public enum SidecarNaming: String, Sendable, CaseIterable, Codable {
    case fullName = "name.ext.xmp"
    case stem = "name.xmp"
}
