import Foundation
import PhotolalaS3
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

/// The settings the web UI saves: checked field by field, the key pair in a file only its owner
/// can read, read after the environment and `~/.aws`, which win and are named as overrides.
@Suite struct CloudSettingsEditorTests {
    static let secret = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"

    @Test("Saved settings are in effect and the secret file is the owner's alone") func savedSettingsAreInEffectAndTheSecretFileIsTheOwnersAlone()
        throws
    {
        let folder = try TemporaryDirectory()
        let editor = CloudSettingsEditor(environment: ["HOME": folder.path], dataDirectory: folder.path("data"))
        try editor.save(
            CloudSettingsChange(
                endpoint: " http://127.0.0.1:8333 ", bucket: "my-photos", region: "eu-west-1", userID: "6BA7B810-9DAD-11D1-80B4-00C04FD430C8",
                accessKeyID: "AKIDSAVED", secretAccessKey: Self.secret))
        let configuration = try editor.configuration()
        #expect(configuration.endpoint == "http://127.0.0.1:8333" && configuration.bucket == "my-photos" && configuration.region == "eu-west-1")
        #expect(configuration.userID == "6ba7b810-9dad-11d1-80b4-00c04fd430c8")
        #expect(configuration.credentials == AWSCredentials(accessKeyID: "AKIDSAVED", secretAccessKey: Self.secret))
        #expect(configuration.isConfigured)

        let path = folder.path("data/cloud-credentials")
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode == 0o600, "mode \(String(mode, radix: 8))")
        let settingsFile = try String(contentsOfFile: folder.path("data/cloud.json"), encoding: .utf8)
        #expect(!settingsFile.contains(Self.secret) && !settingsFile.contains("AKIDSAVED"))

        let current = try editor.current()
        #expect(current.hasSecret && current.accessKeyID == "AKIDSAVED" && current.overrides.isEmpty)

