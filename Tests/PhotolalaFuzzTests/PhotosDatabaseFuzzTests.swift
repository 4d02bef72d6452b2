import Foundation
import PhotolalaKit
import PhotolalaTestSupport
import Testing

/// Damaged Photos databases made from copies of the two test libraries: pages of the SQLite
/// file mutated byte by byte, and values, columns and tables changed through SQL (NULLs, the
/// extremes of integers and reals, text where numbers belong, blobs, strings of megabytes,
/// columns and tables renamed or dropped). Each is opened and listed in-process (All Photos,
/// albums, info), a sample through the `photolala library` commands in child processes; a
/// crash, a hang over 10 s, an error that is not a ``PhotolalaError``, or a hidden or deleted
/// photo listed fails the run, which prints the seed that replays it.
@Suite("Fuzz: damaged Photos databases")
struct PhotosDatabaseFuzzTests {
    /// How long one input may take, in-process or in a child process.
    static let timeout: TimeInterval = 10
    /// One input in this many also goes through the command line.
    static let commandLineSample = 6

    @Test("a damaged Photos database is read or refused as damaged: no crash, hang or hidden photo shown")
    func damagedDatabases() async throws {
        let budget = FuzzBudget(share: 0.2)
        print("PhotosDatabaseFuzzTests: seed \(budget.seed) (replay with PHOTOLALA_FUZZ_SEED=\(budget.seed), PHOTOLALA_FUZZ_ITERATION=N)")
        let folder = try TemporaryDirectory()
        var seeds: [SeedDatabase] = []
        for library in [PhotosLibraries.catalina, PhotosLibraries.ventura] {
            seeds.append(try await SeedDatabase(library: library, in: folder))
        }
        // Each input depends on the seed and its iteration only: PHOTOLALA_FUZZ_ITERATION starts at the one that failed.
        let first = ProcessInfo.processInfo.environment["PHOTOLALA_FUZZ_ITERATION"].flatMap(Int.init) ?? 0
        var iteration = first
        var failures = 0
        var unchecked = 0
        while (budget.hasTime || iteration < first + 4) && failures == 0 {
            defer { iteration += 1 }
            var random = SplitMix64(seed: budget.seed &+ UInt64(iteration) &* 0x9E37_79B9_7F4A_7C15)
            let seed = seeds[Int(random.next() % UInt64(seeds.count))]
            let bundle = folder.path("input-\(iteration).photoslibrary")
            defer { try? FileManager.default.removeItem(atPath: bundle) }
            try FileManager.default.createDirectory(atPath: bundle + "/database", withIntermediateDirectories: true)
            let database = bundle + "/database/Photos.sqlite"
            let mutation: String
            if random.next() % 3 == 0 {
                mutation = try seed.mutatePages(into: database, random: &random)
            } else {
                try FileManager.default.copyItem(atPath: seed.path, toPath: database)
                mutation = try await seed.mutateValues(of: database, random: &random)
            }
            let visible = await seed.visibleUUIDs(in: database)
            if visible == nil { unchecked += 1 }
            var failure = Self.readInProcess(bundle, working: folder.path("work"), visible: visible)
            if failure == nil && iteration % Self.commandLineSample == 0 {
                failure = try Self.readThroughCommandLine(bundle, folder: folder, visible: visible)
            }
            if let failure {
                let kept = FileManager.default.temporaryDirectory.appendingPathComponent("photolala-fuzz-photos-\(budget.seed)-\(iteration).sqlite")
                try? FileManager.default.removeItem(at: kept)
                try? FileManager.default.copyItem(at: URL(fileURLWithPath: database), to: kept)
                let replay = "PHOTOLALA_FUZZ_SEED=\(budget.seed) PHOTOLALA_FUZZ_ITERATION=\(iteration)"
                Issue.record("\(failure) (\(replay), \(seed.library): \(mutation); the database is kept in \(kept.path))")
                failures += 1
            }
        }
        print(
            "PhotosDatabaseFuzzTests: \(iteration - first) damaged databases read, \(unchecked) too malformed for sqlite3 to say which photos are hidden"
        )
    }

