import Foundation

/// Reads a Matroska or WebM file's head (RFC 9559, over EBML) for its ``VideoHeader``: the
/// segment's `Info` (timestamp scale, `Duration`, `DateUTC`), its first enabled video track
/// (`CodecID`, pixel and display size, and its turn: a rectangular `Projection`'s roll, as
/// ffmpeg 6.1 and later write a display matrix, else a `ROTATE` tag of the track, as a `rotate`
/// key remuxed by an older one) and, when `Info` has no date, the date a tag of the whole
/// segment records (`DATE_RECORDED`, else `DATE_DIGITIZED`).
///
/// The segment's top-level elements are walked with one small read of each header, up to the
/// first `Cluster` (the media, skipped, never read); those wanted are read whole, at most
/// ``elementSizeLimit`` each. Those the walk did not reach (mkvmerge writes `Tags` after the
/// clusters) are read where the `SeekHead` says, as exiftool does. A live recording writes its
/// segment and clusters with an unknown size and its `Cues` (and a second `SeekHead`, if any)
/// at the end: the walk stops at its first cluster, before which `Info` and `Tracks` lie, and a
/// `Duration` written only after the clusters is not found (the video then has none). No size
/// is trusted: a child lies inside its parent, at most ``childLimit`` to an element and
/// ``topLevelLimit`` at the top, and at most ``readLimit`` bytes are read in all.
enum MatroskaReader {
    static let elementSizeLimit = 4 << 20
    static let readLimit = 16 << 20
    static let topLevelLimit = 1024
    static let childLimit = 4096

    /// Element IDs (RFC 8794, RFC 9559).
    enum ID {
        static let ebml: UInt32 = 0x1A45_DFA3
        static let segment: UInt32 = 0x1853_8067
        static let seekHead: UInt32 = 0x114D_9B74
        static let seek: UInt32 = 0x4DBB
        static let seekID: UInt32 = 0x53AB
        static let seekPosition: UInt32 = 0x53AC
        static let info: UInt32 = 0x1549_A966
        static let timestampScale: UInt32 = 0x2A_D7B1
        static let duration: UInt32 = 0x4489
        static let dateUTC: UInt32 = 0x4461
        static let tracks: UInt32 = 0x1654_AE6B
        static let trackEntry: UInt32 = 0xAE
        static let trackType: UInt32 = 0x83
        static let flagEnabled: UInt32 = 0xB9
        static let codecID: UInt32 = 0x86
        static let video: UInt32 = 0xE0
        static let pixelWidth: UInt32 = 0xB0
        static let pixelHeight: UInt32 = 0xBA
        static let displayWidth: UInt32 = 0x54B0
        static let displayHeight: UInt32 = 0x54BA
        static let displayUnit: UInt32 = 0x54B2
        static let trackUID: UInt32 = 0x73C5
        static let projection: UInt32 = 0x7670
        static let projectionType: UInt32 = 0x7671
        static let projectionPrivate: UInt32 = 0x7672
        static let projectionPoseRoll: UInt32 = 0x7675
        static let tagTrackUID: UInt32 = 0x63C5
        static let tags: UInt32 = 0x1254_C367
        static let tag: UInt32 = 0x7373
        static let targets: UInt32 = 0x63C0
        /// `TagTrackUID`, `TagEditionUID`, `TagChapterUID`, `TagAttachmentUID`: a tag of a part, not the whole segment.
        static let targetUIDs: Set<UInt32> = [0x63C5, 0x63C9, 0x63C4, 0x63C6]
        static let simpleTag: UInt32 = 0x67C8
        static let tagName: UInt32 = 0x45A3
        static let tagString: UInt32 = 0x4487
        static let cluster: UInt32 = 0x1F43_B675
        static let cues: UInt32 = 0x1C53_BB6B
        static let chapters: UInt32 = 0x1043_A770
        static let attachments: UInt32 = 0x1941_A469
        /// The segment's children, and what starts a new file: each ends an element of unknown size.
        static let topLevel: Set<UInt32> = [seekHead, info, tracks, tags, cluster, cues, chapters, attachments, ebml, segment]
    }

