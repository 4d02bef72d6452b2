import Foundation
import PhotolalaS3
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

/// Settings from the file, the environment and the AWS chain; secrets never described.
@Suite struct CloudConfigurationTests {
    @Test("The user ID is created once and kept") func theUserIDIsCreatedOnceAndKept() throws {
        let folder = try TemporaryDirectory()
        let environment = ["HOME": folder.path]
        let first = try CloudConfiguration.load(environment: environment, dataDirectory: folder.path("data"))
        #expect(UUID(uuidString: first.userID) != nil)
        let second = try CloudConfiguration.load(environment: environment, dataDirectory: folder.path("data"))
        #expect(second.userID == first.userID)
        #expect(first.credentials == nil)
        #expect(first.region == "us-east-1")
    }

    @Test("The environment overrides the file") func theEnvironmentOverridesTheFile() throws {
        let folder = try TemporaryDirectory()
        try AtomicFile.write(
            Array(#"{"bucket":"from-file","endpoint":"http://file:1","quotaBytes":5,"userID":"0F2504E0-4F89-11D3-9A0C-0305E82C3301"}"#.utf8),
            to: folder.path("data/cloud.json"))
        let fromFile = try CloudConfiguration.load(environment: ["HOME": folder.path], dataDirectory: folder.path("data"))
        #expect(fromFile.bucket == "from-file" && fromFile.quotaBytes == 5 && fromFile.endpoint == "http://file:1")
        #expect(fromFile.userID == "0f2504e0-4f89-11d3-9a0c-0305e82c3301")
        let environment = [
            "HOME": folder.path, "PHOTOLALA_S3_BUCKET": "from-env", "PHOTOLALA_S3_ENDPOINT": "http://127.0.0.1:8333",
            "PHOTOLALA_QUOTA_BYTES": "1000", "PHOTOLALA_USER_ID": "6BA7B810-9DAD-11D1-80B4-00C04FD430C8", "AWS_REGION": "eu-west-1",
        ]
        let configuration = try CloudConfiguration.load(environment: environment, dataDirectory: folder.path("data"))
        #expect(configuration.bucket == "from-env" && configuration.quotaBytes == 1000 && configuration.region == "eu-west-1")
        #expect(try configuration.location().addressing == .path)
        #expect(configuration.userID == "6ba7b810-9dad-11d1-80b4-00c04fd430c8")
        #expect(throws: CloudConfigurationError.self) {
            try CloudConfiguration.load(
                environment: environment.merging(["PHOTOLALA_QUOTA_BYTES": "lots"]) { $1 }, dataDirectory: folder.path("data"))
        }
        #expect(throws: CloudConfigurationError.self) {
            try CloudConfiguration.load(environment: environment.merging(["PHOTOLALA_USER_ID": "me"]) { $1 }, dataDirectory: folder.path("data"))
        }
    }

    @Test("Credentials come from the environment then the profile files") func credentialsComeFromTheEnvironmentThenTheProfileFiles() throws {
        let folder = try TemporaryDirectory()
        try AtomicFile.write(
            Array(
                "[default]\naws_access_key_id = DEFAULTKEY\naws_secret_access_key = default-secret\n\n[work]\naws_access_key_id=WORKKEY\naws_secret_access_key=work-secret\naws_session_token=work-token\n"
                    .utf8),
            to: folder.path(".aws/credentials"))
        try AtomicFile.write(Array("[profile work]\nregion = ap-northeast-1\n[default]\nregion=us-west-2\n".utf8), to: folder.path(".aws/config"))
        let home = ["HOME": folder.path]
        #expect(try AWSCredentialChain(environment: home).credentials()?.accessKeyID == "DEFAULTKEY")
        #expect(AWSCredentialChain(environment: home).region() == "us-west-2")
        let work = AWSCredentialChain(environment: home.merging(["AWS_PROFILE": "work"]) { $1 })
        #expect(try work.credentials() == AWSCredentials(accessKeyID: "WORKKEY", secretAccessKey: "work-secret", sessionToken: "work-token"))
        #expect(work.region() == "ap-northeast-1")
        let environment = home.merging(["AWS_ACCESS_KEY_ID": "ENVKEY", "AWS_SECRET_ACCESS_KEY": "env-secret", "AWS_DEFAULT_REGION": "eu-central-1"]) {
            $1
        }
        #expect(try AWSCredentialChain(environment: environment).credentials()?.accessKeyID == "ENVKEY")
        #expect(AWSCredentialChain(environment: environment).region() == "eu-central-1")
        #expect(throws: CloudConfigurationError.self) { try AWSCredentialChain(environment: ["AWS_ACCESS_KEY_ID": "HALF"]).credentials() }
    }

    @Test("The region comes from the environment then the file then the profile") func theRegionComesFromTheEnvironmentThenTheFileThenTheProfile()
        throws
    {
        let folder = try TemporaryDirectory()
        let data = folder.path("data")
        let home = ["HOME": folder.path]
        #expect(try CloudConfiguration.load(environment: home, dataDirectory: data).region == "us-east-1")
        try AtomicFile.write(Array("[default]\nregion = us-west-2\n".utf8), to: folder.path(".aws/config"))
        #expect(try CloudConfiguration.load(environment: home, dataDirectory: data).region == "us-west-2")
        var settings = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: data + "/cloud.json"))) as? [String: Any] ?? [:]
        settings["region"] = "eu-north-1"
        try AtomicFile.write(Array(try JSONSerialization.data(withJSONObject: settings)), to: data + "/cloud.json")
        #expect(try CloudConfiguration.load(environment: home, dataDirectory: data).region == "eu-north-1")
        let defaultRegion = home.merging(["AWS_DEFAULT_REGION": "ap-south-1"]) { $1 }
        #expect(try CloudConfiguration.load(environment: defaultRegion, dataDirectory: data).region == "ap-south-1")
        let region = defaultRegion.merging(["AWS_REGION": "sa-east-1"]) { $1 }
        #expect(try CloudConfiguration.load(environment: region, dataDirectory: data).region == "sa-east-1")
    }

    @Test("The settings file wins over cloud.json and loses to the environment") func theSettingsFileWinsOverCloudJSONAndLosesToTheEnvironment()
        throws
    {
        let folder = try TemporaryDirectory()
        let data = folder.path("data")
        let home = ["HOME": folder.path]
        try AtomicFile.write(
            Array(#"{"bucket":"saved","endpoint":"http://saved:1","region":"eu-north-1","quotaBytes":5,"restoreCheckSeconds":30}"#.utf8),
            to: data + "/cloud.json")
        var file = ConfigurationFile()
        file.cloud.bucket = "configured"
        file.cloud.region = "eu-west-3"
        file.cloud.userID = "3F2504E0-4F89-11D3-9A0C-0305E82C3301"
        file.cloud.downloadCacheBytes = 1000
        let configured = try CloudConfiguration.load(environment: home, dataDirectory: data, configurationFile: file)
        #expect(configured.bucket == "configured" && configured.region == "eu-west-3" && configured.downloadCacheBytes == 1000)
        #expect(configured.userID == "3f2504e0-4f89-11d3-9a0c-0305e82c3301")
        // What the settings file does not set, cloud.json still does.
        #expect(configured.endpoint == "http://saved:1" && configured.quotaBytes == 5 && configured.restoreCheckDelay == .seconds(30))
        // The file's user id was used, so none was made up and saved, and nothing of the file was copied into cloud.json.
        let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: data + "/cloud.json"))) as? [String: Any]
        #expect(saved?["userID"] == nil && saved?["bucket"] as? String == "saved")

        let environment = home.merging(["PHOTOLALA_S3_BUCKET": "from-env", "AWS_REGION": "us-west-1"]) { $1 }
        let overridden = try CloudConfiguration.load(environment: environment, dataDirectory: data, configurationFile: file)
        #expect(overridden.bucket == "from-env" && overridden.region == "us-west-1")

        file.cloud = CloudConfiguration.Settings()
        file.cloud.folder = folder.path("backup")
        let toFolder = try CloudConfiguration.load(environment: home, dataDirectory: data, configurationFile: file)
        #expect(toFolder.isConfigured)
        #expect(try toFolder.objectStore() is LocalDirectoryObjectStore)
    }

    @Test("Debug timing comes from the file or the environment") func debugTimingComesFromTheFileOrTheEnvironment() throws {
        let folder = try TemporaryDirectory()
        let data = folder.path("data")
        let home = ["HOME": folder.path]
        #expect(try CloudConfiguration.load(environment: home, dataDirectory: data).debugTiming == false)
        #expect(try CloudConfiguration.load(environment: home.merging(["PHOTOLALA_DEBUG_TIMING": "1"]) { $1 }, dataDirectory: data).debugTiming)
        try AtomicFile.write(Array(#"{"debugTiming":true}"#.utf8), to: data + "/cloud.json")
        #expect(try CloudConfiguration.load(environment: home, dataDirectory: data).debugTiming)
        #expect(
            try CloudConfiguration.load(environment: home.merging(["PHOTOLALA_DEBUG_TIMING": "0"]) { $1 }, dataDirectory: data).debugTiming == false)
        let error = #expect(throws: CloudConfigurationError.self) {
            try CloudConfiguration.load(environment: home.merging(["PHOTOLALA_DEBUG_TIMING": "soon"]) { $1 }, dataDirectory: data)
        }
        #expect(error?.message.contains("PHOTOLALA_DEBUG_TIMING") == true)
    }

    @Test("The description never shows the secret") func theDescriptionNeverShowsTheSecret() throws {
        let folder = try TemporaryDirectory()
        let environment = [
            "HOME": folder.path, "AWS_ACCESS_KEY_ID": "AKIDSHOWN", "AWS_SECRET_ACCESS_KEY": "s3cr3t-never-shown",
            "AWS_SESSION_TOKEN": "token-never-shown",
        ]
        let configuration = try CloudConfiguration.load(environment: environment, dataDirectory: folder.path("data"))
        var dumped = ""
        dump(configuration, to: &dumped)
        for text in ["\(configuration)", String(reflecting: configuration), "\(String(describing: configuration.credentials))", dumped] {
            #expect(!text.contains("s3cr3t-never-shown") && !text.contains("token-never-shown"))
        }
        #expect("\(configuration)".contains("AKIDSHOWN"))
        #expect(throws: CloudConfigurationError.self) {
            try CloudConfiguration.load(environment: ["HOME": folder.path], dataDirectory: folder.path("data")).objectStore()
        }
    }

    @Test("A backup folder needs no bucket or credentials") func aBackupFolderNeedsNoBucketOrCredentials() async throws {
        let folder = try TemporaryDirectory()
        let nas = folder.path("nas")
        let configuration = try CloudConfiguration.load(
            environment: ["HOME": folder.path, "PHOTOLALA_BACKUP_FOLDER": nas], dataDirectory: folder.path("data"))
        #expect(configuration.isConfigured && configuration.credentials == nil)
        #expect("\(configuration)".contains("backup folder: \(nas)") && !"\(configuration)".contains("bucket"))
        let store = try configuration.objectStore()
        #expect(store is LocalDirectoryObjectStore)
        _ = try await store.put("photos/x.dat", body: Array("photo".utf8), options: PutOptions(storageClass: .deepArchive))
        #expect(FileManager.default.fileExists(atPath: nas + "/objects/photos/x.dat"))
    }
}
