import Foundation
import GRDB
import PhotolalaSupport

/// A ``SearchQuery`` as the SQL that answers it over the search index: conditions over
/// `searchPhoto AS p`, all of which must hold. The text terms become one FTS5 query of quoted
/// tokens (so nothing typed is ever FTS5 syntax), the words found AND-ed and the words excluded
/// NOT-ed, answered by one pass over the full-text index: a word is matched as the start of a
/// word (`"ital" *`), a phrase as its words in order, a field's value within its columns
/// (`{country region city} : …`).
struct SearchStatement: Sendable {
    /// The conditions, joined by AND, over `searchPhoto AS p`.
    var conditions: [String] = []
    var arguments = StatementArguments()
    /// The FTS5 query of the words the photos must have, when the query has some: what
    /// ``SearchIndex`` counts to choose how to read the rows.
    private(set) var fullText: String?

    /// Kind bits of `searchPhoto.kinds`.
    static let kindBits: [SearchQuery.Kind: Int] = [
        .photo: 1, .video: 2, .raw: 4, .live: 8, .pair: 16, .screenshot: 32, .panorama: 64,
    ]

    /// Flag bits of `searchPhoto.flags`, and the rating above them.
    enum Flag {
        static let favorite = 1
        static let keywords = 2
        static let people = 4
        /// A rating `r` (0–5) is `r + 1` in the three bits from this one; none is 0.
        static let ratingShift = 3

        /// The rating as the flags keep it.
        static func rating(_ rating: Int?) -> Int {
            rating.map { (0...5).contains($0) ? ($0 + 1) << ratingShift : 0 } ?? 0
        }

        /// The rating the flags keep, or `nil` for none.
        static func rating(inFlags flags: Int) -> Int? {
            let stored = (flags >> ratingShift) & 7
            return stored == 0 ? nil : stored - 1
        }
    }

    /// The text columns a field's words are looked for in.
    static func columns(of field: SearchQuery.TextField) -> [String]? {
        switch field {
        case .place: ["country", "countryCode", "region", "city"]
        case .country: ["country", "countryCode"]
        case .region: ["region"]
        case .city: ["city"]
        case .camera: ["camera"]
        case .lens: ["lens"]
        case .person: ["people"]
        case .keyword: ["keywords"]
        case .label: ["labels"]
        case .name: ["name"]
        case .folder: ["folder"]
        case .title: ["title"]
        case .description: ["description"]
        // A query's album terms are made `.contents` before it is run (resolvingAlbums(in:)).
        case .album: nil
        }
    }

    init(_ query: SearchQuery) {
        var found: [String] = []
        var excluded: [String] = []
        for term in query.terms {
            if let words = Self.words(term.condition) {
                if term.isExcluded { excluded.append(words) } else { found.append(words) }
            } else {
                add(term.condition, excluded: term.isExcluded)
            }
        }
        if !found.isEmpty {
            // `A AND B NOT C NOT D`: FTS5's NOT is binary, and binds before AND.
            let query = "(" + found.joined(separator: " AND ") + ")" + excluded.map { " NOT " + $0 }.joined()
            fullText = query
            conditions.append("p.id IN (SELECT rowid FROM searchText WHERE searchText MATCH ?)")
            arguments += [query]
        } else if !excluded.isEmpty {
            conditions.append("p.id NOT IN (SELECT rowid FROM searchText WHERE searchText MATCH ?)")
            arguments += [excluded.joined(separator: " OR ")]
        }
    }

    /// A text term as an FTS5 query in parentheses; `nil` for a term of another kind, or of a
    /// field nothing is indexed under yet.
    private static func words(_ condition: SearchQuery.Condition) -> String? {
        switch condition {
        case .text(let text, let isPhrase):
            return "(" + ftsTerm(text, isPhrase: isPhrase) + ")"
        case .field(let field, let value):
            guard let columns = columns(of: field) else { return nil }
            // A place's own name is a whole word (`country:in` is India, not Indonesia); other
            // fields match a word's start, as free words do.
            let isWhole = value.contains(" ") || [.country, .region, .city].contains(field)
            return "({\(columns.joined(separator: " "))} : " + ftsTerm(value, isPhrase: isWhole) + ")"
        default:
            return nil
        }
    }

