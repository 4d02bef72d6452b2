/// One delivery of a folder scan: the photos, folders and problems found since the last one.
public struct ScanBatch: Sendable {
    public var photos: [ScannedPhoto] = []
    public var folders: [ScannedFolder] = []
    public var problems: [ScanProblem] = []

    public init() {}

    var isEmpty: Bool { photos.isEmpty && folders.isEmpty && problems.isEmpty }
}

/// A photo file found by a scan.
public struct ScannedPhoto: Sendable {
    public let item: PhotoItem
    /// Absolute path of the folder holding the file, shared by all its photos.
    public let folder: String
    /// Size and modification time, when the scan was asked to read them.
    public let status: FileStatus?

    /// Absolute path of the file.
    public var path: String { folder + "/" + item.displayName }
}

/// A subfolder found by a scan, which can be opened as a source of its own.
public struct ScannedFolder: Sendable, Equatable {
    public let name: String
    /// Absolute path of the folder.
    public let path: String
}

/// Something a scan could not read; the scan goes on without it.
public struct ScanProblem: Sendable, Equatable, CustomStringConvertible {
    public let path: String
    public let message: String

    public var description: String { message }
}
