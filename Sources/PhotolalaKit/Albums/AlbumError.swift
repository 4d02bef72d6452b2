/// Why an album could not be found or changed, in words that say what to do.
public struct AlbumError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String

    public var description: String { message }

    static func notFound(_ path: String) -> Self {
        .init(message: "No album is named '\(path)'. 'photolala album list' lists them.")
    }

    static func ambiguous(_ path: String, count: Int) -> Self {
        .init(message: "\(count) albums are named '\(path)' (made on two devices at once): rename one in the page or with 'photolala album rename'.")
    }

    static func exists(_ path: String) -> Self {
        .init(message: "An album or folder named '\(path)' exists already: choose another name.")
    }

    static func invalidName(_ name: String) -> Self {
        .init(message: "'\(name)' cannot name an album: a name is not empty, has no control characters, and is not '.' or '..'.")
    }

    static func notAFolder(_ path: String) -> Self {
        .init(message: "'\(path)' is an album, not an album folder: albums and folders go only into folders.")
    }

    static func isAFolder(_ path: String) -> Self {
        .init(message: "'\(path)' is an album folder: photos go into its albums, not into it.")
    }

    static func intoItself(_ path: String) -> Self {
        .init(message: "'\(path)' cannot go into itself or a folder within it.")
    }

    static func cannotHold(_ sourceName: String) -> Self {
        .init(message: "Photos of \(sourceName) cannot go into albums: add them from a folder, an Apple Photos library or the cloud backup.")
    }

    static func damaged(_ path: String, _ reason: String) -> Self {
        .init(
            message:
                "The albums file '\(path)' cannot be read (\(reason)). It was left as it is: restore it from a backup, or move it away to start with no albums."
        )
    }
}
