import Foundation
public import PhotolalaS3

/// Deep Archive retrieval prices, settings (``CloudConfiguration/retrievalPricing``) because AWS
/// changes them and regions differ; the defaults are AWS us-east-1's (2026): Standard $0.02 per
/// GB and $0.10 per 1,000 requests, Bulk $0.0025 per GB and $0.025 per 1,000 requests.
public struct RetrievalPricing: Sendable, Equatable, Codable {
    /// US dollars per GB (2^30 bytes) retrieved with the Standard tier.
    public var standardPerGB = 0.02
    /// US dollars per 1,000 Standard restore requests.
    public var standardPerThousandRequests = 0.10
    /// US dollars per GB retrieved with the Bulk tier.
    public var bulkPerGB = 0.0025
    /// US dollars per 1,000 Bulk restore requests.
    public var bulkPerThousandRequests = 0.025

    /// AWS us-east-1's prices.
    public init() {}

    /// What restoring `bytes` in `requests` objects costs with `tier`; a GB is 2^30 bytes, as AWS bills.
    public func estimate(bytes: Int64, requests: Int, tier: RestoreTier) -> RetrievalEstimate {
        let gigabytes = Double(bytes) / Double(1 << 30)
        let (perGB, perThousand) =
            switch tier {
            case .standard: (standardPerGB, standardPerThousandRequests)
            case .bulk: (bulkPerGB, bulkPerThousandRequests)
            }
        return RetrievalEstimate(
            tier: tier, photos: requests, bytes: bytes, retrievalCost: gigabytes * perGB, requestCost: Double(requests) / 1000 * perThousand)
    }
}

/// The price of one restore request, shown before asking.
public struct RetrievalEstimate: Sendable, Equatable, Codable {
    public var tier: RestoreTier
    public var photos: Int
    public var bytes: Int64
    /// US dollars for the data retrieved.
    public var retrievalCost: Double
    /// US dollars for the requests.
    public var requestCost: Double

    public var totalCost: Double { retrievalCost + requestCost }

    /// "3 photos, 10.2 MB, Standard (about 12 hours): $0.0005 ($0.0002 retrieval + $0.0003 requests)".
    public var summary: String {
        func dollars(_ value: Double) -> String { "$" + String(format: value < 0.01 ? "%.4f" : "%.2f", value) }
        return
            "\(photos) \(photos == 1 ? "photo" : "photos"), \(String(format: "%.1f", Double(bytes) / 1_000_000)) MB, \(tier.rawValue) (about \(tier.typicalHours) hours): "
            + "\(dollars(totalCost)) (\(dollars(retrievalCost)) retrieval + \(dollars(requestCost)) requests)"
    }
}
