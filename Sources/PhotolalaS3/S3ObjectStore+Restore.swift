import Foundation
import NIOHTTP1
import PhotolalaSupport

extension S3ObjectStore {
    /// S3 RestoreObject (`POST ?restore`). A restore already under way (409) is not an error:
    /// asking twice must not fail a batch.
    public func restore(_ key: String, days: Int, tier: RestoreTier) async throws {
        let body = Array(
            """
            <RestoreRequest xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Days>\(days)</Days>\
            <GlacierJobParameters><Tier>\(tier.rawValue)</Tier></GlacierJobParameters></RestoreRequest>
            """.utf8)
        _ = try await send(
            .POST, key: key, query: [("restore", "")], headers: [("content-md5", ContentHash.base64MD5(of: body))], body: body,
            operation: "RestoreObject", accept: [409])
    }
}
