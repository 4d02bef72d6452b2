import Foundation
import PhotolalaKit

/// Writes the JSON of `photolala scan --json` as the scan goes: each batch's items as soon as it
/// arrives, so memory stays flat however many photos the tree holds (a million photos as one
/// `Encodable` report took over a gigabyte). One object:
///
///     {"items":[{"duration":…,"format":"JPEG","id":…,"kind":"photo","name":…,"pair":…,
///       "pairRole":"raw","path":…,"size":…},…],"folders":[{"name":…,"path":…}],
///      "errors":[{"message":…,"path":…}],"count":N}
///
/// Keys of items, folders and errors are sorted, as every `--json` of the CLI prints them; the
/// top level ends with what is known only at the end. Absent values are left out, as
/// `JSONEncoder` leaves out `nil`s.
struct ScanJSONWriter {
    private var buffer: [UInt8] = []
    private var itemCount = 0
    private let write: ([UInt8]) -> Void

    /// Bytes gathered before each write to standard output.
    private static let chunkSize = 1 << 16

    init(write: @escaping ([UInt8]) -> Void = { FileHandle.standardOutput.write(Data($0)) }) {
        self.write = write
        buffer.reserveCapacity(Self.chunkSize + 4096)
        buffer.append(contentsOf: #"{"items":["#.utf8)
    }

    /// Appends a batch's photos. Files pair within one folder, and a scan's batches never part
    /// files of one base name (``FilePairing``), so each batch is paired on its own.
    mutating func append(_ photos: [ScannedPhoto]) {
        var pairs = [(name: String, role: FilePairing.Role)?](repeating: nil, count: photos.count)
        var start = photos.startIndex
        while start < photos.endIndex {
            let folder = photos[start].folder
            let end = photos[start...].firstIndex { $0.folder != folder } ?? photos.endIndex
            for group in FilePairing.groups(ofNames: photos[start..<end].map(\.item.displayName)) {
                let still = start + group.primary
                for companion in group.companions {
                    pairs[start + companion.index] = (photos[still].item.displayName, companion.role)
                }
                if let first = group.companions.first {
                    pairs[still] = (photos[start + first.index].item.displayName, first.role)
                }
            }
            start = end
        }
        for (photo, pair) in zip(photos, pairs) {
            appendItem(photo, pair: pair)
        }
    }

    /// Ends the items and writes the folders, the problems and the count.
    mutating func finish(folders: [ScannedFolder], problems: [ScanProblem]) {
        buffer.append(contentsOf: #"],"folders":["#.utf8)
        for (index, folder) in folders.enumerated() {
            if index > 0 { buffer.append(UInt8(ascii: ",")) }
            buffer.append(contentsOf: #"{"name":"#.utf8)
            JSONText.appendString(folder.name, to: &buffer)
            buffer.append(contentsOf: #","path":"#.utf8)
            JSONText.appendString(folder.path, to: &buffer)
            buffer.append(UInt8(ascii: "}"))
            flushIfFull()
        }
        buffer.append(contentsOf: #"],"errors":["#.utf8)
        for (index, problem) in problems.enumerated() {
            if index > 0 { buffer.append(UInt8(ascii: ",")) }
            buffer.append(contentsOf: #"{"message":"#.utf8)
            JSONText.appendString(problem.message, to: &buffer)
            buffer.append(contentsOf: #","path":"#.utf8)
            JSONText.appendString(problem.path, to: &buffer)
            buffer.append(UInt8(ascii: "}"))
            flushIfFull()
        }
        buffer.append(contentsOf: #"],"count":"#.utf8)
        JSONText.appendInteger(Int64(itemCount), to: &buffer)
        buffer.append(contentsOf: "}\n".utf8)
        write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    private mutating func appendItem(_ photo: ScannedPhoto, pair: (name: String, role: FilePairing.Role)?) {
        let path = photo.path
        let format = ImageFormat(name: path)
        let kind = PhotoKind(fileName: photo.item.displayName)
        if itemCount > 0 { buffer.append(UInt8(ascii: ",")) }
        itemCount += 1
        buffer.append(UInt8(ascii: "{"))
        if kind == .video, let duration = ImageFormat.videoDuration(ofFileAt: path) {
            buffer.append(contentsOf: #""duration":"#.utf8)
            JSONText.appendNumber(duration, to: &buffer)
            buffer.append(UInt8(ascii: ","))
        }
        if let format {
            buffer.append(contentsOf: #""format":"#.utf8)
            JSONText.appendString(format.rawValue, to: &buffer)
            buffer.append(UInt8(ascii: ","))
        }
        buffer.append(contentsOf: #""id":"#.utf8)
        JSONText.appendString(photo.item.id, to: &buffer)
        buffer.append(contentsOf: #","kind":"#.utf8)
        JSONText.appendString(kind.rawValue, to: &buffer)
        buffer.append(contentsOf: #","name":"#.utf8)
        JSONText.appendString(photo.item.displayName, to: &buffer)
        if let pair {
            buffer.append(contentsOf: #","pair":"#.utf8)
            JSONText.appendString(pair.name, to: &buffer)
            buffer.append(contentsOf: #","pairRole":"#.utf8)
            JSONText.appendString(pair.role.rawValue, to: &buffer)
        }
        buffer.append(contentsOf: #","path":"#.utf8)
        JSONText.appendString(path, to: &buffer)
        if let size = photo.status?.size {
            buffer.append(contentsOf: #","size":"#.utf8)
            JSONText.appendInteger(size, to: &buffer)
        }
        buffer.append(UInt8(ascii: "}"))
        flushIfFull()
    }

    private mutating func flushIfFull() {
        guard buffer.count >= Self.chunkSize else { return }
        write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
