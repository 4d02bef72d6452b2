/// Which files of one folder are shown as one item: a camera's RAW and the JPEG or HEIC it
/// wrote beside it (RAW+JPEG), and a still with the QuickTime movie an iPhone records around it
/// (a Live Photo). The still is the item the grid shows; the others are its companions, listed
/// by the inspector, backed up with it, and for a Live Photo played on request.
///
/// Files pair by their base name (the name without its last extension, compared as written)
/// in one folder, which is how cameras and the Photos app's exports name them: `IMG_0042.CR3`
/// and `IMG_0042.JPG`, `IMG_0042.HEIC` and `IMG_0042.MOV`. The still shown is a JPEG, else a
/// HEIC or HEIF; with neither, a RAW is the still of its Live Photo movie. Every RAW of the
/// base name joins the still; one movie does. Other files with the base name (a PNG export, a
/// second movie) stay items of their own.
///
/// Listing rows also pair by Apple's content identifier (``ListedPhoto/liveIdentifier``), which
/// a Live Photo's still (MakerApple tag 17) and movie (`com.apple.quicktime.content.identifier`)
/// share when an importer renamed them apart (`IMG_0001.HEIC`, `IMG_0001 (1).MOV`): a QuickTime
/// movie left alone by the names joins the JPEG or HEIC with its identifier that has no movie
/// yet. Identifiers are known only once a file was read, so this applies where the rows carry
/// them (``pair(_:)``): catalogued folders and folders whose files' facts were recorded or read
/// for their dates; names alone (``groups(ofNames:)``: `scan --json`, folder tiles) pair by name.
///
/// A backup keeps no folders: the Cloud source lists every file backed up side by side, where a
/// camera's names come back every 10,000 photos. There (``Rule/backup``) files of one base
/// name pair only when taken at one moment (``sameMoment(_:_:)``); content identifiers, which
/// no two Live Photos share, pair as in a folder.
public enum FilePairing {
    /// Which files pair, by where they were listed together.
    public enum Rule: Sendable, Equatable {
        /// One folder, as a camera or an export names its files: one base name, one item.
        case folder
        /// A backup, every folder's files together: one base name and one moment, one item.
        case backup
    }

    /// What a companion is to the item it joins.
    public enum Role: String, Sendable, Equatable {
        /// A camera RAW beside the JPEG or HEIC shown.
        case raw
        /// A Live Photo's movie.
        case live
    }

    /// One item of several files: `primary` is shown, the others join it. Indices are into the
    /// names grouped.
    public struct Group: Sendable, Equatable {
        public let primary: Int
        public let companions: [Companion]
    }

    public struct Companion: Sendable, Equatable {
        public let index: Int
        public let role: Role
    }

    /// What a file can be in a group.
    private enum Part {
        /// A still that can be shown for its group: lower ranks are preferred.
        case still(rank: Int)
        case raw
        case movie
    }

    /// The groups among one folder's file names; a name in no group is an item of its own.
    /// Cheap for a folder of 100,000 JPEGs: only base names a RAW or a movie has are looked up.
    public static func groups(ofNames names: [String]) -> [Group] {
        groups(ofNames: names, dates: nil)
    }

    /// The groups among file names; with `dates` (a backup's files, by position), files of one
    /// base name pair only when taken at one moment.
    private static func groups(ofNames names: [String], dates: [Int64?]?) -> [Group] {
        var joining: [Substring: [(index: Int, part: Part)]] = [:]
        for (index, name) in names.enumerated() where !isJPEG(name) {
            guard let part = part(of: name) else { continue }
            if case .still = part { continue }
            joining[baseName(of: name), default: []].append((index, part))
        }
        guard !joining.isEmpty else { return [] }
        for (index, name) in names.enumerated() {
            guard let part = part(of: name), case .still = part else { continue }
            joining[baseName(of: name)]?.append((index, part))
        }

        var groups: [Group] = []
        for members in joining.values {
            if let dates {
                groups += moments(of: members, dates: dates)
            } else if let group = group(of: members) {
                groups.append(group)
            }
        }
        return groups.sorted { $0.primary < $1.primary }
    }

