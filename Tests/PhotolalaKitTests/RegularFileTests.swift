import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

/// Every read of a file goes through ``RegularFile``: a named pipe, a device or a socket where a
/// photo or a catalog file was is refused at once with an error that names it, instead of
/// holding the reader for ever (issue 36).
@Suite("Reading files that are not regular files")
struct RegularFileTests {
    /// What each way of reading a file does with `path`, each within 10 s.
    static let readers: [String: @Sendable (String) throws -> Void] = [
        "FileContents": { _ = try FileContents(path: $0, sizeLimit: 1 << 20) },
        "ContentHash.md5": { _ = try ContentHash.md5(ofFileAt: $0) },
        "ContentHash.fastKey": { _ = try ContentHash.fastKey(ofFileAt: $0) },
        "PhotoFileReader.head": { _ = try PhotoFileReader.head(of: $0) },
    ]

    /// Runs `reader` on `path` with a deadline; its error, or why there is none.
    private static func error(of reader: String, at path: String, release: @escaping @Sendable () -> Void) throws -> PhotolalaError? {
        let read = try #require(readers[reader])
        let outcome = OutcomeBox()
        let finished = TimedProcess.finishes(within: .seconds(10)) {
            do {
                try read(path)
                outcome.set("no error")
            } catch {
                outcome.set(error)
            }
        }
        if !finished {
            release()
            Issue.record("\(reader) of \(path) did not return within 10 s")
            return nil
        }
        let error = outcome.value as? PhotolalaError
        #expect(error != nil, "\(reader) of \(path): \(String(describing: outcome.value))")
        return error
    }

    @Test("A named pipe is refused at once by every reader, naming the file", arguments: readers.keys.sorted())
    func pipe(_ reader: String) throws {
        let folder = try TemporaryDirectory()
        let pipe = try NamedPipe(at: folder.path("IMG_0001.jpg"))
        defer { pipe.release() }
        let error = try Self.error(of: reader, at: pipe.path, release: pipe.release)
        #expect(error?.code == .notRegularFile)
        #expect(
            error?.message
                == "'\(pipe.path)' is a named pipe (FIFO), not a regular file: Photolala reads only files. Move it out of the way, or unstar it, and try again."
        )
    }

    @Test("A device that never ends, through a link, is refused at once by every reader", arguments: readers.keys.sorted())
    func endlessDevice(_ reader: String) throws {
        let folder = try TemporaryDirectory()
        let link = folder.path("zero.jpg")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/zero")
        let error = try Self.error(of: reader, at: link, release: {})
        #expect(error?.code == .notRegularFile)
        #expect(error?.message.contains("is a device, not a regular file") == true)
    }

    @Test("A catalog whose manifest or shard is a pipe: load and verify report it at once, build replaces it")
    func pipeInCatalog() async throws {
        let workspace = try TestWorkspace()
        try FileManager.default.copyItem(atPath: try await Fixtures.file("orientation6.jpg").path, toPath: workspace.photos + "/a.jpg")
        for try await _ in workspace.engine.catalogBuilder(jobs: 1).build(folder: try workspace.engine.localSource(root: workspace.photos)) {}
        let catalog = workspace.engine.catalog(of: workspace.photos)
        let shard = try #require(try catalog.load().manifest.shards.first { $0.rows > 0 })
        for name in [FolderCatalog.manifestName, FolderCatalog.shardName(shard.index)] {
            let pipe = try NamedPipe(at: workspace.photos + "/.photolala/" + name)
            defer { pipe.release() }
            let problems = OutcomeBox()
            let finished = TimedProcess.finishes(within: .seconds(10)) { problems.set(Result { try catalog.verify() }) }
            if !finished { pipe.release() }
            #expect(finished, "verify hung on a pipe as \(name)")
            let verified = try #require(problems.value as? Result<[CatalogProblem], any Error>)
            #expect(try verified.get().isEmpty == false, "\(name)")
            if finished {
                for try await _ in workspace.engine.catalogBuilder(jobs: 1).build(folder: try workspace.engine.localSource(root: workspace.photos)) {}
                #expect(try catalog.verify().isEmpty, "\(name)")
                #expect(try catalog.load().entries.count == 1)
            }
        }
    }
}

/// What a reader on another thread ended with.
private final class OutcomeBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Any?

    var value: Any? { lock.withLock { stored } }

    func set(_ value: Any) {
        lock.withLock { stored = value }
    }
}