        // A blank secret keeps the saved one; a new key id with it keeps it too.
        try editor.save(CloudSettingsChange(region: "us-east-1", accessKeyID: "AKIDOTHER", secretAccessKey: ""))
        #expect(try editor.configuration().credentials == AWSCredentials(accessKeyID: "AKIDOTHER", secretAccessKey: Self.secret))
        #expect(try editor.configuration().bucket == "my-photos", "a field left out is kept")
        // A blank key id and secret delete the pair.
        try editor.save(CloudSettingsChange(accessKeyID: "", secretAccessKey: ""))
        #expect(try editor.configuration().credentials == nil)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test(
        "A wrong field is refused with words and nothing is saved",
        arguments: [
            CloudSettingsChange(endpoint: "file:///etc/passwd"),
            CloudSettingsChange(endpoint: "/etc/passwd"),
            CloudSettingsChange(endpoint: "http://"),
            CloudSettingsChange(bucket: "../../etc"),
            CloudSettingsChange(bucket: "My_Bucket"),
            CloudSettingsChange(bucket: "ab"),
            CloudSettingsChange(region: ""),
            CloudSettingsChange(region: "../x"),
            CloudSettingsChange(userID: "../../me"),
            CloudSettingsChange(accessKeyID: "AKID\n[default]", secretAccessKey: "x"),
            CloudSettingsChange(accessKeyID: "AKID", secretAccessKey: "with spaces \(secret)"),
            CloudSettingsChange(accessKeyID: "AKIDNOSECRET"),
            CloudSettingsChange(secretAccessKey: secret),
        ])
    func aWrongFieldIsRefusedWithWordsAndNothingIsSaved(change: CloudSettingsChange) throws {
        let folder = try TemporaryDirectory()
        let editor = CloudSettingsEditor(environment: ["HOME": folder.path], dataDirectory: folder.path("data"))
        let error = try #require(throws: CloudConfigurationError.self) { try editor.save(change) }
        #expect(error.message.hasSuffix(".") && !error.message.contains(Self.secret), "\(error.message)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("data/cloud.json")))
        #expect(!FileManager.default.fileExists(atPath: folder.path("data/cloud-credentials")))
    }

    @Test("A damaged credentials file is replaced by a whole pair") func aDamagedCredentialsFileIsReplacedByAWholePair() throws {
        let folder = try TemporaryDirectory()
        let editor = CloudSettingsEditor(environment: ["HOME": folder.path], dataDirectory: folder.path("data"))
        try AtomicFile.write(Array("[default]\naws_access_key_id = HALF\n".utf8), to: folder.path("data/cloud-credentials"))
        #expect(throws: CloudConfigurationError.self) { try editor.configuration() }
        try editor.save(CloudSettingsChange(accessKeyID: "AKIDWHOLE", secretAccessKey: Self.secret))
        #expect(try editor.configuration().credentials == AWSCredentials(accessKeyID: "AKIDWHOLE", secretAccessKey: Self.secret))
    }

    @Test("The environment and the AWS profile win and are named") func theEnvironmentAndTheAWSProfileWinAndAreNamed() throws {
        let folder = try TemporaryDirectory()
        let data = folder.path("data")
        try CloudSettingsEditor(environment: ["HOME": folder.path], dataDirectory: data).save(
            CloudSettingsChange(bucket: "saved-bucket", accessKeyID: "AKIDSAVED", secretAccessKey: Self.secret))

        // ~/.aws/credentials wins over the saved pair.
        try AtomicFile.write(
            Array("[default]\naws_access_key_id = PROFILEKEY\naws_secret_access_key = profile-secret\n".utf8), to: folder.path(".aws/credentials"))
        let profile = CloudSettingsEditor(environment: ["HOME": folder.path], dataDirectory: data)
        #expect(try profile.configuration().credentials?.accessKeyID == "PROFILEKEY")
        #expect(
            try profile.current().overrides == [.accessKeyID: folder.path(".aws/credentials"), .secretAccessKey: folder.path(".aws/credentials")])

        // The environment wins over both, field by field.
        let environment = [
            "HOME": folder.path, "PHOTOLALA_S3_BUCKET": "env-bucket", "AWS_REGION": "ap-south-1", "AWS_ACCESS_KEY_ID": "ENVKEY",
            "AWS_SECRET_ACCESS_KEY": "env-secret",
        ]
        let overridden = CloudSettingsEditor(environment: environment, dataDirectory: data)
        let current = try overridden.current()
        #expect(current.bucket == "env-bucket" && current.region == "ap-south-1" && current.accessKeyID == "ENVKEY")
        #expect(
            current.overrides == [
                .bucket: "PHOTOLALA_S3_BUCKET", .region: "AWS_REGION", .accessKeyID: "AWS_ACCESS_KEY_ID", .secretAccessKey: "AWS_ACCESS_KEY_ID",
            ])
        // Without them, the saved pair is read last.
        try FileManager.default.removeItem(atPath: folder.path(".aws/credentials"))
        #expect(try profile.configuration().credentials?.accessKeyID == "AKIDSAVED")
        #expect(try profile.current().overrides.isEmpty)
        // The settings file's cloud object wins over the saved settings, and the environment over it.
        var file = ConfigurationFile()
        file.path = folder.path("config.json")
        file.cloud.bucket = "configured-bucket"
        file.cloud.endpoint = "http://127.0.0.1:8333"
        let configured = try CloudSettingsEditor(environment: ["HOME": folder.path], dataDirectory: data, configurationFile: file).current()
        #expect(configured.bucket == "configured-bucket" && configured.endpoint == "http://127.0.0.1:8333")
        #expect(configured.overrides == [.bucket: folder.path("config.json"), .endpoint: folder.path("config.json")])
        let both = try CloudSettingsEditor(environment: environment, dataDirectory: data, configurationFile: file).current()
        #expect(
            both.bucket == "env-bucket" && both.overrides[.bucket] == "PHOTOLALA_S3_BUCKET" && both.overrides[.endpoint] == folder.path("config.json")
        )
    }
}
