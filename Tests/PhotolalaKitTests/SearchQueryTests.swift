import Testing

@testable import PhotolalaKit

@Suite("The search query language")
struct SearchQueryTests {
    private func terms(_ text: String) throws -> [SearchQuery.Term] {
        try SearchQuery(parsing: text).terms
    }

    @Test("Free words, quoted phrases and exclusions, in the order typed")
    func wordsAndPhrases() throws {
        #expect(
            try terms(#"beach "golden hour" -sunset -"bad light""#) == [
                .init(.text("beach", isPhrase: false)), .init(.text("golden hour", isPhrase: true)),
                .init(.text("sunset", isPhrase: false), isExcluded: true), .init(.text("bad light", isPhrase: true), isExcluded: true),
            ])
        #expect(try terms("   ").isEmpty, "an empty query matches everything")
        #expect(try terms(#"photo "unclosed phrase"#) == [.init(.text("photo", isPhrase: false)), .init(.text("unclosed phrase", isPhrase: true))])
    }

    @Test("Fields take a word or a quoted value; an unknown field is only text")
    func fields() throws {
        #expect(
            try terms(#"place:"New York" Camera:Canon -person:Katie keyword:wedding time:10:30"#) == [
                .init(.field(.place, "New York")), .init(.field(.camera, "Canon")), .init(.field(.person, "Katie"), isExcluded: true),
                .init(.field(.keyword, "wedding")), .init(.text("time:10:30", isPhrase: false)),
            ])
        #expect(
            try terms("kind:RAW is:favourite has:gps source:photos rating:>=4 rating:3") == [
                .init(.kind(.raw)), .init(.flag(.favorite)), .init(.has(.gps)), .init(.source(.photos)), .init(.rating(.atLeast, 4)),
                .init(.rating(.equal, 3)),
            ])
    }

    @Test("A field given a value it cannot take says what it takes")
    func badValues() throws {
        #expect(throws: SearchQueryError.unknownValue("kind", "raws", allowed: SearchQuery.Kind.allCases.map(\.rawValue))) {
            try SearchQuery(parsing: "kind:raws")
        }
        #expect(throws: SearchQueryError.badRating("9")) { try SearchQuery(parsing: "rating:9") }
        #expect(throws: SearchQueryError.badRating(">=45")) { try SearchQuery(parsing: "rating:>=45") }
        #expect(throws: SearchQueryError.emptyValue("place")) { try SearchQuery(parsing: "beach place:") }
        for date in ["2019-13", "2019-02-29", "19", "2019-6", "2020..2019", "..", "２０１９"] {
            #expect(throws: SearchQueryError.badDate(date), "date:\(date)") { try SearchQuery(parsing: "date:" + date) }
        }
        let message = String(describing: SearchQueryError.unknownValue("kind", "raws", allowed: ["photo", "raw"]))
        #expect(message == "'kind:raws' is not understood; kind: takes one of photo, raw.")
    }

    @Test("Dates name a year, a month, a day or a range of them on the photo's own clock")
    func dates() throws {
        func range(_ text: String) throws -> SearchDateRange? {
            guard case .date(let range) = try terms("date:" + text).first?.condition else { return nil }
            return range
        }
        let june2019 = try #require(try range("2019-06"))
        #expect(june2019.start == 1_559_347_200 && june2019.end == 1_561_939_200, "2019-06-01T00:00 to 2019-07-01T00:00")
        #expect(try range("2019")?.start == 1_546_300_800 && range("2019")?.end == 1_577_836_800)
        #expect(try range("2020-02-29")?.end == 1_583_020_800, "a leap day is a day")
        #expect(try range("1969-12-31")?.start == -86_400, "before 1970 too")
        let summer = try #require(try range("2019-06-01..2019-08-31"))
        #expect(summer.start == 1_559_347_200 && summer.end == 1_567_296_000, "both ends' days included")
        #expect(summer.contains(1_567_295_999) && !summer.contains(1_567_296_000))
        let since = try #require(try range("2019.."))
        #expect(since.start == 1_546_300_800 && since.end == nil && since.contains(4_000_000_000))
        #expect(try range("..2018")?.start == nil && range("..2018")?.end == 1_546_300_800)
    }

    @Test("What means something to SQLite's full-text syntax is only text, and punctuation alone is no term")
    func fullTextSyntaxIsText() throws {
        #expect(
            try terms(#"NEAR(a b) OR "x" AND y* ^z"#).map(\.condition) == [
                .text("NEAR(a", isPhrase: false), .text("b)", isPhrase: false), .text("OR", isPhrase: false), .text("x", isPhrase: true),
                .text("AND", isPhrase: false), .text("y*", isPhrase: false), .text("^z", isPhrase: false),
            ])
        #expect(try terms(String(repeating: "(", count: 1_000) + " * ^ - \"\"").isEmpty)
    }

    @Test("A control character separates words, as a space does: SQLite's full-text parser would end a string at a NUL")
    func controlCharacters() throws {
        #expect(
            try terms("Zu\u{0}rich\tcamera:ca\u{1B}non").map(\.condition) == [
                .text("Zu", isPhrase: false), .text("rich", isPhrase: false), .field(.camera, "ca"), .text("non", isPhrase: false),
            ])
    }

    @Test("A query too long or of too many terms is refused with the limit")
    func limits() throws {
        let long = String(repeating: "a", count: SearchQuery.maximumLength + 1)
        #expect(throws: SearchQueryError.tooLong(SearchQuery.maximumLength + 1)) { try SearchQuery(parsing: long) }
        #expect(try terms(String(repeating: "a ", count: SearchQuery.maximumTerms)).count == SearchQuery.maximumTerms)
        #expect(throws: SearchQueryError.tooManyTerms(SearchQuery.maximumTerms + 2)) {
            try SearchQuery(parsing: String(repeating: "a ", count: SearchQuery.maximumTerms + 2))
        }
    }

    @Test("Text is read as NFC: a combining accent matches a precomposed one")
    func normalisation() throws {
        #expect(try terms("Zu\u{0308}rich") == [.init(.text("Z\u{00FC}rich", isPhrase: false))])
        #expect(try terms("Zu\u{0308}rich").first.map { "\($0)".unicodeScalars.count } == 6)
    }

    @Test("A query written back reads the same")
    func roundTrip() throws {
        for text in [
            #"beach "golden hour" -sunset place:"New York" camera:Canon kind:raw date:2019-06-01..2019-08-31 rating:>=4 rating:2 is:starred -has:gps source:cloud"#,
            "date:2019.. -keyword:wedding",
        ] {
            let query = try SearchQuery(parsing: text)
            #expect(query.description == text)
            #expect(try SearchQuery(parsing: query.description) == query)
        }
    }
}
