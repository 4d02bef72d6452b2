import Foundation

#if canImport(Darwin)
    import Darwin
#endif

/// Whether a folder is on a network or FUSE file system, where every directory read is a
/// round trip and listings are worth caching.
enum VolumeKind: Equatable {
    case local
    case network

    /// File system types that reach over a network (or through FUSE, which often does).
    static let networkTypes: Set<String> = [
        "nfs", "nfs4", "cifs", "smb3", "smbfs", "smb2", "afpfs", "webdav", "davfs", "9p", "ceph", "glusterfs", "afs", "sshfs",
        "macfuse", "osxfuse", "fusefs",
    ]

    init(path: String) {
        let type = Self.fileSystemType(of: path) ?? ""
        self = Self.networkTypes.contains(type) || type.hasPrefix("fuse") ? .network : .local
    }

    #if canImport(Darwin)
        private static func fileSystemType(of path: String) -> String? {
            var info = statfs()
            guard statfs(path, &info) == 0 else { return nil }
            return withUnsafePointer(to: &info.f_fstypename) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(MFSTYPENAMELEN)) { String(cString: $0) }
            }
        }
    #else
        /// The type of the mount holding `path`, from `/proc/self/mountinfo` (the longest mount
        /// point that contains it).
        private static func fileSystemType(of path: String) -> String? {
            guard let table = try? String(contentsOfFile: "/proc/self/mountinfo", encoding: .utf8) else { return nil }
            var best: (point: String, type: String)?
            for line in table.split(separator: "\n") {
                let fields = line.split(separator: " ")
                guard fields.count > 4, let separator = fields.firstIndex(of: "-"), separator + 1 < fields.count else { continue }
                let point = String(fields[4]).replacingOccurrences(of: "\\040", with: " ")
                let contains = point == "/" || path == point || path.hasPrefix(point + "/")
                if contains, point.count >= (best?.point.count ?? -1) {
                    best = (point, String(fields[separator + 1]))
                }
            }
            return best?.type
        }
    #endif
}
