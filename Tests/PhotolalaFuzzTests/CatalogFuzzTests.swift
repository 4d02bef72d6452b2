import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

/// Mutates a valid folder catalog, its XML and binary manifest and its CSV shards, and feeds each
/// mutation to the engine's loading, verification and build in-process, and to a sample of it
/// to `photolala catalog verify/show/build` as child processes. A crash, a signal or an input
/// that runs over 10 s fails the run with the seed that replays it. After every build, the
/// catalog verifies and lists every photo: build repairs whatever it was given.
@Suite("Fuzzing folder catalogs")
struct CatalogFuzzTests {
    static let photoCount = 12

    /// The photos every playground copies, made once per run.
    private static let photoSet = Task<String, any Error> {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photolala-fuzz-photos-\(UUID().uuidString)").path
        try await Shell.run(Fixtures.repositoryRoot.appendingPathComponent("Scripts/make-photos.sh").path, [folder, "\(photoCount)", "32", "24"])
        return folder
    }

    /// A folder of photos with a sound catalog, and that catalog's files to restore before each
    /// mutation.
    private struct Playground {
        let folder: TemporaryDirectory
        let engine: Engine
        let photos: String
        let originals: [String: [UInt8]]

        init() async throws {
            folder = try TemporaryDirectory()
            engine = try makeEngine(in: folder)
            photos = folder.path("photos")
            try FileManager.default.copyItem(atPath: try await CatalogFuzzTests.photoSet.value, toPath: photos)
            for try await _ in engine.catalogBuilder(jobs: 2).build(folder: try engine.localSource(root: photos)) {}
            var originals: [String: [UInt8]] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: photos + "/.photolala") {
                originals[name] = Array(try Data(contentsOf: URL(fileURLWithPath: photos + "/.photolala/" + name)))
            }
            self.originals = originals
        }

        var catalogDirectory: String { photos + "/.photolala" }

        /// The sound catalog again, with `file` replaced by `bytes`; with `matchingChecksum`, a
        /// shard's new SHA-256 goes into the manifest, so its rows are parsed, not just rejected.
        func install(_ bytes: [UInt8], as file: String, matchingChecksum: Bool = false) throws {
            try? FileManager.default.removeItem(atPath: catalogDirectory)
            try FileManager.default.createDirectory(atPath: catalogDirectory, withIntermediateDirectories: true)
            var files = originals
            files[file] = bytes
            if matchingChecksum, file.hasSuffix(".csv"), let index = Int(file.dropLast(4), radix: 16),
                let manifest = originals[FolderCatalog.manifestName]
            {
                var decoded = try PropertyListDecoder().decode(CatalogManifest.self, from: Data(manifest))
                for position in decoded.shards.indices where decoded.shards[position].index == index {
                    decoded.shards[position].sha256 = ContentHash.sha256(of: bytes)
                }
                files[FolderCatalog.manifestName] = try decoded.propertyList()
            }
            for (name, contents) in files {
                try Data(contents).write(to: URL(fileURLWithPath: catalogDirectory + "/" + name))
            }
        }

        /// Builds in-process and checks the result verifies with every photo: `nil` when it
        /// did, else what went wrong.
        func buildAndCheck() async -> String? {
            do {
                for try await _ in engine.catalogBuilder(jobs: 2).build(folder: try engine.localSource(root: photos)) {}
                let catalog = engine.catalog(of: photos)
                let problems = try catalog.verify()
                guard problems.isEmpty else { return "verify after build: \(problems.map(\.message))" }
                let count = try catalog.load().entries.count
                return count == CatalogFuzzTests.photoCount ? nil : "\(count) photos after build, not \(CatalogFuzzTests.photoCount)"
            } catch {
                return "build failed: \(error)"
            }
        }

