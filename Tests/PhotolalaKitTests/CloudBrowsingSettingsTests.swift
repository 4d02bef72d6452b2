import Foundation
import PhotolalaS3
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

/// The settings of browsing and restoring the backup: retrieval prices, the download cache's
/// size and the first check of a restore, from `cloud.json` and the environment, used by the
/// services the CLI and the server build.
@Suite struct CloudBrowsingSettingsTests {
    @Test("The defaults are AWS us-east-1's prices, a gibibyte and a minute") func theDefaultsAreAWSUSEast1sPricesAGibibyteAndAMinute() throws {
        let folder = try TemporaryDirectory()
        let configuration = try CloudConfiguration.load(environment: ["HOME": folder.path], dataDirectory: folder.path("data"))
        #expect(configuration.retrievalPricing == RetrievalPricing())
        #expect(configuration.retrievalPricing.standardPerGB == 0.02 && configuration.retrievalPricing.bulkPerThousandRequests == 0.025)
        #expect(configuration.downloadCacheBytes == 1 << 30)
        #expect(configuration.restoreCheckDelay == .seconds(60))
    }

    @Test("The file sets them, the environment overrides them and the services use them")
    func theFileSetsThemTheEnvironmentOverridesThemAndTheServicesUseThem() async throws {
        let folder = try TemporaryDirectory()
        try AtomicFile.write(
            Array(
                #"""
                {"restorePriceStandardPerGB": 0.03, "restorePriceStandardPer1000Requests": 0.2, "restorePriceBulkPerGB": 0.004,
                 "restorePriceBulkPer1000Requests": 0.05, "downloadCacheBytes": 5000000, "restoreCheckSeconds": 30}
                """#.utf8),
            to: folder.path("data/cloud.json"))
        let fromFile = try CloudConfiguration.load(environment: ["HOME": folder.path], dataDirectory: folder.path("data"))
        var expected = RetrievalPricing()
        expected.standardPerGB = 0.03
        expected.standardPerThousandRequests = 0.2
        expected.bulkPerGB = 0.004
        expected.bulkPerThousandRequests = 0.05
        #expect(fromFile.retrievalPricing == expected)
        #expect(fromFile.downloadCacheBytes == 5_000_000)
        #expect(fromFile.restoreCheckDelay == .seconds(30))
        // The user id saved on first use keeps the other keys of the file.
        let saved = try String(contentsOfFile: folder.path("data/cloud.json"), encoding: .utf8)
        #expect(saved.contains("\"restorePriceBulkPerGB\" : 0.004") && saved.contains("\"userID\""), "\(saved)")

        let environment = [
            "HOME": folder.path, "PHOTOLALA_RESTORE_PRICE_STANDARD_PER_GB": "0.5", "PHOTOLALA_RESTORE_PRICE_STANDARD_PER_1000_REQUESTS": "1",
            "PHOTOLALA_RESTORE_PRICE_BULK_PER_GB": "0", "PHOTOLALA_RESTORE_PRICE_BULK_PER_1000_REQUESTS": "0.5",
            "PHOTOLALA_DOWNLOAD_CACHE_BYTES": "1024", "PHOTOLALA_RESTORE_CHECK_SECONDS": "0.5",
        ]
        let configuration = try CloudConfiguration.load(environment: environment, dataDirectory: folder.path("data"))
        #expect(configuration.retrievalPricing.standardPerGB == 0.5 && configuration.retrievalPricing.standardPerThousandRequests == 1)
        #expect(configuration.retrievalPricing.bulkPerGB == 0 && configuration.retrievalPricing.bulkPerThousandRequests == 0.5)
        #expect(configuration.downloadCacheBytes == 1024)
        #expect(configuration.restoreCheckDelay == .milliseconds(500))

        var local = configuration
        local.folder = folder.path("nas")
        let context = CloudContext(engine: try makeEngine(in: folder), configuration: local)
        #expect(try context.restores().pricing == configuration.retrievalPricing)
        #expect(context.restorePolling.initialDelay == .milliseconds(500))
        #expect(await (try context.reader()).cache.byteBudget == 1024)
        let estimate = configuration.retrievalPricing.estimate(bytes: 1 << 30, requests: 2_000, tier: .standard)
        #expect(estimate.retrievalCost == 0.5 && estimate.requestCost == 2)
        #expect(estimate.summary.hasPrefix("2000 photos, 1073.7 MB, Standard (about 12 hours): $2.50"), "\(estimate.summary)")
    }

    @Test(
        "A wrong value is refused with the variable it came from",
        arguments: [
            ("PHOTOLALA_RESTORE_PRICE_STANDARD_PER_GB", "-1", "a price in US dollars (0 or more)"),
            ("PHOTOLALA_RESTORE_PRICE_BULK_PER_1000_REQUESTS", "free", "a price in US dollars (0 or more)"),
            ("PHOTOLALA_DOWNLOAD_CACHE_BYTES", "1.5", "a whole number of bytes (0 or more)"),
            ("PHOTOLALA_RESTORE_CHECK_SECONDS", "0", "a number of seconds from 0.1 to 3600"),
        ])
    func aWrongValueIsRefusedWithTheVariableItCameFrom(_ name: String, _ value: String, _ expected: String) throws {
        let folder = try TemporaryDirectory()
        let error = #expect(throws: CloudConfigurationError.self) {
            try CloudConfiguration.load(environment: ["HOME": folder.path, name: value], dataDirectory: folder.path("data"))
        }
        #expect(error?.message == "\(name) must be \(expected), not '\(value)'.")
    }

    @Test("A wrong value in the file names its key") func aWrongValueInTheFileNamesItsKey() throws {
        let folder = try TemporaryDirectory()
        try AtomicFile.write(Array(#"{"restorePriceBulkPerGB": -2}"#.utf8), to: folder.path("data/cloud.json"))
        let error = #expect(throws: CloudConfigurationError.self) {
            try CloudConfiguration.load(environment: ["HOME": folder.path], dataDirectory: folder.path("data"))
        }
        #expect(error?.message.hasPrefix("'restorePriceBulkPerGB' in ") == true, "\(error?.message ?? "")")
    }
}
