public import Foundation

/// What is known about one photo: file facts, image facts and its EXIF.
///
/// Every field is optional because sources know different things: a file on disk has no Apple
/// Photos id, a cloud entry has no creation date. `Codable`, so the backup can store it as a
/// property list beside the photo.
public struct PhotoMetadata: Sendable, Equatable {
    public var fileSize: Int64?
    public var creationDate: Date?
    public var modificationDate: Date?
    /// When the photo was taken: EXIF DateTimeOriginal (or CreateDate), read in the offset the
    /// camera recorded, or as UTC when it recorded none.
    public var photoDate: Date?
    /// The recorded offset from UTC in seconds, when the camera wrote one. Without it the photo
    /// date is a floating clock time, stored as if it were UTC.
    public var photoDateOffsetSeconds: Int?
    /// Where ``photoDate`` comes from, when it is known.
    public var photoDateSource: PhotoDateSource?
    /// Pixel size as the photo is displayed, after its EXIF orientation.
    public var width: Int?
    public var height: Int?
    /// EXIF orientation, 1 (upright) to 8.
    public var orientation: Int?
    public var cameraMake: String?
    public var cameraModel: String?
    public var lensModel: String?
    /// Exposure time in seconds.
    public var exposureTime: Double?
    public var fNumber: Double?
    public var iso: Int?
    /// Focal length in millimetres.
    public var focalLength: Double?
    /// Signed degrees: south and west are negative.
    public var latitude: Double?
    public var longitude: Double?
    /// Metres above sea level; negative below it.
    public var altitude: Double?
    public var format: ImageFormat?
    /// A photo or a video; `nil` (a photo) in metadata stored before videos were listed.
    public var kind: PhotoKind?
    /// A video's length in seconds.
    public var duration: Double?
    /// A video's sample format as its container names it (`avc1`, `hvc1`, …).
    public var videoCodec: String?
    public var originalFilename: String?
    /// Lowercase hex MD5 of the file's bytes, once it has been computed.
    public var md5: String?
    /// Where it was taken, in words: Apple Photos' place, or its GPS position's (``PlaceFinder``).
    public var place: Place?
    /// What people wrote of it (XMP, IPTC, a sidecar, the Photos app): ``PhotoDescription``.
    public var title: String?
    public var caption: String?
    public var keywords: [String]?
    /// Stars, 0–5.
    public var rating: Int?
    public var colorLabel: String?

    public init() {}
}

extension PhotoMetadata: Codable {}
