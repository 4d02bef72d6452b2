import Foundation

/// Reads a QuickTime or MP4 file's movie atom (`moov`) for its ``VideoHeader``, without trusting
/// any size it finds: the top-level atoms are walked with a few small reads (a camera puts `moov`
/// after gigabytes of `mdat`, which is skipped, not read), the movie atom alone is read whole, up
/// to ``movieSizeLimit``, and every nested atom must fit inside its parent (``ISOBMFFBoxes``), at
/// most ``childLimit`` to a parent, found by paths a few atoms deep.
///
/// Atoms read (ISO/IEC 14496-12 and Apple's QuickTime File Format): `mvhd` (duration, creation
/// time), each `trak`'s `tkhd` (size, matrix), `mdia/hdlr` (video or not), `mdia/minf/stbl/stsd`
/// (codec); `udta`'s `©xyz`, `©mak`, `©mod`; and the `mdta` keys of a `meta` atom (in `moov` or
/// its `udta`) holding Apple's creation date, location, make, model and content identifier.
enum QuickTimeMovieReader {
    /// The largest movie atom read: a long clip's sample tables are a few megabytes.
    static let movieSizeLimit = 64 << 20
    /// The most top-level atoms walked before `moov` (real files have under ten).
    static let topLevelLimit = 1024
    static let childLimit = 4096

    /// The header of the QuickTime or MP4 file at `path`.
    /// - Throws: ``PhotolalaError`` when the file cannot be read or its movie atom is missing,
    ///   too large or damaged.
    static func read(atPath path: String, format: ImageFormat) throws -> VideoHeader {
        // The top-level atoms' headers, then the movie atom.
        try VideoFileRanges.reading(atPath: path, budget: topLevelLimit * 32 + movieSizeLimit) { file in
            try read(size: file.size, format: format, name: path) { offset, count in try file.read(offset, count) ?? [] }
        }
    }

    /// The header of a file of `size` bytes whose ranges `read` returns (fewer bytes at its end).
    /// - Throws: ``PhotolalaError/damagedVideo(_:reason:)`` when there is no complete movie atom.
    static func read(size: Int64, format: ImageFormat, name: String, read: (Int64, Int) throws -> [UInt8]) throws -> VideoHeader {
        var offset: Int64 = 0
        scan: for _ in 0..<topLevelLimit {
            guard offset + 8 <= size else { break }
            // The longest header: size, type, 64-bit size and a `uuid` box's extended type.
            let head = try read(offset, 32)
            let atom: ISOBMFFBox
            do {
                atom = try ISOBMFFBoxes(bytes: head).box(at: 0, before: Int(size - offset))
            } catch ISOBMFFBoxes.Failure.overrun(let type, let claimed, _) {
                guard type == "moov" else {
                    throw PhotolalaError.damagedVideo(name, reason: "an atom at byte \(offset) claims \(claimed) bytes, past the file's end")
                }
                guard claimed <= UInt64(movieSizeLimit) else {
                    throw PhotolalaError.damagedVideo(name, reason: "its movie atom claims \(claimed) bytes, over the \(movieSizeLimit)-byte limit")
                }
                throw PhotolalaError.damagedVideo(name, reason: "its movie atom ends past the file's \(size) bytes")
            } catch {
                break scan
            }
            if atom.type == "moov" {
                guard atom.body.count <= movieSizeLimit else {
                    throw PhotolalaError.damagedVideo(name, reason: "its movie atom claims \(atom.end) bytes, over the \(movieSizeLimit)-byte limit")
                }
                let body = try read(offset + Int64(atom.body.lowerBound), atom.body.count)
                guard body.count == atom.body.count else {
                    throw PhotolalaError.damagedVideo(name, reason: "its movie atom could not be read whole")
                }
                return try parse(movie: body, format: format, name: name)
            }
            offset += Int64(atom.end)
        }
        throw PhotolalaError.damagedVideo(name, reason: "no movie atom ('moov') in its \(size) bytes")
    }

    /// The header from a movie atom's body.
    /// - Throws: ``PhotolalaError/damagedVideo(_:reason:)`` when it has no movie header (`mvhd`).
    static func parse(movie: [UInt8], format: ImageFormat, name: String) throws -> VideoHeader {
        let atoms = ISOBMFFBoxes(bytes: movie)
        let top = atoms.validChildren(of: 0..<movie.count, limit: childLimit)
        guard let mvhd = top.first(where: { $0.type == "mvhd" }) else {
            throw PhotolalaError.damagedVideo(name, reason: "its movie atom has no movie header ('mvhd')")
        }
        var header = VideoHeader(format: format)
        let movieHeader = atoms.movieHeader(mvhd.body)
        header.duration = movieHeader?.duration
        if let created = movieHeader?.created {
            header.date = HeaderDate(seconds: created, offset: 0)
        }
        for trak in top where trak.type == "trak" {
            guard let track = atoms.videoTrack(trak.body) else { continue }
            header.codec = track.codec
            header.rotation = track.rotation
            let swap = track.rotation % 180 != 0
            header.width = swap ? track.height : track.width
            header.height = swap ? track.width : track.height
            break
        }
        for atom in top where atom.type == "udta" {
            atoms.applyUserData(atom.body, to: &header)
        }
        // Apple's keys win over `©xyz` and the UTC creation time: they carry the local offset.
        for meta in top.filter({ $0.type == "meta" })
            + top.filter({ $0.type == "udta" }).flatMap({ atoms.validChildren(of: $0.body, limit: childLimit) }).filter({ $0.type == "meta" })
        {
            atoms.applyMetadataKeys(meta.body, to: &header)
        }
        return header
    }
}

