import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

@Suite("What a photo says of itself: XMP, IPTC and sidecars, as exiftool reads them")
struct PhotoDescriptionTests: WorkspaceSuite {
    let workspace: TestWorkspace

    init() throws {
        workspace = try TestWorkspace()
    }

    /// A small black image at `name` in the photos folder, made by libvips, with `tags` written by exiftool.
    private func photo(_ name: String, tags: [String]) async throws -> String {
        let path = photos + "/" + name
        try await Shell.run("vips", ["black", path, "48", "32"])
        if !tags.isEmpty {
            try await Shell.run("exiftool", ["-q", "-q", "-overwrite_original"] + tags + [path])
        }
        return path
    }

    /// `exiftool -n -json -G1` of one file.
    private func exiftool(_ path: String) async throws -> [String: Any] {
        let output = try await Shell.run("exiftool", ["-n", "-json", "-G1", "-struct", path])
        let list = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]]
        return list?.first ?? [:]
    }

    /// A tag's values as exiftool gives them: a list, one value, or none.
    private func strings(_ value: Any?) -> [String] {
        switch value {
        case let list as [Any]: list.map { "\($0)" }
        case let one?: ["\(one)"]
        case nil: []
        }
    }

    static let described = [
        "-XMP-dc:Subject=Café", "-XMP-dc:Subject=wedding", "-XMP-dc:Title=Sunday lunch", "-XMP-dc:Description=Everyone at the table",
        "-XMP-xmp:Rating=4", "-XMP-xmp:Label=Red", "-IPTC:Keywords=Rome", "-IPTC:Keywords=WEDDING", "-XMP-lr:HierarchicalSubject=Places|Italy|Lazio",
        "-Make=Canon", "-Model=Canon EOS R5", "-LensModel=RF24-105mm F4 L IS USM", "-GPSLatitude=41.9", "-GPSLatitudeRef=N",
        "-GPSLongitude=12.5", "-GPSLongitudeRef=E",
    ]

    @Test(
        "Keywords, title, caption, rating, label, camera, lens and position agree with exiftool in every container",
        arguments: ["photo.jpg", "photo.tif", "photo.png", "photo.webp", "photo.heic"])
    func agreesWithExiftool(name: String) async throws {
        // IPTC has no place in a PNG (exiftool writes it in a chunk of its own, and warns).
        let path = try await photo(name, tags: name.hasSuffix(".png") ? Self.described.filter { !$0.hasPrefix("-IPTC") } : Self.described)
        let reference = try await exiftool(path)
        let metadata = try await engine.metadata(ofFileAt: path)

        // Keywords: XMP subject, then IPTC keywords, then the leaves of Lightroom's hierarchy, each once.
        var expected: [String] = []
        for keyword in strings(reference["XMP-dc:Subject"]) + strings(reference["IPTC:Keywords"])
            + strings(reference["XMP-lr:HierarchicalSubject"]).compactMap({ $0.split(separator: "|").last.map(String.init) })
        where !expected.contains(where: { $0.lowercased() == keyword.lowercased() }) {
            expected.append(keyword)
        }
        #expect(metadata.keywords == expected)
        #expect(metadata.keywords?.contains("Lazio") == true)
        #expect(metadata.title == reference["XMP-dc:Title"] as? String)
        #expect(metadata.caption == reference["XMP-dc:Description"] as? String)
        #expect(metadata.rating == reference["XMP-xmp:Rating"] as? Int)
        #expect(metadata.colorLabel == reference["XMP-xmp:Label"] as? String)
        // libvips keeps a PNG's and a WebP's EXIF in a chunk exiftool reads as well.
        let make = (reference["IFD0:Make"] ?? reference["XMP-tiff:Make"]) as? String
        #expect(metadata.cameraMake == make)
        #expect(metadata.lensModel == (reference["ExifIFD:LensModel"] ?? reference["XMP-exifEX:LensModel"]) as? String)
        if let latitude = reference["GPS:GPSLatitude"] as? Double {
            #expect(abs((metadata.latitude ?? 0) - latitude) < 1e-6)
        }
    }

    @Test("Text is kept trimmed, without control characters and at most 2,000 characters long; clean text as it is")
    func cleanedText() {
        let long = String(repeating: "x", count: 2_500)
        let cases: [(String?, String?)] = [
            ("Canon EOS R5", "Canon EOS R5"), ("  Canon EOS  ", "Canon EOS"), ("a\u{7}b\nc", "a b c"), ("tab\t", "tab"), ("", nil),
            ("   ", nil), (nil, nil), ("Zürich ", "Zürich"), ("\u{00A0}Rome\u{2028}", "Rome"), (long, String(long.prefix(2_000))),
            (String(repeating: "é", count: 2_001), String(repeating: "é", count: 2_000)),
        ]
        for (text, expected) in cases {
            #expect(PhotoDescription.cleaned(text) == expected, "\(String(reflecting: text))")
        }
    }

    @Test("A DNG's and a NEF's XMP and IPTC are read from their first directory", arguments: ["raw.dng", "raw.nef"])
    func rawFiles(name: String) async throws {
        let path = photos + "/" + name
        try FileManager.default.copyItem(atPath: try await Fixtures.file(name).path, toPath: path)
        try await Shell.run(
            "exiftool", ["-q", "-q", "-overwrite_original", "-XMP-dc:Subject=RAW keyword", "-XMP-xmp:Rating=5", "-IPTC:Keywords=Iceland", path])
        let reference = try await exiftool(path)
        let metadata = try await engine.metadata(ofFileAt: path)
        #expect(metadata.keywords == strings(reference["XMP-dc:Subject"]) + strings(reference["IPTC:Keywords"]))
        #expect(metadata.keywords == ["RAW keyword", "Iceland"])
        #expect(metadata.rating == 5)
        #expect(metadata.cameraModel == reference["IFD0:Model"] as? String)
    }

    @Test("A CR3's XMP is read from its XMP box, the top-level box ISO-BMFF files keep XMP in")
    func canonCR3() async throws {
        let path = photos + "/raw.cr3"
        try FileManager.default.copyItem(atPath: try await Fixtures.file("raw.cr3").path, toPath: path)
        // exiftool writes a camera's CR3 but not the fixture's trimmed tracks: the packet it
        // makes goes into the box as it writes it (XMP Specification Part 3: a `uuid` box).
        let packet = folder.path("packet.xmp")
        let tags = ["-XMP-dc:Subject=CR3 keyword", "-XMP-dc:Title=Sunrise", "-XMP-xmp:Rating=4", "-XMP-xmp:Label=Green"]
        try await Shell.run("exiftool", ["-q", "-q"] + tags + ["-o", packet])
        let xmp = try Data(contentsOf: URL(fileURLWithPath: packet))
        let uuid: [UInt8] = [0xBE, 0x7A, 0xCF, 0xCB, 0x97, 0xA9, 0x42, 0xE8, 0x9C, 0x71, 0x99, 0x94, 0x91, 0xE3, 0xAF, 0xAC]
        var box = withUnsafeBytes(of: UInt32(8 + 16 + xmp.count).bigEndian) { Data($0) } + Data("uuid".utf8) + Data(uuid)
        box += xmp
        let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try file.seekToEnd()
        try file.write(contentsOf: box)
        try file.close()

        let reference = try await exiftool(path)
        let metadata = try await engine.metadata(ofFileAt: path)
        #expect(metadata.keywords == strings(reference["XMP-dc:Subject"]) && metadata.keywords == ["CR3 keyword"], "\(reference)")
        #expect(metadata.title == reference["XMP-dc:Title"] as? String && metadata.title == "Sunrise")
        #expect(metadata.rating == 4 && metadata.colorLabel == "Green")
        #expect(metadata.cameraModel == reference["IFD0:Model"] as? String, "its EXIF is read as before")
    }

    @Test("IPTC alone gives keywords, title and caption, in Latin-1 or in declared UTF-8")
    func iptcOnly() async throws {
        let latin = try await photo(
            "latin.jpg", tags: ["-charset", "iptc=Latin", "-IPTC:Keywords=Café", "-IPTC:ObjectName=Mañana", "-IPTC:Caption-Abstract=Über alles"])
        let utf8 = try await photo(
            "utf8.jpg", tags: ["-charset", "iptc=UTF8", "-IPTC:CodedCharacterSet=UTF8", "-IPTC:Keywords=東京", "-IPTC:Keywords=Café"])
        for (path, keywords) in [(latin, ["Café"]), (utf8, ["東京", "Café"])] {
            let reference = try await exiftool(path)
            let metadata = try await engine.metadata(ofFileAt: path)
            #expect(metadata.keywords == keywords)
            #expect(strings(reference["IPTC:Keywords"]) == keywords)
            #expect(metadata.title == reference["IPTC:ObjectName"] as? String)
            #expect(metadata.caption == reference["IPTC:Caption-Abstract"] as? String)
        }
    }

    @Test("A camera's own name in ImageDescription is no caption; a person's is")
    func cameraPlaceholder() async throws {
        let placeholder = try await photo("olympus.jpg", tags: ["-ImageDescription=OLYMPUS DIGITAL CAMERA         "])
        let written = try await photo("written.jpg", tags: ["-ImageDescription=Sunset over the bay"])
        #expect(try await engine.metadata(ofFileAt: placeholder).caption == nil)
        #expect(try await engine.metadata(ofFileAt: written).caption == "Sunset over the bay")
    }

    @Test("A sidecar wins over what the photo embeds, named NAME.EXT.xmp or NAME.xmp, and its change is seen")
    func sidecarsWin() async throws {
        let darktable = try await photo("dt.jpg", tags: ["-XMP-dc:Subject=embedded", "-XMP-xmp:Rating=2", "-XMP-dc:Title=Embedded title"])
        try Data(Self.darktableSidecar(rating: 5).utf8).write(to: URL(fileURLWithPath: darktable + ".xmp"))
        var metadata = try await engine.metadata(ofFileAt: darktable)
        #expect(metadata.rating == 5)
        #expect(metadata.keywords == ["Rome", "Katie"])
        #expect(metadata.colorLabel == "Green")
        #expect(metadata.title == "Embedded title", "what the sidecar does not say stays the photo's")
        #expect(metadata.latitude.map { abs($0 - 41.890_21) < 1e-5 } == true)
        #expect(metadata.longitude.map { abs($0 - 12.492_3) < 1e-5 } == true)

        try Data(Self.darktableSidecar(rating: 1).utf8).write(to: URL(fileURLWithPath: darktable + ".xmp"))
        metadata = try await engine.metadata(ofFileAt: darktable)
        #expect(metadata.rating == 1, "an edited sidecar is read as it is now")

        let lightroom = try await photo("IMG_0001.jpg", tags: ["-XMP-dc:Subject=embedded"])
        try await Shell.run(
            "exiftool",
            ["-q", "-XMP-dc:Subject=beach", "-XMP-xmp:Label=Purple", "-XMP-dc:Description=From Lightroom", "-o", photos + "/IMG_0001.xmp"])
        metadata = try await engine.metadata(ofFileAt: lightroom)
        #expect(metadata.keywords == ["beach"])
        #expect(metadata.colorLabel == "Purple")
        #expect(metadata.caption == "From Lightroom")
    }

    @Test("A sidecar that cannot be read is left out, and the photo's own values stay")
    func unreadableSidecar() async throws {
        let path = try await photo("kept.jpg", tags: ["-XMP-dc:Subject=kept", "-XMP-xmp:Rating=3"])
        let sidecars: [String] = [
            "<x:xmpmeta xmlns:x='adobe:ns:meta/'><rdf:RDF",  // cut short
            Self.entityExpansion,
            String(repeating: "<a>", count: 10_000) + String(repeating: "</a>", count: 10_000),
        ]
        for sidecar in sidecars {
            try Data(sidecar.utf8).write(to: URL(fileURLWithPath: path + ".xmp"))
            let metadata = try await engine.metadata(ofFileAt: path)
            #expect(metadata.keywords == ["kept"])
            #expect(metadata.rating == 3)
        }
        // 50 MB: refused by its size before it is parsed.
        let big = Data(count: 50 << 20)
        try big.write(to: URL(fileURLWithPath: path + ".xmp"))
        #expect(try await engine.metadata(ofFileAt: path).keywords == ["kept"])
    }

    @Test("A hostile XMP packet in a photo loses only itself: its EXIF is still read")
    func hostileEmbeddedPacket() async throws {
        let path = try await photo(
            "hostile.jpg", tags: ["-Make=Canon", "-GPSLatitude=91", "-GPSLatitudeRef=N", "-GPSLongitude=12", "-GPSLongitudeRef=E"])
        for packet in [Self.entityExpansion, String(repeating: "<rdf:Bag>", count: 5_000)] {
            var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            let body = Array("http://ns.adobe.com/xap/1.0/\0".utf8) + Array(packet.utf8)
            bytes.insert(contentsOf: [0xFF, 0xE1, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body, at: 2)
            let copy = photos + "/hostile-copy.jpg"
            try Data(bytes).write(to: URL(fileURLWithPath: copy))
            let metadata = try await engine.metadata(ofFileAt: copy)
            #expect(metadata.cameraMake == "Canon")
            #expect(metadata.keywords == [])
        }
        let description = PhotoDescription(exif: ExifReader(Array(try Data(contentsOf: URL(fileURLWithPath: path)))), xmp: nil, iptc: nil)
        #expect(description.latitude == nil, "a latitude of 91° is no position")
    }

    static let entityExpansion = """
        <?xml version="1.0"?>
        <!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
        <rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:subject><rdf:Bag><rdf:li>&lol2;</rdf:li></rdf:Bag></dc:subject>
        </rdf:Description></rdf:RDF></x:xmpmeta>
        """

    /// A sidecar as darktable 4 writes one: properties as attributes, colour labels as a sequence.
    static func darktableSidecar(rating: Int) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="XMP Core 4.4.0-Exiv2">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
          <rdf:Description rdf:about=""
            xmlns:exif="http://ns.adobe.com/exif/1.0/"
            xmlns:xmp="http://ns.adobe.com/xap/1.0/"
            xmlns:dc="http://purl.org/dc/elements/1.1/"
            xmlns:lr="http://ns.adobe.com/lightroom/1.0/"
            xmlns:darktable="http://darktable.sf.net/"
           exif:GPSLatitude="41,53.4126N"
           exif:GPSLongitude="12,29.538E"
           xmp:Rating="\(rating)"
           darktable:xmp_version="5">
           <darktable:colorlabels>
            <rdf:Seq>
             <rdf:li>2</rdf:li>
            </rdf:Seq>
           </darktable:colorlabels>
           <dc:subject>
            <rdf:Bag>
             <rdf:li>Rome</rdf:li>
            </rdf:Bag>
           </dc:subject>
           <lr:hierarchicalSubject>
            <rdf:Bag>
             <rdf:li>People|Katie</rdf:li>
            </rdf:Bag>
           </lr:hierarchicalSubject>
           <darktable:history>
            <rdf:Seq>
             <rdf:li darktable:operation="exposure" darktable:enabled="1"/>
            </rdf:Seq>
           </darktable:history>
          </rdf:Description>
         </rdf:RDF>
        </x:xmpmeta>
        """
    }
}
