public import Foundation
public import PhotolalaS3

/// Where an original stands in Deep Archive (seed 002's ArchiveStatus): archived → restoring →
/// restored until the expiry date → archived again.
public enum ArchiveStatus: String, Sendable, Codable, CaseIterable {
    /// In a storage class that is readable at once (Standard).
    case available
    /// In Deep Archive; a restore is needed to read it.
    case archived
    /// A restore was asked for and is under way (about 12 h Standard, 48 h Bulk).
    case restoring
    /// A temporary copy is readable until its expiry date.
    case restored

    /// The status an object's HEAD shows: its storage class and `x-amz-restore` header.
    public init(_ info: ObjectInfo) {
        if info.storageClass != .deepArchive && info.storageClass.rawValue != "GLACIER" {
            self = .available
        } else if let restore = info.restore {
            // Past its expiry the copy is gone, even if a cached answer still names it.
            self = (restore.ongoing ? Self.restoring : .restored).asOf(Date(), expiry: restore.expiry)
        } else {
            self = .archived
        }
    }

    /// The one rule for what a state last seen means now: a restored copy whose expiry has
    /// passed is archived again; any other state stands until the store says otherwise.
    public func asOf(_ now: Date, expiry: Date?) -> ArchiveStatus {
        guard self == .restored, let expiry, expiry <= now else { return self }
        return .archived
    }

    /// The badge the browser and CLI show.
    public var badge: String {
        switch self {
        case .available: "✅"
        case .archived: "🧊"
        case .restoring: "⏳"
        case .restored: "📥"
        }
    }
}
