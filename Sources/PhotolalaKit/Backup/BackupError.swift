/// Why a backup could not go ahead, with what the user can do.
public struct BackupError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure this is; new codes may be added.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String

        private init(_ name: String) {
            self.name = name
        }

        public var description: String { name }

        public static let quotaExceeded = Code("quotaExceeded")
        public static let verificationFailed = Code("verificationFailed")
        public static let fileChanged = Code("fileChanged")
        public static let changedSinceStarred = Code("changedSinceStarred")
        public static let notStarred = Code("notStarred")
        public static let notAPhoto = Code("notAPhoto")
        public static let catalogDamaged = Code("catalogDamaged")
        public static let catalogBusy = Code("catalogBusy")
    }

    public let code: Code
    public let message: String

    public var description: String { message }

    static func quotaExceeded(used: Int64, needed: Int64, quota: Int64) -> Self {
        .init(
            code: .quotaExceeded,
            message:
                "The backup needs \(needed) more bytes but \(used) of the \(quota)-byte quota are used. Unstar some photos or raise PHOTOLALA_QUOTA_BYTES; nothing was uploaded."
        )
    }

    static func verificationFailed(_ key: String, expected: String, stored: String) -> Self {
        .init(
            code: .verificationFailed,
            message: "'\(key)' was stored with ETag \(stored) but its content has MD5 \(expected): the upload was damaged. Run the backup again.")
    }

    static func fileChanged(_ path: String) -> Self {
        .init(code: .fileChanged, message: "'\(path)' changed while it was being backed up. Run the backup again to upload its new content.")
    }

    static func changedSinceStarred(_ path: String) -> Self {
        .init(
            code: .changedSinceStarred,
            message: "'\(path)' changed since it was starred, so it no longer has the starred MD5; star it again to back up its new content.")
    }

    static func notStarred(_ path: String) -> Self {
        .init(code: .notStarred, message: "'\(path)' is not starred: no photo in the backup queue was starred under that path or has that content.")
    }

    static func notAPhoto(_ path: String) -> Self {
        .init(
            code: .notAPhoto,
            message:
                "'\(path)' is not a photo: neither its content nor its name is JPEG, PNG, HEIC, AVIF, TIFF, GIF, WebP, BMP or camera RAW, so it cannot be backed up."
        )
    }

    static func catalogDamaged(_ key: String) -> Self {
        .init(
            code: .catalogDamaged,
            message:
                "The cloud catalog's shard '\(key)' is missing or does not match the SHA-256 its manifest records; the next backup run rebuilds it.")
    }

    static func catalogLeaseHeld(seconds: Int) -> Self {
        .init(
            code: .catalogBusy,
            message:
                "Another device held the cloud catalog's merge lease for all of \(seconds) s that this one waited; try again when its backup is done."
        )
    }

    static func catalogBusy(attempts: Int) -> Self {
        .init(
            code: .catalogBusy,
            message:
                "Other devices changed the cloud catalog each of the \(attempts) times this one tried to update it; try again when their backups are done."
        )
    }
}
