import Foundation
import PhotolalaS3

extension CloudConfiguration {
    /// The settings of browsing and restoring the backup, each from its environment variable
    /// or else its `cloud.json` key: the four Deep Archive retrieval prices
    /// (`PHOTOLALA_RESTORE_PRICE_STANDARD_PER_GB`, `…_STANDARD_PER_1000_REQUESTS`,
    /// `…_BULK_PER_GB`, `…_BULK_PER_1000_REQUESTS`, in US dollars), the download cache's size
    /// (`PHOTOLALA_DOWNLOAD_CACHE_BYTES`) and the first check of a restore under way
    /// (`PHOTOLALA_RESTORE_CHECK_SECONDS`).
    /// - Throws: ``CloudConfigurationError`` naming a setting that is not a number in range.
    mutating func readBrowsingSettings(_ settings: Settings, environment: [String: String]) throws {
        func number(_ name: String, key: String, file: Double?, expected: String, valid: (Double) -> Bool) throws -> Double? {
            if let text = environment[name], !text.isEmpty {
                guard let value = Double(text), valid(value) else { throw CloudConfigurationError.invalidSetting(name, text, expected: expected) }
                return value
            }
            if let file, !valid(file) {
                throw CloudConfigurationError.invalidSetting("'\(key)' in \(settingsFile)", "\(file)", expected: expected)
            }
            return file
        }
        func price(_ name: String, key: String, file: Double?) throws -> Double? {
            try number(name, key: key, file: file, expected: "a price in US dollars (0 or more)") { $0.isFinite && $0 >= 0 }
        }
        let prefix = "PHOTOLALA_RESTORE_PRICE_"
        if let value = try price(prefix + "STANDARD_PER_GB", key: "restorePriceStandardPerGB", file: settings.restorePriceStandardPerGB) {
            retrievalPricing.standardPerGB = value
        }
        if let value = try price(
            prefix + "STANDARD_PER_1000_REQUESTS", key: "restorePriceStandardPer1000Requests", file: settings.restorePriceStandardPer1000Requests)
        {
            retrievalPricing.standardPerThousandRequests = value
        }
        if let value = try price(prefix + "BULK_PER_GB", key: "restorePriceBulkPerGB", file: settings.restorePriceBulkPerGB) {
            retrievalPricing.bulkPerGB = value
        }
        if let value = try price(
            prefix + "BULK_PER_1000_REQUESTS", key: "restorePriceBulkPer1000Requests", file: settings.restorePriceBulkPer1000Requests)
        {
            retrievalPricing.bulkPerThousandRequests = value
        }
        if let value = try number(
            "PHOTOLALA_DOWNLOAD_CACHE_BYTES", key: "downloadCacheBytes", file: settings.downloadCacheBytes.map(Double.init),
            expected: "a whole number of bytes (0 or more)", valid: { $0 >= 0 && $0 <= Double(Int64.max) && $0.rounded() == $0 })
        {
            downloadCacheBytes = Int64(value)
        }
        if let value = try number(
            "PHOTOLALA_RESTORE_CHECK_SECONDS", key: "restoreCheckSeconds", file: settings.restoreCheckSeconds,
            expected: "a number of seconds from 0.1 to 3600", valid: { $0 >= 0.1 && $0 <= 3600 })
        {
            restoreCheckDelay = .milliseconds(Int64((value * 1000).rounded()))
        }
    }
}
