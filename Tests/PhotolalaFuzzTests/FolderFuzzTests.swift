import Foundation
import Hummingbird
import HummingbirdTesting
import PhotolalaKit
import PhotolalaServer
import PhotolalaTestSupport
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Served folders that change under the server's feet in hostile ways: named pipes, devices
/// (a link to `/dev/zero`) and sockets where photos and catalog files were, files, folders and
/// the root swapped for links, names that are not UTF-8 or hold control characters, files that
/// shrink and grow while they are read, and a full disk (see ``SmallDisk``). From a seed, each
/// round makes a few changes, every kind once in each pass through the kinds (so that even a
/// short budget meets them all), then asks the in-process server for every folder, listing,
/// summary and photo route and runs the CLI's `scan`, `info` and `catalog` commands on it. A
/// request unanswered for 20 s, a 5xx, a command that hangs or dies of a signal fails the run
/// with the seed that replays it.
@Suite("Fuzzing served folders")
struct FolderFuzzTests {
    /// Changes made before each visit of the tree.
    static let changesPerRound = 4

    @Test("Pipes, devices, sockets, swaps, odd names and changing files: no hang, no 5xx, no crash")
    func hostileFolders() async throws {
        let budget = FuzzBudget(share: 0.15)
        let tree = try await HostileFolder()
        defer { tree.tearDown() }
        let binary = try #require(TimedProcess.binary, "the photolala binary is not built beside the tests")
        var configuration = ServerConfiguration(folders: [tree.root], port: 0)
        configuration.publicDirectory = Fixtures.repositoryRoot.appendingPathComponent("Sources/PhotolalaServer/Public").path
        let app = try buildApplication(configuration: configuration, engine: tree.engine)
        print("FolderFuzzTests: " + (tree.disk.map { "a full disk is a \($0.path) tmpfs filled" } ?? "a full disk is a file size limit"))
        let rounds = try await app.test(.router) { client in
            var mutator = Mutator(seed: budget.seed)
            var deck: [String] = []
            var round = 0
            let leastRounds = (HostileFolder.changes.count + Self.changesPerRound - 1) / Self.changesPerRound
            while budget.hasTime || round < leastRounds {
                defer { round += 1 }
                let change = (0..<Self.changesPerRound).map { _ in
                    if deck.isEmpty { deck = mutator.shuffled(HostileFolder.changes) }
                    return tree.change(deck.removeLast(), &mutator)
                }.joined(separator: "; ")
                let replay = "PHOTOLALA_FUZZ_SEED=\(budget.seed), round \(round) (\(change))"
                let problems = try await withinDeadline(.seconds(20), onTimeout: { tree.releasePipes() }) {
                    try await Self.visit(client)
                }
                guard let problems else {
                    Issue.record("the server hung: \(replay)")
                    return round
                }
                for problem in problems {
                    Issue.record("\(problem): \(replay)")
                }
                if round % 3 == 0, let failure = try await tree.runCommands(binary) {
                    Issue.record("\(failure): \(replay)")
                    return round
                }
            }
            return round
        }
        print("FolderFuzzTests: \(rounds) rounds, seed \(budget.seed)")
    }

