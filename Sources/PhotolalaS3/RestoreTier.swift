/// How fast Deep Archive thaws an object, and at what price (seed 002's PhotoRetrievalView).
///
/// Deep Archive has no Expedited tier: S3 refuses it, so it is not a case here and parsing it
/// fails with a sentence saying which tiers there are.
public enum RestoreTier: String, Sendable, Codable, CaseIterable {
    /// Within about 12 hours.
    case standard = "Standard"
    /// Within about 48 hours, at an eighth of the price per GB.
    case bulk = "Bulk"

    /// Hours S3 promises at most for this tier on Deep Archive.
    public var typicalHours: Int {
        switch self {
        case .standard: 12
        case .bulk: 48
        }
    }
}
