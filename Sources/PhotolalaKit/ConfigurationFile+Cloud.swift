import Foundation

extension ConfigurationFile {
    /// The keys of the `cloud` object: those of `cloud.json` (``CloudConfiguration/Settings``).
    static let cloudKeys = [
        "endpoint", "bucket", "folder", "region", "userID", "quotaBytes", "debugTiming", "restorePriceStandardPerGB",
        "restorePriceStandardPer1000Requests", "restorePriceBulkPerGB", "restorePriceBulkPer1000Requests", "downloadCacheBytes",
        "restoreCheckSeconds", "allowLinkLocalEndpoint",
    ]

    /// Refuses a key that looks like it holds credentials (`secretAccessKey`,
    /// `aws_secret_access_key`, `accessKeyID`, `sessionToken`, `password`…), at the top or in
    /// `cloud`, without repeating its value: the file is not kept private, so a key pair in it
    /// would be read by whoever can read the file or its backups.
    /// - Throws: ``ConfigurationFileError`` naming the key and where credentials go instead.
    static func refuseCredentials(in settings: [String: Any], path: String) throws {
        let cloud = settings["cloud"] as? [String: Any] ?? [:]
        let keys = settings.keys.sorted() + cloud.keys.sorted().map { "cloud." + $0 }
        for key in keys {
            let name = String(key.lowercased().filter { $0.isLetter || $0.isNumber })
            if ["secret", "password", "sessiontoken", "accesskey", "credential"].contains(where: { name.contains($0) }) {
                throw ConfigurationFileError.credentials(path, key)
            }
        }
    }

    /// The `cloud` object's settings, each checked as the web UI's form checks it.
    /// - Parameters:
    ///   - value: The `cloud` value of the file.
    ///   - path: The file, for errors.
    ///   - resolve: Makes a path of the file absolute (`~/`, or against the file's folder).
    /// - Throws: ``ConfigurationFileError`` naming the key at fault, as `cloud.bucket`.
    static func cloudSettings(_ value: Any, path: String, resolve: (String) -> String) throws -> CloudConfiguration.Settings {
        guard let object = value as? [String: Any] else {
            throw ConfigurationFileError.badValue(path, "cloud", expected: #"an object of cloud settings, such as {"bucket": "photos"}"#)
        }
        if let unknown = object.keys.sorted().first(where: { !cloudKeys.contains($0) }) {
            throw ConfigurationFileError.unknownCloudKey(path, unknown, known: cloudKeys)
        }
        func text(_ key: String, expected: String, valid: (String) -> Bool) throws -> String? {
            guard let value = object[key] else { return nil }
            guard let text = value as? String, valid(text) else { throw ConfigurationFileError.badValue(path, "cloud." + key, expected: expected) }
            return text
        }
        func number(_ key: String, expected: String, valid: (Double) -> Bool) throws -> Double? {
            guard let value = object[key] else { return nil }
            guard let number = Self.number(value), number.isFinite, valid(number) else {
                throw ConfigurationFileError.badValue(path, "cloud." + key, expected: expected)
            }
            return number
        }
        func bytes(_ key: String) throws -> Int64? {
            try number(key, expected: "a whole number of bytes (0 or more)") { $0 >= 0 && $0 < 0x1p63 && $0.rounded() == $0 }.map { Int64($0) }
        }
        func price(_ key: String) throws -> Double? {
            try number(key, expected: "a price in US dollars (0 or more)") { $0 >= 0 }
        }
        var cloud = CloudConfiguration.Settings()
        cloud.endpoint = try text(
            "endpoint", expected: "an http:// or https:// URL with a host, such as http://127.0.0.1:8333 (leave it out for AWS S3)",
            valid: CloudSettingsChange.isEndpoint)
        cloud.bucket = try text(
            "bucket", expected: "a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens, starting and ending with a letter or digit",
            valid: CloudSettingsChange.isBucketName)
        cloud.folder = try text("folder", expected: "a path, such as \"/media/backup\"") { !$0.isEmpty }.map(resolve)
        cloud.region = try text("region", expected: "a region such as us-east-1: letters, digits and hyphens", valid: CloudSettingsChange.isRegion)
        cloud.userID = try text("userID", expected: "a UUID such as 3f2504e0-4f89-11d3-9a0c-0305e82c3301") { UUID(uuidString: $0) != nil }
        cloud.quotaBytes = try bytes("quotaBytes")
        if let value = object["debugTiming"] {
            guard let flag = value as? Bool, Self.number(value) == nil else {
                throw ConfigurationFileError.badValue(path, "cloud.debugTiming", expected: "true or false")
            }
            cloud.debugTiming = flag
        }
        if let value = object["allowLinkLocalEndpoint"] {
            guard let flag = value as? Bool, Self.number(value) == nil else {
                throw ConfigurationFileError.badValue(path, "cloud.allowLinkLocalEndpoint", expected: "true or false")
            }
            cloud.allowLinkLocalEndpoint = flag
        }
        cloud.restorePriceStandardPerGB = try price("restorePriceStandardPerGB")
        cloud.restorePriceStandardPer1000Requests = try price("restorePriceStandardPer1000Requests")
        cloud.restorePriceBulkPerGB = try price("restorePriceBulkPerGB")
        cloud.restorePriceBulkPer1000Requests = try price("restorePriceBulkPer1000Requests")
        cloud.downloadCacheBytes = try bytes("downloadCacheBytes")
        cloud.restoreCheckSeconds = try number("restoreCheckSeconds", expected: "a number of seconds from 0.1 to 3600") { $0 >= 0.1 && $0 <= 3600 }
        return cloud
    }
}
