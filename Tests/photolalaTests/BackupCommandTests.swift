import Foundation
import PhotolalaKit
import PhotolalaS3
import PhotolalaTestSupport
import Testing

/// `photolala backup` and `photolala cloud` against SeaweedFS, through the built binary.
@Suite("photolala backup and cloud")
struct BackupCommandTests {
    /// Environment pointing the CLI at `store`'s bucket on `server`.
    static func environment(_ server: SeaweedFS, bucket: String, secret: String? = nil) -> [String: String] {
        [
            "PHOTOLALA_S3_ENDPOINT": server.endpoint, "PHOTOLALA_S3_BUCKET": bucket, "AWS_ACCESS_KEY_ID": server.accessKey,
            "AWS_SECRET_ACCESS_KEY": secret ?? server.secretKey, "AWS_REGION": "us-east-1",
            "PHOTOLALA_USER_ID": userID,
        ]
    }

    static let userID = "6ba7b810-9dad-11d1-80b4-00c04fd430c8"

    static func bucket(on server: SeaweedFS) async throws -> S3ObjectStore {
        let location = try S3Location(endpoint: server.endpoint, bucket: "cli" + UUID().uuidString.lowercased().prefix(8), region: "us-east-1")
        let store = S3ObjectStore(
            location: location, credentials: AWSCredentials(accessKeyID: server.accessKey, secretAccessKey: server.secretKey),
            retry: RetryPolicy(maximumAttempts: 40, baseDelay: .milliseconds(100), maximumDelay: .milliseconds(400)))
        try await store.createBucket()
        return store
    }

