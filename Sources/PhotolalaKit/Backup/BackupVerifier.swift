public import Foundation
import PhotolalaS3

/// Checks the backup in the store against its cloud catalog, as `restic check` checks a
/// repository: every photo the catalog lists has its original (size, Deep Archive, Format tag,
/// MD5), thumbnail and metadata plist; objects under the user's prefixes that the catalog does
/// not list are orphans. With a read-data share, that share of photos is downloaded and
/// checked byte by byte: the thumbnail is a whole JPEG whose bytes match the ETag the store
/// computed, the plist is a metadata plist naming the photo's MD5, and the original, where it
/// is readable (not archived), hashes to its MD5. Repair uploads again what is missing or
/// damaged when this device still has the photo's file.
///
/// ```swift
/// let report = try await context.verifier(service: try context.service()).verify(readData: 10, repair: true)
/// print(report.problems.count)
/// ```
///
/// It owns the `backupVerification` table: the last verification of each user's backup.
public struct BackupVerifier: Sendable {
    let service: BackupService
    /// Holds the `backupVerification` table.
    let database: PhotolalaDatabase
    /// Finds this device's files of a photo to repair from.
    let lookup: BackupLookup

    /// - Parameters:
    ///   - service: The backup to verify, and the uploader repairs go through.
    ///   - database: Keeps the last verification of each user's backup.
    ///   - lookup: Knows which files of this device held a photo's content, to repair from.
    public init(service: BackupService, database: PhotolalaDatabase, lookup: BackupLookup) {
        self.service = service
        self.database = database
        self.lookup = lookup
    }

    /// What verification found wrong with one object.
    public struct Problem: Sendable, Codable, Equatable {
        /// The photo it belongs to; `nil` for an orphan that names no photo.
        public var md5: String?
        public var key: String
        public var reason: String
        /// Whether `--repair` uploaded it again.
        public var repaired = false
    }

    /// What a verification did and found.
    public struct Report: Sendable, Codable, Equatable {
        public var date = Date()
        public var photosChecked = 0
        /// Photos whose objects were downloaded and checked byte by byte.
        public var photosRead = 0
        public var problems: [Problem] = []
        /// Originals whose MD5 the store does not record (multipart uploads made before it was
        /// kept as metadata): their size and presence are checked, not their content.
        public var notCheckable: [String] = []
        public var orphans: [String] = []

        /// Problems left after repair, orphans included.
        public var unresolved: Int { problems.filter { !$0.repaired }.count + orphans.count }
    }

    /// Verifies every photo of the cloud catalog.
    /// - Parameters:
    ///   - readData: Percent of photos (0–100) downloaded and checked byte by byte; `nil` for none.
    ///   - repair: Upload again what is missing or damaged, from this device's files.
    ///   - progress: Called with photos done and photos in all.
    /// - Throws: ``ObjectStoreError`` when the store fails, ``BackupError/catalogDamaged`` when
    ///   the catalog itself cannot be read whole.
    public func verify(
        readData: Double? = nil, repair: Bool = false, progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
    )
        async throws -> Report
    {
        let layout = service.layout
        let store = service.store
        let entries = try await CloudCatalog(store: store, layout: layout).load().entries
        var listing: [String: ObjectSummary] = [:]
        for prefix in [layout.photosPrefix, layout.thumbnailsPrefix, layout.metadataPrefix] {
            for object in try await store.listAll(prefix: prefix) {
                listing[object.key] = object
            }
        }
        let objects = listing
        let share = min(max(readData ?? 0, 0), 100) / 100
        let counter = VerifyCounter(total: entries.count, progress: progress)
        let checks = try await concurrently(entries, limit: 8) { entry in
            let read = share > 0 && Double.random(in: 0..<1) < share
            let result = try await check(entry, objects: objects, read: read)
            await counter.finished()
            return (read, result)
        }
        var report = Report()
        report.photosChecked = entries.count
        report.photosRead = checks.filter(\.0).count
        for (_, result) in checks {
            report.problems += result.problems
            report.notCheckable += result.notCheckable
        }
        let listed = Set(entries.map(\.md5))
        report.orphans = objects.keys.filter { key in
            guard let md5 = layout.md5(ofAnyKey: key) else { return true }
            return !listed.contains(md5)
        }.sorted()
        if repair {
            report.problems = try await self.repair(report.problems, entries: entries)
        }
        return report
    }

