import ArgumentParser
import Foundation
import PhotolalaKit
import Synchronization

/// The sources `search`, `index` and `places` work on: folder trees, Apple Photos libraries and
/// the cloud backup, each brought up to date in the search index before it is asked, with a
/// progress bar.
struct SearchSourceOptions: ParsableArguments {
    @Option(name: .customLong("in"), help: ArgumentHelp("A folder tree to index and search (repeatable).", valueName: "path"))
    var folders: [String] = []

    @Option(name: .customLong("library"), help: ArgumentHelp("An Apple Photos library to index and search (repeatable).", valueName: "path"))
    var libraries: [String] = []

    @Flag(help: "Index and search the cloud backup, as last synced ('photolala cloud sync').")
    var cloud = false

    /// Whether no source was named: then everything indexed before is searched.
    var isEmpty: Bool { folders.isEmpty && libraries.isEmpty && !cloud }

    /// Brings the index up to date with each source named, drawing progress on standard
    /// error and printing each source's problems as warnings.
    /// - Returns: The index's roots of the sources, to search within.
    func index(with global: GlobalOptions, engine: Engine) async throws -> [String] {
        try await Self.index(folders: folders, libraries: libraries, cloud: cloud, with: global, engine: engine)
    }

    /// Brings the index up to date with these sources; see ``index(with:engine:)``.
    static func index(folders: [String], libraries: [String], cloud: Bool, with global: GlobalOptions, engine: Engine) async throws -> [String] {
        var roots: [String] = []
        for folder in folders {
            let source = try engine.localSource(root: GlobalOptions.absolute(folder))
            roots.append(source.root)
            try await indexing(source.root) { try await engine.index(source, progress: $0) }
        }
        for path in libraries {
            let library = try ApplePhotosLibrary(path: GlobalOptions.absolute(path), workingDirectory: engine.configuration.temporaryDirectory)
            roots.append(library.path)
            try await indexing(library.path) { try engine.index(library, progress: $0) }
        }
        if cloud {
            let file = try global.configurationFile()
            let configuration = try CloudConfiguration.load(
                environment: ProcessInfo.processInfo.environment, dataDirectory: engine.configuration.dataDirectory, configurationFile: file)
            let catalog = try CloudContext(engine: engine, configuration: configuration).reader().sync.copy
            roots.append(catalog.name)
            try await indexing("the cloud backup") { try engine.index(catalog, progress: $0) }
        }
        return roots
    }

    /// Runs one source's indexing under a progress bar, then says what it did.
    private static func indexing(
        _ name: String, _ body: (@escaping @Sendable (SearchIndexProgress) -> Void) async throws -> SearchIndexProgress
    ) async throws {
        let drawing = StatusDrawing()
        let meter = Mutex(ProgressMeter())
        let label = "Indexing \(name.escapingControlCharacters)"
        let done = try await body { progress in
            let line = meter.withLock { meter in
                meter.total = progress.found
                meter.done = progress.done
                return meter.statusLine
            }
            drawing.show(label + " " + line)
        }
        drawing.clear()
        var terminal = Terminal()
        for problem in done.problems {
            terminal.message("warning: \(problem.escapingControlCharacters)")
        }
        let changes = [done.read > 0 ? "\(done.read.grouped) read" : nil, done.removed > 0 ? "\(done.removed.grouped) gone" : nil].compactMap { $0 }
        terminal.message("\(label): \(done.found.counting("photo"))\(changes.isEmpty ? "" : " (" + changes.joined(separator: ", ") + ")").")
    }
}
