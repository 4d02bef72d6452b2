import Foundation
import PhotolalaSupport
import Testing

@Suite("XML read as events, safely on any thread")
struct XMLReaderTests {
    private func events(_ text: String, depthLimit: Int = 16) throws -> [XMLReader.Event] {
        var reader = try XMLReader(Array(text.utf8), depthLimit: depthLimit)
        var events: [XMLReader.Event] = []
        while let event = try reader.next() { events.append(event) }
        return events
    }

    @Test("Elements, attributes in order, empty elements, entities, character references and CDATA")
    func wellFormed() throws {
        let read = try events(
            "\u{FEFF}<?xml version='1.0'?><!-- a comment --><a x=\"1 &amp; 2\" y='&#x263A;'>t&lt;e&#233;xt<b/><![CDATA[<raw>&amp;]]></a>\n")
        #expect(
            read == [
                .start(name: "a", attributes: [.init(name: "x", value: "1 & 2"), .init(name: "y", value: "☺")]),
                .text("t<eéxt"), .start(name: "b", attributes: []), .end(name: "b"), .text("<raw>&amp;"), .end(name: "a"),
            ])
    }

    @Test(
        "What is not well-formed XML is refused with a reason, never a trap",
        arguments: [
            "<a><b></a></b>", "<a>", "<a></a><b></b>", "text", "<a>&unknown;</a>", "<a x=1></a>", "<a x='1></a>",
            "<!DOCTYPE a [<!ENTITY e 'x'>]><a>&e;</a>",
            "<a><!-- never closed</a>", "", "<a>&#0;</a>", "<a>&#xD800;</a>", "<a></a>trailing",
        ])
    func malformed(text: String) {
        #expect(throws: XMLReader.Malformed.self) { try events(text) }
    }

    @Test("Bytes that are no UTF-8 and nesting past the limit are refused")
    func limits() {
        #expect(throws: XMLReader.Malformed.self) { try XMLReader([0x3C, 0x61, 0xC2, 0x3E], depthLimit: 4) }
        #expect(throws: XMLReader.Malformed.self) {
            try events(String(repeating: "<a>", count: 5) + String(repeating: "</a>", count: 5), depthLimit: 4)
        }
        #expect(throws: Never.self) { try events(String(repeating: "<a>", count: 4) + String(repeating: "</a>", count: 4), depthLimit: 4) }
    }

    @Test("Many documents read at once on every core agree with one read alone")
    func concurrent() async throws {
        let document = "<r>" + (0..<200).map { "<i n='\($0)'>\($0) &amp; more</i>" }.joined() + "</r>"
        let alone = try events(document)
        try await withThrowingTaskGroup(of: [XMLReader.Event].self) { group in
            for _ in 0..<64 { group.addTask { try events(document) } }
            for try await read in group { #expect(read == alone) }
        }
    }
}
