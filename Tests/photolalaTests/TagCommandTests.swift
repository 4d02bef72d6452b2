import Foundation
import PhotolalaTestSupport
import Testing

@Suite("photolala tag")
struct TagCommandTests {
    @Test(
        "sets the rating, label, keywords, title and description in sidecars that info reads back; a photo it cannot tag fails the command and the rest are tagged"
    )
    func tag() async throws {
        let cli = try CLI()
        let photos = cli.folder.path("photos")
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        for name in ["a.jpg", "b.jpg"] {
            try FileManager.default.copyItem(atPath: try await Fixtures.file("orientation6.jpg").path, toPath: photos + "/" + name)
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: photos + "/a.jpg"))
        let done = try await cli.run(
            "tag", photos + "/a.jpg", photos + "/b.jpg", "--rating", "4", "--add-keyword", "Places|Italy|Rome", "--add-keyword", "beach",
            "--label", "Red", "--title", "Lunch", "--description", "At the harbour", "--new-sidecar", "name.xmp")
        #expect(done.status == 0, "\(done.standardError)")
        #expect(done.standardOutput == "\(photos)/a.jpg: wrote \(photos)/a.xmp (new)\n\(photos)/b.jpg: wrote \(photos)/b.xmp (new)\n")

        let info = try await cli.json("info", "--json", photos + "/a.jpg")
        #expect(info["rating"] as? Int == 4)
        #expect(info["colorLabel"] as? String == "Red")
        #expect(info["title"] as? String == "Lunch")
        #expect(info["description"] as? String == "At the harbour")
        #expect(Set(info["keywords"] as? [String] ?? []) == ["Rome", "beach"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: photos + "/a.jpg")) == before, "the photo itself was written")

        // The sidecar each photo has is the one changed; a keyword taken away is gone.
        let again = try await cli.run("tag", photos + "/a.jpg", "--remove-keyword", "beach", "--label", "")
        #expect(again.standardOutput == "\(photos)/a.jpg: wrote \(photos)/a.xmp\n")
        let changed = try await cli.json("info", "--json", photos + "/a.jpg")
        #expect(changed["keywords"] as? [String] == ["Rome"])
        #expect(changed["colorLabel"] == nil || changed["colorLabel"] is NSNull)

        try "<!DOCTYPE x [<!ENTITY a \"a\">]><x>&a;</x>".write(toFile: photos + "/b.xmp", atomically: true, encoding: .utf8)
        let refused = try await cli.run("tag", photos + "/a.jpg", photos + "/b.jpg", "--rating", "2")
        #expect(refused.status == 1)
        #expect(refused.standardOutput == "\(photos)/a.jpg: wrote \(photos)/a.xmp\n")
        #expect(refused.standardError.contains("b.xmp' was not changed"))
        #expect(refused.standardError.hasSuffix("Error: 1 of 2 photos could not be tagged.\n"))

        let invalid = try await cli.run("tag", photos + "/a.jpg", "--rating", "6")
        #expect(invalid.status != 0 && invalid.standardError.contains("a rating is 0 to 5 stars, not 6"))
        let nothing = try await cli.run("tag", photos + "/a.jpg")
        #expect(nothing.status != 0 && nothing.standardError.contains("Say what to set"))
    }
}
