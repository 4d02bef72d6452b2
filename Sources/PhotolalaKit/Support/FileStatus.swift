public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The facts `stat(2)` gives about a file that Photolala keys caches on.
public struct FileStatus: Sendable, Equatable {
    public var size: Int64
    /// Modification time in nanoseconds since 1970, so sub-second edits are noticed.
    public var modifiedNanoseconds: Int64
    public var isDirectory: Bool

    public var modificationDate: Date {
        Date(timeIntervalSince1970: Double(modifiedNanoseconds) / 1_000_000_000)
    }

    init(_ info: stat) {
        size = Int64(info.st_size)
        #if canImport(Darwin)
            modifiedNanoseconds = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #else
            modifiedNanoseconds = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #endif
        isDirectory = (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Follows symbolic links.
    /// - Throws: ``PhotolalaError`` naming the path when it cannot be read.
    public init(path: String) throws {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw PhotolalaError.unreadableFile(path, errno: errno)
        }
        self.init(info)
    }
}
