import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

/// Mutates queries of every field, phrase and exclusion, and queries hostile on purpose (100 KB
/// long, 10,000 nested parentheses, SQLite's full-text operators, unclosed quotes, control
/// characters), and parses each. A query either parses or is refused with a message; one that
/// parses reads the same once written back, so a facet chip that edits the query never changes
/// what the rest of it asks, and runs on a real index without an error (nothing typed reaches
/// SQLite's full-text syntax).
@Suite("Fuzzing search queries")
struct SearchQueryFuzzTests {
    static let seeds: [String] = [
        #"beach "golden hour" -sunset place:"New York" camera:Canon kind:raw rating:>=4 is:starred -has:gps source:cloud"#,
        "date:2019-06-01..2019-08-31 person:Katie keyword:wedding label:Bride country:IT lens:\"EF 24-70mm\"",
        "date:2019.. date:..2018 date:2020-02-29 rating:0 rating:<5 is:favourite -is:backedup has:people",
        #"NEAR(a b, 3) OR "x" AND y* ^z {col}: - -- """#,
        String(repeating: "(", count: 10_000),
        String(repeating: "a", count: 100_000),
        "Zu\u{0308}rich \u{0000} \u{202E}evil \u{1F600} 東京 kind:",
        // Boxes drawn on the map: across the antimeridian, at the poles, at and past the limits.
        "area:41.8,12.4,42,12.6 -area:-20,170,-10,-170 area:-90,-180,90,180 area:89.999999,179.999999,90,-180 area:1e9,nan,-inf,0x1p3",
        // A quote followed by a combining mark is one Swift character but still a quote to FTS5.
        "Zu\"\"\"\u{0308}rich place:\"a\"\u{0301}b\" \"\u{0308}",
    ]

    @Test("mutated queries: parsed or refused with a message, and what parses reads the same written back and runs")
    func mutatedQueries() throws {
        let workspace = try TestWorkspace()
        let index = workspace.engine.searchIndex
        var described = PhotoDescription()
        described.keywords = ["wedding", "Zürich"]
        described.cameraMake = "Canon"
        let ids = SearchIndex.SharedValueIDs()
        try index.update(
            .folders, root: workspace.photos,
            documents: [
                ids.prepare(
                    SearchDocument(
                        source: .folders, key: "a/b.jpg", name: "b.jpg", folder: "a", md5: nil, date: 1_560_600_000, kinds: [.photo],
                        description: described, place: Place(country: "Italy", countryCode: "IT", region: "Latium", city: "Rome")))
            ], ids: ids)
        let budget = FuzzBudget(share: 0.05)
        var mutator = Mutator(seed: budget.seed)
        var iteration = 0
        var parsed = 0
        while budget.hasTime || iteration < 5_000 {
            let seed = Self.seeds[iteration % Self.seeds.count]
            let text = String(decoding: mutator.mutate(Array(seed.utf8), limit: 200_000), as: UTF8.self)
            iteration += 1
            let query: SearchQuery
            do {
                query = try SearchQuery(parsing: text)
            } catch {
                #expect(!error.message.isEmpty)
                continue
            }
            parsed += 1
            #expect(query.terms.count <= SearchQuery.maximumTerms)
            do {
                _ = try index.search(query, limit: 10)
                _ = try index.places(of: query)
                _ = try index.points(of: query, limit: 10)
                _ = try index.facets(of: query)
            } catch {
                Issue.record("fails on the index: \(error); seed \(budget.seed); query \(String(reflecting: String(text.prefix(200))))")
                return
            }
            // An unclosed quote is closed when written back: one byte more than a query at the
            // limit may take.
            guard query.description.utf8.count <= SearchQuery.maximumLength else { continue }
            let again = try? SearchQuery(parsing: query.description)
            guard again == query else {
                Issue.record("'\(text.prefix(200))' reads differently written back as '\(query.description.prefix(200))': seed \(budget.seed)")
                return
            }
        }
        print("SearchQueryFuzzTests: \(iteration) mutated queries, \(parsed) parsed, seed \(budget.seed)")
    }
}
