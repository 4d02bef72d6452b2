/// What a header read tells about an image, before any pixel is decoded.
struct ImageInspection {
    let format: ImageFormat
    /// Displayed size, after orientation.
    let width: Int
    let height: Int
    let orientation: Int
    let exif: ExifReader?
    /// The XMP packet and IPTC block it embeds, where its format keeps them.
    var xmpPacket: [UInt8]? = nil
    var iptcBlock: [UInt8]? = nil
}