    @Test("backup star, status --json, run, and a re-run that uploads nothing")
    func starAndRun() async throws {
        guard let server = try await SeaweedFS.shared() else { return print("skipped: \(await SeaweedFS.unavailableReason ?? "")") }
        let store = try await Self.bucket(on: server)
        let cli = try CLI()
        let environment = Self.environment(server, bucket: store.location.bucket)
        let photos = cli.folder.path("photos")
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        for name in ["photo.gif", "orientation6.jpg"] {
            try FileManager.default.copyItem(atPath: try await Fixtures.file(name).path, toPath: photos + "/" + name)
        }
        let star = try await cli.run("backup", "star", photos + "/photo.gif", photos + "/orientation6.jpg", environment: environment)
        #expect(star.status == 0, "\(star.standardError)")
        let queued = try await cli.run("backup", "status", "--json", environment: environment)
        #expect(
            queued.standardOutput
                == #"{"bytesTotal":\#(try Self.size(photos + "/photo.gif") + Self.size(photos + "/orientation6.jpg")),"bytesUploaded":0,"done":0,"failed":0,"queued":2,"uploading":0}"#
                + "\n")
        let run = try await cli.run("backup", "run", environment: environment)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("2 uploaded, 0 already in the cloud, 0 failed"))
        let md5 = try ContentHash.md5(ofFileAt: photos + "/orientation6.jpg")
        let layout = CloudLayout(userID: "6ba7b810-9dad-11d1-80b4-00c04fd430c8")
        #expect(try await store.head(layout.photo(md5))?.storageClass == .deepArchive)
        #expect(try await store.tags(layout.photo(md5)) == ["Format": "JPEG"])
        #expect(try await store.head(layout.manifest) != nil)
        let done = try await cli.run("backup", "status", environment: environment)
        #expect(done.standardOutput.hasSuffix("0 queued, 0 uploading, 2 backed up, 0 failed.\n"))
        #expect(done.standardOutput.contains("☁️ \(md5)"))
        #expect(try await cli.run("backup", "star", photos + "/orientation6.jpg", environment: environment).status == 0)
        let again = try await cli.run("backup", "run", environment: environment)
        #expect(again.standardOutput.hasPrefix("0 uploaded, 1 already in the cloud, 0 failed"), "\(again.standardOutput)")
    }

    /// The issue's acceptance check, through AWS's own command line: what `backup star` and
    /// `backup run` stored, as `aws s3api` sees it.
    @Test("after backup star and run, the AWS CLI sees Deep Archive and the Format tag, Standard thumbnails, binary plists and the catalog")
    func acceptanceThroughTheAWSCommandLine() async throws {
        guard let server = try await SeaweedFS.shared() else { return print("skipped: \(await SeaweedFS.unavailableReason ?? "")") }
        guard let aws = try await AWSCommandLine(server: server) else { return print("skipped: the AWS CLI ('aws') is not installed") }
        let store = try await Self.bucket(on: server)
        let bucket = store.location.bucket
        let cli = try CLI()
        let environment = Self.environment(server, bucket: bucket)
        let photos = cli.folder.path("photos")
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        let formats = ["orientation6.jpg": "JPEG", "photo.heic": "HEIF", "photo.png": "PNG"]
        for name in formats.keys {
            try FileManager.default.copyItem(atPath: try await Fixtures.file(name).path, toPath: photos + "/" + name)
        }
        let star = try await cli.run(["backup", "star"] + formats.keys.sorted().map { photos + "/" + $0 }, environment: environment)
        #expect(star.status == 0, "\(star.standardError)")
        let run = try await cli.run(["backup", "run"], environment: environment)
        #expect(run.status == 0, "\(run.standardError)")

        let layout = CloudLayout(userID: Self.userID)
        var md5s: [String] = []
        for (name, format) in formats {
            let md5 = try ContentHash.md5(ofFileAt: photos + "/" + name)
            md5s.append(md5)
            let photo = try await aws.json(["s3api", "head-object", "--bucket", bucket, "--key", layout.photo(md5)])
            #expect(photo["StorageClass"] as? String == "DEEP_ARCHIVE", "\(name): \(photo)")
            if let count = photo["TagCount"] as? Int {
                #expect(count == 1)
            }
            #expect(try await store.head(layout.photo(md5))?.tagCount == 1)
            let tagging = try await aws.json(["s3api", "get-object-tagging", "--bucket", bucket, "--key", layout.photo(md5)])
            let tags = (tagging["TagSet"] as? [[String: String]] ?? []).map { "\($0["Key"] ?? "")=\($0["Value"] ?? "")" }
            #expect(tags == ["Format=\(format)"], "\(name)")
            // S3 leaves StorageClass out for STANDARD; SeaweedFS names the class it was given.
            let thumbnail = try await aws.json(["s3api", "head-object", "--bucket", bucket, "--key", layout.thumbnail(md5)])
            #expect(["STANDARD", nil].contains(thumbnail["StorageClass"] as? String), "\(thumbnail)")
            #expect(thumbnail["ContentType"] as? String == "image/jpeg")
            let plist = cli.folder.path("\(md5).plist")
            _ = try await aws.json(["s3api", "get-object", "--bucket", bucket, "--key", layout.metadata(md5), plist])
            let read = try await Shell.run(
                "python3",
                [
                    "-c",
                    "import plistlib, sys; data = open(sys.argv[1], 'rb').read(); assert data.startswith(b'bplist00'); print(plistlib.loads(data)['originalFilename'])",
                    plist,
                ])
            #expect(read == name + "\n")
        }
        let catalog = cli.folder.path("catalog")
        try await aws.run(["s3", "cp", "--recursive", "s3://\(bucket)/\(layout.catalogPrefix)", catalog])
        #expect(FileManager.default.fileExists(atPath: catalog + "/manifest.plist"))
        for md5 in md5s {
            // Shards are content-addressed: `shards/{index}-{sha256}.csv`.
            let name = try #require(
                try FileManager.default.contentsOfDirectory(atPath: catalog + "/shards").first { $0.hasPrefix("\(md5.prefix(1))-") })
            let shard = try String(contentsOfFile: catalog + "/shards/" + name, encoding: .utf8)
            #expect(shard.hasPrefix("md5,filename,size,photodate,modified,width,height,applephotoid\n"))
            #expect(shard.split(separator: "\n").contains { $0.hasPrefix(md5 + ",") }, "\(md5) in \(name)")
        }
    }

    @Test("a failing run with a wrong secret never prints the secret")
    func wrongSecret() async throws {
        guard let server = try await SeaweedFS.shared() else { return print("skipped: \(await SeaweedFS.unavailableReason ?? "")") }
        let store = try await Self.bucket(on: server)
        let cli = try CLI()
        let secret = "never-print-me-\(UUID().uuidString)"
        let environment = Self.environment(server, bucket: store.location.bucket, secret: secret)
        let photo = try await Fixtures.file("photo.gif").path
        #expect(try await cli.run("backup", "star", photo, environment: environment).status == 0)
        let run = try await cli.run("backup", "run", environment: environment)
        #expect(run.status != 0)
        // HEAD answers carry no body, so a refused HEAD is reported by its status.
        #expect(run.standardError.contains("HTTP 403"), "\(run.standardError)")
        let config = try await cli.run("cloud", "config", environment: environment)
        #expect(config.standardOutput.contains("bucket: \(store.location.bucket)"))
        #expect(config.standardOutput.contains("access key \(server.accessKey)"))
        let help = try await cli.run("backup", "run", "--help", environment: environment)
        let status = try await cli.run("backup", "status", environment: environment)
        #expect(status.standardOutput.contains("❌"))
        #expect(status.standardOutput.contains("HTTP 403"), "\(status.standardOutput)")
        // The run's failure is every photo's: no reason names one photo's key.
        #expect(!status.standardOutput.contains("photos/\(Self.userID)/"), "\(status.standardOutput)")
        for output in [run, config, help, status] {
            #expect(!(output.standardOutput + output.standardError).contains(secret))
        }
    }

    @Test("backup unstar finds a photo by the path it was starred under, even deleted; a photo not starred is an error")
    func unstarByPath() async throws {
        let cli = try CLI()
        let photos = cli.folder.path("photos")
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        for name in ["photo.gif", "orientation6.jpg"] {
            try FileManager.default.copyItem(atPath: try await Fixtures.file(name).path, toPath: photos + "/" + name)
        }
        let jpeg = photos + "/orientation6.jpg"
        let gif = photos + "/photo.gif"
        let md5 = try ContentHash.md5(ofFileAt: jpeg)
        #expect(try await cli.run("backup", "star", jpeg, gif).status == 0)
        try FileManager.default.removeItem(atPath: jpeg)
        let unstar = try await cli.run("backup", "unstar", jpeg)
        #expect(unstar.status == 0, "\(unstar.standardError)")
        #expect(unstar.standardOutput == "unstarred \(md5)  \(jpeg)\n")
        let again = try await cli.run("backup", "unstar", jpeg, gif)
        #expect(again.status == 1)
        #expect(again.standardError.contains("error: \(jpeg): '\(jpeg)' is not starred"), "\(again.standardError)")
        #expect(again.standardOutput.contains("unstarred \(try ContentHash.md5(ofFileAt: gif))  \(gif)"))
        #expect(try await cli.run("backup", "status", "--json").standardOutput.contains(#""queued":0"#))
    }

    @Test("cloud usage counts the user's bytes")
    func usage() async throws {
        guard let server = try await SeaweedFS.shared() else { return print("skipped: \(await SeaweedFS.unavailableReason ?? "")") }
        let store = try await Self.bucket(on: server)
        _ = try await store.put("photos/6ba7b810-9dad-11d1-80b4-00c04fd430c8/x.dat", body: [UInt8](repeating: 1, count: 1234), options: PutOptions())
        _ = try await store.put("photos/someone-else/y.dat", body: [1, 2, 3], options: PutOptions())
        let output = try await CLI().run(
            "cloud", "usage", environment: Self.environment(server, bucket: store.location.bucket).merging(["PHOTOLALA_QUOTA_BYTES": "5000"]) { $1 })
        #expect(output.standardOutput == "1,234 bytes used of 5,000 bytes (quota).\n", "\(output.standardError)")
    }

    static func size(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }
}