    /// The header of the Matroska or WebM file at `path`.
    /// - Throws: ``PhotolalaError`` when the file cannot be read, or has no EBML header, segment,
    ///   `Info` or `Tracks` before its media.
    static func read(atPath path: String, format: ImageFormat) throws -> VideoHeader {
        try VideoFileRanges.reading(atPath: path, budget: readLimit) { file in try read(&file, format: format, name: path) }
    }

    /// The header of a Matroska or WebM file read through `file`.
    /// - Throws: ``PhotolalaError/damagedVideo(_:reason:)`` when it has no EBML header, segment,
    ///   `Info` or `Tracks` before its media.
    static func read(_ file: inout VideoFileRanges, format: ImageFormat, name: String) throws -> VideoHeader {
        let segment = try segmentBody(&file, name: name)
        var parts = Parts()
        var position = segment.lowerBound
        walk: for _ in 0..<topLevelLimit {
            guard position < segment.upperBound, let head = try file.read(position, EBMLElements.longestHeader),
                let element = EBMLElements(bytes: head).element(at: 0)
            else { break }
            switch element.id {
            case ID.cluster:
                break walk
            case ID.info, ID.tracks, ID.tags, ID.seekHead:
                guard let body = try self.body(of: element, at: position, in: segment, &file, name: name) else { break walk }
                parts.add(element.id, body: body)
                guard element.size != nil || body.count < elementSizeLimit else { break walk }
                position += Int64(element.bodyStart + body.count)
            default:
                guard let size = element.size, size <= UInt64(segment.upperBound - position) else { break walk }
                position += Int64(element.bodyStart) + Int64(size)
            }
        }
        // What the walk did not reach, where a SeekHead says it is (a second SeekHead first).
        for id in [ID.seekHead, ID.info, ID.tracks, ID.tags] {
            guard parts.lacks(id), let relative = parts.seeks[id], relative < UInt64(segment.count) else { continue }
            let at = segment.lowerBound + Int64(relative)
            guard let head = try file.read(at, EBMLElements.longestHeader), let element = EBMLElements(bytes: head).element(at: 0),
                element.id == id, let body = try self.body(of: element, at: at, in: segment, &file, name: name)
            else { continue }
            parts.add(id, body: body)
        }
        guard parts.info != nil || parts.tracks != nil else {
            throw PhotolalaError.damagedVideo(name, reason: "no segment information ('Info') or tracks ('Tracks') before its media")
        }
        return parts.header(format: format)
    }

    /// Where the segment's body lies: after the EBML header (and any `Void` before the segment),
    /// to the segment's end, the file's end for one of unknown size or cut short.
    private static func segmentBody(_ file: inout VideoFileRanges, name: String) throws -> Range<Int64> {
        var position: Int64 = 0
        for index in 0..<16 {
            guard let head = try file.read(position, EBMLElements.longestHeader), let element = EBMLElements(bytes: head).element(at: 0),
                index > 0 || element.id == ID.ebml
            else { break }
            let start = position + Int64(element.bodyStart)
            if element.id == ID.segment {
                let end = element.size.map { start + Int64(min($0, UInt64(file.size))) } ?? file.size
                return start..<min(end, file.size)
            }
            guard let size = element.size, size < UInt64(file.size) else { break }
            position = start + Int64(size)
        }
        throw PhotolalaError.damagedVideo(name, reason: "no Matroska segment after its EBML header")
    }

