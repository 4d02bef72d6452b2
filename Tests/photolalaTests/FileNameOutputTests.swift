import Foundation
import PhotolalaTestSupport
import Testing

/// File names reach the terminal with their control characters escaped (a name cannot clear
/// the screen or forge a line), JSON keeps them exact, and a name that is not UTF-8 is found by
/// its bytes (issue 36).
@Suite("photolala file names in output")
struct FileNameOutputTests {
    /// A name carrying an escape sequence (clear the screen), a carriage return and a newline.
    static let hostileName = "a\u{1B}[2J\rb\nc.gif"
    static let escapedName = #"a\x1B[2J\x0Db\x0Ac.gif"#

    @Test("scan and info print control characters in names escaped; --json keeps them exact")
    func controlCharacters() async throws {
        let cli = try CLI()
        let photos = cli.folder.path("photos")
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try await Fixtures.file("photo.gif").path, toPath: photos + "/" + Self.hostileName)

        let scan = try await cli.run("scan", photos)
        #expect(scan.status == 0, "\(scan.standardError)")
        #expect(scan.standardOutput == photos + "/" + Self.escapedName + "\n")
        let json = try await cli.json("scan", photos, "--json")
        let items = json["items"] as? [[String: Any]]
        #expect(items?.first?["name"] as? String == Self.hostileName)

        let info = try await cli.run("info", photos + "/" + Self.hostileName)
        #expect(info.status == 0, "\(info.standardError)")
        let file = info.standardOutput.split(separator: "\n").first.map(String.init)
        #expect(file?.wholeMatch(of: /File: +(.*)/).map { String($0.1) } == photos + "/" + Self.escapedName, "\(info.standardOutput)")
        #expect(!info.standardOutput.contains("\u{1B}"))
        let infoJSON = try await cli.json("info", photos + "/" + Self.hostileName, "--json")
        #expect(infoJSON["path"] as? String == photos + "/" + Self.hostileName)
    }

    @Test("info finds a file whose name is not UTF-8 and prints the name's bytes escaped")
    func nonUTF8Name() async throws {
        let cli = try CLI()
        let photos = cli.folder.path("photos")
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        let gif = try await Fixtures.file("photo.gif").path
        // Through the shell: a Swift String cannot carry the bytes 0xFF 0xFE.
        let script = """
            cp '\(gif)' "$(printf '\(photos)/bad\\377\\376.gif')" && \
            env PHOTOLALA_CACHE_DIR='\(cli.folder.path("cache"))' PHOTOLALA_DATA_DIR='\(cli.folder.path("data"))' PHOTOLALA_CONFIG= \
            XDG_CONFIG_HOME='\(cli.folder.path("config"))' '\(CLI.binary)' info "$(printf '\(photos)/bad\\377\\376.gif')"
            """
        let info = try await Shell.capture("/bin/sh", ["-c", script])
        #expect(info.status == 0, "\(info.standardError)")
        let file = info.standardOutput.split(separator: "\n").first.map(String.init)
        #expect(file?.wholeMatch(of: /File: +(.*)/).map { String($0.1) } == #"\#(photos)/bad\xFF\xFE.gif"#, "\(info.standardOutput)")
        #expect(info.standardOutput.contains(/\nFormat: +GIF\n/))
    }
}
