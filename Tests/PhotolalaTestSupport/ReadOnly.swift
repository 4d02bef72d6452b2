import Foundation

/// Makes a folder unwritable for the test's user: the immutable attribute for root (whom
/// permissions do not stop), permissions for anyone else.
public enum ReadOnly {
    public static func make(_ path: String) throws {
        if getuid() == 0 {
            try Shell.run("chattr", ["+i", path])
        } else {
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: path)
        }
    }

    public static func undo(_ path: String) {
        if getuid() == 0 {
            _ = try? Shell.run("chattr", ["-i", path])
        } else {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        }
    }
}
