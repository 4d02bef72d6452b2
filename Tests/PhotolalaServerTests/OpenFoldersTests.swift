import Foundation
import PhotolalaKit
import PhotolalaTestSupport
import Testing

@testable import PhotolalaServer

@Suite("Folders open on the server")
struct OpenFoldersTests {
    @Test("Folders that fail to open take no place among the 16 kept open")
    func failedOpens() async throws {
        let folder = try TemporaryDirectory()
        let engine = try makeEngine(in: folder)
        let photos = folder.path("photos")
        for index in 0..<15 {
            try FileManager.default.createDirectory(atPath: photos + "/F\(index)", withIntermediateDirectories: true)
        }
        let events = EventHub()
        let sources = try ServedSources(
            configuration: ServerConfiguration(folders: [photos], port: 0), engine: engine, events: events,
            current: try CurrentCloud(configuration: nil, engine: engine, events: events))
        let tree = try #require(try sources.source("local-0") as? LocalPhotoSource)
        let root = try await sources.session(source: "local-0", folder: "~")
        for index in 0..<14 {
            _ = try await sources.session(source: "local-0", folder: try #require(tree.folderID(forPath: tree.root + "/F\(index)")))
        }
        for index in 0..<5 {
            await #expect(throws: PhotolalaError.self) { try await sources.session(source: "local-0", folder: "~missing-\(index)") }
        }
        // The sixteenth folder: as many as are kept open, so none closes.
        _ = try await sources.session(source: "local-0", folder: try #require(tree.folderID(forPath: tree.root + "/F14")))
        #expect(await sources.openSession(source: "local-0", folder: "~") === root)
    }
}
