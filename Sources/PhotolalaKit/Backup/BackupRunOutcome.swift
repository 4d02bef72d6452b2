public import Foundation

/// How the last backup run of this process ended, for the panel that says so: when, what it
/// uploaded, skipped and failed, or why it stopped as a whole (the store unreachable,
/// credentials refused, the quota).
public struct BackupRunOutcome: Sendable, Equatable, Codable {
    public var date: Date
    public var uploaded = 0
    /// Photos the store held already.
    public var skipped = 0
    public var failed = 0
    /// Why the run stopped before its photos were done; `nil` when it went through.
    public var error: String?

    public init(date: Date) {
        self.date = date
    }
}