    /// The body of a top-level element at `position`: whole when its size is known (at most
    /// ``elementSizeLimit``, inside the segment); up to the next top-level element when it is
    /// unknown; `nil` when the read budget is spent.
    private static func body(
        of element: EBMLElement, at position: Int64, in segment: Range<Int64>, _ file: inout VideoFileRanges, name: String
    ) throws -> [UInt8]? {
        let start = position + Int64(element.bodyStart)
        let left = max(0, segment.upperBound - start)
        guard let size = element.size else {
            guard let bytes = try file.read(start, Int(min(left, Int64(elementSizeLimit)))) else { return nil }
            // An element of unknown size ends where one that cannot be its child begins.
            let elements = EBMLElements(bytes: bytes)
            var end = 0
            for _ in 0..<childLimit {
                guard let child = elements.element(at: end), !ID.topLevel.contains(child.id), let size = child.size,
                    size <= UInt64(bytes.count - child.bodyStart)
                else { break }
                end = child.bodyStart + Int(size)
            }
            return Array(bytes[..<end])
        }
        guard size <= UInt64(elementSizeLimit) else {
            throw PhotolalaError.damagedVideo(
                name, reason: "an element at byte \(position) claims \(size) bytes, over the \(elementSizeLimit)-byte limit")
        }
        guard size <= UInt64(left) else {
            throw PhotolalaError.damagedVideo(name, reason: "an element at byte \(position) claims \(size) bytes, past the file's end")
        }
        guard let bytes = try file.read(start, Int(size)) else { return nil }
        return bytes
    }
}

