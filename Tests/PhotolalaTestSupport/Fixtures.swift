public import Foundation

/// Photos made by `Tests/Fixtures/make-fixtures.sh` with libvips and exiftool, once per test run.
public enum Fixtures {
    /// The folder of generated fixtures; made on first use.
    public static func directory() async throws -> URL {
        try await generated.value
    }

    /// One fixture file by name, e.g. `"orientation6.jpg"`.
    public static func file(_ name: String) async throws -> URL {
        try await directory().appendingPathComponent(name)
    }

    /// A tree of `count` small JPEG files, made once per count per run, for listing tests.
    public static func fileTree(count: Int) async throws -> URL {
        try await trees.tree(count: count)
    }

    /// An 8 × 8 JPEG at `path` carrying exactly the date tags given (exiftool arguments such as
    /// `-DateTimeOriginal=…`, `-OffsetTimeOriginal=+09:00`), and no others.
    public static func datedPhoto(at path: String, tags: [String]) async throws {
        try await Shell.run("vips", ["black", path, "8", "8"])
        try await Shell.run("exiftool", ["-q", "-overwrite_original", "-all="] + tags + [path])
    }

    /// The repository's root: `$PHOTOLALA_REPOSITORY_ROOT` when set, else found from this file's
    /// path. `Scripts/check-clean-clone.sh` sets it to a fresh clone, so that this build's tests
    /// read the committed fixtures, scripts and web UI of the clone and nothing of this checkout.
    public static let repositoryRoot: URL = {
        if let root = ProcessInfo.processInfo.environment["PHOTOLALA_REPOSITORY_ROOT"], !root.isEmpty {
            return URL(fileURLWithPath: root)
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }()

    private static let generated = Task<URL, any Error> {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photolala-fixtures-\(UUID().uuidString)")
        try await Shell.run(repositoryRoot.appendingPathComponent("Tests/Fixtures/make-fixtures.sh").path, [folder.path])
        return folder
    }

    private static let trees = TreeCache()

    private actor TreeCache {
        private var made: [Int: Task<URL, any Error>] = [:]

        func tree(count: Int) async throws -> URL {
            if let task = made[count] { return try await task.value }
            let task = Task<URL, any Error> {
                let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photolala-tree-\(count)-\(UUID().uuidString)")
                try await Shell.run(repositoryRoot.appendingPathComponent("Scripts/make-file-tree.sh").path, [folder.path, String(count)])
                return folder
            }
            made[count] = task
            return try await task.value
        }
    }
}
