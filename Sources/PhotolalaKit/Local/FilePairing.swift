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
public enum FilePairing {
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
                continue
            }
            if let movie {
                companions.append(Companion(index: movie, role: .live))
            }
            guard !companions.isEmpty else { continue }
            groups.append(Group(primary: primary, companions: companions))
        }
        return groups.sorted { $0.primary < $1.primary }
    }

    /// The groups among one folder's rows: by name (``groups(ofNames:)``), then each QuickTime
    /// movie left alone joins the still, alone or shown for a group without a movie, that
    /// carries its Live Photo content identifier (the JPEG first, then the first by position).
    static func groups(of rows: [ListedPhoto]) -> [Group] {
        let names = rows.map(\.item.displayName)
        let groups = groups(ofNames: names)
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
    /// `rows`, one folder's files, with each group's companions folded into the row of the
    /// file it shows (by name, and by Live Photo content identifier: ``groups(of:)``); rows in
    /// no group are as they were, in their order.
    public static func pair(_ rows: [ListedPhoto]) -> [ListedPhoto] {
        let groups = groups(of: rows)
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