/// AWS's own command line (`aws`), pointed at a SeaweedFS with its test credentials.
struct AWSCommandLine {
    let server: SeaweedFS

    /// `nil` when `aws` is not installed (a failure instead under `make test`).
    init?(server: SeaweedFS) async throws {
        guard try await Shell.capture("/bin/sh", ["-c", "command -v aws"]).status == 0 else {
            try TestServers.unavailable("the AWS CLI ('aws')", install: "pip install awscli")
            return nil
        }
        self.server = server
    }

    /// Runs `aws ARGUMENTS --endpoint-url …` and returns its output; AWS_CA_BUNDLE, set on
    /// these machines for other hosts, is left out, as the CLI refuses a bundle it cannot use.
    @discardableResult
    func run(_ arguments: [String]) async throws -> String {
        try await Shell.run(
            "/usr/bin/env",
            ["-u", "AWS_CA_BUNDLE", "-u", "AWS_PROFILE", "aws"] + arguments + ["--endpoint-url", server.endpoint, "--output", "json"],
            environment: [
                "AWS_ACCESS_KEY_ID": server.accessKey, "AWS_SECRET_ACCESS_KEY": server.secretKey, "AWS_DEFAULT_REGION": "us-east-1",
                "AWS_REGION": "us-east-1",
            ])
    }

    /// The JSON `aws` printed.
    func json(_ arguments: [String]) async throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(try await run(arguments).utf8)) as? [String: Any] ?? [:]
    }
}
