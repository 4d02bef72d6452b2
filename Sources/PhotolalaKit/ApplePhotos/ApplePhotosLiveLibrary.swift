import Synchronization

/// The library the sources of one bundle read, reopened from a fresh copy of its database when
/// the database's files change (Photos writing to its write-ahead log, a newer copy from the Mac).
///
/// Every scope of a library (All Photos, each album) shares one, so the database is copied
/// once per change however many albums are open.
final class ApplePhotosLiveLibrary: Sendable {
    private struct State {
        var library: ApplePhotosLibrary
        /// How many times the library was reopened; listings remember the one they came from.
        var generation: Int
        var stamp: [FileStatus?]
    }

    private let state: Mutex<State>

    /// - Throws: ``PhotolalaError`` when `path` is no readable Photos 5+ library.
    init(path: String) throws {
        let stamp = Self.stamp(of: path)
        state = Mutex(State(library: try ApplePhotosLibrary(path: path), generation: 0, stamp: stamp))
    }

    /// The library now, and its generation.
    var current: (library: ApplePhotosLibrary, generation: Int) {
        state.withLock { ($0.library, $0.generation) }
    }

    /// Reopens the library when its database or write-ahead log changed since it was copied;
    /// otherwise costs two `stat` calls.
    /// - Throws: ``PhotolalaError`` when the new copy cannot be opened; the old one stays in use.
    func reloadIfChanged() throws {
        let path = current.library.path
        let stamp = Self.stamp(of: path)
        guard stamp != state.withLock({ $0.stamp }) else { return }
        let library = try ApplePhotosLibrary(path: path)
        state.withLock { $0 = State(library: library, generation: $0.generation + 1, stamp: stamp) }
    }

    private static func stamp(of path: String) -> [FileStatus?] {
        ["", "-wal"].map { try? FileStatus(path: path + "/database/Photos.sqlite" + $0) }
    }
}
