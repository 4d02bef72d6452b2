extension CloudConfiguration {
    /// The cloud settings a file holds, each `nil` when it does not say: `cloud.json` in the
    /// data directory (which the web UI writes), or the `cloud` object of the user's
    /// `config.json` (``ConfigurationFile/cloud``), whose fields win over `cloud.json`'s.
    /// Never the secret: that comes from ``AWSCredentialChain``.
    public struct Settings: Codable, Sendable, Equatable {
        public var endpoint: String?
        public var bucket: String?
        public var folder: String?
        public var region: String?
        public var userID: String?
        public var quotaBytes: Int64?
        // Browsing and restoring the backup (CloudConfiguration+Browsing.swift).
        public var restorePriceStandardPerGB: Double?
        public var restorePriceStandardPer1000Requests: Double?
        public var restorePriceBulkPerGB: Double?
        public var restorePriceBulkPer1000Requests: Double?
        public var downloadCacheBytes: Int64?
        public var restoreCheckSeconds: Double?
        public var debugTiming: Bool?
        /// Whether the endpoint may be link-local or a metadata address; set by hand, never by the form.
        public var allowLinkLocalEndpoint: Bool?

        /// No settings: every value comes from elsewhere or its default.
        public init() {}

        /// These settings with each field that `other` sets replaced by its value.
        func overridden(by other: Settings) -> Settings {
            var merged = self
            merged.endpoint = other.endpoint ?? endpoint
            merged.bucket = other.bucket ?? bucket
            merged.folder = other.folder ?? folder
            merged.region = other.region ?? region
            merged.userID = other.userID ?? userID
            merged.quotaBytes = other.quotaBytes ?? quotaBytes
            merged.restorePriceStandardPerGB = other.restorePriceStandardPerGB ?? restorePriceStandardPerGB
            merged.restorePriceStandardPer1000Requests = other.restorePriceStandardPer1000Requests ?? restorePriceStandardPer1000Requests
            merged.restorePriceBulkPerGB = other.restorePriceBulkPerGB ?? restorePriceBulkPerGB
            merged.restorePriceBulkPer1000Requests = other.restorePriceBulkPer1000Requests ?? restorePriceBulkPer1000Requests
            merged.downloadCacheBytes = other.downloadCacheBytes ?? downloadCacheBytes
            merged.restoreCheckSeconds = other.restoreCheckSeconds ?? restoreCheckSeconds
            merged.debugTiming = other.debugTiming ?? debugTiming
            merged.allowLinkLocalEndpoint = other.allowLinkLocalEndpoint ?? allowLinkLocalEndpoint
            return merged
        }
    }
}
