import Foundation
import PhotolalaKit
import PhotolalaTestSupport
import Testing

/// `config.json`: where it is found, what it holds, and the errors that name the file and key.
@Suite struct ConfigurationFileTests {
    /// Writes `text` as the settings file in a fresh folder and returns both.
    private static func file(_ text: String, name: String = "config.json") throws -> (TemporaryDirectory, String) {
        let folder = try TemporaryDirectory()
        let path = folder.path(name)
        try AtomicFile.write(Array(text.utf8), to: path)
        return (folder, path)
    }

    private static func error(loading text: String) throws -> String {
        let (folder, path) = try file(text)
        do {
            _ = try ConfigurationFile.load(explicitPath: path, environment: ["HOME": folder.path])
        } catch let error as ConfigurationFileError {
            return error.message
        }
        Issue.record("\(text) was accepted")
        return ""
    }

    @Test("Every setting is read") func everySettingIsRead() throws {
        let (folder, path) = try Self.file(
            #"""
            {"folders": ["~/Pictures", "photos", "/srv/photos/../shared"], "libraries": ["Family.photoslibrary"],
             "host": "0.0.0.0", "port": 0, "token": "abc-DEF_123.~", "dataDirectory": "data", "cacheDirectory": "/var/cache/photolala",
             "sidecarNaming": "name.xmp"}
            """#)
        let file = try ConfigurationFile.load(explicitPath: path, environment: ["HOME": "/home/ann"])
        #expect(file.path == path)
        #expect(file.folders == ["/home/ann/Pictures", folder.url.standardizedFileURL.path + "/photos", "/srv/shared"])
        #expect(file.libraries == [folder.url.standardizedFileURL.path + "/Family.photoslibrary"])
        #expect(file.host == "0.0.0.0" && file.port == 0 && file.token == "abc-DEF_123.~")
        #expect(file.dataDirectory == folder.url.standardizedFileURL.path + "/data")
        #expect(file.cacheDirectory == "/var/cache/photolala")
        #expect(file.sidecarNaming == .stem)
    }

    @Test("The file is found by flag then environment then XDG") func theFileIsFoundByFlagThenEnvironmentThenXDG() throws {
        let folder = try TemporaryDirectory()
        for (name, port) in [("flag.json", 1), ("environment.json", 2), ("xdg/photolala/config.json", 3)] {
            try AtomicFile.write(Array(#"{"port": \#(port)}"#.utf8), to: folder.path(name))
        }
        let environment = ["HOME": folder.path, "XDG_CONFIG_HOME": folder.path("xdg"), "PHOTOLALA_CONFIG": folder.path("environment.json")]
        #expect(try ConfigurationFile.load(explicitPath: folder.path("flag.json"), environment: environment).port == 1)
        #expect(try ConfigurationFile.load(explicitPath: nil, environment: environment).port == 2)
        #expect(try ConfigurationFile.load(explicitPath: nil, environment: environment.merging(["PHOTOLALA_CONFIG": ""]) { $1 }).port == 3)
        #expect(ConfigurationFile.defaultPath(environment: ["HOME": "/home/ann"]) == "/home/ann/.config/photolala/config.json")
    }

    @Test("No file at the default place means no settings") func noFileAtTheDefaultPlaceMeansNoSettings() throws {
        let folder = try TemporaryDirectory()
        #expect(try ConfigurationFile.load(explicitPath: nil, environment: ["HOME": folder.path]) == ConfigurationFile())
    }

    @Test("A named file that is missing is an error") func aNamedFileThatIsMissingIsAnError() throws {
        let folder = try TemporaryDirectory()
        let missing = folder.path("nowhere.json")
        #expect(throws: ConfigurationFileError.self) { try ConfigurationFile.load(explicitPath: missing, environment: [:]) }
        do {
            _ = try ConfigurationFile.load(explicitPath: nil, environment: ["PHOTOLALA_CONFIG": missing])
            Issue.record("a missing PHOTOLALA_CONFIG file was accepted")
        } catch let error as ConfigurationFileError {
            #expect(error.message == "The configuration file '\(missing)' (named by PHOTOLALA_CONFIG) does not exist. Create it or name another.")
        }
    }

    @Test(
        "A bad value names the file and the key",
        arguments: [
            (#"{"port": "8080"}"#, "'port' must be a whole number from 0 to 65535 (0 picks a free port)."),
            (#"{"port": 70000}"#, "'port' must be a whole number from 0 to 65535 (0 picks a free port)."),
            (#"{"port": 80.5}"#, "'port' must be a whole number from 0 to 65535 (0 picks a free port)."),
            (#"{"port": true}"#, "'port' must be a whole number from 0 to 65535 (0 picks a free port)."),
            (#"{"host": ""}"#, "'host' must be a non-empty string."),
            (#"{"token": "short"}"#, "'token' must be at least 8 letters, digits or -_.~ characters."),
            (#"{"token": "has a space"}"#, "'token' must be at least 8 letters, digits or -_.~ characters."),
            (#"{"folders": "~/Pictures"}"#, #"'folders' must be a list of paths, such as ["~/Pictures"]."#),
            (#"{"libraries": [1]}"#, #"'libraries' must be a list of paths, such as ["~/Pictures"]."#),
            (#"{"dataDirectory": 5}"#, "'dataDirectory' must be a non-empty string."),
            (#"{"sidecarNaming": "IMG.xmp"}"#, #"'sidecarNaming' must be "name.ext.xmp" or "name.xmp"."#),
        ])
    func aBadValueNamesTheFileAndTheKey(text: String, expected: String) throws {
        let message = try Self.error(loading: text)
        #expect(message.hasPrefix("In the configuration file '/") && message.hasSuffix("/config.json', " + expected), "\(message)")
    }

    @Test("An unknown key is refused with the known ones") func anUnknownKeyIsRefusedWithTheKnownOnes() throws {
        let message = try Self.error(loading: #"{"prot": 8080}"#)
        #expect(
            message.contains(
                "has an unknown setting 'prot'. The settings are folders, libraries, host, port, token, dataDirectory, cacheDirectory, sidecarNaming, cloud."
            ))
        let cloud = try Self.error(loading: #"{"cloud": {"bukket": "photos"}}"#)
        #expect(cloud.contains("has an unknown cloud setting 'cloud.bukket'. The cloud settings are endpoint, bucket, folder, region,"))
        let outside = try Self.error(loading: #"{"bucket": "photos"}"#)
        #expect(outside.hasSuffix(#"/config.json', 'bucket' is a cloud setting: put it in the cloud object, as "cloud": {"bucket": …}."#))
    }

    @Test("Cloud settings are read") func cloudSettingsAreRead() throws {
        let (folder, path) = try Self.file(
            #"""
            {"cloud": {"endpoint": "http://127.0.0.1:8333", "bucket": "photos", "region": "eu-west-1", "folder": "backup",
             "userID": "3f2504e0-4f89-11d3-9a0c-0305e82c3301", "quotaBytes": 1000000000, "debugTiming": true,
             "restorePriceStandardPerGB": 0.03, "restorePriceStandardPer1000Requests": 0.2, "restorePriceBulkPerGB": 0,
             "restorePriceBulkPer1000Requests": 0.05, "downloadCacheBytes": 0, "restoreCheckSeconds": 0.5}}
            """#)
        let cloud = try ConfigurationFile.load(explicitPath: path, environment: ["HOME": "/home/ann"]).cloud
        #expect(cloud.endpoint == "http://127.0.0.1:8333" && cloud.bucket == "photos" && cloud.region == "eu-west-1")
        #expect(cloud.folder == folder.url.standardizedFileURL.path + "/backup")
        #expect(cloud.userID == "3f2504e0-4f89-11d3-9a0c-0305e82c3301" && cloud.quotaBytes == 1_000_000_000 && cloud.debugTiming == true)
        #expect(cloud.restorePriceStandardPerGB == 0.03 && cloud.restorePriceStandardPer1000Requests == 0.2)
        #expect(cloud.restorePriceBulkPerGB == 0 && cloud.restorePriceBulkPer1000Requests == 0.05)
        #expect(cloud.downloadCacheBytes == 0 && cloud.restoreCheckSeconds == 0.5)
        try AtomicFile.write(Array("{}".utf8), to: folder.path("empty.json"))
        #expect(try ConfigurationFile.load(explicitPath: folder.path("empty.json"), environment: [:]).cloud == CloudConfiguration.Settings())
    }

    @Test(
        "A bad cloud value names the key",
        arguments: [
            (#"{"cloud": "photos"}"#, #"'cloud' must be an object of cloud settings, such as {"bucket": "photos"}."#),
            (#"{"cloud": {"endpoint": "127.0.0.1:8333"}}"#, "'cloud.endpoint' must be an http:// or https:// URL with a host"),
            (#"{"cloud": {"bucket": "My Photos"}}"#, "'cloud.bucket' must be a bucket name: 3 to 63 lowercase letters"),
            (#"{"cloud": {"region": ""}}"#, "'cloud.region' must be a region such as us-east-1"),
            (#"{"cloud": {"folder": 5}}"#, "'cloud.folder' must be a path"),
            (#"{"cloud": {"userID": "me"}}"#, "'cloud.userID' must be a UUID"),
            (#"{"cloud": {"quotaBytes": -1}}"#, "'cloud.quotaBytes' must be a whole number of bytes (0 or more)."),
            (#"{"cloud": {"quotaBytes": "1 GB"}}"#, "'cloud.quotaBytes' must be a whole number of bytes (0 or more)."),
            (#"{"cloud": {"debugTiming": 1}}"#, "'cloud.debugTiming' must be true or false."),
            (#"{"cloud": {"restorePriceBulkPerGB": -0.01}}"#, "'cloud.restorePriceBulkPerGB' must be a price in US dollars (0 or more)."),
            (#"{"cloud": {"restoreCheckSeconds": 7200}}"#, "'cloud.restoreCheckSeconds' must be a number of seconds from 0.1 to 3600."),
        ])
    func aBadCloudValueNamesTheKey(text: String, expected: String) throws {
        let message = try Self.error(loading: text)
        #expect(message.hasPrefix("In the configuration file '/") && message.contains("/config.json', " + expected), "\(message)")
    }

    @Test(
        "Credentials are refused without repeating them",
        arguments: [
            (#"{"cloud": {"bucket": "photos", "secretAccessKey": "wJalrXUtnFEMI/K7MDENG"}}"#, "cloud.secretAccessKey"),
            (#"{"cloud": {"aws_secret_access_key": "wJalrXUtnFEMI/K7MDENG"}}"#, "cloud.aws_secret_access_key"),
            (#"{"cloud": {"accessKeyID": "AKIDEXAMPLE", "secret": "wJalrXUtnFEMI/K7MDENG"}}"#, "cloud.accessKeyID"),
            (#"{"secretAccessKey": "wJalrXUtnFEMI/K7MDENG", "port": 8080}"#, "secretAccessKey"),
            (#"{"cloud": {"sessionToken": "wJalrXUtnFEMI/K7MDENG"}}"#, "cloud.sessionToken"),
        ])
    func credentialsAreRefusedWithoutRepeatingThem(text: String, key: String) throws {
        let message = try Self.error(loading: text)
        #expect(message.contains("/config.json' holds '\(key)': credentials are never read from it"), "\(message)")
        #expect(message.contains("AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY") && message.contains("cloud-credentials, mode 0600"))
        #expect(!message.contains("wJalrXUtnFEMI") && !message.contains("AKIDEXAMPLE"))
    }

    @Test(
        "A damaged file is refused before it is parsed",
        arguments: [
            ("{\"port\": ", "it is not well-formed JSON"),
            ("[\"~/Pictures\"]", "it is not a JSON object of settings"),
            (String(repeating: "[", count: 100) + String(repeating: "]", count: 100), "it nests more than 64 levels deep"),
            ("{\"host\": \"" + String(repeating: "a", count: 1 << 20) + "\"}", "over the limit of 1048576 bytes"),
        ])
    func aDamagedFileIsRefusedBeforeItIsParsed(text: String, reason: String) throws {
        let message = try Self.error(loading: text)
        #expect(message.hasPrefix("The configuration file '") && message.contains(reason), "\(message)")
    }

    @Test("Tokens fit in a URL as they are") func tokensFitInAURLAsTheyAre() {
        #expect(ConfigurationFile.isValidToken("abcd-1234"))
        #expect(!ConfigurationFile.isValidToken("abc123"))
        #expect(!ConfigurationFile.isValidToken("abcd/1234"))
    }
}
