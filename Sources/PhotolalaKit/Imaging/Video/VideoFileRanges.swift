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
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw PhotolalaError.unreadableFile(path, errno: errno) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw PhotolalaError.unreadableFile(path, errno: errno) }
        var ranges = VideoFileRanges(size: Int64(info.st_size), budget: budget) { offset, count in
            var bytes = [UInt8](repeating: 0, count: count)
            var done = 0
            while done < count {
                let got = bytes.withUnsafeMutableBytes { buffer in
                    pread(descriptor, buffer.baseAddress.map { $0 + done }, count - done, off_t(offset) + off_t(done))
                }
                if got < 0 && errno == EINTR { continue }
                guard got >= 0 else { throw PhotolalaError.unreadableFile(path, errno: errno) }
                guard got > 0 else { break }
                done += got
            }
            return Array(bytes.prefix(done))
        }
        return try body(&ranges)
    }
}
