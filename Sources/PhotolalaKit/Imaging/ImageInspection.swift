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

extension ImageInspection {
    /// A JPEG's inspection from its markers (`header`, read from `bytes`), turned by its EXIF orientation.
    init(jpeg header: JPEGHeader, in bytes: [UInt8]) {
        let swap = header.orientation >= 5
        self.init(
            format: .jpeg, width: swap ? header.height : header.width, height: swap ? header.width : header.height,
            orientation: header.orientation, exif: header.exif, xmpPacket: header.xmpPacket.map { Array(bytes[$0]) },
            iptcBlock: header.photoshopResources.map { Array(bytes[$0]) })
    }
}
