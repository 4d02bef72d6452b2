import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Makes a folder unwritable for the test's user: the immutable attribute for root (whom
/// permissions do not stop), permissions for anyone else.
public enum ReadOnly {
    public static func make(_ path: String) throws {
        if getuid() == 0 {
            try setImmutable(path, true)
        } else {
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: path)
        }
    }

    public static func undo(_ path: String) {
        if getuid() == 0 {
            try? setImmutable(path, false)
        } else {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let path: String
        let code: Int32
        var description: String { "Cannot change the immutable attribute of '\(path)': \(String(cString: strerror(code)))" }
    }

    /// What `chattr ±i` does, with its ioctls (linux/fs.h), without a process to wait for.
    private static func setImmutable(_ path: String, _ immutable: Bool) throws {
        let getFlags: UInt = 0x8008_6601
        let setFlags: UInt = 0x4008_6602
        let immutableFlag: Int32 = 0x10
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(path: path, code: errno) }
        defer { close(descriptor) }
        var flags: Int32 = 0
        guard ioctl(descriptor, getFlags, &flags) == 0 else { throw Failure(path: path, code: errno) }
        flags = immutable ? flags | immutableFlag : flags & ~immutableFlag
        guard ioctl(descriptor, setFlags, &flags) == 0 else { throw Failure(path: path, code: errno) }
    }
}
