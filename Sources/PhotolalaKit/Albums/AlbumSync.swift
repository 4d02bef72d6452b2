import Foundation
import Logging
import PhotolalaS3
import PhotolalaSupport

/// This device's albums merged with the bucket's copy (``CloudLayout/albums``), at each cloud
/// sync: the bucket's book is read with its ETag, this device's merged into it and written
/// back with `If-Match` (`If-None-Match: *` for the first), and the merge saved here too. A
/// write another device's got ahead of (412) reads and merges again, so neither device's edits
/// are lost. On a store that ignores conditions a write may still replace another device's
/// book; that device's edits are kept in its own file and merged back at its next sync.
///
/// What the last sync left in the bucket is remembered (its ETag, and the MD5 of the book as
/// merged), so a sync when nothing changed costs one conditional GET, answered "not modified".
struct AlbumSync: Sendable {
    let store: any ObjectStore
    let key: String
    let albums: AlbumStore
    /// Where the ETag and book of the last sync are remembered.
    let syncedPath: String
    var timing = CloudCatalog.Timing()
    var logger = Logger(label: "photolala.cloud")

    /// The bucket's book as the last sync left it: its ETag, and the MD5 of its bytes.
    struct Synced: Codable, Equatable {
        var etag: String
        var md5: String
    }

    /// Merges the two books.
    /// - Returns: The book as merged.
    /// - Throws: ``AlbumError`` when either book is damaged, or the bucket's kept changing for
    ///   every try; ``ObjectStoreError`` when the store cannot be read or written.
    func sync() async throws -> AlbumBook {
        for attempt in 1...timing.attempts {
            if attempt > 1 { try await Task.sleep(for: timing.backoff(beforeTry: attempt)) }
            let synced = attempt == 1 ? lastSynced() : nil
            let mine = try albums.read()
            let theirs: AlbumBook
            let etag: String?
            do {
                guard let remote = try await store.get(key, range: nil, ifNoneMatch: synced?.etag) else {
                    // Not modified: the bucket holds what the last sync merged here, which this book holds too.
                    let bytes = try AlbumStore.encode(mine)
                    guard let synced, ContentHash.md5(of: bytes) != synced.md5 else { return mine }
                    guard try await write(bytes, condition: .ifMatch(synced.etag)) else { continue }
                    return mine
                }
                theirs = try decode(remote.bytes)
                etag = remote.etag
            } catch let error as ObjectStoreError where error.code == .noSuchKey {
                theirs = AlbumBook()
                etag = nil
            }
            let merged = mine.merged(with: theirs)
            if merged != theirs {
                guard try await write(try AlbumStore.encode(merged), condition: etag.map { .ifMatch($0) } ?? .ifAbsent) else { continue }
            } else if let etag {
                remember(Synced(etag: etag, md5: ContentHash.md5(of: try AlbumStore.encode(theirs))))
            }
            // Edits made here since the read are kept: the bucket's book is merged into the file as it is now.
            return try await albums.edit { book, _ in
                book = book.merged(with: theirs)
                return book
            }
        }
        throw AlbumError(
            message: "Other devices kept changing the albums in the bucket for \(timing.attempts) tries: they are merged at the next sync.")
    }

    /// Writes the book unless another device changed the bucket's first.
    /// - Returns: Whether it was written; `false` when the condition failed (412).
    private func write(_ bytes: [UInt8], condition: WriteCondition) async throws -> Bool {
        do {
            let etag = try await store.put(key, body: bytes, options: PutOptions(contentType: "application/json", condition: condition))
            remember(Synced(etag: etag, md5: ContentHash.md5(of: bytes)))
            return true
        } catch let error as ObjectStoreError where error.code == .preconditionFailed {
            logger.debug("Another device changed the albums in the bucket first; merging again.")
            return false
        }
    }

    private func decode(_ bytes: [UInt8]) throws -> AlbumBook {
        do {
            return try AlbumStore.decode(bytes)
        } catch let error as AlbumError {
            throw error
        } catch {
            throw AlbumError(message: "The albums in the bucket ('\(key)') cannot be read (\(error)); they were left as they are.")
        }
    }

    /// What the last sync left in the bucket; `nil` when unknown (a sync then reads the book whole).
    private func lastSynced() -> Synced? {
        guard let bytes = try? FileContents(path: syncedPath, sizeLimit: 4096).bytes else { return nil }
        return try? UntrustedDocument.decodeJSON(Synced.self, from: bytes)
    }

    /// Remembers what is in the bucket now; one that cannot be written costs the next sync a whole read.
    private func remember(_ synced: Synced) {
        do {
            try AtomicFile.write(try JSONEncoder().encode(synced), to: syncedPath)
        } catch {
            logger.warning("What the albums sync left in the bucket could not be remembered.", metadata: ["error": .error(error)])
        }
    }
}