/// The atoms of a movie that its header is read from.
extension ISOBMFFBoxes {
    /// Seconds from 1904-01-01 (QuickTime's epoch) to 1970-01-01.
    fileprivate static let epochOffset: Int64 = 2_082_844_800

    fileprivate func int32(_ offset: Int, within range: Range<Int>) -> Int32? {
        uint(at: offset, size: 4, within: range).map { Int32(bitPattern: UInt32(truncatingIfNeeded: $0)) }
    }

    /// The atom at the end of `path`, at most ``QuickTimeMovieReader/childLimit`` to a parent.
    fileprivate func find(_ path: [String], in range: Range<Int>) -> ISOBMFFBox? {
        find(path, in: range, limit: QuickTimeMovieReader.childLimit)
    }

    /// The atoms inside `range`, each wholly inside it; a damaged one ends the list.
    fileprivate func children(of range: Range<Int>) -> [ISOBMFFBox] {
        validChildren(of: range, limit: QuickTimeMovieReader.childLimit)
    }

    /// `mvhd`: duration in seconds and creation time in Unix seconds (none when unset).
    fileprivate func movieHeader(_ body: Range<Int>) -> (duration: Double?, created: Int64?)? {
        guard let version = uint(at: body.lowerBound, size: 1, within: body) else { return nil }
        let wide = version == 1
        let field = wide ? 8 : 4
        let start = body.lowerBound + 4
        guard let created = uint(at: start, size: field, within: body), let timescale = uint(at: start + 2 * field, size: 4, within: body),
            let duration = uint(at: start + 2 * field + 4, size: field, within: body)
        else { return nil }
        // An unknown duration is all ones; a creation time of 0 is 1904, i.e. none was set.
        let seconds = timescale > 0 && duration != (wide ? UInt64.max : UInt64(UInt32.max)) ? Double(duration) / Double(timescale) : nil
        let unix = created > 0 && created < UInt64(Int64.max) ? Int64(created) - Self.epochOffset : nil
        return (seconds, unix.flatMap { $0 > 0 ? $0 : nil })
    }

    /// A `trak` whose handler is `vide`: its size, its matrix's rotation and its codec.
    fileprivate func videoTrack(_ trak: Range<Int>) -> (width: Int, height: Int, rotation: Int, codec: String?)? {
        guard let hdlr = find(["mdia", "hdlr"], in: trak), fourCC(at: hdlr.body.lowerBound + 8) == "vide",
            let tkhd = find(["tkhd"], in: trak), let version = uint(at: tkhd.body.lowerBound, size: 1, within: tkhd.body)
        else { return nil }
        // version, flags, times and ids, duration, reserved, layer, group, volume, reserved
        let matrix = tkhd.body.lowerBound + 4 + (version == 1 ? 32 : 20) + 8 + 8
        guard let a = int32(matrix, within: tkhd.body), let b = int32(matrix + 4, within: tkhd.body),
            let width = uint(at: matrix + 36, size: 4, within: tkhd.body), let height = uint(at: matrix + 40, size: 4, within: tkhd.body)
        else { return nil }
        // The matrix [a b; c d] in 16.16 turns the frame by atan2(b, a), clockwise on screen.
        let degrees = Int((atan2(Double(b), Double(a)) * 180 / .pi).rounded())
        let rotation = ((degrees % 360 + 360) % 360 + 45) / 90 * 90 % 360
        var codec: String?
        if let stsd = find(["mdia", "minf", "stbl", "stsd"], in: trak) {
            codec = fourCC(at: stsd.body.lowerBound + 12).flatMap { stsd.body.lowerBound + 16 <= stsd.body.upperBound ? $0 : nil }
        }
        return (Int(width >> 16), Int(height >> 16), rotation, codec)
    }

