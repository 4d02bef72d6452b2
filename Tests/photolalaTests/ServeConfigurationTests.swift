import Foundation
import PhotolalaKit
import PhotolalaTestSupport
import Testing

/// `photolala serve` with a settings file: what the file says is served unless the command line
/// says otherwise, and a bad file stops it with the file and key named.
@Suite("photolala serve with a settings file")
struct ServeConfigurationTests {
    /// Makes two photo folders, `a` and `b`, in `cli`'s folder.
    private static func folders(_ cli: CLI) async throws {
        for name in ["a", "b"] {
            try FileManager.default.createDirectory(atPath: cli.folder.path(name), withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: try await Fixtures.file("photo.gif").path, toPath: cli.folder.path(name + "/photo.gif"))
        }
    }

    @Test("Folders and token come from the file; folders, port and token on the command line win")
    func precedence() async throws {
        let cli = try CLI()
        try await Self.folders(cli)
        let settings = cli.folder.path("settings.json")
        // Port 1 is privileged and taken by nothing: the server only starts if --port 0 wins.
        try AtomicFile.write(Array(#"{"folders": ["a", "b"], "port": 1, "token": "from-the-file"}"#.utf8), to: settings)

        let fromFile = try await RunningServer(cli, ["--config", settings])
        #expect(fromFile.line.hasPrefix("Photolala is serving 2 folders at http://127.0.0.1:"))
        #expect(fromFile.url.hasSuffix("/?token=from-the-file"))
        let base = String(fromFile.url.prefix { $0 != "?" })
        #expect(try await Shell.run("curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", base + "api/sources"]) == "401")

        let fromCommandLine = try await RunningServer(cli, ["--config", settings, cli.folder.path("a"), "--token", "from-the-flag"])
        #expect(fromCommandLine.line.hasPrefix("Photolala is serving 1 folder at "))
        #expect(fromCommandLine.url.hasSuffix("/?token=from-the-flag"))
    }

    @Test("The file at $XDG_CONFIG_HOME/photolala/config.json is read without --config")
    func defaultLocation() async throws {
        let cli = try CLI()
        try await Self.folders(cli)
        try AtomicFile.write(Array(#"{"folders": ["~/a"]}"#.utf8), to: cli.folder.path("config/photolala/config.json"))
        let server = try await RunningServer(cli, [], home: cli.folder.path)
        #expect(server.line.hasPrefix("Photolala is serving 1 folder at "))
    }

    @Test("A bad value stops it with the file and the key named")
    func badValue() async throws {
        let cli = try CLI()
        let settings = cli.folder.path("settings.json")
        try AtomicFile.write(Array(#"{"port": "eighty"}"#.utf8), to: settings)
        let refused = try await cli.run("serve", "--config", settings)
        #expect(refused.status == 1)
        #expect(
            refused.standardError
                == "Error: In the configuration file '\(settings)', 'port' must be a whole number from 0 to 65535 (0 picks a free port).\n")
        let missing = try await cli.run("serve", environment: ["PHOTOLALA_CONFIG": cli.folder.path("gone.json")])
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("'\(cli.folder.path("gone.json"))' (named by PHOTOLALA_CONFIG) does not exist"))
    }

    @Test("A folder the file lists that does not exist is reported with the file")
    func missingFolder() async throws {
        let cli = try CLI()
        let settings = cli.folder.path("settings.json")
        try AtomicFile.write(Array(#"{"folders": ["gone"]}"#.utf8), to: settings)
        let refused = try await cli.run("serve", "--config", settings)
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("No such folder: \(cli.folder.path("gone")) (listed in \(settings))"))
    }

    @Test("Every command keeps its data in the file's dataDirectory unless PHOTOLALA_DATA_DIR says otherwise")
    func dataDirectory() async throws {
        let cli = try CLI()
        try await Self.folders(cli)
        let settings = cli.folder.path("settings.json")
        try AtomicFile.write(Array(#"{"dataDirectory": "from-file"}"#.utf8), to: settings)
        let star = try await cli.run(
            "backup", "star", "--config", settings, cli.folder.path("a/photo.gif"),
            environment: ["PHOTOLALA_DATA_DIR": "", "PHOTOLALA_BACKUP_FOLDER": cli.folder.path("backup")])
        #expect(star.status == 0, "\(star.standardError)")
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: cli.folder.path("from-file"))).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: cli.folder.path("data")))
    }

    @Test("Cloud settings come from the file's cloud object, under the environment; a key pair in it stops every command")
    func cloudSettings() async throws {
        let cli = try CLI()
        try await Self.folders(cli)
        let settings = cli.folder.path("settings.json")
        let unset = [
            "PHOTOLALA_S3_BUCKET": "", "PHOTOLALA_S3_ENDPOINT": "", "PHOTOLALA_BACKUP_FOLDER": "", "AWS_REGION": "", "AWS_DEFAULT_REGION": "",
        ]
        try AtomicFile.write(
            Array(#"{"cloud": {"endpoint": "http://127.0.0.1:8333", "bucket": "photos", "region": "eu-west-1"}}"#.utf8), to: settings)
        let shown = try await cli.run("cloud", "config", "--config", settings, environment: unset)
        #expect(shown.status == 0, "\(shown.standardError)")
        for line in [
            "endpoint: http://127.0.0.1:8333", "bucket: photos", "region: eu-west-1",
            "configuration file: \(settings) (its cloud settings win over the settings file's)",
        ] {
            #expect(shown.standardOutput.contains(line + "\n"), "\(shown.standardOutput)")
        }
        let overridden = try await cli.run(
            "cloud", "config", "--config", settings, environment: unset.merging(["PHOTOLALA_S3_BUCKET": "other"]) { $1 })
        #expect(overridden.standardOutput.contains("bucket: other\n"), "\(overridden.standardOutput)")

        // A backup folder in the file is backed up to.
        try AtomicFile.write(Array(#"{"cloud": {"folder": "backup"}}"#.utf8), to: settings)
        #expect(try await cli.run("backup", "star", "--config", settings, cli.folder.path("a/photo.gif"), environment: unset).status == 0)
        let run = try await cli.run("backup", "run", "--config", settings, environment: unset)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(!(try FileManager.default.subpathsOfDirectory(atPath: cli.folder.path("backup/objects/photos"))).isEmpty)

        try AtomicFile.write(Array(#"{"cloud": {"bucket": "photos", "secretAccessKey": "wJalrXUtnFEMI/K7MDENG"}}"#.utf8), to: settings)
        for arguments in [["serve"], ["cloud", "config"], ["backup", "status"]] {
            let refused = try await cli.run(arguments + ["--config", settings], environment: unset)
            #expect(refused.status == 1)
            #expect(
                refused.standardError.hasPrefix(
                    "Error: The configuration file '\(settings)' holds 'cloud.secretAccessKey': credentials are never read"))
            #expect(!refused.standardError.contains("wJalrXUtnFEMI"))
        }
    }
}