extension MatroskaReader {
    /// The segment's elements read so far, and where its `SeekHead`s say the others are.
    fileprivate struct Parts {
        var info: EBMLElements?
        var tracks: EBMLElements?
        var tags: [EBMLElements] = []
        var seekHeads = 0
        /// Positions relative to the segment's body, by element ID (the first entry for each).
        var seeks: [UInt32: UInt64] = [:]

        func lacks(_ id: UInt32) -> Bool {
            switch id {
            case ID.info: info == nil
            case ID.tracks: tracks == nil
            case ID.tags: tags.isEmpty
            // A second SeekHead is read when only one was.
            case ID.seekHead: seekHeads == 1
            default: false
            }
        }

        mutating func add(_ id: UInt32, body: [UInt8]) {
            let elements = EBMLElements(bytes: body)
            switch id {
            case ID.info where info == nil: info = elements
            case ID.tracks where tracks == nil: tracks = elements
            case ID.tags where tags.count < 8: tags.append(elements)
            case ID.seekHead where seekHeads < 2:
                seekHeads += 1
                for seek in elements.children(of: 0..<body.count, limit: childLimit) where seek.element.id == ID.seek {
                    let fields = elements.children(of: seek.body, limit: 16)
                    guard let idBody = fields.first(where: { $0.element.id == ID.seekID })?.body,
                        let positionBody = fields.first(where: { $0.element.id == ID.seekPosition })?.body,
                        let target = elements.unsigned(idBody), let position = elements.unsigned(positionBody)
                    else { continue }
                    if seeks[UInt32(truncatingIfNeeded: target)] == nil { seeks[UInt32(truncatingIfNeeded: target)] = position }
                }
            default: break
            }
        }

        func header(format: ImageFormat) -> VideoHeader {
            var header = VideoHeader(format: format)
            if let info {
                let fields = info.children(of: 0..<info.bytes.count, limit: childLimit)
                func field(_ id: UInt32) -> Range<Int>? { fields.first { $0.element.id == id }?.body }
                // Ticks of the timestamp scale in nanoseconds (1 ms unless it says otherwise).
                let scale = field(ID.timestampScale).flatMap(info.unsigned).flatMap { $0 > 0 ? Double($0) : nil } ?? 1_000_000
                if let ticks = field(ID.duration).flatMap(info.float), ticks.isFinite, ticks > 0 {
                    let seconds = ticks * scale / 1e9
                    header.duration = seconds.isFinite ? seconds : nil
                }
                if let nanoseconds = field(ID.dateUTC).flatMap(info.signed), field(ID.dateUTC)?.count == 8 {
                    let (quotient, remainder) = nanoseconds.quotientAndRemainder(dividingBy: 1_000_000_000)
                    // Seconds from 1970 to 2001-01-01, Matroska's epoch.
                    header.date = HeaderDate(seconds: 978_307_200 + quotient - (remainder < 0 ? 1 : 0), offset: 0)
                }
            }
            if let track = tracks.flatMap({ applyVideoTrack($0, to: &header) }) {
                // The roll turns counter-clockwise, the tag (ffmpeg's `rotate`) clockwise.
                let tagged = track.uid.flatMap { uid in tags.lazy.compactMap { Self.rotateTag($0, track: uid) }.first }
                if let degrees = track.roll.map({ -$0 }) ?? tagged {
                    Self.turn(&header, clockwise: degrees)
                }
            }
            if header.date == nil {
                header.date = tags.lazy.compactMap(Self.recordedDate).first
            }
            return header
        }

        /// The first enabled video track's codec and displayed size, and what names it and says
        /// its turn: its `TrackUID` and a rectangular projection's roll, in degrees.
        private func applyVideoTrack(_ tracks: EBMLElements, to header: inout VideoHeader) -> (uid: UInt64?, roll: Double?)? {
            for entry in tracks.children(of: 0..<tracks.bytes.count, limit: childLimit) where entry.element.id == ID.trackEntry {
                let fields = tracks.children(of: entry.body, limit: childLimit)
                func field(_ id: UInt32) -> Range<Int>? { fields.first { $0.element.id == id }?.body }
                guard field(ID.trackType).flatMap(tracks.unsigned) == 1, field(ID.flagEnabled).flatMap(tracks.unsigned) ?? 1 != 0,
                    let video = field(ID.video)
                else { continue }
                header.codec = field(ID.codecID).flatMap(tracks.string)
                let sizes = tracks.children(of: video, limit: childLimit)
                let track = (uid: field(ID.trackUID).flatMap(tracks.unsigned), roll: Self.roll(in: sizes, of: tracks))
                func size(_ id: UInt32) -> UInt64? {
                    sizes.first { $0.element.id == id }.flatMap { tracks.unsigned($0.body) }.flatMap { $0 > 0 ? $0 : nil }
                }
                guard let width = size(ID.pixelWidth), let height = size(ID.pixelHeight) else { return track }
                header.width = Int(clamping: width)
                header.height = Int(clamping: height)
                // Pixels (unit 0) are the displayed size; centimetres, inches or a ratio (1–3)
                // stretch the width to the ratio, as ffmpeg shows them.
                let unit = sizes.first { $0.element.id == ID.displayUnit }.flatMap { tracks.unsigned($0.body) } ?? 0
                if let displayWidth = size(ID.displayWidth), let displayHeight = size(ID.displayHeight), unit <= 3 {
                    let stretched = (Double(height) * Double(displayWidth) / Double(displayHeight)).rounded()
                    if unit == 0 {
                        header.width = Int(clamping: displayWidth)
                        header.height = Int(clamping: displayHeight)
                    } else if stretched >= 1, stretched < Double(1 << 31) {
                        header.width = Int(stretched)
                    }
                }
                return track
            }
            return nil
        }

        /// The roll of a video's rectangular `Projection` (type 0, no private data), in degrees
        /// counter-clockwise, as the specification bounds it (−180 to 180).
        private static func roll(in video: [(element: EBMLElement, body: Range<Int>)], of tracks: EBMLElements) -> Double? {
            guard let projection = video.first(where: { $0.element.id == ID.projection }) else { return nil }
            let fields = tracks.children(of: projection.body, limit: 16)
            func field(_ id: UInt32) -> Range<Int>? { fields.first { $0.element.id == id }?.body }
            guard field(ID.projectionType).flatMap(tracks.unsigned) ?? 0 == 0, field(ID.projectionPrivate) == nil,
                let roll = field(ID.projectionPoseRoll).flatMap(tracks.float), roll.isFinite, (-180...180).contains(roll)
            else { return nil }
            return roll
        }

        /// The `ROTATE` tag of the track `uid` names, in degrees clockwise.
        private static func rotateTag(_ tags: EBMLElements, track uid: UInt64) -> Double? {
            for tag in tags.children(of: 0..<tags.bytes.count, limit: childLimit) where tag.element.id == ID.tag {
                let fields = tags.children(of: tag.body, limit: childLimit)
                guard let targets = fields.first(where: { $0.element.id == ID.targets }),
                    tags.children(of: targets.body, limit: 64).contains(where: { $0.element.id == ID.tagTrackUID && tags.unsigned($0.body) == uid })
                else { continue }
                for simple in fields where simple.element.id == ID.simpleTag {
                    let parts = tags.children(of: simple.body, limit: 64)
                    guard parts.first(where: { $0.element.id == ID.tagName }).flatMap({ tags.string($0.body) })?.uppercased() == "ROTATE",
                        let text = parts.first(where: { $0.element.id == ID.tagString }).flatMap({ tags.string($0.body) }),
                        let degrees = Double(text.trimmingCharacters(in: .whitespaces)), degrees.isFinite, abs(degrees) <= 360
                    else { continue }
                    return degrees
                }
            }
            return nil
        }

        /// Turns the header by `degrees` clockwise, to the nearest quarter turn, as QuickTime's
        /// matrix turns it: a quarter either way swaps the displayed size.
        private static func turn(_ header: inout VideoHeader, clockwise degrees: Double) {
            let quarters = (Int((degrees / 90).rounded()) % 4 + 4) % 4
            header.rotation = quarters * 90
            if quarters % 2 == 1, let width = header.width, let height = header.height {
                header.width = height
                header.height = width
            }
        }

        /// The date a tag of the whole segment (no track, edition, chapter or attachment named in
        /// its targets) records: `DATE_RECORDED`, else `DATE_DIGITIZED`.
        private static func recordedDate(_ tags: EBMLElements) -> HeaderDate? {
            var found: [String: HeaderDate] = [:]
            for tag in tags.children(of: 0..<tags.bytes.count, limit: childLimit) where tag.element.id == ID.tag {
                let fields = tags.children(of: tag.body, limit: childLimit)
                if let targets = fields.first(where: { $0.element.id == ID.targets }),
                    tags.children(of: targets.body, limit: 64).contains(where: {
                        ID.targetUIDs.contains($0.element.id) && tags.unsigned($0.body) != 0
                    })
                {
                    continue
                }
                for simple in fields where simple.element.id == ID.simpleTag {
                    let parts = tags.children(of: simple.body, limit: 64)
                    guard let name = parts.first(where: { $0.element.id == ID.tagName }).flatMap({ tags.string($0.body) })?.uppercased(),
                        name == "DATE_RECORDED" || name == "DATE_DIGITIZED", found[name] == nil,
                        let text = parts.first(where: { $0.element.id == ID.tagString }).flatMap({ tags.string($0.body) }),
                        let date = Self.tagDate(text)
                    else { continue }
                    found[name] = date
                }
            }
            return found["DATE_RECORDED"] ?? found["DATE_DIGITIZED"]
        }

        /// A tag's date, `YYYY-MM-DD hh:mm:ss` with optional fractions (exiftool has met `:` between
        /// the date's parts too): the specification names no time zone, so it is a clock time
        /// without offset unless the text ends with `Z` or one.
        static func tagDate(_ text: String) -> HeaderDate? {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            guard trimmed.count >= 19, let clock = PhotoMetadata.exifLocalTime(String(trimmed.prefix(19))) else { return nil }
            var zone = trimmed.dropFirst(19)
            if zone.first == "." { zone = zone.dropFirst().drop { $0.isASCII && $0.isNumber } }
            let offset: Int? = zone == "Z" ? 0 : PhotoMetadata.exifOffset(String(zone))
            return HeaderDate(seconds: Int64(clock - (offset ?? 0)), offset: offset)
        }
    }
}
