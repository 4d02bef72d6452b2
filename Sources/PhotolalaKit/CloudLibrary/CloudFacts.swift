import Foundation
import PhotolalaSupport

/// What the backup records of each photo's content for search (camera, lens, position, title,
/// caption, keywords, rating, colour label), kept in the bucket beside the cloud catalog so
/// another device searches the archive by place, camera and keyword without fetching a
/// metadata plist per photo.
///
/// Sharded by the MD5's first hex digit like the catalog's rows, each shard JSON Lines sorted
/// by MD5, one photo a line:
///
/// ```
/// {"facts":{"cameraMake":"Canon","keywords":["wedding"],"latitude":45.43,…},"md5":"0f3e…"}
/// ```
///
/// Shards are content-addressed (``CloudLayout/facts(_:sha256:)``) and listed, with their
/// SHA-256, under the manifest's `facts` key, so they are merged with the rows by the same
/// compare-and-swap (``CloudCatalog``); readers of v5.1 ignore the key.
enum CloudFacts {
    /// Limits on what a shard from the bucket may hold.
    enum Limits {
        static let shardBytes = 256 << 20
        /// One photo's line: far above any real description.
        static let line = UntrustedDocument.Limits(bytes: 64 << 10, depth: 8)
    }

    /// One line of a shard.
    private struct Line: Codable {
        var md5: String
        var facts: PhotoDescription
    }

    /// Lines written the same way each time, so equal facts make equal shards and checksums.
    private static let encoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// The 16 shards of `facts` (an empty one where no photo falls) and the manifest's list of
    /// those that hold any.
    static func render(_ facts: [String: PhotoDescription]) -> (shards: [[UInt8]], list: [CatalogManifest.Shard]) {
        var shards = [[UInt8]](repeating: [], count: 16)
        var rows = [Int](repeating: 0, count: 16)
        for md5 in facts.keys.sorted() {
            guard let description = facts[md5], let shard = Int(String(md5.prefix(1)), radix: 16),
                let line = try? encoder.encode(Line(md5: md5, facts: description))
            else { continue }
            shards[shard] += line
            shards[shard].append(UInt8(ascii: "\n"))
            rows[shard] += 1
        }
        let list = (0..<16).filter { rows[$0] > 0 }.map {
            CatalogManifest.Shard(index: $0, sha256: ContentHash.sha256(of: shards[$0]), rows: rows[$0])
        }
        return (shards, list)
    }

    /// The facts a shard from the bucket holds, by MD5. A line that is not a photo's facts, or
    /// whose MD5 belongs in another shard, is left out and counted in `refused`; values are
    /// held to what a description read here may hold (a position on Earth, 0–5 stars).
    static func decode(_ bytes: [UInt8], shard index: Int) -> (facts: [String: PhotoDescription], refused: Int) {
        var facts: [String: PhotoDescription] = [:]
        var refused = 0
        guard bytes.count <= Limits.shardBytes else { return ([:], 1) }
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            guard let read = try? UntrustedDocument.decodeJSON(Line.self, from: Array(line), limits: Limits.line),
                ContentHash.isMD5(read.md5), Int(String(read.md5.prefix(1)), radix: 16) == index
            else {
                refused += 1
                continue
            }
            facts[read.md5.lowercased()] = read.facts.trusted
        }
        return (facts, refused)
    }

    /// The facts of a photo backed up before facts were kept, from its metadata plist, which
    /// holds the same description (``PhotoMetadata/apply(_:)``) but not whether it is a
    /// screenshot or a panorama.
    static func facts(of metadata: PhotoMetadata) -> PhotoDescription {
        var description = PhotoDescription()
        description.cameraMake = metadata.cameraMake
        description.cameraModel = metadata.cameraModel
        description.lensModel = metadata.lensModel
        description.latitude = metadata.latitude
        description.longitude = metadata.longitude
        description.title = metadata.title
        description.caption = metadata.caption
        description.keywords = metadata.keywords ?? []
        description.rating = metadata.rating
        description.colorLabel = metadata.colorLabel
        return description.trusted
    }
}

extension PhotoDescription {
    /// These values held to what a description read here may hold: cleaned text, keywords,
    /// people and labels (``keywords(_:)``), a position on Earth, 0–5 stars.
    fileprivate var trusted: PhotoDescription {
        var trusted = PhotoDescription()
        trusted.cameraMake = Self.cleaned(cameraMake)
        trusted.cameraModel = Self.cleaned(cameraModel)
        trusted.lensModel = Self.cleaned(lensModel)
        trusted.setPosition(latitude: latitude, longitude: longitude)
        trusted.title = Self.cleaned(title)
        trusted.caption = Self.cleaned(caption)
        trusted.keywords = Self.keywords(keywords)
        trusted.rating = rating.flatMap { (0...5).contains($0) ? $0 : nil }
        trusted.colorLabel = Self.cleaned(colorLabel)
        trusted.isScreenshot = isScreenshot
        trusted.isPanorama = isPanorama
        // Names and labels are held as keywords are: cleaned, each once, a bounded number.
        trusted.people = Self.keywords(people)
        trusted.labels = Self.keywords(labels)
        return trusted
    }
}
