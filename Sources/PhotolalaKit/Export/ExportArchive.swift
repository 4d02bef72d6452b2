public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Exports many photos as one ZIP archive, streamed as it is written: each original is read a
/// megabyte at a time and sent on, so neither the set nor any one photo is ever held whole or
/// copied to a temporary file. Names are made unique as Finder does (`IMG_0042 (2).HEIC`, and
/// without regard to case, as macOS and Windows file systems would clash). A photo that cannot
/// be exported does not end the archive: the others are sent, and a `Not exported.txt` at the
/// end says which and why.
public struct ExportArchive: Sendable {
    /// One photo to put in the archive.
    public struct Member: Sendable {
        public enum Content: Sendable {
            /// A file on this machine, streamed from disk.
            case file(path: String)
            /// Bytes already in memory (a download from the cloud).
            case bytes([UInt8])
        }

        public let name: String
        public let content: Content

        public init(name: String, content: Content) {
            self.name = name
            self.content = content
        }
    }

    /// A photo left out: what names it to the user, and why.
    public struct Failure: Sendable, Equatable {
        public let name: String
        public let reason: String

        public init(name: String, reason: String) {
            self.name = name
            self.reason = reason
        }
    }

    /// What an export did.
    public struct Summary: Sendable, Equatable {
        public var exported = 0
        public var failures: [Failure] = []
    }

    /// The name of the note that lists the photos left out.
    public static let failureNoteName = "Not exported.txt"

    private static let chunkSize = 1 << 20

    /// Writes the archive of `count` photos to `write`, asking `member(index)` for each in turn.
    /// A member that throws is left out and named in the note; an error of `write` (the client
    /// went away) ends the export.
    public static func stream(
        count: Int,
        member: (Int) async throws -> Member,
        failure: (Int, any Error) -> Failure,
        to write: ([UInt8]) async throws -> Void
    ) async throws -> Summary {
        var zip = ZipStreamWriter()
        var taken = Set<String>()
        var summary = Summary()
        for index in 0..<count {
            let photo: Member
            let file: OpenFile?
            do {
                photo = try await member(index)
                if case .file(let path) = photo.content {
                    file = try OpenFile(path: path)
                } else {
                    file = nil
                }
            } catch {
                summary.failures.append(failure(index, error))
                continue
            }
            let name = ExportName.free(for: photo.name, fallback: "Photo \(index + 1)") { taken.contains($0.lowercased()) }
            taken.insert(name.lowercased())
            switch photo.content {
            case .bytes(let bytes):
                try await write(zip.beginEntry(named: name, modified: Int64(Date().timeIntervalSince1970)))
                zip.append(bytes)
                try await write(bytes)
            case .file:
                guard let file else { continue }
                try await write(zip.beginEntry(named: name, modified: file.modified))
                // A file that grows meanwhile is sent as it was when opened; one that shrinks
                // ends where its bytes do, and the descriptor says so.
                var remaining = file.size
                while remaining > 0 {
                    let chunk = try await file.read(upTo: Int(min(remaining, Int64(chunkSize))))
                    if chunk.isEmpty { break }
                    remaining -= Int64(chunk.count)
                    zip.append(chunk)
                    try await write(chunk)
                }
            }
            try await write(zip.endEntry())
            summary.exported += 1
        }
        if !summary.failures.isEmpty {
            let lines = summary.failures.map { "\($0.name): \($0.reason)" }
            let note = Array(("These photos could not be exported:\n\n" + lines.joined(separator: "\n") + "\n").utf8)
            let name = ExportName.free(for: failureNoteName, fallback: failureNoteName) { taken.contains($0.lowercased()) }
            try await write(zip.beginEntry(named: name, modified: Int64(Date().timeIntervalSince1970)))
            zip.append(note)
            try await write(note)
            try await write(zip.endEntry())
        }
        try await write(zip.finish())
        return summary
    }
}

/// A regular file read in chunks off the cooperative threads; closed when dropped.
private struct OpenFile: Sendable {
    private let file: RegularFile
    var size: Int64 { file.size }
    var modified: Int64 { FileStatus(file.info).modifiedNanoseconds / 1_000_000_000 }

    /// - Throws: ``PhotolalaError`` when the file cannot be opened or is not a regular file.
    init(path: String) throws {
        file = try RegularFile(path: path)
    }

    func read(upTo count: Int) async throws -> [UInt8] {
        try await offload { [file] in try file.read(upTo: count) }
    }
}
