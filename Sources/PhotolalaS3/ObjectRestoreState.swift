public import Foundation

/// What S3's `x-amz-restore` header says about an archived object: a restore is under way, or
/// a temporary copy is readable until `expiry`.
public struct ObjectRestoreState: Sendable, Equatable {
    /// `true` while Deep Archive is still thawing the object (hours).
    public var ongoing: Bool
    /// When the restored copy is deleted again; `nil` while ongoing, or for a store (a folder)
    /// whose objects never leave the readable tier.
    public var expiry: Date?

    public init(ongoing: Bool, expiry: Date?) {
        self.ongoing = ongoing
        self.expiry = expiry
    }

    /// Parses `ongoing-request="false", expiry-date="Fri, 21 Dec 2012 00:00:00 GMT"`;
    /// `nil` when the header says neither.
    public init?(header: String) {
        guard let ongoing = Self.value(of: "ongoing-request", in: header) else { return nil }
        self.ongoing = ongoing == "true"
        expiry = Self.value(of: "expiry-date", in: header).flatMap(HTTPDate.parse)
    }

    private static func value(of name: String, in header: String) -> String? {
        guard let start = header.range(of: name + "=\"") else { return nil }
        let rest = header[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end])
    }
}
