/// A search as the user typed it, parsed: the same language in the page's search box and in
/// `photolala search`.
///
/// Free words match a photo's name, folder, title, description, keywords, people, place, camera
/// and labels; a quoted phrase matches its words in order; `-` before a word, phrase or field
/// excludes what it matches; `field:value` narrows by one fact. Every term must hold.
///
/// Parsing never fails on text: characters that mean something to SQLite's full-text syntax
/// (`*`, `^`, `(`, `NEAR`, `OR`…) are only text here. What fails, with a ``SearchQueryError``
/// that says how to mend it, is a query over ``maximumLength`` or a field given a value it
/// cannot take (`kind:raws`, `date:2019-13`, `rating:9`, `area:91,0,92,1`).
public struct SearchQuery: Sendable, Equatable {
    /// The longest query read, in UTF-8 bytes: a long sentence, far from anything a search box
    /// needs, and short enough that a hostile one costs nothing.
    public static let maximumLength = 2_000
    /// The most terms a query may have.
    public static let maximumTerms = 64

    /// The terms, in the order typed.
    public var terms: [Term]

    public init(terms: [Term]) {
        self.terms = terms
    }

    /// One condition of a query, or its negation.
    public struct Term: Sendable, Equatable {
        public var condition: Condition
        /// Whether the term was typed with a leading `-`: photos it matches are left out.
        public var isExcluded: Bool

        public init(_ condition: Condition, isExcluded: Bool = false) {
            self.condition = condition
            self.isExcluded = isExcluded
        }
    }

    /// What one term asks of a photo.
    public enum Condition: Sendable, Equatable {
        /// A free word (matched as the start of a word: `ital` finds Italy) or a quoted phrase
        /// (its words in order), over every text fact.
        case text(String, isPhrase: Bool)
        /// Words over one text fact: `place:`, `camera:`, `person:`…
        case field(TextField, String)
        case kind(Kind)
        case date(SearchDateRange)
        case rating(Comparison, Int)
        case flag(Flag)
        case has(Attribute)
        case source(SourceKind)
        /// A box on the map: photos whose GPS position is in it.
        case area(SearchArea)
        /// Photos of these contents (MD5s): what an `album:` term stands for once the albums
        /// are read (``resolvingAlbums(in:)``); never typed.
        case contents(Set<String>)
    }

    /// The text facts a field can name.
    public enum TextField: String, Sendable, CaseIterable {
        /// Country, region or city.
        case place
        case country
        /// A first-level region (a state, a province), and a city: what the Places view's tiles
        /// narrow to.
        case region
        case city
        /// Make and model.
        case camera
        case lens
        /// A named person (Apple Photos).
        case person
        case keyword
        /// A scene label (Apple Photos).
        case label
        case name
        case folder
        case title
        case description
        /// A Photolala album (the issue "Organise").
        case album
    }

    /// `kind:`, what a photo is.
    public enum Kind: String, Sendable, CaseIterable {
        case photo, video, raw, live, pair, screenshot, panorama
    }

    /// `is:`, a state of the photo.
    public enum Flag: String, Sendable, CaseIterable {
        case favorite, starred, backedup, notbackedup
    }

    /// `has:`, a fact the photo has at all.
    public enum Attribute: String, Sendable, CaseIterable {
        case gps, keywords, people
    }

    /// `source:`, where a photo is served from.
    public enum SourceKind: String, Sendable, CaseIterable {
        case folders, photos, cloud
    }

    /// How `rating:` compares.
    public enum Comparison: String, Sendable, CaseIterable {
        case atLeast = ">="
        case atMost = "<="
        case above = ">"
        case below = "<"
        case equal = "="

        /// Whether `value` compares so with `bound`.
        public func holds(_ value: Int, _ bound: Int) -> Bool {
            switch self {
            case .atLeast: value >= bound
            case .atMost: value <= bound
            case .above: value > bound
            case .below: value < bound
            case .equal: value == bound
            }
        }
    }
}
