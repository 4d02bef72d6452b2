import Foundation
import PhotolalaKit
import PhotolalaTestSupport
import Testing

@testable import PhotolalaServer

/// A search of a tree never indexed reads every photo first: the pages are told how far that is,
/// so a big tree's first search shows its progress rather than "Loading photos…".
@Suite("Search indexing progress")
struct SearchIndexingProgressTests: WorkspaceSuite {
    let workspace: TestWorkspace

    init() throws {
        workspace = try TestWorkspace()
    }

    @Test("Indexing a tree for a search tells the pages how far it is, in order, and ends with a complete count")
    func progressEvents() async throws {
        let count = 1_100  // more than two batches of the indexer
        let first = photos + "/0000.jpg"
        try await Fixtures.datedPhoto(at: first, tags: [])
        for index in 1..<count {
            try FileManager.default.copyItem(atPath: first, toPath: photos + String(format: "/%04d.jpg", index))
        }
        let events = EventHub()
        let sources = try ServedSources(
            configuration: ServerConfiguration(folders: [photos], port: 0), engine: engine, events: events,
            current: try CurrentCloud(configuration: nil, engine: engine, events: events))
        let stream = await events.subscribe()
        await sources.updateSearchIndex()

        var told: [(found: Int, done: Int, complete: Bool)] = []
        for await message in stream where message.hasPrefix("event: indexing\n") {
            let data = try #require(message.split(separator: "\n").first { $0.hasPrefix("data: ") }?.dropFirst(6))
            let object = try #require(try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any])
            let step = (found: object["found"] as? Int ?? -1, done: object["done"] as? Int ?? -1, complete: object["complete"] as? Bool ?? false)
            told.append(step)
            if step.complete { break }
        }
        #expect(told.count >= 2, "at least one step before the end: \(told)")
        #expect(told.last.map { $0 == (count, count, true) } == true, "\(told)")
        #expect(told.dropLast().allSatisfy { !$0.complete && $0.done <= $0.found && $0.found <= count }, "\(told)")
        #expect(zip(told, told.dropFirst()).allSatisfy { $0.done <= $1.done }, "in order: \(told)")
    }
}