    // MARK: - Reading

    /// Opens and lists the library on a thread of its own, so a hang is told from a slow read;
    /// a failure described, or `nil`.
    private static func readInProcess(_ bundle: String, working: String, visible: Set<String>?) -> String? {
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            outcome.set(read(bundle, working: working, visible: visible))
            done.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
        guard done.wait(timeout: .now() + timeout) == .success else { return "reading took over \(Int(timeout)) s" }
        return outcome.value
    }

    private static func read(_ bundle: String, working: String, visible: Set<String>?) -> String? {
        do {
            let library = try ApplePhotosLibrary(path: bundle, workingDirectory: working)
            var listed = try library.assets().map(\.uuid)
            var favorites = ApplePhotosFilter()
            favorites.onlyFavorites = true
            listed += try library.assets(favorites).map(\.uuid)
            for album in try library.albums().prefix(8) where album.kind != .folder {
                listed += try library.assets(inAlbum: album.uuid).map(\.uuid)
            }
            let everything = try library.assets(ApplePhotosFilter(includeHidden: true, includeTrashed: true))
            if let first = everything.first {
                _ = try library.asset(uuid: first.uuid)
                _ = library.thumbnailSourcePath(of: first)
            }
            _ = try library.info()
            let shown = visible.map { Set(listed).subtracting($0) } ?? []
            return shown.isEmpty ? nil : "listed photos whose hidden or deleted flag is not 0: \(shown.sorted().prefix(3))"
        } catch let error as PhotolalaError {
            if error.message.contains("Error Domain=") { return "an error message holds an error value: \(error.message.prefix(300))" }
            // What a damaged database may be told as: damaged, or (its model version changed) unsupported.
            return [.damagedPhotosLibrary, .unsupportedPhotosLibrary].contains(error.code)
                ? nil : "refused as \(error.code): \(error.message.prefix(300))"
        } catch {
            return "threw \(type(of: error)), not a PhotolalaError"
        }
    }

    /// `library info --json` and `library list --json` in child processes; a failure described, or `nil`.
    private static func readThroughCommandLine(_ bundle: String, folder: TemporaryDirectory, visible: Set<String>?) throws -> String? {
        guard let binary = TimedProcess.binary else { return "the photolala binary was not found beside the tests: build it first" }
        let environment = ["PHOTOLALA_CACHE_DIR": folder.path("cli-cache"), "PHOTOLALA_DATA_DIR": folder.path("cli-data")]
        for command in [["library", "info", bundle, "--json"], ["library", "list", bundle, "--json"]] {
            let run = try TimedProcess.capture(binary, command, environment: environment, limit: .seconds(timeout))
            let name = "photolala " + command.prefix(2).joined(separator: " ")
            let status: Int32
            switch run.ending {
            case .timedOut: return "\(name) took over \(Int(timeout)) s"
            case .signalled(let signal): return "\(name) was killed by signal \(signal): \(run.standardError.suffix(300))"
            case .exited(let code): status = code
            }
            if status != 0 && status != 1 { return "\(name) exited with \(status)" }
            // ArgumentParser prints a thrown error as "Error: <message>".
            if status == 1 && !run.standardError.split(separator: "\n").contains(where: { $0.lowercased().hasPrefix("error: ") }) {
                return "\(name) failed without an error message: \(run.standardError.prefix(300))"
            }
            if run.standardError.contains("Error Domain=") || run.standardError.contains("DatabaseError(") {
                return "\(name) printed an error value instead of a message: \(run.standardError.prefix(300))"
            }
            if command[1] == "list", status == 0, let visible {
                let json = try? JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any]
                let uuids = Set(((json?["items"] as? [[String: Any]]) ?? []).compactMap { $0["uuid"] as? String })
                if !uuids.isSubset(of: visible) { return "\(name) listed photos whose hidden or deleted flag is not 0" }
            }
        }
        return nil
    }

}

