import Foundation

/// A video file as its header reader sees it: its size and the byte ranges the reader asks for,
/// each read where it lies (`pread`), so that a 4 GB clip costs a few small reads, never the
/// file, and at most ``budget`` bytes in all, so that a file whose headers send the reader
/// hopping from place to place costs no more than that.
struct VideoFileRanges {
    /// The file's length in bytes.
    let size: Int64
    /// The most bytes read in all.
    let budget: Int
    /// The bytes read so far.
    private(set) var spent = 0
    private let source: (Int64, Int) throws -> [UInt8]

    /// Ranges of a file of `size` bytes, which `read` returns (fewer bytes at its end).
    init(size: Int64, budget: Int, read: @escaping (Int64, Int) throws -> [UInt8]) {
        self.size = size
        self.budget = budget
        self.source = read
    }

    /// Ranges of bytes held in memory (a test's, a fuzzer's).
    init(bytes: [UInt8], budget: Int) {
        self.init(size: Int64(bytes.count), budget: budget) { offset, count in
            Array(bytes[Int(offset)..<Int(offset) + count])
        }
    }

    /// The `count` bytes at `offset`, fewer at the file's end and none past it; `nil` when they
    /// would take the bytes read past ``budget``.
    /// - Throws: ``PhotolalaError`` when the file cannot be read.
    mutating func read(_ offset: Int64, _ count: Int) throws -> [UInt8]? {
        guard offset >= 0, offset < size, count > 0 else { return [] }
        let wanted = Int(min(Int64(count), size - offset))
        guard wanted <= budget - spent else { return nil }
        spent += wanted
        return try source(offset, wanted)
    }

    /// Runs `body` over the ranges of the file at `path`, which is closed when it returns.
    /// - Throws: ``PhotolalaError`` when the file cannot be opened, or what `body` throws.
    static func reading<Result>(atPath path: String, budget: Int, _ body: (inout VideoFileRanges) throws -> Result) throws -> Result {
        let file = try RegularFile(path: path)
        var ranges = VideoFileRanges(size: file.size, budget: budget) { offset, count in
            try file.read(upTo: count, at: offset)
        }
        return try body(&ranges)
    }
}
