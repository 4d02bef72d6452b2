import Hummingbird
import NIOCore
import PhotolalaKit

/// A photo file from disk as a response body, read a chunk at a time off the cooperative
/// threads, so a 50 MB original never sits in memory whole.
///
/// The file is opened as a ``RegularFile`` before anything is answered: a pipe or a device put
/// where a photo was is refused with its error instead of holding a worker for ever. The
/// `Content-Length` is the size the open file had; should the file shrink while it is sent,
/// the body throws, and Hummingbird closes the connection at once rather than leaving the
/// client waiting, until the idle timeout, for bytes that will never come.
struct FileBody {
    /// Bytes read and sent at a time.
    static let chunkSize = 128 * 1024

    private let file: RegularFile

    /// The size the file had when it was opened.
    var size: Int { Int(file.size) }

    /// Opens the file at `path` off the cooperative threads.
    /// - Throws: ``PhotolalaError`` when it cannot be opened or is not a regular file.
    static func open(_ path: String) async throws -> FileBody {
        FileBody(file: try await offload { try RegularFile(path: path) })
    }

    /// The bytes of `range` (the whole file when `nil`) as a body of exactly that length.
    func body(_ range: ClosedRange<Int>? = nil) -> ResponseBody {
        guard size > 0 else { return ResponseBody() }
        let range = range ?? 0...(size - 1)
        return ResponseBody(contentLength: range.count) { [file] writer in
            var offset = Int64(range.lowerBound)
            var remaining = range.count
            while remaining > 0 {
                let wanted = min(remaining, Self.chunkSize)
                let at = offset
                let chunk = try await offload { try file.read(upTo: wanted, at: at) }
                guard !chunk.isEmpty else { throw ShortFile(path: file.path, missing: remaining) }
                try await writer.write(ByteBuffer(bytes: chunk))
                offset += Int64(chunk.count)
                remaining -= chunk.count
            }
            try await writer.finish(nil)
        }
    }

    /// The file ended before the length already announced: the connection is to be closed.
    struct ShortFile: Error, CustomStringConvertible {
        let path: String
        let missing: Int

        var description: String { "'\(path)' shrank while it was sent: \(missing) bytes of its announced length are missing." }
    }
}
