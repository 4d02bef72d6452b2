/// When an album edit was made, on which device: the order in which edits of two devices are
/// merged, the later one winning. Its time is a hybrid logical clock's (``AlbumBook/stamp(now:device:)``):
/// never earlier than any edit the device has seen, so an edit made after a sync wins over
/// what the sync brought even when the other device's clock runs ahead.
public struct AlbumStamp: Sendable, Hashable, Comparable, Codable {
    /// Milliseconds since 1970.
    public let time: Int64
    /// The device's id, which orders two edits of the same millisecond.
    public let device: String

    public init(time: Int64, device: String) {
        self.time = time
        self.device = device
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.time, lhs.device) < (rhs.time, rhs.device)
    }
}

/// A value and the stamp of the edit that set it; merged, the later edit's value is kept.
public struct AlbumStamped<Value: Sendable & Hashable & Codable>: Sendable, Hashable, Codable {
    public let value: Value
    public let stamp: AlbumStamp

    public init(_ value: Value, _ stamp: AlbumStamp) {
        self.value = value
        self.stamp = stamp
    }

    /// The later of the two.
    func merged(with other: Self) -> Self {
        other.stamp > stamp ? other : self
    }
}
