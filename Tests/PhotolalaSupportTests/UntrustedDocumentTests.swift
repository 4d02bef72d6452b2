import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaSupport

/// The gate every property list, XML answer and JSON file passes: hostile nesting, loops, sizes
/// and entities are refused with a sentence, in one pass, before a recursive parser sees them.
@Suite("Untrusted documents")
struct UntrustedDocumentTests {
    struct Point: Codable, Equatable {
        var x: Int
        var y: Int
    }

    @Test("well-formed documents decode as before", arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
    func wellFormed(_ format: PropertyListSerialization.PropertyListFormat) throws {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = format
        let bytes = Array(try encoder.encode([Point(x: 1, y: 2)]))
        #expect(try UntrustedDocument.decodePropertyList([Point].self, from: bytes) == [Point(x: 1, y: 2)])
        #expect(try UntrustedDocument.decodeJSON(Point.self, from: Array(#"{"x":3,"y":4}"#.utf8)) == Point(x: 3, y: 4))
    }

    @Test(
        "deep nesting is refused before parsing, in every form (65 levels: <plist> and 64 arrays)",
        arguments: [("XML", 10_000), ("XML", 100_000), ("XML", 64), ("binary", 10_000), ("binary", 100_000), ("binary", 65)])
    func deepPropertyLists(_ form: String, _ depth: Int) {
        let bytes =
            form == "XML" ? HostileDocuments.nestedXMLPropertyList(depth: depth) : HostileDocuments.nestedBinaryPropertyList(depth: depth)
        let refusal = #expect(throws: UntrustedDocument.Refusal.self) {
            try UntrustedDocument.decodePropertyList([String].self, from: bytes, limits: .listing)
        }
        #expect(refusal?.reason == "it nests more than 64 levels deep")
    }

    @Test("nesting within the limit still parses")
    func shallowEnough() throws {
        // <plist> is one level, so 63 arrays make 64.
        _ = try UntrustedDocument.propertyList(from: HostileDocuments.nestedXMLPropertyList(depth: 63))
        _ = try UntrustedDocument.propertyList(from: HostileDocuments.nestedBinaryPropertyList(depth: 63))
    }

    @Test("binary loops and values shared until they explode are refused")
    func binaryGraphs() {
        let loop = #expect(throws: UntrustedDocument.Refusal.self) {
            try UntrustedDocument.propertyList(from: HostileDocuments.cyclicBinaryPropertyList())
        }
        #expect(loop?.reason == "it refers to itself in a loop")
        let shared = #expect(throws: UntrustedDocument.Refusal.self) {
            try UntrustedDocument.propertyList(from: HostileDocuments.sharedBinaryPropertyList(levels: 60))
        }
        #expect(shared?.reason == "its shared values expand to more than 1048576 values")
    }

    @Test("oversized documents, entity declarations and OpenStep text are refused")
    func otherRefusals() {
        let big = #expect(throws: UntrustedDocument.Refusal.self) {
            try UntrustedDocument.propertyList(from: [UInt8](repeating: 0x20, count: (1 << 20) + 1))
        }
        #expect(big?.reason == "it is 1048577 bytes, over the limit of 1048576 bytes")
        let entities = Array(
            #"<?xml version="1.0"?><!DOCTYPE plist [<!ENTITY a "aaaaaaaa">]><plist><string>&a;</string></plist>"#.utf8)
        let declared = #expect(throws: UntrustedDocument.Refusal.self) { try UntrustedDocument.propertyList(from: entities) }
        #expect(declared?.reason == "it declares its own entities (a DOCTYPE with an internal subset), which are not accepted")
        let openStep = #expect(throws: UntrustedDocument.Refusal.self) {
            try UntrustedDocument.propertyList(from: Array(("{ a = " + String(repeating: "(", count: 50_000) + "); }").utf8))
        }
        #expect(openStep?.reason == "it is not an XML or binary property list")
        let json = #expect(throws: UntrustedDocument.Refusal.self) {
            try UntrustedDocument.decodeJSON([String].self, from: Array((String(repeating: "[", count: 100_000)).utf8))
        }
        #expect(json?.reason == "it nests more than 64 levels deep")
    }

    @Test("decoding errors become sentences naming the key, not value dumps")
    func readableReasons() {
        let missing = #expect(throws: UntrustedDocument.Refusal.self) {
            try UntrustedDocument.decodeJSON(Point.self, from: Array(#"{"x":1}"#.utf8))
        }
        #expect(missing?.reason == "'y' is missing")
        let wrong = #expect(throws: UntrustedDocument.Refusal.self) {
            try UntrustedDocument.decodeJSON([Point].self, from: Array(#"[{"x":1,"y":"two"}]"#.utf8))
        }
        #expect(wrong?.reason == "'[0].y' has the wrong type")
    }
}
