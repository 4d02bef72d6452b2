public import Foundation
public import PhotolalaS3

/// One original's restore, as persisted and shown (badge, inspector, `cloud restore-status`).
public struct RestoreStatus: Sendable, Equatable, Codable {
    public var md5: String
    public var state: ArchiveStatus
    /// The tier and days asked for, when this device asked.
    public var tier: RestoreTier?
    public var days: Int?
    public var requested: Date?
    /// When a restored copy goes back to being archived only.
    public var expiry: Date?
    /// When the store was last asked.
    public var checked: Date

    public init(md5: String, state: ArchiveStatus, tier: RestoreTier?, days: Int?, requested: Date?, expiry: Date?, checked: Date) {
        self.md5 = md5
        self.state = state
        self.tier = tier
        self.days = days
        self.requested = requested
        self.expiry = expiry
        self.checked = checked
    }

    /// This status as it stands at `now`: restored until an expiry that has passed means
    /// archived again (``ArchiveStatus/asOf(_:expiry:)``), whenever the store was last asked.
    public func current(at now: Date = Date()) -> RestoreStatus {
        var status = self
        status.state = state.asOf(now, expiry: expiry)
        return status
    }
}
