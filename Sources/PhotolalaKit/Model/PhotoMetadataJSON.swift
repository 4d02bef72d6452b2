import Foundation

/// A photo's metadata as JSON, the one shape both `photolala info --json` and the API's
/// metadata endpoint give: camelCase keys, every key present (null when unknown), dates in Unix
/// seconds and the photo date's offset from UTC in seconds. `photoDate` is the file time when
/// the photo records no date, and `dateSource` says which (``PhotoDateSource``).
public struct PhotoMetadataJSON: Encodable, Sendable {
    public let metadata: PhotoMetadata
    /// The file's path, when the reader may know it (the command line, not the browser).
    public let path: String?

    /// - Parameters:
    ///   - metadata: What to write.
    ///   - path: The file's path, written first when given.
    public init(_ metadata: PhotoMetadata, path: String? = nil) {
        self.metadata = metadata
        self.path = path
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        let m = metadata
        func seconds(_ date: Date?) -> Int64? { date.map { Int64($0.timeIntervalSince1970.rounded(.down)) } }
        if let path {
            try container.encode(path, forKey: .path)
        }
        try container.encode(m.originalFilename, forKey: .name)
        try container.encode(m.md5, forKey: .md5)
        try container.encode(m.format?.rawValue, forKey: .format)
        try container.encode(m.fileSize, forKey: .size)
        try container.encode(m.width, forKey: .width)
        try container.encode(m.height, forKey: .height)
        try container.encode(m.orientation, forKey: .orientation)
        // The date a listing sorts by: the photo's own, else the file time, as its rows have it.
        let dated = m.photoDate != nil
        try container.encode(seconds(m.photoDate ?? m.modificationDate), forKey: .photoDate)
        try container.encode(dated ? m.photoDateOffsetSeconds : nil, forKey: .photoDateOffset)
        try container.encode(dated ? m.photoDateSource?.rawValue : m.modificationDate.map { _ in PhotoDateSource.file.rawValue }, forKey: .dateSource)
        try container.encode(seconds(m.modificationDate), forKey: .modificationDate)
        try container.encode(seconds(m.creationDate), forKey: .creationDate)
        try container.encode(m.cameraMake, forKey: .cameraMake)
        try container.encode(m.cameraModel, forKey: .cameraModel)
        try container.encode(m.lensModel, forKey: .lensModel)
        try container.encode(m.exposureTime, forKey: .exposureTime)
        try container.encode(m.fNumber, forKey: .fNumber)
        try container.encode(m.iso, forKey: .iso)
        try container.encode(m.focalLength, forKey: .focalLength)
        try container.encode(m.latitude, forKey: .latitude)
        try container.encode(m.longitude, forKey: .longitude)
        try container.encode(m.altitude, forKey: .altitude)
        try container.encode((m.kind ?? .photo).rawValue, forKey: .kind)
        try container.encode(m.duration, forKey: .duration)
        try container.encode(m.videoCodec, forKey: .codec)
        try container.encode(m.place, forKey: .place)
        try container.encode(m.keywords ?? [], forKey: .keywords)
        try container.encode(m.rating, forKey: .rating)
        try container.encode(m.colorLabel, forKey: .colorLabel)
        try container.encode(m.title, forKey: .title)
        try container.encode(m.caption, forKey: .description)
    }

    private enum Key: String, CodingKey {
        case path, name, md5, format, size, width, height, orientation, photoDate, photoDateOffset, dateSource, modificationDate, creationDate
        case cameraMake, cameraModel, lensModel, exposureTime, fNumber, iso, focalLength, latitude, longitude, altitude
        case kind, duration, codec, place, keywords, rating, colorLabel, title, description
    }
}
