import Foundation
import PhotolalaTestSupport
import Testing

@Suite("photolala album")
struct AlbumCommandTests {
    @Test(
        "makes nested albums, adds photos by content, shows where each is, a moved one where it went once read and a gone one as missing; fails on what it cannot do"
    )
    func albums() async throws {
        let cli = try CLI()
        let photos = cli.folder.path("photos")
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        for (name, fixture) in [("a.jpg", "orientation6.jpg"), ("b.jpg", "southwest.jpg")] {
            try FileManager.default.copyItem(atPath: try await Fixtures.file(fixture).path, toPath: photos + "/" + name)
        }
        let made = try await cli.run("album", "create", "Travel/Rome")
        #expect(made.status == 0 && made.standardOutput == "Made the album 'Travel/Rome'.\n", "\(made.standardError)")

        let added = try await cli.run("album", "add", "Travel/Rome", photos + "/b.jpg", photos + "/gone.jpg", photos + "/a.jpg")
        #expect(added.status == 1)
        #expect(added.standardOutput == "Added 2 photos to 'Travel/Rome'.\n")
        #expect(added.standardError.hasSuffix("Error: 1 of 3 photos could not be added.\n"))
        let again = try await cli.run("album", "add", "Travel/Rome", photos + "/a.jpg")
        #expect(again.standardOutput == "Added 0 photos to 'Travel/Rome' (1 was in it already).\n")

        // album: finds the album's photos by content, in the folders searched.
        let found = try await cli.run("search", "--in", photos, "album:rome")
        #expect(found.status == 0, "\(found.standardError)")
        #expect(Set(found.standardOutput.split(separator: "\n").map(String.init)) == [photos + "/a.jpg", photos + "/b.jpg"])
        #expect(try await cli.run("search", "--in", photos, "-album:travel").standardOutput.isEmpty)

        let listed = try await cli.run("album", "list")
        #expect(listed.standardOutput == "Travel/\n  Rome  2 photos\n")
        let listedJSON =
            try JSONSerialization.jsonObject(with: Data(try await cli.run("album", "list", "--json").standardOutput.utf8)) as? [[String: Any]]
        #expect(listedJSON?.map { $0["path"] as? String } == ["Travel", "Travel/Rome"])
        #expect(listedJSON?.map { $0["folder"] as? Bool } == [true, false])

        // The album holds content: b moved to another name is found there once read; a deleted is missing.
        var md5s: [String] = []
        for name in ["b.jpg", "a.jpg"] {
            md5s.append(String(try await Shell.capture("md5sum", [photos + "/" + name]).standardOutput.prefix(32)))
        }
        try FileManager.default.moveItem(atPath: photos + "/b.jpg", toPath: photos + "/renamed.jpg")
        try FileManager.default.removeItem(atPath: photos + "/a.jpg")
        _ = try await cli.run("info", photos + "/renamed.jpg")
        let shown = try await cli.json("album", "show", "Travel/Rome", "--json")
        let shownPhotos = shown["photos"] as? [[String: Any]] ?? []
        #expect(shownPhotos.map { $0["md5"] as? String } == md5s)
        #expect(shownPhotos.map { $0["name"] as? String } == ["b.jpg", "a.jpg"])
        #expect(shownPhotos.map { $0["missing"] as? Bool } == [false, true])
        #expect((shownPhotos.first?["where"] as? [[String: Any]])?.map { $0["path"] as? String } == [photos + "/renamed.jpg"])

        let removed = try await cli.run("album", "remove", "Travel/Rome", md5s[1])
        #expect(removed.status == 0 && removed.standardOutput == "Took 1 photo out of 'Travel/Rome'; they stay where they are.\n")
        let renamed = try await cli.run("album", "rename", "Travel/Rome", "Italy/Roma")
        #expect(renamed.status == 0, "\(renamed.standardError)")
        #expect(try await cli.run("album", "list").standardOutput == "Italy/\n  Roma  1 photo\nTravel/\n")
        let deleted = try await cli.run("album", "delete", "Italy")
        #expect(deleted.standardOutput == "Deleted 'Italy' (1 album); its photos stay where they are.\n")
        #expect(FileManager.default.fileExists(atPath: photos + "/renamed.jpg"))

        let unknown = try await cli.run("album", "add", "Nowhere", photos + "/renamed.jpg")
        #expect(unknown.status != 0 && unknown.standardError.contains("No album is named 'Nowhere'"))
        let twice = try await cli.run("album", "create", "Travel")
        #expect(twice.status != 0 && twice.standardError.contains("exists already"))
    }
}
