import Foundation
import PhotolalaSupport
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Ratings, labels, keywords, titles and captions written to XMP sidecars, as exiftool reads them")
struct SidecarEditingTests: WorkspaceSuite {
    let workspace: TestWorkspace

    init() throws {
        workspace = try TestWorkspace()
    }

    /// A small JPEG at `name` in the photos folder, made by libvips.
    private func photo(_ name: String) async throws -> String {
        let path = photos + "/" + name
        try await Shell.run("vips", ["black", path, "48", "32"])
        return path
    }

    /// What exiftool reads of a sidecar (`-G1 -struct -n`), without its file's own tags.
    private func exiftool(_ path: String) async throws -> [String: String] {
        let output = try await Shell.run("exiftool", ["-n", "-json", "-G1", "-struct", path])
        let list = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]]
        var tags: [String: String] = [:]
        for (key, value) in list?.first ?? [:] where !["SourceFile", "System:", "File:", "ExifTool:"].contains(where: { key.hasPrefix($0) }) {
            let data = try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
            tags[key] = String(decoding: data, as: UTF8.self)
        }
        return tags
    }

    private func md5(_ path: String) async throws -> String {
        String(try await Shell.run("md5sum", [path]).prefix(32))
    }

    static let edited = [
        "XMP-xmp:Rating", "XMP-xmp:Label", "XMP-dc:Subject", "XMP-lr:HierarchicalSubject", "XMP-dc:Title", "XMP-dc:Description",
        "XMP-darktable:Colorlabels", "XMP-digiKam:TagsList",
    ]

    static let edit = DescriptionEdit(
        rating: 4, colorLabel: "Green", title: "Dinner & friends <3", caption: "Everyone at the table",
        addedKeywords: ["Places|Italy|Rome", "wedding"], removedKeywords: ["family", "Katie"])

    @Test(
        "An edit of darktable's, Lightroom's and digiKam's sidecars reads back in exiftool, and everything else they held is unchanged",
        arguments: [("darktable", "IMG_0001.jpg.xmp"), ("lightroom", "IMG_0001.xmp"), ("digiKam", "IMG_0001.jpg.xmp")])
    func editsEachProgramsSidecar(program: String, sidecarName: String) async throws {
        let path = try await photo("IMG_0001.jpg")
        let original = try await md5(path)
        let sidecar = photos + "/" + sidecarName
        let text = ["darktable": SidecarSamples.darktable, "lightroom": SidecarSamples.lightroom, "digiKam": SidecarSamples.digiKam][program] ?? ""
        try AtomicFile.write(Array(text.utf8), to: sidecar)
        let before = try await exiftool(sidecar)

        let result = try await engine.edit(Self.edit, ofFileAt: path, naming: .fullName)
        #expect(result.path == sidecar && !result.isNew)

        let after = try await exiftool(sidecar)
        #expect(after["XMP-xmp:Rating"] == "4")
        #expect(after["XMP-xmp:Label"] == "\"Green\"")
        #expect(after["XMP-dc:Title"] == "\"Dinner & friends <3\"")
        #expect(after["XMP-dc:Description"] == "\"Everyone at the table\"")
        let subjects = try #require(after["XMP-dc:Subject"])
        // A keyword is kept once whatever its case: digiKam's "Wedding" stands for "wedding".
        #expect(
            subjects.contains("\"Rome\"") && subjects.lowercased().contains("\"wedding\"") && !subjects.contains("family")
                && !subjects.contains("Katie"))
        #expect(after["XMP-lr:HierarchicalSubject"]?.contains("\"Places|Italy|Rome\"") == true)
        #expect(after["XMP-lr:HierarchicalSubject"]?.contains("Katie") != true)
        if program == "darktable" {
            // darktable's own label follows: 2 is green.
            #expect(after["XMP-darktable:Colorlabels"] == "[2]")
        }
        if program == "digiKam" {
            #expect(after["XMP-digiKam:TagsList"] == "[\"Events/Wedding\",\"Places/Italy/Rome\"]")
            // The German title stays beside the new default.
            #expect(after["XMP-dc:Title-de-DE"] == "\"In der Kirche\"")
        }
        let kept = before.filter { key, _ in !Self.edited.contains { key.hasPrefix($0) } }
        #expect(after.filter { key, _ in kept[key] != nil } == kept)
        #expect(Set(after.keys).subtracting(kept.keys).allSatisfy { key in Self.edited.contains { key.hasPrefix($0) } })

        // Photolala reads back what it wrote, and the photo's bytes never changed.
        let metadata = try await engine.metadata(ofFileAt: path)
        #expect(metadata.rating == 4 && metadata.colorLabel == "Green" && metadata.title == "Dinner & friends <3")
        #expect(Set((metadata.keywords ?? []).map { $0.lowercased() }).isSuperset(of: ["rome", "wedding"]))
        #expect(try await md5(path) == original)
    }

    @Test("A photo without a sidecar gets one, named as the setting says, that exiftool reads")
    func newSidecar() async throws {
        let first = try await photo("first.jpg")
        let second = try await photo("second.jpg")
        let full = try await engine.edit(DescriptionEdit(rating: 5, addedKeywords: ["beach"]), ofFileAt: first, naming: .fullName)
        let stem = try await engine.edit(DescriptionEdit(colorLabel: "Blue", title: "Nine"), ofFileAt: second, naming: .stem)
        #expect(full.path == first + ".xmp" && full.isNew)
        #expect(stem.path == photos + "/second.xmp" && stem.isNew)

        let firstTags = try await exiftool(full.path)
        #expect(firstTags["XMP-xmp:Rating"] == "5" && firstTags["XMP-dc:Subject"] == "[\"beach\"]")
        let secondTags = try await exiftool(stem.path)
        #expect(secondTags["XMP-xmp:Label"] == "\"Blue\"" && secondTags["XMP-dc:Title"] == "\"Nine\"")

        // A second edit changes the sidecar made, and an empty value takes a property away.
        _ = try await engine.edit(DescriptionEdit(title: "", addedKeywords: ["sea"]), ofFileAt: second, naming: .fullName)
        let again = try await exiftool(stem.path)
        #expect(again["XMP-dc:Title"] == nil && again["XMP-dc:Subject"] == "[\"sea\"]" && again["XMP-xmp:Label"] == "\"Blue\"")
        #expect(access(second + ".xmp", F_OK) != 0)
    }

    @Test("Edits of one photo made at once are all kept: none writes over another's")
    func editsAtOnce() async throws {
        let path = try await photo("busy.jpg")
        let keywords = (0..<24).map { "keyword \($0)" }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for keyword in keywords {
                group.addTask { _ = try await engine.edit(DescriptionEdit(addedKeywords: [keyword]), ofFileAt: path, naming: .fullName) }
            }
            group.addTask { _ = try await engine.edit(DescriptionEdit(rating: 3), ofFileAt: path, naming: .fullName) }
            group.addTask { _ = try await engine.edit(DescriptionEdit(title: "Harbour at dusk"), ofFileAt: path, naming: .fullName) }
            try await group.waitForAll()
        }
        let tags = try await exiftool(path + ".xmp")
        let subjects = try JSONDecoder().decode([String].self, from: Data((tags["XMP-dc:Subject"] ?? "[]").utf8))
        #expect(Set(subjects) == Set(keywords))
        #expect(tags["XMP-xmp:Rating"] == "3" && tags["XMP-dc:Title"] == "\"Harbour at dusk\"")
    }

    @Test("A hostile or linked sidecar is never written, and says why; the edit is refused whole")
    func hostileSidecars() async throws {
        let path = try await photo("photo.jpg")
        let sidecar = path + ".xmp"
        let outside = folder.path("outside.xmp")
        let deep = String(repeating: "<a>", count: 10_000) + String(repeating: "</a>", count: 10_000)
        let cases: [(name: String, bytes: [UInt8]?)] = [
            (
                "entities",
                Array(
                    ("<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY a \"aaaa\"><!ENTITY b \"&a;&a;&a;&a;\">]>"
                        + "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">&b;</x:xmpmeta>").utf8)
            ),
            ("deep", Array(deep.utf8)),
            ("large", Array(repeating: UInt8(ascii: " "), count: 50 << 20)),
            ("no description", Array("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"/>".utf8)),
            ("link", nil),
        ]
        for (name, bytes) in cases {
            unlink(sidecar)
            if let bytes {
                try AtomicFile.write(bytes, to: sidecar)
            } else {
                try AtomicFile.write(Array(SidecarSamples.lightroom.utf8), to: outside)
                #expect(symlink(outside, sidecar) == 0)
            }
            let error = await #expect(throws: PhotolalaError.self, "\(name)") {
                try await engine.edit(DescriptionEdit(rating: 5), ofFileAt: path, naming: .fullName)
            }
            #expect(error?.code == .uneditableSidecar || error?.code == .fileTooLarge, "\(name): \(String(describing: error))")
            if let bytes {
                #expect(try FileContents(path: sidecar, sizeLimit: 64 << 20).bytes == bytes, "\(name)")
            } else {
                #expect(try FileContents(path: outside, sizeLimit: 1 << 20).bytes == Array(SidecarSamples.lightroom.utf8))
            }
        }
        await #expect(throws: PhotolalaError.self) { try await engine.edit(DescriptionEdit(rating: 7), ofFileAt: path, naming: .fullName) }
    }

    @Test("A photo whose name holds a newline or dots is tagged beside itself; a read-only folder is a clear error and loses nothing")
    func oddNamesAndReadOnlyFolders() async throws {
        let odd = try await photo("two\nlines..jpg")
        let result = try await engine.edit(DescriptionEdit(rating: 3), ofFileAt: odd, naming: .fullName)
        #expect(result.path == odd + ".xmp")
        #expect(try await exiftool(result.path)["XMP-xmp:Rating"] == "3")

        let locked = folder.path("locked")
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: true)
        try await Shell.run("vips", ["black", locked + "/photo.jpg", "48", "32"])
        try AtomicFile.write(Array(SidecarSamples.darktable.utf8), to: locked + "/photo.jpg.xmp")
        try ReadOnly.make(locked)
        defer { ReadOnly.undo(locked) }
        let error = await #expect(throws: PhotolalaError.self) {
            try await engine.edit(DescriptionEdit(rating: 5), ofFileAt: locked + "/photo.jpg", naming: .fullName)
        }
        #expect(error?.code == .writeFailed)
        #expect(try FileContents(path: locked + "/photo.jpg.xmp", sizeLimit: 1 << 20).bytes == Array(SidecarSamples.darktable.utf8))
    }
}
