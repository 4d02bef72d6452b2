import Foundation
import Testing

@testable import PhotolalaKit

@Suite("XMP packets read as RDF writes them")
struct XMPPacketTests {
    private func packet(_ body: String, namespaces: String = "") throws -> XMPPacket {
        try XMPPacket(
            Array(
                """
                <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
                <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
                \(body)
                </rdf:RDF></x:xmpmeta>
                <?xpacket end="w"?>
                """.utf8) + [UInt8](repeating: 0x20, count: 2_048) + [0])
    }

    @Test("A property as an attribute, as an element, as a bag and as a language alternative, default first")
    func propertyForms() throws {
        let read = try packet(
            """
            <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmp:Rating="3">
              <xmp:Label>Yellow</xmp:Label>
              <dc:subject><rdf:Bag><rdf:li>one</rdf:li><rdf:li>two &amp; three</rdf:li></rdf:Bag></dc:subject>
              <dc:title><rdf:Alt><rdf:li xml:lang="fr">Titre</rdf:li><rdf:li xml:lang="x-default">Title</rdf:li></rdf:Alt></dc:title>
            </rdf:Description>
            """)
        #expect(read.value(.basic("Rating")) == "3")
        #expect(read.value(.basic("Label")) == "Yellow")
        #expect(read.values(.dublinCore("subject")) == ["one", "two & three"])
        #expect(read.values(.dublinCore("title")) == ["Title", "Titre"])
    }

    @Test("A prefix is only a name: the namespace decides, whatever prefix a writer chose")
    func prefixesAreNames() throws {
        let read = try packet(
            """
            <rdf:Description xmlns:foo="http://ns.adobe.com/xap/1.0/" xmlns:xmp="http://example.com/not-xmp/" foo:Rating="5" xmp:Rating="1"/>
            """)
        #expect(read.values(.basic("Rating")) == ["5"])
    }

    @Test("Structures are skipped, and several descriptions are one packet")
    func structuresAndDescriptions() throws {
        let read = try packet(
            """
            <rdf:Description xmlns:crs="http://ns.adobe.com/camera-raw-settings/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
              <crs:Look rdf:parseType="Resource"><crs:Name>Adobe Color</crs:Name></crs:Look>
              <dc:creator><rdf:Seq><rdf:li><rdf:Description><dc:title>nested</dc:title></rdf:Description></rdf:li></rdf:Seq></dc:creator>
            </rdf:Description>
            <rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:subject><rdf:Bag><rdf:li>after</rdf:li></rdf:Bag></dc:subject></rdf:Description>
            """)
        #expect(read.values(Name(namespace: "http://ns.adobe.com/camera-raw-settings/1.0/", local: "Look")) == [])
        #expect(read.values(.dublinCore("creator")) == [])
        #expect(read.values(.dublinCore("title")) == [], "a nested description's properties are not the photo's")
        #expect(read.values(.dublinCore("subject")) == ["after"])
    }

    @Test("Entities, deep nesting, oversize and broken XML are refused with a reason")
    func refusals() {
        let entity = #"<!DOCTYPE x [<!ENTITY a "a">]><x>&a;</x>"#
        #expect(throws: XMPPacket.Unreadable.self) { try XMPPacket(Array(entity.utf8)) }
        #expect(throws: XMPPacket.Unreadable.self) { try XMPPacket(Array(String(repeating: "<a>", count: 100).utf8)) }
        #expect(throws: XMPPacket.Unreadable.self) { try XMPPacket([UInt8](repeating: 0x41, count: XMPPacket.limits.bytes + 1)) }
        #expect(throws: XMPPacket.Unreadable.self) { try XMPPacket(Array("<x:xmpmeta xmlns:x='adobe:ns:meta/'>".utf8)) }
    }

    @Test("XMP GPS coordinates: degrees and decimal minutes, or degrees, minutes and seconds")
    func coordinates() {
        #expect(PhotoDescription.xmpCoordinate("41,53.4126N").map { abs($0 - 41.890_21) < 1e-9 } == true)
        #expect(PhotoDescription.xmpCoordinate("12,29,32.28W").map { abs($0 + 12.492_3) < 1e-9 } == true)
        #expect(PhotoDescription.xmpCoordinate("nan,1N") == nil)
        #expect(PhotoDescription.xmpCoordinate("-1,1N") == nil)
        #expect(PhotoDescription.xmpCoordinate("41.5") == nil)
    }

    private typealias Name = XMPPacket.Name
}
