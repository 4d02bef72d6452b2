public import Foundation
public import PhotolalaS3

/// What this device knows of a backed-up original in the store: when it was backed up and
/// where it is kept. Learnt from a HEAD and remembered in the database, so the inspector can
/// say "Backed up on <date>, Deep Archive" offline too.
public struct CloudOriginal: Sendable, Equatable {
    /// When the store received it; `nil` when the store did not say.
    public var backedUp: Date?
    public var storageClass: StorageClass

    public init(backedUp: Date?, storageClass: StorageClass) {
        self.backedUp = backedUp
        self.storageClass = storageClass
    }

    /// What a HEAD of the original tells.
    public init(_ info: ObjectInfo) {
        self.init(backedUp: info.lastModified, storageClass: info.storageClass)
    }
}