    /// Asks for every folder, listing, summary and photo route the server shows; the 5xx answers.
    private static func visit(_ client: some TestClientProtocol) async throws -> [String] {
        var problems: [String] = []
        func get(_ uri: String) async throws -> [String: Any] {
            let response: TestResponse
            do {
                response = try await client.execute(uri: uri, method: .get)
            } catch  where uri.hasSuffix("/full") || uri.hasSuffix("/original") {
                // A file that shrank while it was sent ends its body with an error: a live
                // connection is closed at once (NonRegularFileAPITests), here the error is thrown.
                return [:]
            }
            if response.status.code >= 500 {
                problems.append("\(uri): \(response.status.code) \(String(buffer: response.body).prefix(200))")
            }
            return (try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any]) ?? [:]
        }
        let api = "/api/sources/local-0/folders/"
        let root = try await get(api + "~")
        let folders = ["~"] + ((root["folders"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String }
        for folder in folders {
            _ = try await get(api + folder)
            _ = try await get(api + folder + "/summary")
            var listing: [String: Any] = [:]
            for _ in 0..<200 {
                listing = try await get(api + folder + "/items")
                if listing["complete"] as? Bool == true { break }
                try await Task.sleep(for: .milliseconds(25))
            }
            let items = ((listing["items"] as? [[Any]]) ?? []).compactMap { $0.first as? String }
            for item in items {
                for route in ["thumbnail", "metadata", "full", "original"] {
                    _ = try await get(api + folder + "/items/" + item + "/" + route)
                }
            }
        }
        _ = try await get("/api/sources")
        return problems
    }
}

/// The served tree and what changes it: a few photos beside every kind of hostile entry.
private final class HostileFolder: Sendable {
    let folder: TemporaryDirectory
    /// The small disk the tree and every cache and catalog are on, where the machine lets the
    /// test mount one.
    let disk: SmallDisk?
    let engine: Engine
    let root: String
    private let photo: [UInt8]
    private let pipes = Mutex<[String]>([])
    private let stop = Atomic<Bool>(false)
    /// Whether the disk is full now.
    private let full = Atomic<Bool>(false)

    init() async throws {
        folder = try TemporaryDirectory()
        disk = SmallDisk(at: folder.path("disk"), megabytes: 16)
        engine = try makeEngine(in: folder, device: disk.map { _ in "disk" })
        root = folder.path(disk.map { _ in "disk/served" } ?? "served")
        photo = Array(try Data(contentsOf: try await Fixtures.file("orientation6.jpg")))
        try FileManager.default.createDirectory(atPath: root + "/sub", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.path("elsewhere/inner"), withIntermediateDirectories: true)
        for name in ["a.jpg", "b.jpg", "sub/c.jpg", "changing.jpg"] {
            try Data(photo).write(to: URL(fileURLWithPath: root + "/" + name))
        }
        try Data(photo).write(to: URL(fileURLWithPath: folder.path("elsewhere/x.jpg")))
        for try await _ in engine.catalogBuilder(jobs: 1).build(folder: try engine.localSource(root: root)) {}
        startChanging(root + "/changing.jpg")
    }

    /// A thread that shrinks and grows `path` without pause until ``tearDown()``.
    private func startChanging(_ path: String) {
        let photo = photo
        let thread = Thread { [self] in
            var size = 0
            while !stop.load(ordering: .relaxed) {
                size = (size + 4099) % (photo.count * 3)
                let bytes = size <= photo.count ? Array(photo.prefix(size)) : photo + [UInt8](repeating: 0xAB, count: size - photo.count)
                try? Data(bytes).write(to: URL(fileURLWithPath: path))
                usleep(500)
            }
        }
        thread.start()
    }

    /// Stops the changing file, frees and removes every pipe and unmounts the disk.
    func tearDown() {
        stop.store(true, ordering: .relaxed)
        releasePipes()
        usleep(10_000)
        disk?.unmount()
    }

    func releasePipes() {
        for path in pipes.withLock({ $0 }) {
            NamedPipe(existing: path).release()
        }
    }

    /// The kinds of change a round makes.
    static let changes = [
        "pipe as photo", "pipe as manifest", "pipe as shard", "link to /dev/zero as photo", "socket as photo", "file swapped for a link",
        "folder swapped for a link", "root swapped for a link", "root restored", "non-UTF-8 name", "control characters in a name",
        "restore photos", "disk full", "disk freed",
    ]

