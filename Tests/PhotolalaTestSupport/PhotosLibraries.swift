public import Foundation

/// The two real Apple Photos libraries in the shared test data (macOS 10.15.7 and 13.0), copied
/// into a test's own folder so nothing ever writes into the shared bundles.
public enum PhotosLibraries {
    public static let catalina = "Test-10.15.7.photoslibrary"
    public static let ventura = "Test-13.0.0.photoslibrary"

    /// `$PHOTOLALA_PHOTOS_LIBRARIES`, else `../shared/testdata/photos-libraries` beside the repository.
    public static let folder: URL = {
        if let configured = ProcessInfo.processInfo.environment["PHOTOLALA_PHOTOS_LIBRARIES"] {
            return URL(fileURLWithPath: configured)
        }
        return Fixtures.repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/testdata/photos-libraries")
    }()

    /// Copies the library `name` into `directory` (made writable, as a copy from a Mac would be)
    /// and returns the copy's path.
    public static func copy(_ name: String, into directory: TemporaryDirectory) throws -> String {
        let copy = directory.path(name)
        try Shell.run("cp", ["-R", folder.appendingPathComponent(name).path, copy])
        try Shell.run("chmod", ["-R", "u+w", copy])
        return copy
    }

    /// SHA-256 over every file's relative path and bytes: any change, added or removed file
    /// changes it.
    public static func fingerprint(_ bundle: String) throws -> String {
        try Shell.run("sh", ["-c", "cd \"$1\" && find . -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum", "sh", bundle])
    }
}
