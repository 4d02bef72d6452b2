import Foundation

extension BackupQueue {
    /// Takes a photo off the queue by MD5; its cloud copy, if any, stays.
    /// - Throws: ``BackupError/notStarred`` when no queued photo has that MD5,
    ///   ``PhotolalaError/databaseFailed``.
    public func unstar(md5: String) throws {
        guard try store.remove(md5s: [md5.lowercased()]) > 0 else { throw BackupError.notStarred(md5) }
        changed()
    }

    /// Takes the photo at `path` off the queue.
    /// - Returns: Its MD5.
    /// - Throws: ``BackupError/notStarred`` when nothing was starred under that path or with
    ///   that content.
    @discardableResult
    public func unstar(_ path: String) async throws -> String {
        try await unstar([path])[0].get()
    }

    /// Takes many photos off the queue, announced once. Each is found by the path it was
    /// starred under, so a file edited or deleted since can still be unstarred (every entry
    /// starred under that path goes); then by an MD5 given in place of a path; then, for a
    /// file moved since it was starred, by its content's MD5 (from the identity index, else
    /// hashed, four at a time).
    /// - Returns: For each path, in order, the MD5 taken off the queue (the latest starred,
    ///   when several were) or why there was none (``BackupError/notStarred``, or
    ///   ``PhotolalaError/notRegularFile`` for a pipe or a device).
    public func unstar(_ paths: [String]) async -> [Result<String, any Error>] {
        let queued: [BackupQueueEntry]
        do {
            queued = try store.entries()
        } catch {
            return paths.map { _ in .failure(error) }
        }
        let byPath = Dictionary(grouping: queued, by: \.path).mapValues { $0.map(\.md5) }
        let md5s = Set(queued.map(\.md5))
        let identities = identities
        // Paths the queue does not know are hashed: a starred photo moved elsewhere.
        let found: [Result<[String], any Error>]
        do {
            found = try await concurrently(paths, limit: 4) { path -> Result<[String], any Error> in
                if let starred = byPath[path] { return .success(starred) }
                if ContentHash.isMD5(path), md5s.contains(path.lowercased()) { return .success([path.lowercased()]) }
                // A file that cannot be read is no starred photo's; a pipe or a device is said to be one.
                guard FileManager.default.fileExists(atPath: path) else { return .failure(BackupError.notStarred(path)) }
                let md5: String
                do {
                    md5 = try await offload({ try identities.md5(ofFileAt: path) })
                } catch let error as PhotolalaError where error.code == .notRegularFile {
                    return .failure(error)
                } catch {
                    return .failure(BackupError.notStarred(path))
                }
                guard md5s.contains(md5) else { return .failure(BackupError.notStarred(path)) }
                return .success([md5])
            }
            try store.remove(md5s: found.flatMap { (try? $0.get()) ?? [] })
        } catch {
            return paths.map { _ in .failure(error) }
        }
        if found.contains(where: { (try? $0.get()) != nil }) {
            changed()
        }
        return found.map { $0.map { $0.last ?? "" } }
    }
}
