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

    @Test("An area is four decimal numbers, south, west, north, east; a west east of the east crosses the antimeridian")
    func areas() throws {
        #expect(try terms("area:41.8,12.4,42,12.6") == [.init(.area(try SearchArea(south: 41.8, west: 12.4, north: 42, east: 12.6)))])
        let fiji = try #require(try terms("-AREA:-20,170,-10,-170").first)
        let expected = try SearchArea(south: -20, west: 170, north: -10, east: -170)
        #expect(fiji.isExcluded && fiji.condition == .area(expected))
        guard case .area(let area) = fiji.condition else { return }
        #expect(area.crossesAntimeridian)
        #expect(area.contains(latitude: -15, longitude: 179.9) && area.contains(latitude: -15, longitude: -179.9))
        #expect(area.contains(latitude: -15, longitude: 180) && area.contains(latitude: -15, longitude: -180))
        #expect(!area.contains(latitude: -15, longitude: 0) && !area.contains(latitude: -5, longitude: 180))
        let world = try SearchArea(parsing: "-90,-180,90,180")
        #expect(world.contains(latitude: 90, longitude: 0) && world.contains(latitude: -90, longitude: 180), "the poles and edges are inside")
        let east = try SearchArea(parsing: "0,170,10,180")
        #expect(east.contains(latitude: 5, longitude: -180), "the antimeridian is one line, whether written 180 or -180")
        #expect(try SearchArea(parsing: "+1.5,.5,2.,-0") == SearchArea(south: 1.5, west: 0.5, north: 2, east: 0))
        #expect(try terms("area:1.23456789,0,2,1").first?.description == "area:1.234568,0,2,1", "kept to 6 decimals")
    }

    @Test("An area that is not four numbers, out of range, NaN or upside down says how to write one")
    func badAreas() throws {
        for value in [
            "1,2,3", "1,2,3,4,5", "a,b,c,d", "nan,0,1,1", "0,inf,1,1", "1e1,0,20,1", "0x1,0,1,1", "1,,2,3", "1..2,0,3,4", "--1,0,1,1", "١,0,1,1",
        ] {
            #expect(throws: SearchQueryError.badArea, "area:\(value)") { try SearchQuery(parsing: "area:" + value) }
        }
        for value in ["-91,0,0,1", "0,0,90.5,1", "0,-181,1,1", "0,0,1,180.0001"] {
            #expect(throws: SearchQueryError.areaOutOfRange, "area:\(value)") { try SearchQuery(parsing: "area:" + value) }
        }
        #expect(throws: SearchQueryError.areaUpsideDown) { try SearchQuery(parsing: "area:10,0,5,1") }
        #expect(throws: SearchQueryError.emptyValue("area")) { try SearchQuery(parsing: "area:") }
        #expect(!SearchQueryError.areaOutOfRange.message.contains("181"), "no position in the message")
    }

    @Test("md5: names photos by content, one or several; it is what an album: term becomes, and reads back the same")
    func md5s() throws {
        let first = "0F3E9C2D5B7A41E8C6D9F0A1B2C3D4E5"
        let second = String(repeating: "a", count: 32)
        let query = try SearchQuery(parsing: "-md5:\(first),\(second)")
        #expect(query.terms == [SearchQuery.Term(.contents([first.lowercased(), second]), isExcluded: true)])
        #expect(try SearchQuery(parsing: query.description) == query)
        for bad in ["0f3e", first + ",0f3e", String(repeating: "g", count: 32)] {
            #expect(throws: SearchQueryError.badMD5(bad)) { try SearchQuery(parsing: "md5:" + bad) }
        }
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
            "area:41.8,12.4,42,12.6 -area:-20,170,-10,-170 area:-90,-180,90,180",
        ] {
            let query = try SearchQuery(parsing: text)
            #expect(query.description == text)
            #expect(try SearchQuery(parsing: query.description) == query)
        }
    }
}
