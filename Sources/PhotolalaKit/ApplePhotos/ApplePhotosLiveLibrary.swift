import Synchronization

/// The library the sources of one bundle read, reopened from a fresh copy of its database when
/// the database's files change (Photos writing to its write-ahead log, a newer copy from the Mac).
///
/// Every listing of a library (All Photos, each album) shares one, and reloads run one at a time,
/// so the database is copied once per change however many albums are open and ask at once.
/// Photos writes many times in a row: a reload waits until the files have been quiet for
/// ``quietPeriod`` (at most ``longestWait``), so a burst of writes costs one copy.
final class ApplePhotosLiveLibrary: Sendable {
    private struct State {
        var library: ApplePhotosLibrary
        /// How many times the library was reopened; listings remember the one they came from.
        var generation: Int
        var stamp: [FileStatus?]
    }

    /// How long the database must stay unchanged before it is copied.
    static let quietPeriod: Duration = .milliseconds(250)
    /// How long a reload waits for a quiet moment before copying anyway (the copy itself
    /// retries until its files agree).
    static let longestWait: Duration = .seconds(3)

    private let state: Mutex<State>
    private let reloads = AsyncSemaphore(limit: 1)
    private let workingDirectory: String

    /// - Parameters:
    ///   - path: A `.photoslibrary` folder.
    ///   - workingDirectory: Where its database is copied to.
    /// - Throws: ``PhotolalaError`` when `path` is no readable Photos 5+ library.
    init(path: String, workingDirectory: String) throws {
        let stamp = Self.stamp(of: path)
        self.workingDirectory = workingDirectory
        state = Mutex(State(library: try ApplePhotosLibrary(path: path, workingDirectory: workingDirectory), generation: 0, stamp: stamp))
    }

    /// The library now, and its generation.
    var current: (library: ApplePhotosLibrary, generation: Int) {
        state.withLock { ($0.library, $0.generation) }
    }

    /// Reopens the library when its database or write-ahead log changed since it was copied;
    /// otherwise costs two `stat` calls. A caller arriving while another reloads waits for it
    /// and finds nothing left to do.
    /// - Throws: ``PhotolalaError`` when the new copy cannot be opened; the old one stays in use.
    func reloadIfChanged() async throws {
        try await reloads.run { [self] in
            let path = current.library.path
            var stamp = Self.stamp(of: path)
            guard stamp != state.withLock({ $0.stamp }) else { return }
            var waited: Duration = .zero
            while waited < Self.longestWait {
                try await Task.sleep(for: Self.quietPeriod)
                waited += Self.quietPeriod
                let now = Self.stamp(of: path)
                if now == stamp { break }
                stamp = now
            }
            let library = try await offload { [workingDirectory] in try ApplePhotosLibrary(path: path, workingDirectory: workingDirectory) }
            state.withLock { $0 = State(library: library, generation: $0.generation + 1, stamp: stamp) }
        }
    }

    /// What tells a change: the database and its write-ahead log (the shared-memory index
    /// also changes when Photos only reads).
    private static func stamp(of path: String) -> [FileStatus?] {
        Array(ApplePhotosDatabaseCopy.stamp(of: path + "/database/Photos.sqlite").prefix(2))
    }
}
