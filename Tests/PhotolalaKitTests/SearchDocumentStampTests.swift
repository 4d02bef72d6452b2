import Testing

@testable import PhotolalaKit

@Suite("What tells the search index a photo changed")
struct SearchDocumentStampTests {
    @Test("Every fact of a description changes its stamp, and so does each part beside it")
    func everyFieldCounts() {
        let plain = PhotoDescription()
        let changes: [(String, (inout PhotoDescription) -> Void)] = [
            ("cameraMake", { $0.cameraMake = "Canon" }), ("cameraModel", { $0.cameraModel = "EOS R5" }), ("lensModel", { $0.lensModel = "RF50" }),
            ("latitude", { $0.latitude = 41.9 }), ("longitude", { $0.longitude = 12.5 }), ("title", { $0.title = "Rome" }),
            ("caption", { $0.caption = "The Forum" }), ("keywords", { $0.keywords = ["ruins"] }), ("rating", { $0.rating = 0 }),
            ("colorLabel", { $0.colorLabel = "Red" }), ("isScreenshot", { $0.isScreenshot = true }), ("isPanorama", { $0.isPanorama = true }),
            ("people", { $0.people = ["Katie"] }), ("labels", { $0.labels = ["Beach"] }),
        ]
        // A field added to PhotoDescription must be fed to the stamp, and changed here.
        #expect(Set(changes.map(\.0)) == Set(Mirror(reflecting: plain).children.compactMap(\.label)))
        var stamps = [SearchDocument.stamp(of: plain, "a.jpg", "0")]
        for (_, change) in changes {
            var changed = plain
            change(&changed)
            stamps.append(SearchDocument.stamp(of: changed, "a.jpg", "0"))
        }
        stamps.append(SearchDocument.stamp(of: plain, "b.jpg", "0"))
        stamps.append(SearchDocument.stamp(of: plain, "a.jpg", "1"))
        #expect(Set(stamps).count == stamps.count, "each change its own stamp")
        #expect(SearchDocument.stamp(of: plain, "a.jpg", "0") == stamps[0], "the same each time: no seed")

        // Text is ended, not run together: moving a letter between two fields is a change.
        var ab = plain
        (ab.title, ab.caption) = ("ab", "c")
        var bc = plain
        (bc.title, bc.caption) = ("a", "bc")
        #expect(SearchDocument.stamp(of: ab) != SearchDocument.stamp(of: bc))
        var one = plain
        one.keywords = ["a", "b"]
        var joined = plain
        joined.keywords = ["ab"]
        #expect(SearchDocument.stamp(of: one) != SearchDocument.stamp(of: joined))
    }
}
