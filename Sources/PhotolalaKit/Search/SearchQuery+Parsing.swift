import Foundation

extension SearchQuery {
    /// Parses `text` (read as NFC, so a name typed with a combining accent matches one stored
    /// precomposed). An empty query, or one of nothing but punctuation, has no terms: it
    /// matches every photo.
    /// - Throws: ``SearchQueryError`` when the query is over ``maximumLength`` bytes or has more
    ///   than ``maximumTerms`` terms, or a field has a value it cannot take.
    public init(parsing text: String) throws(SearchQueryError) {
        // NFC at most triples a text's UTF-8 length: one far longer is refused unread.
        guard text.utf8.count <= 3 * Self.maximumLength else { throw .tooLong(text.utf8.count) }
        let text = text.precomposedStringWithCanonicalMapping
        guard text.utf8.count <= Self.maximumLength else { throw .tooLong(text.utf8.count) }
        // Control characters (a NUL, a tab, an escape) separate words as a space does: none is
        // in a photo's text, and SQLite's full-text parser ends a string at a NUL.
        let scalars = text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }
        var reader = Reader(String(String.UnicodeScalarView(scalars)))
        var terms: [Term] = []
        while let token = reader.next() {
            guard let condition = try Self.condition(of: token) else { continue }
            terms.append(Term(condition, isExcluded: token.isExcluded))
            guard terms.count <= Self.maximumTerms else { throw .tooManyTerms(terms.count + reader.remainingTokens()) }
        }
        self.terms = terms
    }

    /// What one token asks; `nil` for one that holds no letter or digit, which matches nothing
    /// to search for.
    private static func condition(of token: Reader.Token) throws(SearchQueryError) -> Condition? {
        guard let name = token.field else {
            return Self.hasWordCharacter(token.text) ? .text(token.text, isPhrase: token.isQuoted) : nil
        }
        let value = token.text
        guard !value.isEmpty else { throw .emptyValue(name) }
        if let field = TextField(rawValue: name) {
            return Self.hasWordCharacter(value) ? .field(field, value) : nil
        }
        let lowered = value.lowercased()
        switch name {
        case "kind": return .kind(try choice(name, lowered))
        case "is": return .flag(try choice(name, lowered == "favourite" ? "favorite" : lowered))
        case "has": return .has(try choice(name, lowered))
        case "source": return .source(try choice(name, lowered))
        case "date":
            guard let range = SearchDateRange(value) else { throw .badDate(value) }
            return .date(range)
        case "rating":
            let comparison = Comparison.allCases.first { value.hasPrefix($0.rawValue) } ?? .equal
            let number = value.hasPrefix(comparison.rawValue) ? value.dropFirst(comparison.rawValue.count) : value[...]
            guard number.count == 1, let stars = Int(number), (0...5).contains(stars) else { throw .badRating(value) }
            return .rating(comparison, stars)
        case "area":
            return .area(try SearchArea(parsing: value))
        case "md5":
            let md5s = lowered.split(separator: ",").map(String.init)
            guard md5s.allSatisfy({ $0.count == 32 && $0.allSatisfy(\.isHexDigit) }) else { throw .badMD5(value) }
            return .contents(Set(md5s))
        default:
            return nil
        }
    }

    /// Whether `text` holds a letter or a digit: what a full-text index keeps of it.
    private static func hasWordCharacter(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil }
    }

    private static func choice<Choice: RawRepresentable & CaseIterable>(
        _ field: String, _ value: String
    ) throws(SearchQueryError) -> Choice where Choice.RawValue == String {
        guard let choice = Choice(rawValue: value) else {
            throw .unknownValue(field, value, allowed: Choice.allCases.map(\.rawValue))
        }
        return choice
    }

    /// The names of every field, text or not, as they are typed before the colon.
    static let fieldNames: Set<String> = Set(TextField.allCases.map(\.rawValue)).union([
        "kind", "date", "rating", "is", "has", "source", "area", "md5",
    ])

    /// Splits a query into tokens: words, quoted phrases and `field:value` pairs (the value
    /// quoted when it has spaces), each perhaps excluded by a leading `-`. It reads Unicode
    /// scalars, not characters: a quote or a colon followed by a combining mark is still a
    /// quote or a colon, so what is written back reads the same.
    private struct Reader {
        struct Token {
            var text: String
            var field: String?
            var isQuoted = false
            var isExcluded = false
        }

        private let scalars: [Unicode.Scalar]
        private var index = 0

        init(_ text: String) {
            scalars = Array(text.unicodeScalars)
        }

        mutating func next() -> Token? {
            while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
            guard index < scalars.count else { return nil }
            var isExcluded = false
            if scalars[index] == "-", index + 1 < scalars.count, !scalars[index + 1].properties.isWhitespace {
                isExcluded = true
                index += 1
            }
            if scalars[index] == "\"" {
                return Token(text: quoted(), isQuoted: true, isExcluded: isExcluded)
            }
            var word = String.UnicodeScalarView()
            while index < scalars.count, !scalars[index].properties.isWhitespace {
                if scalars[index] == ":", SearchQuery.fieldNames.contains(String(word).lowercased()) {
                    index += 1
                    let isQuoted = index < scalars.count && scalars[index] == "\""
                    // A quote inside an unquoted value could not be written back: it is dropped.
                    let value = isQuoted ? quoted() : String(String.UnicodeScalarView(self.word().filter { $0 != "\"" }))
                    return Token(text: value, field: String(word).lowercased(), isQuoted: isQuoted, isExcluded: isExcluded)
                }
                word.append(scalars[index])
                index += 1
            }
            return Token(text: String(word), isExcluded: isExcluded)
        }

        /// How many tokens are left, for the error that says how many a query has.
        mutating func remainingTokens() -> Int {
            var count = 0
            while next() != nil { count += 1 }
            return count
        }

        /// The text up to the next quote (or the end, when it is never closed), past the quote
        /// at `index`, without the spaces at its ends.
        private mutating func quoted() -> String {
            index += 1
            let start = index
            while index < scalars.count, scalars[index] != "\"" { index += 1 }
            var text = scalars[start..<index]
            index += 1
            while let first = text.first, first.properties.isWhitespace { text.removeFirst() }
            while let last = text.last, last.properties.isWhitespace { text.removeLast() }
            return String(String.UnicodeScalarView(text))
        }

        private mutating func word() -> [Unicode.Scalar] {
            let start = index
            while index < scalars.count, !scalars[index].properties.isWhitespace { index += 1 }
            return Array(scalars[start..<index])
        }
    }
}