    /// `udta`'s `©xyz` (ISO 6709), `©mak`, `©mod` and `©day`: a 16-bit length, a language, the text.
    fileprivate func applyUserData(_ udta: Range<Int>, to header: inout VideoHeader) {
        for atom in children(of: udta) {
            guard let length = uint(at: atom.body.lowerBound, size: 2, within: atom.body),
                atom.body.lowerBound + 4 + Int(length) <= atom.body.upperBound
            else { continue }
            let text = String(decoding: bytes[atom.body.lowerBound + 4..<atom.body.lowerBound + 4 + Int(length)], as: UTF8.self)
            switch atom.type {
            case "\u{A9}xyz": applyLocation(text, to: &header)
            case "\u{A9}mak": header.make = Self.cleaned(text)
            case "\u{A9}mod": header.model = Self.cleaned(text)
            default: break
            }
        }
    }

    /// A `meta` atom's `keys` and `ilst` (Apple's `mdta` metadata), full box or not.
    fileprivate func applyMetadataKeys(_ meta: Range<Int>, to header: inout VideoHeader) {
        // In MP4 `meta` is a full box (4 bytes of version and flags), in QuickTime it is not.
        let start = fourCC(at: meta.lowerBound + 4) == "hdlr" ? meta.lowerBound : meta.lowerBound + 4
        guard start <= meta.upperBound else { return }
        let atoms = children(of: start..<meta.upperBound)
        guard let keys = atoms.first(where: { $0.type == "keys" }), let ilst = atoms.first(where: { $0.type == "ilst" }),
            let count = uint(at: keys.body.lowerBound + 4, size: 4, within: keys.body)
        else { return }
        var names: [String] = []
        var position = keys.body.lowerBound + 8
        for _ in 0..<min(Int(count), QuickTimeMovieReader.childLimit) {
            guard let size = uint(at: position, size: 4, within: keys.body), size >= 8, position + Int(size) <= keys.body.upperBound else { break }
            names.append(String(decoding: bytes[position + 8..<position + Int(size)], as: UTF8.self))
            position += Int(size)
        }
        for item in children(of: ilst.body) {
            guard let index = uint(at: item.body.lowerBound - 4, size: 4), index >= 1, index <= names.count,
                let data = children(of: item.body).first(where: { $0.type == "data" }), data.body.lowerBound + 8 <= data.body.upperBound
            else { continue }
            // The data atom: a type (1 is UTF-8), a locale, the value.
            guard uint(at: data.body.lowerBound, size: 4, within: data.body) == 1 else { continue }
            let text = String(decoding: bytes[data.body.lowerBound + 8..<data.body.upperBound], as: UTF8.self)
            switch names[Int(index) - 1] {
            case "com.apple.quicktime.creationdate": header.date = Self.creationDate(text) ?? header.date
            case "com.apple.quicktime.location.ISO6709": applyLocation(text, to: &header)
            case "com.apple.quicktime.make": header.make = Self.cleaned(text) ?? header.make
            case "com.apple.quicktime.model": header.model = Self.cleaned(text) ?? header.model
            case "com.apple.quicktime.content.identifier": header.contentIdentifier = Self.cleaned(text)
            default: break
            }
        }
    }

    private func applyLocation(_ text: String, to header: inout VideoHeader) {
        guard let location = ISO6709Location(text) else { return }
        header.latitude = location.latitude
        header.longitude = location.longitude
        header.altitude = location.altitude
    }

    private static func cleaned(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: "\0")))
        return trimmed.isEmpty ? nil : String(trimmed.prefix(256))
    }

    /// Apple's creation date, ISO 8601 with its offset: `2024-05-01T14:23:11+0200` (or `+02:00`, `Z`).
    fileprivate static func creationDate(_ text: String) -> HeaderDate? {
        let scalars = Array(text.utf8)
        func number(_ start: Int, _ count: Int) -> Int? {
            guard start + count <= scalars.count else { return nil }
            var value = 0
            for byte in scalars[start..<start + count] {
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2), let hour = number(11, 2),
            let minute = number(14, 2), let second = number(17, 2), (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60,
            second < 61
        else { return nil }
        var position = 19
        if position < scalars.count, scalars[position] == UInt8(ascii: ".") {
            position += 1
            while position < scalars.count, scalars[position] >= 48, scalars[position] <= 57 { position += 1 }
        }
        var offset: Int?
        if position < scalars.count {
            let sign = scalars[position]
            if sign == UInt8(ascii: "Z") {
                offset = 0
            } else if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), let hours = number(position + 1, 2) {
                let colon = position + 3 < scalars.count && scalars[position + 3] == UInt8(ascii: ":") ? 1 : 0
                let minutes = number(position + 3 + colon, 2) ?? 0
                guard hours < 24, minutes < 60 else { return nil }
                offset = (sign == UInt8(ascii: "-") ? -1 : 1) * (hours * 3600 + minutes * 60)
            }
        }
        var components = DateComponents()
        (components.year, components.month, components.day) = (year, month, day)
        (components.hour, components.minute, components.second) = (hour, minute, second)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        guard let clock = calendar.date(from: components) else { return nil }
        let clockSeconds = Int64(clock.timeIntervalSince1970)
        return HeaderDate(seconds: clockSeconds - Int64(offset ?? 0), offset: offset)
    }
}
