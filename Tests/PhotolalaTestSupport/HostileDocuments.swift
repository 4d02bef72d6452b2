import Foundation

/// Property lists built to break parsers: nesting thousands of levels deep, loops and shared
/// values, in XML and binary form. Generated, never committed.
public enum HostileDocuments {
    /// An XML property list of `depth` nested `<array>`s (150 KB at depth 10,000).
    public static func nestedXMLPropertyList(depth: Int) -> [UInt8] {
        Array(
            ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n" + String(repeating: "<array>", count: depth)
                + String(repeating: "</array>", count: depth) + "\n</plist>\n").utf8)
    }

    /// A binary property list whose top object is an array holding an array … `depth` deep.
    public static func nestedBinaryPropertyList(depth: Int) -> [UInt8] {
        binaryPropertyList(objectCount: depth + 1) { object in object < depth ? [object + 1] : [] }
    }

    /// A binary property list whose top array holds itself.
    public static func cyclicBinaryPropertyList() -> [UInt8] {
        binaryPropertyList(objectCount: 1) { _ in [0] }
    }

    /// A binary property list of `levels` arrays each holding the next one twice: a few hundred
    /// bytes that a parser expanding every reference turns into 2^levels values.
    public static func sharedBinaryPropertyList(levels: Int) -> [UInt8] {
        binaryPropertyList(objectCount: levels + 1) { object in object < levels ? [object + 1, object + 1] : [] }
    }

    /// `bplist00` with `objectCount` arrays, object 0 on top, each holding the references
    /// `children` gives.
    public static func binaryPropertyList(objectCount: Int, children: (Int) -> [Int]) -> [UInt8] {
        let referenceSize = objectCount < 256 ? 1 : objectCount < 65_536 ? 2 : 4
        func bigEndian(_ value: Int, size: Int) -> [UInt8] {
            (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
        }
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in 0..<objectCount {
            offsets.append(bytes.count)
            let references = children(object)
            if references.count < 15 {
                bytes.append(0xA0 | UInt8(references.count))
            } else {
                bytes += [0xAF, 0x12] + bigEndian(references.count, size: 4)
            }
            references.forEach { bytes += bigEndian($0, size: referenceSize) }
        }
        let table = bytes.count
        let offsetSize = 4
        offsets.forEach { bytes += bigEndian($0, size: offsetSize) }
        bytes += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
        bytes += bigEndian(objectCount, size: 8) + bigEndian(0, size: 8) + bigEndian(table, size: 8)
        return bytes
    }
}
