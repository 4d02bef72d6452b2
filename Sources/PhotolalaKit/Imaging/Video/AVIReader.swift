import Foundation

/// Reads an AVI file's header list (`RIFF AVI ` → `LIST hdrl`) for its ``VideoHeader``: the main
/// header `avih` (microseconds a frame, frames, size), the first video stream's `strh` (its
/// handler, scale, rate and length, a better duration than the main header's) and `strf`
/// (`BITMAPINFOHEADER`: size and compression, the codec), OpenDML's `odml/dmlh` (the frames of
/// a file over 1 GB, whose main header counts only its first part), and the date a camera
/// records in `IDIT` (in the header list or beside it), else in the `INFO` list's `ICRD`.
///
/// The top-level chunks before the media (`LIST movi`) are walked with one small read each;
/// the header list is read whole, at most ``listSizeLimit``; every chunk must lie inside its
/// list, at most ``chunkLimit`` to a list. AVI dates are clock times without an offset.
enum AVIReader {
    static let listSizeLimit = 1 << 20
    static let topLevelLimit = 256
    static let chunkLimit = 1024
    static let readLimit = 4 << 20

    /// The header of the AVI file at `path`.
    /// - Throws: ``PhotolalaError`` when the file cannot be read, or has no header list before
    ///   its media.
    static func read(atPath path: String, format: ImageFormat) throws -> VideoHeader {
        try VideoFileRanges.reading(atPath: path, budget: readLimit) { file in try read(&file, format: format, name: path) }
    }

    /// The header of an AVI file read through `file`.
    /// - Throws: ``PhotolalaError/damagedVideo(_:reason:)`` when it is no RIFF AVI file or has
    ///   no header list (`hdrl`) before its media.
    static func read(_ file: inout VideoFileRanges, format: ImageFormat, name: String) throws -> VideoHeader {
        guard let riff = try file.read(0, 12), riff.count == 12, Self.fourCC(riff, at: 0) == "RIFF", Self.fourCC(riff, at: 8) == "AVI " else {
            throw PhotolalaError.damagedVideo(name, reason: "no RIFF 'AVI ' header")
        }
        // The first RIFF holds the headers; an OpenDML file's further parts (`AVIX`) follow it.
        let end = min(file.size, 8 + Int64(Self.uint32(riff, at: 4) ?? 0))
        var position: Int64 = 12
        var headerList: [UInt8]?
        var information: [UInt8]?
        var dateText: String?
        for _ in 0..<topLevelLimit {
            guard position + 8 <= end, let head = try file.read(position, 12), head.count >= 8, let size = Self.uint32(head, at: 4) else { break }
            let body = position + 8
            let id = Self.fourCC(head, at: 0) ?? ""
            // A list's type, after its size.
            let type = head.count == 12 && id == "LIST" ? Self.fourCC(head, at: 8) ?? "" : ""
            switch (id, type) {
            case ("LIST", "hdrl"), ("LIST", "INFO"):
                guard size >= 4, Int(size) - 4 <= listSizeLimit, body + Int64(size) <= end else {
                    guard type == "hdrl" else { break }
                    throw PhotolalaError.damagedVideo(
                        name, reason: "its header list claims \(size) bytes, past its end or over the \(listSizeLimit)-byte limit")
                }
                guard let bytes = try file.read(body + 4, Int(size) - 4) else { break }
                if type == "hdrl" { headerList = headerList ?? bytes } else { information = information ?? bytes }
            case ("IDIT", _):
                dateText = try file.read(body, min(Int(size), 64)).map { String(decoding: $0, as: UTF8.self) } ?? dateText
            default:
                break
            }
            if type == "movi" { break }
            position = body + Int64(size) + Int64(size & 1)
        }
        guard let headerList else { throw PhotolalaError.damagedVideo(name, reason: "no header list ('hdrl') before its media") }
        var header = headerFields(headerList, format: format)
        let headerListDate = Self.chunks(headerList, in: 0..<headerList.count).first { $0.id == "IDIT" }
        let created = Self.chunks(information ?? [], in: 0..<(information?.count ?? 0)).first { $0.id == "ICRD" }
        let texts = [
            headerListDate.map { String(decoding: headerList[$0.body.prefix(64)], as: UTF8.self) }, dateText,
            created.flatMap { chunk in information.map { String(decoding: $0[chunk.body.prefix(64)], as: UTF8.self) } },
        ]
        header.date = texts.lazy.compactMap { $0.flatMap(Self.clockTime) }.first.map { HeaderDate(seconds: Int64($0), offset: nil) }
        return header
    }

