import Testing

@testable import PhotolalaKit

@Suite("ISO-BMFF boxes read without trusting their sizes")
struct ISOBMFFBoxesTests {
    /// A box of `type` around `body`, with a 32-bit size.
    private func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
        bigEndian(UInt64(8 + body.count), size: 4) + Array(type.utf8) + body
    }

    private func bigEndian(_ value: UInt64, size: Int) -> [UInt8] {
        (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    @Test("a size of 1 is followed by a 64-bit size, which the body follows")
    func largeSize() throws {
        let bytes = bigEndian(1, size: 4) + Array("mdat".utf8) + bigEndian(20, size: 8) + [1, 2, 3, 4] + box("free", [])
        let boxes = try ISOBMFFBoxes(bytes: bytes).children(of: 0..<bytes.count, limit: 16)
        #expect(boxes.map(\.type) == ["mdat", "free"])
        #expect(boxes.first?.body == 16..<20)
    }

    @Test("a size of 0 runs to the end of its parent, and is refused where the file's end is unknown")
    func sizeZero() throws {
        let bytes = box("moov", box("trak", []) + bigEndian(0, size: 4) + Array("udta".utf8) + [9, 9, 9]) + box("free", [])
        let reader = ISOBMFFBoxes(bytes: bytes)
        let moov = try reader.box(at: 0, before: bytes.count)
        let children = try reader.children(of: moov.body, limit: 16)
        #expect(children.map(\.type) == ["trak", "udta"])
        #expect(children.last?.body == 24..<27)
        #expect(children.last?.end == moov.end)
        let open = bigEndian(0, size: 4) + Array("mdat".utf8) + [1, 2]
        #expect(throws: ISOBMFFBoxes.Failure.self) { try ISOBMFFBoxes(bytes: open).box(at: 0, before: nil) }
    }

    @Test("a child claiming more than its parent holds is refused, and ends a lenient listing there")
    func overrun() throws {
        // `trak` claims 4 GB inside a 40-byte `moov`: refused, nothing the size of the claim allocated.
        let lying = bigEndian(0xFFFF_FFF0, size: 4) + Array("trak".utf8) + [UInt8](repeating: 0, count: 16)
        let bytes = box("moov", box("mvhd", [0, 0, 0, 0]) + lying) + box("free", [])
        let reader = ISOBMFFBoxes(bytes: bytes)
        let moov = try reader.box(at: 0, before: bytes.count)
        #expect(throws: ISOBMFFBoxes.Failure.overrun(type: "trak", claimed: 0xFFFF_FFF0, left: 24)) {
            try reader.children(of: moov.body, limit: 16)
        }
        #expect(reader.validChildren(of: moov.body, limit: 16).map(\.type) == ["mvhd"])
        #expect(reader.find(["moov", "trak"], in: 0..<bytes.count, limit: 16) == nil)
        // A 64-bit size past 2⁴⁰, or smaller than its own header, is no box either.
        let huge = bigEndian(1, size: 4) + Array("mdat".utf8) + bigEndian(1 << 41, size: 8)
        #expect(throws: ISOBMFFBoxes.Failure.self) { try ISOBMFFBoxes(bytes: huge).box(at: 0, before: nil) }
        let small = bigEndian(4, size: 4) + Array("free".utf8)
        #expect(throws: ISOBMFFBoxes.Failure.self) { try ISOBMFFBoxes(bytes: small).children(of: 0..<8, limit: 16) }
    }

    @Test("no more children are listed than the limit, however many the bytes hold")
    func countLimit() throws {
        let bytes = (0..<100).flatMap { _ in box("free", []) }
        let reader = ISOBMFFBoxes(bytes: bytes)
        #expect(try reader.children(of: 0..<bytes.count, limit: 3).count == 3)
        #expect(reader.validChildren(of: 0..<bytes.count, limit: 7).count == 7)
        #expect(throws: ISOBMFFBoxes.Failure.outside) { try reader.children(of: 0..<bytes.count + 1, limit: 3) }
    }

    @Test("a uuid box's extended type, a full box's version and flags, a path of types")
    func uuidFullBoxAndPath() throws {
        let uuid = [UInt8](0..<16)
        let bytes = box("moov", box("uuid", uuid + [7, 7]) + box("meta", [1, 0, 0, 0] + box("iinf", [5])))
        let reader = ISOBMFFBoxes(bytes: bytes)
        let moov = try reader.box(at: 0, before: bytes.count)
        let inner = try reader.children(of: moov.body, limit: 16)
        #expect(inner.first?.extendedType == uuid)
        #expect(inner.first.map { Array(bytes[$0.body]) } == [7, 7])
        let meta = try #require(reader.find(["moov", "meta"], in: 0..<bytes.count, limit: 16))
        #expect(meta.extendedType == nil)
        let metaBody = try #require(reader.fullBoxBody(of: meta))
        #expect(reader.uint(at: meta.body.lowerBound, size: 1) == 1)
        #expect(try reader.children(of: metaBody, limit: 16).map(\.type) == ["iinf"])
        #expect(reader.find(["iinf"], in: metaBody, limit: 16)?.body.count == 1)
        #expect(reader.find(["iloc"], in: metaBody, limit: 16) == nil)
    }
}
