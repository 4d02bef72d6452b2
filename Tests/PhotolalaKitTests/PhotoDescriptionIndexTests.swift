import GRDB
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

/// What was read of each content's description, kept by MD5 for search.
@Suite("Recorded photo descriptions")
struct PhotoDescriptionIndexTests: WorkspaceSuite {
    let workspace: TestWorkspace

    init() throws {
        workspace = try TestWorkspace()
    }

    @Test("A description reads back as it was recorded, in the order asked; one never read is nil; a damaged row is read, not a crash")
    func readBack() throws {
        var described = PhotoDescription()
        described.cameraMake = "Canon"
        described.cameraModel = "EOS R5"
        described.lensModel = "RF24-70mm F2.8 L IS USM"
        described.setPosition(latitude: 41.9, longitude: 12.5)
        described.title = "Colosseum"
        described.caption = "At dusk"
        described.keywords = ["rome", "travel"]
        described.rating = 4
        described.colorLabel = "Red"
        described.isPanorama = true
        described.people = ["Katie"]
        described.labels = ["Ruins"]
        let index = PhotoDescriptionIndex(database: engine.database)
        let (recorded, plain, damaged) = (String(repeating: "a", count: 32), String(repeating: "b", count: 32), String(repeating: "c", count: 32))
        index.record([(recorded, described), (plain, PhotoDescription()), (damaged, described)])

        let found = index.descriptions(ofMD5s: [plain, String(repeating: "f", count: 32), recorded])
        #expect(found == [PhotoDescription(), nil, described])

        // A rating that is no number (a database damaged, or written by something else).
        try engine.database.write { db in try db.execute(sql: "UPDATE photoDescription SET rating = 'four' WHERE md5 = ?", arguments: [damaged]) }
        // SQLite reads text as a number as it converts it (0); the rest of what was read stands.
        let read = index.descriptions(ofMD5s: [damaged])
        #expect(read.count == 1 && read[0]?.cameraMake == "Canon" && read[0]?.rating == 0, "\(read)")
    }
}