        /// Runs the CLI's catalog commands on the folder; the first crash or hang, if any.
        func runCommands(_ binary: String) throws -> String? {
            let environment = ["PHOTOLALA_CACHE_DIR": folder.path("cli-cache"), "PHOTOLALA_DATA_DIR": folder.path("cli-data")]
            for command in ["verify", "show", "import", "build"] {
                let ending = try TimedProcess.run(binary, ["catalog", command, photos], environment: environment)
                if ending.isFailure { return "photolala catalog \(command): \(ending)" }
            }
            return nil
        }
    }

    @Test("mutated manifests (XML and binary) and shards: no crash, no hang, and build repairs them")
    func mutatedCatalogs() async throws {
        let budget = FuzzBudget(share: 0.2)
        let playground = try await Playground()
        let binary = try #require(TimedProcess.binary, "the photolala binary is not built beside the tests")
        let manifest = try #require(playground.originals[FolderCatalog.manifestName])
        let binaryManifest = Array(
            try PropertyListSerialization.data(
                fromPropertyList: try PropertyListSerialization.propertyList(from: Data(manifest), format: nil), format: .binary, options: 0))
        var seeds: [(name: String, file: String, bytes: [UInt8])] = [
            ("XML manifest", FolderCatalog.manifestName, manifest), ("binary manifest", FolderCatalog.manifestName, binaryManifest),
        ]
        for (name, bytes) in playground.originals.sorted(by: { $0.key < $1.key }) where name.hasSuffix(".csv") && bytes.count > 80 {
            seeds.append(("shard " + name, name, bytes))
        }

        var mutator = Mutator(seed: budget.seed)
        var iteration = 0
        while budget.hasTime || iteration < 8 {
            defer { iteration += 1 }
            let seed = seeds[mutator.index(below: seeds.count)]
            let input = mutator.mutate(seed.bytes)
            let replay = "PHOTOLALA_FUZZ_SEED=\(budget.seed), iteration \(iteration), \(seed.name)"
            let matchingChecksum = iteration % 2 == 1
            try playground.install(input, as: seed.file, matchingChecksum: matchingChecksum)
            let catalog = playground.engine.catalog(of: playground.photos)
            guard
                TimedProcess.finishes({
                    _ = CatalogCSV.decode(input)
                    _ = try? UntrustedDocument.propertyList(from: input)
                    _ = try? catalog.load()
                    _ = try? catalog.verify()
                })
            else {
                Issue.record("loading hung over 10 s: \(replay)")
                return
            }
            if let failure = await playground.buildAndCheck() {
                Issue.record("\(failure): \(replay)")
            }
            // One mutation in seven also goes through the command line, as a user would meet it.
            if iteration % 7 == 0 {
                try playground.install(input, as: seed.file, matchingChecksum: matchingChecksum)
                if let failure = try playground.runCommands(binary) {
                    Issue.record("\(failure): \(replay)")
                    return
                }
            }
        }
        print("CatalogFuzzTests: \(iteration) mutated catalogs, seed \(budget.seed)")
    }

    /// Manifests written to break parsers, by name.
    static let hostileManifests: [String: @Sendable () -> [UInt8]] = [
        "XML, 10,000 nested arrays": { HostileDocuments.nestedXMLPropertyList(depth: 10_000) },
        "XML, 100,000 nested arrays": { HostileDocuments.nestedXMLPropertyList(depth: 100_000) },
        "binary, 10,000 nested arrays": { HostileDocuments.nestedBinaryPropertyList(depth: 10_000) },
        "binary, 100,000 nested arrays": { HostileDocuments.nestedBinaryPropertyList(depth: 100_000) },
        "binary, an array holding itself": { HostileDocuments.cyclicBinaryPropertyList() },
        "binary, 2^60 shared values": { HostileDocuments.sharedBinaryPropertyList(levels: 60) },
        "50 MB": { Array(repeating: UInt8(ascii: "<"), count: 50 << 20) },
    ]

    @Test("hand-written hostile manifests: deep XML and binary nesting, loops, shared values, 50 MB", arguments: hostileManifests.keys.sorted())
    func handWritten(_ name: String) async throws {
        let make = try #require(Self.hostileManifests[name])
        let manifest = make()
        let playground = try await Playground()
        let binary = try #require(TimedProcess.binary, "the photolala binary is not built beside the tests")
        try playground.install(manifest, as: FolderCatalog.manifestName)
        let catalog = playground.engine.catalog(of: playground.photos)
        let error = #expect(throws: PhotolalaError.self) { try catalog.load() }
        #expect(error?.code == .damagedCatalog)
        try playground.install(manifest, as: FolderCatalog.manifestName)
        let commandFailure = try playground.runCommands(binary)
        #expect(commandFailure == nil)
        try playground.install(manifest, as: FolderCatalog.manifestName)
        let buildFailure = await playground.buildAndCheck()
        #expect(buildFailure == nil)
    }
}