/// What the reading thread found, handed to the waiting one.
private final class Outcome: @unchecked Sendable {
    private let lock = NSLock()
    private var result: String?

    func set(_ value: String?) {
        lock.withLock { result = value }
    }

    var value: String? { lock.withLock { result } }
}

/// One test library's database, made a single file without Core Data's triggers (they call
/// functions only Photos defines), with what its tables and columns are called.
private struct SeedDatabase {
    let library: String
    let path: String
    let assetTable: String
    /// Every table, and the columns of each.
    let tables: [String: [String]]
    /// The tables the reader reads, mutated most often.
    let readTables: [String]
    let metadataPlist: [UInt8]

    init(library: String, in folder: TemporaryDirectory) async throws {
        self.library = library
        let bundle = try await PhotosLibraries.copy(library, into: folder)
        try await PhotosLibraries.write("PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode = DELETE;", to: bundle)
        path = folder.path("seed-\(library).sqlite")
        try FileManager.default.copyItem(atPath: bundle + "/database/Photos.sqlite", toPath: path)
        try FileManager.default.removeItem(atPath: bundle)
        assetTable = try await Self.query("SELECT name FROM sqlite_master WHERE name IN ('ZGENERICASSET', 'ZASSET')", in: path)[0]
        var tables: [String: [String]] = [:]
        for table in try await Self.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'", in: path) {
            tables[table] = try await Self.query("SELECT name FROM pragma_table_info('\(table)')", in: path)
        }
        self.tables = tables
        let joins = tables.keys.filter { $0.range(of: #"^Z_[0-9]+(ASSETS|KEYWORDS)$"#, options: .regularExpression) != nil }
        readTables = [assetTable, "ZADDITIONALASSETATTRIBUTES", "ZGENERICALBUM", "ZINTERNALRESOURCE", "ZKEYWORD", "Z_PRIMARYKEY"] + joins.sorted()
        let hex = try await Self.query("SELECT hex(Z_PLIST) FROM Z_METADATA ORDER BY Z_VERSION DESC LIMIT 1", in: path)[0]
        metadataPlist = stride(from: 0, to: hex.count - 1, by: 2).compactMap {
            UInt8(hex[hex.index(hex.startIndex, offsetBy: $0)..<hex.index(hex.startIndex, offsetBy: $0 + 2)], radix: 16)
        }
    }

    private static func query(_ sql: String, in database: String) async throws -> [String] {
        try await Shell.run("sqlite3", [database, sql]).split(separator: "\n").map(String.init)
    }

    /// The uuids of the assets whose hidden and deleted flags both read 0: the only ones a
    /// listing that does not ask for hidden or deleted photos may show; none when a flag's column
    /// or the table is missing, `nil` (unknown) when SQLite finds the file malformed. The table
    /// is scanned, not an index that a mutated page may have made disagree with it.
    func visibleUUIDs(in database: String) async -> Set<String>? {
        let sql = """
            SELECT substr(ZUUID, 1, 4096) FROM \(assetTable) NOT INDEXED WHERE ZHIDDEN IS 0 AND ZTRASHEDSTATE IS 0 AND ZUUID IS NOT NULL
            """
        guard let output = try? await Shell.capture("sqlite3", [database, sql]) else { return nil }
        guard output.status == 0 else {
            return ["no such column", "no such table"].contains(where: output.standardError.contains) ? [] : nil
        }
        return Set(output.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    }

    /// Copies the database to `destination` with pages mutated (or the file cut short); what
    /// was done.
    func mutatePages(into destination: String, random: inout SplitMix64) throws -> String {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var mutator = Mutator(seed: random.next())
        let size = Int(bytes[16]) << 8 | Int(bytes[17])
        let pageSize = size == 1 ? 65536 : max(size, 512)
        let pages = max(1, bytes.count / pageSize)
        var done: [String] = []
        for _ in 0..<(1 + Int(random.next() % 3)) {
            if random.next() % 10 == 0 {
                let length = Int(random.next() % UInt64(bytes.count))
                bytes = Array(bytes.prefix(length))
                done.append("cut to \(length) bytes")
                break
            }
            // Page 1 (the header and the schema) a third of the time.
            let page = random.next() % 3 == 0 ? 0 : Int(random.next() % UInt64(pages))
            let start = page * pageSize
            guard start < bytes.count else { continue }
            let end = min(start + pageSize, bytes.count)
            var mutated = mutator.mutate(Array(bytes[start..<end]), limit: end - start)
            mutated += bytes[(start + mutated.count)..<end]
            bytes.replaceSubrange(start..<end, with: mutated)
            done.append("page \(page + 1) mutated")
        }
        try Data(bytes).write(to: URL(fileURLWithPath: destination))
        return done.joined(separator: ", ")
    }

    /// Changes values, columns and tables of `database` through SQL; the statements.
    func mutateValues(of database: String, random: inout SplitMix64) async throws -> String {
        var statements: [String] = []
        for _ in 0..<(1 + Int(random.next() % 6)) {
            statements.append(statement(random: &random))
        }
        // A statement that fails (a column an index needs cannot be dropped) leaves the rest to run.
        _ = try await Shell.capture("sqlite3", [database, statements.joined(separator: "\n")])
        return statements.map { $0.count > 200 ? $0.prefix(200) + "…" : $0 }.joined(separator: " ")
    }

    private func statement(random: inout SplitMix64) -> String {
        func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
        let table = random.next() % 10 < 8 ? pick(readTables) : pick(tables.keys.sorted())
        let columns = tables[table] ?? []
        guard let column = columns.isEmpty ? nil : pick(columns) else { return "DELETE FROM \(table);" }
        let rows = "rowid % \(1 + random.next() % 5) = \(random.next() % 2)"
        switch random.next() % 100 {
        case 0..<60: return "UPDATE \(table) SET \(column) = \(value(random: &random)) WHERE \(rows);"
        case 60..<70: return "UPDATE \(table) SET \(column) = \(value(random: &random));"
        case 70..<78: return "ALTER TABLE \(table) RENAME COLUMN \(column) TO \(column)_RENAMED;"
        case 78..<82: return "ALTER TABLE \(table) DROP COLUMN \(column);"
        case 82..<86: return "ALTER TABLE \(table) RENAME TO \(table)_RENAMED;"
        case 86..<89: return "DROP TABLE \(table);"
        case 89..<94: return "DELETE FROM \(table) WHERE \(rows);"
        default:
            var mutator = Mutator(seed: random.next())
            let plist = mutator.mutate(metadataPlist, limit: 1 << 16)
            return "UPDATE Z_METADATA SET Z_PLIST = X'\(plist.map { String(format: "%02X", $0) }.joined())';"
        }
    }

    /// An SQL value a damaged database might hold where any column's value belongs.
    private func value(random: inout SplitMix64) -> String {
        let values = [
            "NULL", "0", "1", "-1", "2", "4000", "9223372036854775807", "-9223372036854775808", "1e300", "-1e300", "9e999", "-9e999",
            "0.5", "-180", "'text'", "''", "'0'", "X''", "X'00FF'", "'../../../../etc/passwd'", "'/'", "'..'", "CAST(X'FFFE41' AS TEXT)",
            "CAST(X'410042' AS TEXT)", "replace(hex(zeroblob(2000)), '00', 'ab')", "replace(hex(zeroblob(1000000)), '00', 'ab')",
            // The hidden photo's uuid, on other rows.
            "zeroblob(100000)", "'A1DD1F98-2ECD-431F-9AC9-5AFEFE2D3A5C'",
        ]
        if random.next() % 8 == 0 {
            let bytes = (0..<(1 + random.next() % 64)).map { _ in String(format: "%02X", UInt8(truncatingIfNeeded: random.next())) }
            return "X'\(bytes.joined())'"
        }
        return values[Int(random.next() % UInt64(values.count))]
    }
}