    private struct PhotoCheck: Sendable {
        var problems: [Problem] = []
        var notCheckable: [String] = []
    }

    /// One photo's three objects.
    private func check(_ entry: CatalogEntry, objects: [String: ObjectSummary], read: Bool) async throws -> PhotoCheck {
        let layout = service.layout
        let store = service.store
        let md5 = entry.md5
        var result = PhotoCheck()
        func problem(_ key: String, _ reason: String) {
            result.problems.append(Problem(md5: md5, key: key, reason: reason))
        }
        let original = layout.photo(md5)
        if let info = try await store.head(original) {
            if info.size != entry.size {
                problem(original, "its size is \(info.size) bytes, the catalog's \(entry.size)")
            }
            if info.storageClass != .deepArchive {
                problem(original, "its storage class is \(info.storageClass.rawValue), not DEEP_ARCHIVE")
            }
            if try await store.tags(original)["Format"] == nil {
                problem(original, "it has no Format tag")
            }
            let multipart = info.etag.contains("-")
            if let recorded = info.metadata["md5"] {
                if recorded.lowercased() != md5 { problem(original, "its recorded MD5 is \(recorded.prefix(32)), not \(md5)") }
            } else if multipart {
                result.notCheckable.append(original)
            }
            if !multipart, info.etag.lowercased() != md5 {
                problem(original, "its ETag \(info.etag.prefix(40)) is not its MD5")
            }
            if read, info.storageClass != .deepArchive || info.restore.map { !$0.ongoing } == true || store is LocalDirectoryObjectStore {
                if let bytes = try await store.get(original), ContentHash.md5(of: bytes) != md5 {
                    problem(original, "its content does not hash to its MD5")
                }
            }
        } else {
            problem(original, "the original is missing")
        }
        let thumbnail = layout.thumbnail(md5)
        if objects[thumbnail] == nil {
            problem(thumbnail, "the thumbnail is missing")
        } else if read, let data = try await store.object(thumbnail) {
            if !Self.isWholeJPEG(data.bytes) {
                problem(thumbnail, "the thumbnail is not a JPEG")
            } else if !data.etag.contains("-"), data.etag.lowercased() != ContentHash.md5(of: data.bytes) {
                problem(thumbnail, "the thumbnail does not match the ETag the store computed")
            }
        }
        let plist = layout.metadata(md5)
        if objects[plist] == nil {
            problem(plist, "the metadata plist is missing")
        } else if read, let bytes = try await store.get(plist) {
            if Self.metadata(of: bytes)?.md5?.lowercased() != md5 {
                problem(plist, "the metadata plist cannot be read or names another photo")
            }
        }
        return result
    }

    /// The photo metadata a plist holds; `nil` when it holds none, is too large or nests too
    /// deep to be a plist of ours (the bucket is read like any untrusted input).
    static func metadata(of plist: [UInt8]) -> PhotoMetadata? {
        try? UntrustedDocument.decodePropertyList(PhotoMetadata.self, from: plist)
    }

    /// A JPEG from its start marker to its end marker.
    static func isWholeJPEG(_ bytes: [UInt8]) -> Bool {
        bytes.count > 4 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF && bytes[bytes.count - 2] == 0xFF
            && bytes[bytes.count - 1] == 0xD9
    }
}

/// Counts verified photos for the progress callback.
private actor VerifyCounter {
    let total: Int
    let progress: @Sendable (Int, Int) -> Void
    private var done = 0

    init(total: Int, progress: @escaping @Sendable (Int, Int) -> Void) {
        self.total = total
        self.progress = progress
    }

    func finished() {
        done += 1
        progress(done, total)
    }
}