    private mutating func add(_ condition: SearchQuery.Condition, excluded: Bool) {
        let clause: String
        switch condition {
        case .text, .field:
            // An album term not made `.contents` first: no album was read, so no photo is in one.
            clause = "0"
        case .kind(let kind):
            clause = "(p.kinds & ?) != 0"
            arguments += [Self.kindBits[kind] ?? 0]
        case .date(let range):
            var parts: [String] = ["p.date IS NOT NULL"]
            if let start = range.start {
                parts.append("p.date >= ?")
                arguments += [start]
            }
            if let end = range.end {
                parts.append("p.date < ?")
                arguments += [end]
            }
            clause = "(" + parts.joined(separator: " AND ") + ")"
        case .rating(let comparison, let bound):
            // No rating is 0 stars.
            clause = "max((p.flags >> \(Flag.ratingShift)) & 7, 1) - 1 \(comparison.rawValue) ?"
            arguments += [bound]
        case .flag(let flag):
            switch flag {
            case .favorite:
                clause = "(p.flags & \(Flag.favorite)) != 0"
            // A backed-up photo's key is its MD5, kept once (SearchSchema).
            case .starred:
                clause = "coalesce(p.md5, p.key) IN (SELECT md5 FROM backupQueue)"
            case .backedup:
                clause = "coalesce(p.md5, p.key) IN (SELECT md5 FROM backupQueue WHERE state = 'backedUp')"
            case .notbackedup:
                clause = "coalesce(p.md5, p.key) NOT IN (SELECT md5 FROM backupQueue WHERE state = 'backedUp')"
            }
        case .has(let attribute):
            switch attribute {
            case .gps: clause = "p.latitude IS NOT NULL"
            case .keywords: clause = "(p.flags & \(Flag.keywords)) != 0"
            case .people: clause = "(p.flags & \(Flag.people)) != 0"
            }
        case .source(let source):
            clause = "p.source IN (SELECT id FROM searchSource WHERE kind = ?)"
            arguments += [source.rawValue]
        case .area(let area):
            clause = Self.areaClause(area, arguments: &arguments)
        case .contents(let md5s):
            // A backed-up photo's key is its MD5, kept once (SearchSchema).
            clause = "coalesce(p.md5, p.key) IN (SELECT value FROM json_each(?))"
            arguments += [String(decoding: (try? JSONEncoder().encode(md5s.sorted())) ?? Data("[]".utf8), as: UTF8.self)]
        }
        conditions.append(excluded ? "NOT coalesce(\(clause), 0)" : clause)
    }

    /// The photos whose position is in `area`, as ``SearchArea/contains(latitude:longitude:)``
    /// says: a box across the antimeridian is the longitudes east of its west or west of its
    /// east, and the antimeridian is one line whether a photo's longitude says 180 or -180.
    private static func areaClause(_ area: SearchArea, arguments: inout StatementArguments) -> String {
        arguments += StatementArguments([area.south, area.north, area.west, area.east].map { $0 * 1_000_000 })  // SearchSchema.microdegrees
        guard !area.crossesAntimeridian else { return "(p.latitude BETWEEN ? AND ? AND (p.longitude >= ? OR p.longitude <= ?))" }
        var longitudes = ["p.longitude BETWEEN ? AND ?"]
        if area.east == 180 { longitudes.append("p.longitude = -180000000") }
        if area.west == -180 { longitudes.append("p.longitude = 180000000") }
        return "(p.latitude BETWEEN ? AND ? AND (\(longitudes.joined(separator: " OR "))))"
    }

    /// Text as an FTS5 string: each double quote doubled and the whole quoted, so it is only
    /// tokens; a word matched as a prefix, a phrase as its words in order.
    static func ftsTerm(_ text: String, isPhrase: Bool) -> String {
        let quoted = "\"" + text.replacingScalars(["\"": "\"\""]) + "\""
        return isPhrase ? quoted : quoted + " *"
    }
}