extension SearchQuery: CustomStringConvertible {
    /// The query written back in its own language: what a facet chip edits and the box shows.
    public var description: String {
        terms.map(\.description).joined(separator: " ")
    }
}

extension SearchQuery.Term: CustomStringConvertible {
    public var description: String {
        let text: String
        switch condition {
        case .text(let words, let isPhrase): text = isPhrase ? Self.quoted(words) : words
        case .field(let field, let value): text = field.rawValue + ":" + Self.quotedIfNeeded(value)
        case .kind(let kind): text = "kind:" + kind.rawValue
        case .date(let range): text = "date:" + range.description
        case .rating(let comparison, let stars): text = "rating:" + (comparison == .equal ? "" : comparison.rawValue) + String(stars)
        case .flag(let flag): text = "is:" + flag.rawValue
        case .has(let attribute): text = "has:" + attribute.rawValue
        case .source(let source): text = "source:" + source.rawValue
        case .area(let area): text = "area:" + area.description
        case .contents(let md5s): text = "md5:" + md5s.sorted().joined(separator: ",")
        }
        return (isExcluded ? "-" : "") + text
    }

    /// Phrases and quoted values never hold a quote: the reader ends them at one.
    private static func quoted(_ text: String) -> String {
        "\"" + text + "\""
    }

    private static func quotedIfNeeded(_ text: String) -> String {
        text.unicodeScalars.contains(where: \.properties.isWhitespace) ? quoted(text) : text
    }
}
