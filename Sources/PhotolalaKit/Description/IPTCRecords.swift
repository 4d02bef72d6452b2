import Foundation

/// The IPTC-IIM datasets of a photo's Application Record (record 2), as text: keywords, object
/// name and caption, which Photoshop, Lightroom and photo agencies still write beside XMP.
///
/// The block is a JPEG's APP13 (`Photoshop 3.0`, then Photoshop's `8BIM` image resources, of
/// which resource 0x0404 holds the IIM), a TIFF's tag 33723, or the datasets themselves. Text
/// is UTF-8 when the Envelope Record says so (1:90 `ESC % G`) or when it is valid UTF-8, else
/// Latin-1, as exiftool reads it. Every length is checked against the block; a damaged block
/// gives what was read before the damage.
struct IPTCRecords: Sendable, Equatable {
    /// Dataset numbers of the Application Record (IPTC-IIM 4.2).
    enum Dataset {
        static let objectName: UInt8 = 5
        static let keywords: UInt8 = 25
        static let caption: UInt8 = 120
    }

    /// The most datasets read: a photo with a few hundred keywords is already unusual.
    static let maximumDatasets = 2_000

    /// Each Application Record dataset's values, in the block's order.
    private(set) var values: [UInt8: [String]] = [:]

    init(_ block: [UInt8]) {
        guard let datasets = Self.datasets(in: block[...]) else { return }
        var raw: [(UInt8, ArraySlice<UInt8>)] = []
        var utf8Declared = false
        var index = datasets.startIndex
        while index + 5 <= datasets.endIndex, datasets[index] == 0x1C, raw.count < Self.maximumDatasets {
            let record = datasets[index + 1], dataset = datasets[index + 2]
            let length = Int(datasets[index + 3]) << 8 | Int(datasets[index + 4])
            // An extended dataset (length's top bit set) is binary: nothing read here is one.
            guard length & 0x8000 == 0, index + 5 + length <= datasets.endIndex else { break }
            let value = datasets[index + 5..<index + 5 + length]
            if record == 1, dataset == 90 { utf8Declared = value.elementsEqual([0x1B, 0x25, 0x47]) }
            if record == 2 { raw.append((dataset, value)) }
            index += 5 + length
        }
        for (dataset, bytes) in raw {
            let text = Self.text(bytes, utf8Declared: utf8Declared).trimmingCharacters(in: .whitespacesAndNewlines.union(.controlCharacters))
            guard !text.isEmpty else { continue }
            values[dataset, default: []].append(text)
        }
    }

    /// The first value of a dataset.
    func value(_ dataset: UInt8) -> String? {
        values[dataset]?.first
    }

    /// Where the datasets begin: after APP13's header and the `8BIM` resource 0x0404, or at once.
    private static func datasets(in block: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        var resources = block
        let photoshop = Array("Photoshop 3.0\0".utf8)
        if resources.starts(with: photoshop) { resources = resources.dropFirst(photoshop.count) }
        guard resources.starts(with: "8BIM".utf8) else { return block.first == 0x1C ? block : nil }
        var index = resources.startIndex
        while index + 12 <= resources.endIndex, resources[index..<index + 4].elementsEqual("8BIM".utf8) {
            let identifier = Int(resources[index + 4]) << 8 | Int(resources[index + 5])
            // A Pascal string, padded to an even length with its length byte.
            let nameLength = Int(resources[index + 6])
            let sizeAt = index + 6 + (nameLength + 2) & ~1
            guard sizeAt + 4 <= resources.endIndex else { return nil }
            let size = resources[sizeAt..<sizeAt + 4].reduce(0) { $0 << 8 | Int($1) }
            let dataAt = sizeAt + 4
            guard size >= 0, dataAt + size <= resources.endIndex else { return nil }
            if identifier == 0x0404 { return resources[dataAt..<dataAt + size] }
            index = dataAt + (size + 1) & ~1
        }
        return nil
    }

    private static func text(_ bytes: ArraySlice<UInt8>, utf8Declared: Bool) -> String {
        if utf8Declared || bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        if let utf8 = String(validating: bytes, as: UTF8.self) { return utf8 }
        return String(bytes.map { Character(Unicode.Scalar($0)) })
    }
}
