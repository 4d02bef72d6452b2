/// A failure of browsing or restoring the cloud backup, with a message saying what to do.
///
/// Messages name photos by MD5 and never carry credentials.
public struct CloudError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure this is; new codes may be added.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String

        private init(_ name: String) {
            self.name = name
        }

        public var description: String { name }

        public static let notInCatalog = Code("notInCatalog")
        public static let archived = Code("archived")
        public static let restoreInProgress = Code("restoreInProgress")
        public static let invalidTier = Code("invalidTier")
        public static let invalidDays = Code("invalidDays")
        public static let checksumMismatch = Code("checksumMismatch")
        public static let missingObject = Code("missingObject")
        public static let damagedManifest = Code("damagedManifest")
        public static let syncInProgress = Code("syncInProgress")
        public static let restoreUnsupported = Code("restoreUnsupported")
    }

    public let code: Code
    public let message: String

    public var description: String { message }

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    static func notInCatalog(_ md5: String) -> Self {
        .init(
            .notInCatalog,
            "The backup has no photo with MD5 '\(md5)': check the MD5 with 'photolala cloud ls', after 'photolala cloud sync' if another device backed it up."
        )
    }

    static func archived(_ md5: String) -> Self {
        .init(
            .archived,
            "The original of '\(md5)' is in Deep Archive: restore it first ('photolala cloud restore \(md5) --tier Standard --days 7'), then download it once restored."
        )
    }

    static func restoreInProgress(_ md5: String) -> Self {
        .init(
            .restoreInProgress,
            "The original of '\(md5)' is being restored from Deep Archive: try again once 'photolala cloud restore-status' says restored.")
    }

    static func invalidTier(_ text: String) -> Self {
        let expedited = text.lowercased() == "expedited" ? " Deep Archive has no Expedited tier." : ""
        return .init(.invalidTier, "'\(text)' is not a restore tier: use Standard (about 12 hours) or Bulk (about 48 hours).\(expedited)")
    }

    static func invalidDays(_ days: Int) -> Self {
        .init(.invalidDays, "A restore lasts 1 to 30 days here, not \(days): pick how long the copy should stay readable.")
    }

    static func checksumMismatch(_ key: String, expected: String, actual: String) -> Self {
        .init(
            .checksumMismatch,
            "'\(key)' does not match its checksum (expected \(expected), got \(actual)): it was not used. Sync again; if it persists, back up again from the device that has the photos."
        )
    }

    static func missingObject(_ key: String) -> Self {
        .init(.missingObject, "'\(key)' is listed by the cloud catalog but missing from the bucket: back it up again from a device that has it.")
    }

    static func damagedManifest(_ key: String, reason: String) -> Self {
        .init(
            .damagedManifest,
            "The cloud catalog's manifest '\(key)' is damaged: \(reason). It was not used and the catalog synced before stays as it was; back up from a device that has the photos to rewrite it."
        )
    }

    static func restoreUnsupported(_ md5: String, answer: String) -> Self {
        .init(
            .restoreUnsupported,
            "This store has no Deep Archive: it refused to restore '\(md5)' (\(answer)), as stores without an archive tier do, and keeps every original readable as it was stored. Download the original directly instead ('photolala cloud get \(md5)')."
        )
    }

    static func syncInProgress(_ lockFile: String) -> Self {
        .init(
            .syncInProgress,
            "A sync of this cloud catalog is already running ('photolala serve' or another 'photolala cloud sync' holds '\(lockFile)'): try again once it has finished."
        )
    }
}
