import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small tmpfs mounted for a test, so that its writes meet a full disk (`ENOSPC`) for real:
/// ``fill()`` takes its last byte with a ballast file, ``free()`` gives the space back.
///
/// Mounting needs root (or a mount namespace of one's own); where the machine does not allow
/// it, ``init(at:megabytes:)`` returns `nil` and the test injects its failure at the write
/// instead (a file size limit, whose `EFBIG` a process meets where `ENOSPC` would come).
public final class SmallDisk: Sendable {
    /// The mount point.
    public let path: String
    private var ballast: String { path + "/.ballast" }

    /// Mounts a tmpfs of `megabytes` at `path`, made if missing; `nil` when mounting is refused.
    public init?(at path: String, megabytes: Int) {
        #if os(Linux)
            try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            guard mount("tmpfs", path, "tmpfs", 0, "size=\(megabytes)m,mode=0755") == 0 else { return nil }
            self.path = path
        #else
            return nil
        #endif
    }

    /// Writes ballast until the disk has no byte left.
    public func fill() {
        let descriptor = open(ballast, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        var chunk = 1 << 20
        let zeros = [UInt8](repeating: 0, count: chunk)
        while chunk >= 512 {
            if zeros.withUnsafeBytes({ write(descriptor, $0.baseAddress, chunk) }) < chunk {
                chunk /= 2
            }
        }
    }

    /// Removes the ballast, so writes succeed again.
    public func free() {
        unlink(ballast)
    }

    /// Detaches the mount; what was on it goes with it.
    public func unmount() {
        #if os(Linux)
            umount2(path, Int32(MNT_DETACH))
        #endif
    }
}
