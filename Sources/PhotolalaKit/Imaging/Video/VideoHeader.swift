import Foundation

/// What a video's container says of it, read without decoding a frame: enough for its listing
/// row (duration, date), its catalog row (displayed size) and its inspector (codec, place,
/// camera).
///
/// ``QuickTimeMovieReader`` reads it from QuickTime and MP4 files (the `moov` atom), which is
/// what phones and cameras write; ``MatroskaReader`` from Matroska and WebM files (the segment's
/// `Info`, `Tracks` and `Tags`), ``AVIReader`` from AVI files (the `hdrl` list and `IDIT`).
struct VideoHeader: Sendable, Equatable {
    var format: ImageFormat
    /// Seconds.
    var duration: Double?
    /// The video track's sample format as a four-character code: `avc1` (H.264), `hvc1` or
    /// `hev1` (HEVC), `apcn` (ProRes), …; Matroska's codec ID (`V_MPEG4/ISO/AVC`, `V_VP9`, …);
    /// AVI's `biCompression` (`H264`, `MJPG`, `FMP4`, …).
    var codec: String?
    /// Pixels as the video is displayed: its track's size turned by ``rotation``.
    var width: Int?
    var height: Int?
    /// Clockwise degrees the player turns the frames (0, 90, 180 or 270), from the track's matrix.
    var rotation: Int = 0
    /// When it was filmed: Apple's `com.apple.quicktime.creationdate`, which carries the local
    /// offset, else the movie header's creation time, which is UTC; Matroska's `DateUTC` (UTC)
    /// or a date tag; AVI's `IDIT`, a clock time without offset.
    var date: HeaderDate?
    /// Signed degrees and metres, from an ISO 6709 location (Apple's key or `©xyz`).
    var latitude: Double?
    var longitude: Double?
    var altitude: Double?
    var make: String?
    var model: String?
    /// Apple's `com.apple.quicktime.content.identifier`: a Live Photo's motion shares it with its still.
    var contentIdentifier: String?

    init(format: ImageFormat) {
        self.format = format
    }

    /// The video's header, read by its container's reader.
    /// - Throws: ``PhotolalaError`` when the file cannot be read, or its container's header is
    ///   missing or damaged.
    static func read(atPath path: String, format: ImageFormat) throws -> VideoHeader {
        switch format {
        case .avi: try AVIReader.read(atPath: path, format: format)
        case .matroska, .webm: try MatroskaReader.read(atPath: path, format: format)
        default: try format.isQuickTimeFamily ? QuickTimeMovieReader.read(atPath: path, format: format) : VideoHeader(format: format)
        }
    }
}

extension VideoHeader {
    /// The header as the metadata every source speaks in.
    func apply(to metadata: inout PhotoMetadata) {
        metadata.format = format
        metadata.kind = .video
        metadata.duration = duration
        metadata.videoCodec = codec
        metadata.width = width ?? metadata.width
        metadata.height = height ?? metadata.height
        if let date {
            metadata.photoDate = Date(timeIntervalSince1970: TimeInterval(date.seconds))
            metadata.photoDateOffsetSeconds = date.offset
            metadata.photoDateSource = .exif
        }
        metadata.latitude = latitude
        metadata.longitude = longitude
        metadata.altitude = altitude
        metadata.cameraMake = make
        metadata.cameraModel = model
    }
}
