import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import PhotolalaS3
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit
@testable import PhotolalaServer

/// The Cloud source of a second device, against a real SeaweedFS: the synced catalog listed,
/// thumbnails with their MD5 as entity tag, the backup in the inspector, originals refused while
/// in Deep Archive, priced restores without Expedited, a sync bringing new photos into the open
/// listing, and the catalog offline after a sync.
@Suite("The cloud API")
struct CloudAPITests {
    static let userID = "9b2f6c1d-3e4a-4b5c-8d6e-7f8091a2b3c4"

    @Test("Device B browses device A's backup, then offline from the catalog it synced")
    func secondDeviceBrowsesTheBackup() async throws {
        guard let server = try await SeaweedFS.shared() else {
            return print("skipped: \(await SeaweedFS.unavailableReason ?? "SeaweedFS unavailable")")
        }
        let folder = try TemporaryDirectory()
        let bucket = "cloud" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(20)
        let credentials = AWSCredentials(accessKeyID: server.accessKey, secretAccessKey: server.secretKey)
        let store = S3ObjectStore(location: try S3Location(endpoint: server.endpoint, bucket: bucket, region: "us-east-1"), credentials: credentials)
        try await store.createBucket()

        // Device A backs up two photos.
        let photos = folder.path("photos")
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        let names = ["orientation6.jpg", "photo-4000x3000.jpg"]
        for name in names {
            try FileManager.default.copyItem(atPath: try await Fixtures.file(name).path, toPath: photos + "/" + name)
        }
        let md5s = try names.map { try ContentHash.md5(ofFileAt: photos + "/" + $0) }.sorted()
        let deviceA = try makeEngine(in: folder, device: "a")
        let report = try await deviceA.backupService(store: store, userID: Self.userID).backUp(names.map { photos + "/" + $0 })
        #expect(report.uploaded.count == 2)

        // Device B, with data folders of its own, browses it.
        let deviceB = try makeEngine(in: folder, device: "b")
        var online = CloudConfiguration(
            endpoint: server.endpoint, bucket: bucket, region: "us-east-1", userID: Self.userID, quotaBytes: nil, credentials: credentials,
            settingsFile: folder.path("b/data/cloud.json"))
        // Prices are settings: $1,000 per GB and nothing per request make a figure to check.
        online.retrievalPricing.bulkPerGB = 1_000
        online.retrievalPricing.bulkPerThousandRequests = 0
        // An earlier check saved a restored copy of the second photo whose expiry has passed.
        let now = Date()
        try deviceB.database.write { db in
            try db.execute(
                sql: "INSERT INTO restoreRequest (md5, state, tier, days, requested, expiry, checked) VALUES (?, 'restored', 'Bulk', 1, ?, ?, ?)",
                arguments: [md5s[1], now.addingTimeInterval(-90_000), now.addingTimeInterval(-60), now.addingTimeInterval(-3_600)])
        }
        // The metadata of the second photo is lost from the bucket: the catalog's fields stand in.
        try await store.delete(CloudLayout(userID: Self.userID).metadata(md5s[1]))
        try await app(cloud: online, engine: deviceB, folder: folder).test(.router) { client in
            let sync = try await settledSync(client) { $0["lastSyncDate"] != nil || $0["error"] != nil }
            #expect(sync["photoCount"] as? Int == 2 && sync["error"] == nil, "\(sync)")
            let rows = try await APITestSupport.rows(client, source: "cloud", folder: "~")
            #expect(rows.compactMap { $0[0] as? String }.sorted() == md5s)
            #expect(Set(rows.compactMap { $0[1] as? String }) == Set(names))

            for md5 in md5s {
                try await client.execute(uri: "/api/sources/cloud/folders/~/items/\(md5)/thumbnail", method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(response.headers[.contentType] == "image/jpeg")
                    #expect(response.headers[.eTag] == "\"\(md5)\"")
                    #expect(Array(response.body.readableBytesView.prefix(2)) == [0xFF, 0xD8])
                }
            }
            try await client.execute(
                uri: "/api/sources/cloud/folders/~/items/\(md5s[0])/thumbnail", method: .get, headers: [.ifNoneMatch: "\"\(md5s[0])\""]
            ) { #expect($0.status == .notModified) }

            let metadata = try await client.execute(uri: "/api/sources/cloud/folders/~/items/\(md5s[0])/metadata", method: .get) {
                try APITestSupport.json($0)
            }
            #expect(metadata["md5"] as? String == md5s[0])
            let details = (metadata["details"] as? [[String: Any]] ?? []).reduce(into: [String: String]()) { lines, detail in
                lines[detail["field"] as? String ?? ""] = detail["value"] as? String
            }
            #expect(details["backup"]?.hasPrefix("Backed up on ") == true && details["backup"]?.hasSuffix(", Deep Archive") == true, "\(details)")
            #expect(details["backup"]?.contains(":") == false, "the date alone, no time: \(details)")
            // The page writes the date itself, as it writes every date: the line comes with its
            // template and the date as ISO 8601.
            let backupLine = try #require((metadata["details"] as? [[String: Any]])?.first { $0["field"] as? String == "backup" })
            #expect(backupLine["template"] as? String == "Backed up on {date}, Deep Archive", "\(backupLine)")
            #expect(backupLine["dateStyle"] as? String == "day")
            let backedUp = try #require(try (backupLine["date"] as? String).map { try Date($0, strategy: .iso8601) })
            #expect(abs(backedUp.timeIntervalSinceNow) < 3_600, "\(backupLine)")
            #expect(details["original"] == "In Deep Archive: restore it to download")
            #expect(details["cloudMetadata"] == nil)

            let lost = try await client.execute(uri: "/api/sources/cloud/folders/~/items/\(md5s[1])/metadata", method: .get) {
                try APITestSupport.json($0)
            }
            #expect(lost["md5"] as? String == md5s[1] && lost["width"] as? Int != nil, "the catalog's fields: \(lost)")
            let lostDetails = (lost["details"] as? [[String: Any]] ?? []).reduce(into: [String: String]()) { lines, detail in
                lines[detail["field"] as? String ?? ""] = detail["value"] as? String
            }
            #expect(lostDetails["cloudMetadata"]?.hasPrefix("The cloud metadata could not be read") == true, "\(lostDetails)")
            // Restored until a minute ago: archived again, wherever it shows.
            #expect(lostDetails["original"] == "In Deep Archive: restore it to download", "\(lostDetails)")
            let restores = try await client.execute(uri: "/api/cloud/restores", method: .get) { try APITestSupport.json($0) }
            #expect((restores["items"] as? [[String: Any]])?.map { $0["state"] as? String } == ["archived"], "\(restores)")
            let badges = try await client.execute(uri: "/api/sources/cloud/folders/~/backup", method: .get) { try APITestSupport.json($0) }
            #expect((badges["items"] as? [String: Any])?.isEmpty == true, "\(badges)")

            try await client.execute(uri: "/api/sources/cloud/folders/~/items/\(md5s[0])/full", method: .get) { response in
                #expect(response.status == .conflict)
                #expect(String(decoding: response.body.readableBytesView, as: UTF8.self).contains("Restore Original"))
                #expect((try? APITestSupport.json(response))?["reason"] as? String == "inDeepArchive")
            }
            // Keys are made from MD5s only: nothing else reaches the bucket.
            for id in ["..%2F..%2Fcatalogs%2F\(Self.userID)%2F.photolala%2Fmanifest", "IMG_0001.JPG", String(repeating: "g", count: 32)] {
                for endpoint in ["thumbnail", "full", "original"] {
                    try await client.execute(uri: "/api/sources/cloud/folders/~/items/\(id)/\(endpoint)", method: .get) { response in
                        #expect([.notFound, .badRequest].contains(response.status), "\(endpoint) of \(id): \(response.status)")
                    }
                }
            }
            #expect(try await post(client, "/api/cloud/restore", ["ids": ["../../x"], "tier": "Bulk", "days": 1]).status == .notFound)
            let expedited = try await post(client, "/api/cloud/restore/estimate", ["ids": [md5s[0]], "tier": "Expedited"])
            #expect(expedited.status == .badRequest)
            #expect((expedited.json["error"] as? String)?.contains("no Expedited tier") == true)
            let estimate = try await post(client, "/api/cloud/restore/estimate", ["ids": md5s, "tier": "Bulk"])
            #expect(estimate.status == .ok && estimate.json["photos"] as? Int == 2)
            let bytes = try names.map { try FileStatus(path: photos + "/" + $0).size }.reduce(0, +)
            #expect(abs((estimate.json["totalCost"] as? Double ?? 0) - Double(bytes) / Double(1 << 30) * 1_000) < 1e-9, "\(estimate.json)")
            #expect((estimate.json["summary"] as? String)?.contains("Bulk (about 48 hours)") == true)
            let noDays = try await post(client, "/api/cloud/restore", ["ids": [md5s[0]], "tier": "Bulk"])
            #expect(noDays.status == .badRequest)

            // Device A backs up one more: a sync on demand brings it into the open listing.
            let southwest = photos + "/southwest.jpg"
            try FileManager.default.copyItem(atPath: try await Fixtures.file("southwest.jpg").path, toPath: southwest)
            #expect(try await deviceA.backupService(store: store, userID: Self.userID).backUp([southwest]).uploaded.count == 1)
            #expect(try await post(client, "/api/cloud/sync", [:]).status == .accepted)
            let added = try ContentHash.md5(ofFileAt: southwest)
            var listed: [String] = []
            for _ in 0..<400 {
                listed = try await APITestSupport.rows(client, source: "cloud", folder: "~").compactMap { $0[0] as? String }
                if listed.contains(added) { break }
                try await Task.sleep(for: .milliseconds(25))
            }
            #expect(listed.sorted() == (md5s + [added]).sorted())
        }

        // The store is gone (nothing listens on its port): the synced catalog and the
        // thumbnails seen before still show, and the sync says it is offline since when.
        var offline = online
        offline.endpoint = "http://127.0.0.1:\(try SeaweedFS.freePorts(1)[0])"
        try await app(cloud: offline, engine: deviceB, folder: folder).test(.router) { client in
            let sync = try await settledSync(client) { $0["error"] != nil }
            #expect(sync["isOffline"] as? Bool == true, "\(sync)")
            #expect((sync["error"] as? String)?.contains("Showing the catalog synced on") == true, "\(sync)")
            #expect(sync["photoCount"] as? Int == 3)
            let rows = try await APITestSupport.rows(client, source: "cloud", folder: "~")
            #expect(rows.count == 3)
            // The backup date the inspector showed online is remembered.
            let metadata = try await client.execute(uri: "/api/sources/cloud/folders/~/items/\(md5s[0])/metadata", method: .get) {
                try APITestSupport.json($0)
            }
            let backup = (metadata["details"] as? [[String: Any]])?.first { $0["field"] as? String == "backup" }?["value"] as? String
            #expect(backup?.hasPrefix("Backed up on ") == true && backup?.hasSuffix(", Deep Archive") == true, "\(metadata)")
            try await client.execute(uri: "/api/sources/cloud/folders/~/items/\(md5s[1])/thumbnail", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.eTag] == "\"\(md5s[1])\"")
            }
        }
    }

    private func app(cloud: CloudConfiguration, engine: Engine, folder: TemporaryDirectory) throws -> some ApplicationProtocol {
        try FileManager.default.createDirectory(atPath: folder.path("here"), withIntermediateDirectories: true)
        var configuration = ServerConfiguration(folders: [folder.path("here")], port: 0)
        configuration.cloud = cloud
        return try APITestSupport.application(configuration, engine: engine)
    }

    /// The sync's state once the sync the server starts by itself has ended, as `ended` tells.
    private func settledSync(_ client: some TestClientProtocol, ended: ([String: Any]) -> Bool) async throws -> [String: Any] {
        for _ in 0..<1_200 {
            let sync = try await client.execute(uri: "/api/cloud/sync", method: .get) { try APITestSupport.json($0) }
            if sync["syncing"] as? Bool == false, let state = sync["state"] as? [String: Any], ended(state) {
                return state
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("the cloud catalog never finished syncing")
        return [:]
    }

    private func post(
        _ client: some TestClientProtocol, _ uri: String, _ body: [String: Any]
    ) async throws -> (
        status: HTTPResponse.Status, json: [String: Any]
    ) {
        let data = try JSONSerialization.data(withJSONObject: body)
        // The page's own origin, as a browser sends it: state-changing requests need it. The
        // test client names the server "localhost".
        return try await client.execute(
            uri: uri, method: .post, headers: [.contentType: "application/json", .origin: "http://localhost"], body: ByteBuffer(bytes: data)
        ) {
            ($0.status, (try? APITestSupport.json($0)) ?? [:])
        }
    }
}
