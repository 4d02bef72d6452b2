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
    /// file it shows; rows in no group are as they were, in their order.
    public static func pair(_ rows: [ListedPhoto]) -> [ListedPhoto] {
        let groups = groups(ofNames: rows.map(\.item.displayName))
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
