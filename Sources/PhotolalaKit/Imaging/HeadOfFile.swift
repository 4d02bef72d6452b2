import PhotolalaSupport

/// The first bytes of a file, read further, or where its structure points, on demand: never
/// more than a budget in all, so a header that claims to go on for gigabytes costs at most the
/// budget, and the caller reads the whole file (or gives up) instead.
struct HeadOfFile {
    let file: RegularFile
    /// The bytes read from the start of the file.
    private(set) var bytes: [UInt8]
    /// How many more bytes may be read.
    private var budget: Int

    /// The most top-level boxes of an ISO-BMFF file walked: cameras write a handful.
    static let topLevelBoxLimit = 64

    /// Opens the file at `path` and reads its first `prefixLength` bytes.
    /// - Throws: ``PhotolalaError/unreadableFile`` when it cannot be opened or read.
    init(path: String, prefixLength: Int, budget: Int) throws {
        file = try RegularFile(path: path)
        bytes = try file.read(upTo: min(prefixLength, budget))
        self.budget = budget - bytes.count
    }

    /// The file's size when it was opened.
    var size: Int { Int(file.size) }

    /// Reads on from the start up to `end` (or the file's end), within the budget; `false` when
    /// nothing more could be read.
    /// - Throws: ``PhotolalaError/unreadableFile`` when the read fails.
    mutating func extend(to end: Int) throws -> Bool {
        let target = min(end, size)
        guard target > bytes.count, target - bytes.count <= budget else { return false }
        let more = try file.read(upTo: target - bytes.count, at: Int64(bytes.count))
        budget -= more.count
        bytes += more
        return !more.isEmpty
    }

    /// Whether the bytes read reach `end`, reading on to it first when they do not.
    /// - Throws: ``PhotolalaError/unreadableFile`` when the read fails.
    mutating func reach(_ end: Int) throws -> Bool {
        if end > bytes.count { _ = try extend(to: end) }
        return end <= bytes.count
    }

    /// The bytes of `range`, from what was read or read where they lie, within the budget;
    /// `nil` when they lie past the end of the file or the budget.
    /// - Throws: ``PhotolalaError/unreadableFile`` when the read fails.
    mutating func fetch(_ range: Range<Int>) throws -> [UInt8]? {
        guard range.lowerBound >= 0, range.upperBound <= size else { return nil }
        if range.upperBound <= bytes.count { return Array(bytes[range]) }
        guard range.count <= budget else { return nil }
        let read = try file.read(upTo: range.count, at: Int64(range.lowerBound))
        budget -= read.count
        return read.count == range.count ? read : nil
    }

    /// The top-level boxes of an ISO-BMFF file, their headers read where they lie (a CR3's
    /// `mdat` of 30 MB costs one read of its header); `nil` when one cannot be read, unless it
    /// is the last (a file cut short keeps the boxes before the cut).
    /// - Throws: ``PhotolalaError/unreadableFile`` when a read fails.
    mutating func topLevelBoxes() throws -> [ISOBMFFBox]? {
        var boxes: [ISOBMFFBox] = []
        var offset = 0
        while offset + 8 <= size, boxes.count < Self.topLevelBoxLimit {
            // A header is at most 32 bytes: a 64-bit size and a `uuid` box's extended type.
            guard let header = try fetch(offset..<min(offset + 32, size)) else { return nil }
            guard let box = try? ISOBMFFBoxes(bytes: header).box(at: 0, before: size - offset) else { break }
            boxes.append(ISOBMFFBox(type: box.type, extendedType: box.extendedType, body: offset + box.body.lowerBound..<offset + box.end))
            offset += box.end
        }
        return boxes.isEmpty ? nil : boxes
    }
}