    /// The group of one folder's files of one base name, if they make one.
    private static func group(of members: [(index: Int, part: Part)]) -> Group? {
        let stills = members.compactMap { member -> (index: Int, rank: Int)? in
            if case .still(let rank) = member.part { return (member.index, rank) }
            return nil
        }
        let raws = members.filter { if case .raw = $0.part { true } else { false } }.map(\.index).sorted()
        let movie = members.filter { if case .movie = $0.part { true } else { false } }.map(\.index).min()
        let primary: Int
        var companions: [Companion] = []
        if let still = stills.min(by: { ($0.rank, $0.index) < ($1.rank, $1.index) }) {
            primary = still.index
            companions = raws.map { Companion(index: $0, role: .raw) }
        } else if let raw = raws.first, movie != nil {
            primary = raw
        } else {
            return nil
        }
        if let movie {
            companions.append(Companion(index: movie, role: .live))
        }
        return companions.isEmpty ? nil : Group(primary: primary, companions: companions)
    }

    /// The groups among a backup's files of one base name, by the folder's rule within each
    /// moment: each still, the JPEG first, takes the RAWs and the first movie taken at its
    /// moment; a RAW left over is the still of a movie taken at its moment.
    private static func moments(of members: [(index: Int, part: Part)], dates: [Int64?]) -> [Group] {
        var stills: [(index: Int, rank: Int)] = []
        var raws: [Int] = []
        var movies: [Int] = []
        for member in members {
            switch member.part {
            case .still(let rank): stills.append((member.index, rank))
            case .raw: raws.append(member.index)
            case .movie: movies.append(member.index)
            }
        }
        stills.sort { ($0.rank, $0.index) < ($1.rank, $1.index) }
        raws.sort()
        movies.sort()
        var joined = Set<Int>()
        var groups: [Group] = []
        func gather(for primary: Int, raws joiningRAWs: Bool) {
            var companions: [Companion] = []
            for raw in raws where joiningRAWs && !joined.contains(raw) && sameMoment(dates[primary], dates[raw]) {
                companions.append(Companion(index: raw, role: .raw))
            }
            if let movie = movies.first(where: { !joined.contains($0) && sameMoment(dates[primary], dates[$0]) }) {
                companions.append(Companion(index: movie, role: .live))
            }
            guard !companions.isEmpty else { return }
            joined.insert(primary)
            companions.forEach { joined.insert($0.index) }
            groups.append(Group(primary: primary, companions: companions))
        }
        for still in stills {
            gather(for: still.index, raws: true)
        }
        for raw in raws where !joined.contains(raw) {
            gather(for: raw, raws: false)
        }
        return groups
    }

    /// Seconds between the dates of files taken at one moment: a camera dates its RAW and its
    /// JPEG alike; an iPhone's Live Photo movie starts 1.5 s before its still.
    static let momentTolerance: Int64 = 3

    /// Whether two files of a backup were taken at one moment (their dates, as listed, within
    /// ``momentTolerance``); an unknown date is no moment.
    static func sameMoment(_ date: Int64?, _ other: Int64?) -> Bool {
        guard let date, let other else { return false }
        // Dates come from catalogs anyone may have written: no difference may overflow.
        let (apart, overflow) = date.subtractingReportingOverflow(other)
        return !overflow && apart.magnitude <= UInt64(momentTolerance)
    }

