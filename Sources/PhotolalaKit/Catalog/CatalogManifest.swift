public import Foundation

/// `manifest.plist`: what a catalog holds and the checksum of each of its 16 shards.
///
/// Written last, after every shard, so a manifest always describes shards that are complete.
public struct CatalogManifest: Sendable, Equatable, Codable {
    /// One shard's fingerprint.
    public struct Shard: Sendable, Equatable, Codable {
        /// 0 to 15: the first hex digit of the MD5s it holds.
        public var index: Int
        /// Lowercase hex SHA-256 of the shard file's bytes.
        public var sha256: String
        public var rows: Int
    }

    /// The format version this build writes.
    public static let currentVersion = "5.1"

    public var version: String
    /// Identifies the folder's catalog across renames and devices; kept by every rebuild.
    public var directoryUUID: String
    public var created: Date
    public var modified: Date
    public var photoCount: Int
    public var shards: [Shard]
    /// The cloud catalog's facts shards (``CloudFacts``): what the backup records of each
    /// photo's content for search, sharded by MD5 like the rows. Absent from folder catalogs
    /// and from cloud catalogs written before; readers of v5.1 ignore the key.
    public var facts: [Shard]?

    /// Reads an XML or binary property list, within ``UntrustedDocument/Limits/small``.
    /// - Throws: ``PhotolalaError/damagedCatalog`` when it is not a manifest.
    init(propertyList bytes: [UInt8], path: String) throws {
        do {
            self = try UntrustedDocument.decodePropertyList(CatalogManifest.self, from: bytes)
        } catch let refusal as UntrustedDocument.Refusal {
            throw PhotolalaError.damagedCatalog(path, reason: "the manifest cannot be read: \(refusal.reason)")
        }
    }

    init(version: String, directoryUUID: String, created: Date, modified: Date, photoCount: Int, shards: [Shard]) {
        self.version = version
        self.directoryUUID = directoryUUID
        self.created = created
        self.modified = modified
        self.photoCount = photoCount
        self.shards = shards
    }

    /// The manifest as an XML property list.
    func propertyList() throws -> [UInt8] {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .xml
        return Array(try encoder.encode(self))
    }
}
