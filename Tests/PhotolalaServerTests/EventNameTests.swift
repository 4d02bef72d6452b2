import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaServer

@Suite("Event names")
struct EventNameTests {
    @Test("Every event the server sends is one the page listens for, and the page listens for no other")
    func pageListensForEveryEvent() throws {
        let stream = try String(
            contentsOf: Fixtures.repositoryRoot.appendingPathComponent("Sources/PhotolalaServer/Public/js/event-stream.js"), encoding: .utf8)
        let line = try #require(stream.split(separator: "\n").first { $0.contains("EVENT_TYPES = [") })
        let listened = Set(line.split(separator: "'").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) })
        #expect(listened == Set(EventName.allCases.map(\.rawValue)))
    }
}