    /// Makes the change `name` (one of ``changes``), at a place `mutator` picks; what was done.
    func change(_ name: String, _ mutator: inout Mutator) -> String {
        let target = ["a.jpg", "b.jpg", "sub/c.jpg", "new.jpg"][mutator.index(below: 4)]
        switch name {
        case "pipe as photo": pipe(root + "/" + target)
        case "pipe as manifest": pipe(root + "/.photolala/manifest.plist")
        case "pipe as shard": pipe(root + "/.photolala/" + String(mutator.index(below: 16), radix: 16) + ".csv")
        case "link to /dev/zero as photo": replace(root + "/" + target) { _ = symlink("/dev/zero", $0) }
        case "socket as photo": replace(root + "/" + target) { Self.bindSocket(at: $0) }
        case "file swapped for a link": replace(root + "/" + target) { _ = symlink("/etc/passwd", $0) }
        case "folder swapped for a link": replace(root + "/sub") { _ = symlink(folder.path("elsewhere"), $0) }
        case "root swapped for a link":
            if rename(root, folder.path("served-away")) == 0 { symlink(folder.path("elsewhere"), root) }
        case "root restored":
            if Self.type(of: root) == .typeSymbolicLink, access(folder.path("served-away"), F_OK) == 0 {
                unlink(root)
                rename(folder.path("served-away"), root)
            }
        case "non-UTF-8 name": Self.create(named: Array("bad-".utf8) + [0xFF, 0xFE, 0xC3] + Array(".jpg".utf8), in: root, bytes: photo)
        case "control characters in a name": Self.create(named: Array("ctl-\u{1}\u{7}\u{1B}[31m\n.jpg".utf8), in: root, bytes: photo)
        case "disk full":
            disk?.fill()
            full.store(true, ordering: .relaxed)
        case "disk freed":
            disk?.free()
            full.store(false, ordering: .relaxed)
        default:
            for name in ["a.jpg", "b.jpg"] {
                replace(root + "/" + name) { path in try? Data(photo).write(to: URL(fileURLWithPath: path)) }
            }
        }
        return name + (name.contains("photo") || name.contains("file") ? " at \(target)" : "")
    }

    private func pipe(_ path: String) {
        replace(path) { path in
            if (try? NamedPipe(at: path)) != nil {
                pipes.withLock { $0.append(path) }
            }
        }
    }

    /// Removes what is at `path` (a folder too), then makes something new there.
    private func replace(_ path: String, with make: (String) -> Void) {
        switch Self.type(of: path) {
        case nil: break
        case .typeDirectory?: rename(path, path + "-\(UUID().uuidString.prefix(6))")
        default: unlink(path)
        }
        make(path)
    }

    /// What is at `path` itself, links not followed; `nil` when nothing is.
    private static func type(of path: String) -> FileAttributeType? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
    }

    private static func bindSocket(at path: String) {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
        }
        _ = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }

    /// Creates a file whose name is raw bytes, which a Swift `String` could not hold.
    private static func create(named name: [UInt8], in folder: String, bytes: [UInt8]) {
        let path = Array(folder.utf8) + [UInt8(ascii: "/")] + name + [0]
        let descriptor = path.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                characters.baseAddress.map { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) } ?? -1
            }
        }
        guard descriptor >= 0 else { return }
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
    }

    /// Runs the CLI's commands that read the tree; the first crash or hang, if any.
    func runCommands(_ binary: String) async throws -> String? {
        let base = disk.map { $0.path + "/" } ?? folder.path + "/"
        let environment = ["PHOTOLALA_CACHE_DIR": base + "cli-cache", "PHOTOLALA_DATA_DIR": base + "cli-data", "PHOTOLALA_CONFIG": ""]
        let commands = [
            ["scan", root], ["catalog", "verify", root], ["catalog", "show", root], ["catalog", "build", root], ["info", root + "/a.jpg"],
            ["info", root + "/b.jpg"],
        ]
        for arguments in commands {
            // Without a disk to fill, a write fails as one would on a full disk: past a file
            // size limit, with SIGXFSZ ignored so that the write returns its error.
            let limited = disk == nil && full.load(ordering: .relaxed)
            let (program, line) =
                limited ? ("/bin/sh", ["-c", "trap '' XFSZ; ulimit -f 16; exec \"$0\" \"$@\"", binary] + arguments) : (binary, arguments)
            let ending = try await blocking { try TimedProcess.run(program, line, environment: environment, limit: .seconds(30)) }
            if ending.isFailure {
                releasePipes()
                return "photolala \(arguments.prefix(2).joined(separator: " ")): \(ending)"
            }
        }
        return nil
    }
}