    /// Duration, size and codec from the header list's `avih`, `strl` and `odml` chunks.
    private static func headerFields(_ list: [UInt8], format: ImageFormat) -> VideoHeader {
        var header = VideoHeader(format: format)
        let chunks = Self.chunks(list, in: 0..<list.count)
        func field(_ body: Range<Int>, _ offset: Int) -> UInt32? {
            body.lowerBound + offset + 4 <= body.upperBound ? uint32(list, at: body.lowerBound + offset) : nil
        }
        let main = chunks.first { $0.id == "avih" }?.body
        // OpenDML's count of every frame, in all the file's parts.
        let allFrames = chunks.first { $0.listType == "odml" }.flatMap { odml in
            Self.chunks(list, in: odml.body).first { $0.id == "dmlh" }.flatMap { field($0.body, 0) }
        }.flatMap { $0 > 0 ? $0 : nil }
        let video = chunks.lazy.filter { $0.listType == "strl" }.map { Self.chunks(list, in: $0.body) }.first { stream in
            stream.first { $0.id == "strh" }.map { fourCC(list, at: $0.body.lowerBound) == "vids" } ?? false
        }
        if let stream = video?.first(where: { $0.id == "strh" })?.body, let scale = field(stream, 20), let rate = field(stream, 24),
            let length = field(stream, 32), scale > 0, rate > 0, max(length, allFrames ?? 0) > 0
        {
            header.duration = Double(max(length, allFrames ?? 0)) * Double(scale) / Double(rate)
        } else if let main, let perFrame = field(main, 0), let frames = allFrames ?? field(main, 16), perFrame > 0, frames > 0 {
            header.duration = Double(frames) * Double(perFrame) / 1_000_000
        }
        // BITMAPINFOHEADER: biWidth, biHeight (negative for a top-down frame), biCompression.
        if let bitmap = video?.first(where: { $0.id == "strf" })?.body, let width = field(bitmap, 4), let height = field(bitmap, 8) {
            let rows = Int32(bitPattern: height).magnitude
            if width > 0, width < 1 << 31, rows > 0 {
                (header.width, header.height) = (Int(width), Int(rows))
            }
            header.codec = printable(list, at: bitmap.lowerBound + 16, within: bitmap)
        }
        if header.width == nil, let main, let width = field(main, 32), let height = field(main, 36), width > 0, height > 0 {
            (header.width, header.height) = (Int(width), Int(height))
        }
        if header.codec == nil, let stream = video?.first(where: { $0.id == "strh" })?.body {
            header.codec = printable(list, at: stream.lowerBound + 4, within: stream)
        }
        return header
    }

    /// The chunks laid end to end in `range` (each padded to an even length), a `LIST`'s type
    /// named and its body after it; at most ``chunkLimit``, one running past the range ending them.
    private static func chunks(_ bytes: [UInt8], in range: Range<Int>) -> [(id: String, listType: String?, body: Range<Int>)] {
        var found: [(id: String, listType: String?, body: Range<Int>)] = []
        var offset = range.lowerBound
        while found.count < chunkLimit, offset + 8 <= range.upperBound, let id = fourCC(bytes, at: offset), let size = uint32(bytes, at: offset + 4) {
            let end = offset + 8 + Int(size)
            guard end <= range.upperBound else { break }
            if id == "LIST", size >= 4 {
                found.append((id, fourCC(bytes, at: offset + 8), offset + 12..<end))
            } else {
                found.append((id, nil, offset + 8..<end))
            }
            offset = end + Int(size & 1)
        }
        return found
    }

    /// An IDIT (or ICRD) text as a clock time in seconds since 1970, as exiftool reads them: the
    /// AVI standard's `SAT JAN 01 12:00:00 2022`, EXIF's `2022:01:01 12:00:00`, Konica's
    /// `2002-12-16  15:35:01`, Casio's `2005/11/28/ 09:19` and `2001/ 1/27  1:42PM`.
    static func clockTime(_ text: String) -> Int? {
        let words = text.split { $0 == " " || $0 == "\0" || $0 == "\n" || $0 == "\r" || $0 == "\t" }
        let months = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]
        if words.count >= 5, let month = months.firstIndex(of: words[1].prefix(3).uppercased()) {
            return PhotoMetadata.exifLocalTime("\(words[4]):\(month + 1):\(words[2]) \(words[3])")
        }
        let numbers = text.split { !($0.isASCII && $0.isNumber) }.prefix(6).compactMap { Int($0) }
        guard numbers.count >= 5, numbers[0] >= 1800 else { return nil }
        let afternoon = text.uppercased().contains("PM") && numbers[3] < 12 ? 12 : 0
        let second = numbers.count == 6 ? numbers[5] : 0
        return PhotoMetadata.exifLocalTime("\(numbers[0]):\(numbers[1]):\(numbers[2]) \(numbers[3] + afternoon):\(numbers[4]):\(second)")
    }

    private static func uint32(_ bytes: [UInt8], at offset: Int) -> UInt32? {
        guard offset >= 0, offset + 4 <= bytes.count else { return nil }
        return (0..<4).reduce(0) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
    }

    private static func fourCC(_ bytes: [UInt8], at offset: Int) -> String? {
        guard offset >= 0, offset + 4 <= bytes.count else { return nil }
        return String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
    }

    /// A four-character code of printable ASCII (no codec is named by zeros or binary).
    private static func printable(_ bytes: [UInt8], at offset: Int, within range: Range<Int>) -> String? {
        guard offset + 4 <= range.upperBound, bytes[offset..<offset + 4].allSatisfy({ (0x20...0x7E).contains($0) }),
            bytes[offset..<offset + 4].contains(where: { $0 != 0x20 })
        else { return nil }
        return fourCC(bytes, at: offset)
    }
}