    /// The groups among rows listed together: by name (``groups(ofNames:)``, and in a backup
    /// by moment), then each QuickTime movie left alone joins the still, alone or shown for a
    /// group without a movie, that carries its Live Photo content identifier (the JPEG first,
    /// then the first by position).
    static func groups(of rows: [ListedPhoto], rule: Rule = .folder) -> [Group] {
        let names = rows.map(\.item.displayName)
        let groups = groups(ofNames: names, dates: rule == .backup ? rows.map(\.date) : nil)
        let movies = rows.indices.filter { rows[$0].liveIdentifier != nil && isLiveMovie(names[$0]) }
        guard !movies.isEmpty else { return groups }
        var grouped = Set<Int>()
        var withMovie = Set<Int>()
        for group in groups {
            grouped.insert(group.primary)
            for companion in group.companions {
                grouped.insert(companion.index)
                if companion.role == .live { withMovie.insert(group.primary) }
            }
        }
        var stills: [String: (index: Int, rank: Int)] = [:]
        for (index, row) in rows.enumerated() {
            guard let identifier = row.liveIdentifier, !withMovie.contains(index), case .still(let rank)? = part(of: names[index]) else { continue }
            if let known = stills[identifier], (known.rank, known.index) <= (rank, index) { continue }
            stills[identifier] = (index, rank)
        }
        var joining: [Int: Companion] = [:]
        for movie in movies where !grouped.contains(movie) {
            guard let identifier = rows[movie].liveIdentifier, let still = stills.removeValue(forKey: identifier) else { continue }
            joining[still.index] = Companion(index: movie, role: .live)
        }
        guard !joining.isEmpty else { return groups }
        var joined = groups.map { group in
            joining.removeValue(forKey: group.primary).map { Group(primary: group.primary, companions: group.companions + [$0]) } ?? group
        }
        joined += joining.map { Group(primary: $0.key, companions: [$0.value]) }
        return joined.sorted { $0.primary < $1.primary }
    }

    /// The name without its last extension: what a RAW, its JPEG and a Live Photo's movie share.
    static func baseName(of name: String) -> Substring {
        name.lastIndex(of: ".").map { name[..<$0] } ?? name[...]
    }

    /// Whether two names could be in one group, for cutting a listing into batches between
    /// groups rather than inside one.
    static func mayPair(_ name: String, with other: String) -> Bool {
        baseName(of: name) == baseName(of: other)
    }

    /// Whether the name ends in `.jpg` or `.jpeg`, in any case: most names of a big folder, told
    /// without making the extension a string.
    private static func isJPEG(_ name: String) -> Bool {
        let utf8 = name.utf8
        var index = utf8.endIndex
        // The extension's letters lowercased, last first: "jpg" is "g", "p", "j".
        var letters: UInt32 = 0
        for _ in 0..<5 where index > utf8.startIndex {
            utf8.formIndex(before: &index)
            let byte = utf8[index]
            if byte == UInt8(ascii: ".") { return letters == 0x67_706A || letters == 0x6765_706A }
            letters = letters << 8 | UInt32(byte | 0x20)
        }
        return false
    }

    /// Whether the name is a QuickTime movie's, the only kind of file a Live Photo's motion is.
    static func isLiveMovie(_ name: String) -> Bool {
        if case .movie? = part(of: name) { return true }
        return false
    }

    private static func part(of name: String) -> Part? {
        guard let format = ImageFormat(name: name) else { return nil }
        switch format {
        case .jpeg: return .still(rank: 0)
        case .heif: return .still(rank: 1)
        case .mov: return .movie
        default: return format.isCameraRAW ? .raw : nil
        }
    }
}

extension FilePairing {
    /// `rows`, files listed together (one folder's, or a backup's: `rule`), with each group's
    /// companions folded into the row of the file it shows (by name, and by Live Photo content
    /// identifier: ``groups(of:rule:)``); rows in no group are as they were, in their order.
    public static func pair(_ rows: [ListedPhoto], rule: Rule = .folder) -> [ListedPhoto] {
        let groups = groups(of: rows, rule: rule)
        guard !groups.isEmpty else { return rows }
        var joined = [Bool](repeating: false, count: rows.count)
        var paired = rows
        for group in groups {
            paired[group.primary].companions = group.companions.map { rows[$0.index] }
            group.companions.forEach { joined[$0.index] = true }
        }
        return paired.indices.filter { !joined[$0] }.map { paired[$0] }
    }
}
