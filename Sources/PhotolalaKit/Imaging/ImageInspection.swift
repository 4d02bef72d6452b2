/// What a header read tells about an image, before any pixel is decoded.
struct ImageInspection {
    let format: ImageFormat
    /// Displayed size, after orientation.
    let width: Int
    let height: Int
    let orientation: Int
    let exif: ExifReader?
}
