import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

/// Mutates XMP packets (a camera's, a darktable sidecar, a Lightroom one with structures, and
/// hostile ones: entities, deep nesting, a NUL-padded packet) and IPTC blocks (APP13 with
/// `8BIM` resources, bare datasets), and reads a description from each. A packet either parses
/// or is refused with a reason; whatever is read keeps the description's promises. Sidecars as
/// darktable, Lightroom and digiKam lay them out are mutated and edited: an edit is refused, or
/// its result is well-formed XMP again.
@Suite("Fuzzing XMP packets and IPTC blocks")
struct DescriptionFuzzTests {
    static let packets: [String] = [
        """
        <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF \
        xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" \
        xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:exif="http://ns.adobe.com/exif/1.0/" xmp:Rating="5" xmp:Label="Red" \
        exif:GPSLatitude="41,53.4126N" exif:GPSLongitude="12,29,32.3E"><dc:subject><rdf:Bag><rdf:li>Rome</rdf:li><rdf:li>Café</rdf:li>\
        </rdf:Bag></dc:subject><dc:title><rdf:Alt><rdf:li xml:lang="it">Titolo</rdf:li><rdf:li xml:lang="x-default">Title</rdf:li>\
        </rdf:Alt></dc:title></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>\0\0  
        """,
        """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description \
        xmlns:crs="http://ns.adobe.com/camera-raw-settings/1.0/" xmlns:lr="http://ns.adobe.com/lightroom/1.0/"><crs:ToneCurvePV2012>\
        <rdf:Seq><rdf:li>0, 0</rdf:li></rdf:Seq></crs:ToneCurvePV2012><crs:Look rdf:parseType="Resource"><crs:Name>Adobe Color</crs:Name>\
        </crs:Look><lr:hierarchicalSubject><rdf:Bag><rdf:li>People|Katie</rdf:li></rdf:Bag></lr:hierarchicalSubject></rdf:Description>\
        <rdf:Description xmlns:darktable="http://darktable.sf.net/"><darktable:colorlabels><rdf:Seq><rdf:li>4</rdf:li></rdf:Seq>\
        </darktable:colorlabels></rdf:Description></rdf:RDF></x:xmpmeta>
        """,
        #"<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><x>&b;</x>"#,
        #"<!DOCTYPE x SYSTEM "file:///etc/passwd"><x>&ext;</x>"#,
        String(repeating: "<rdf:Bag>", count: 2_000),
    ]

    static let iptcBlocks: [[UInt8]] = [
        Array("Photoshop 3.0\0".utf8) + Array("8BIM".utf8) + [0x04, 0x04, 0, 0, 0, 0, 0, 23]
            + [0x1C, 1, 90, 0, 3, 0x1B, 0x25, 0x47, 0x1C, 2, 25, 0, 4] + Array("Rome".utf8) + [0x1C, 2, 120, 0, 1, 0x41],
        [0x1C, 2, 25, 0, 5, 0x43, 0x61, 0x66, 0xE9, 0x21, 0x1C, 2, 5, 0x80, 4, 0, 0, 0, 1],
    ]

    @Test("mutated packets and blocks: read or refused, never a crash, and every description keeps its promises")
    func mutatedDescriptions() {
        let budget = FuzzBudget(share: 0.05)
        var mutator = Mutator(seed: budget.seed)
        var iteration = 0
        var parsed = 0
        while budget.hasTime || iteration < 2_000 {
            iteration += 1
            let packet = mutator.mutate(Array(Self.packets[iteration % Self.packets.count].utf8), limit: 64 << 10)
            let iptc = IPTCRecords(mutator.mutate(Self.iptcBlocks[iteration % Self.iptcBlocks.count], limit: 4_096))
            var xmp: XMPPacket?
            do {
                xmp = try XMPPacket(packet)
                parsed += 1
            } catch {
                #expect(!error.description.isEmpty)
            }
            let description = PhotoDescription(exif: nil, xmp: xmp, iptc: iptc, width: 100, height: 50)
            if let rating = description.rating { #expect((0...5).contains(rating)) }
            if let latitude = description.latitude {
                #expect(abs(latitude) <= 90 && abs(description.longitude ?? 999) <= 180)
            }
            #expect(description.keywords.count <= PhotoDescription.maximumKeywords)
            let texts = description.keywords + [description.title, description.caption, description.colorLabel].compactMap { $0 }
            #expect(texts.allSatisfy { !$0.isEmpty && $0.count <= PhotoDescription.maximumLength })
            #expect(texts.allSatisfy { !$0.unicodeScalars.contains { CharacterSet.controlCharacters.contains($0) } })
        }
        print("DescriptionFuzzTests: \(iteration) mutated packets, \(parsed) parsed, seed \(budget.seed)")
    }

    @Test("mutated sidecars edited: refused, or written as XMP that reads again")
    func mutatedSidecarEdits() {
        let budget = FuzzBudget(share: 0.03)
        var mutator = Mutator(seed: budget.seed)
        let seeds =
            [SidecarSamples.darktable, SidecarSamples.lightroom, SidecarSamples.digiKam].map { Array($0.utf8) } + [XMPPacketEditor.emptyPacket]
        let changes: [(name: XMPPacket.Name, value: XMPPacketEditor.Value?)] = [
            (.basic("Rating"), .text("4")), (.basic("Label"), nil), (.dublinCore("title"), .alternative("A & <b>")),
            (.dublinCore("subject"), .bag(["Rome", "wedding"])), (.digiKam("TagsList"), .sequence(["Places/Italy"])),
        ]
        var iteration = 0
        var edited = 0
        while budget.hasTime || iteration < 1_000 {
            iteration += 1
            let packet = mutator.mutate(seeds[iteration % seeds.count], limit: 64 << 10)
            guard (try? XMPPacket(packet)) != nil, let editor = try? XMPPacketEditor(packet) else { continue }
            let result = editor.applying(Array(changes.prefix(1 + iteration % changes.count)))
            #expect((try? XMPPacket(result)) != nil, "an edit of a packet that read made one that does not")
            edited += 1
        }
        print("DescriptionFuzzTests: \(iteration) mutated sidecars, \(edited) edited, seed \(budget.seed)")
    }
}
