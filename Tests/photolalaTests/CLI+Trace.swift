import Foundation
import PhotolalaTestSupport
import Testing

extension CLI {
    /// What a traced run opened: each path the program (and every thread and child of it)
    /// tried to open, with how many times.
    struct Traced {
        let output: Shell.Output
        let opens: [String: Int]

        /// How many times each of `paths` was opened (0 for those never opened).
        func opens(of paths: [String]) -> [String: Int] {
            Dictionary(uniqueKeysWithValues: paths.map { ($0, opens[$0] ?? 0) })
        }
    }

    /// Runs the command under `strace -f -e trace=open,openat,openat2`, recording every file it
    /// opens; `nil` when strace is not installed (the caller skips), unless the run requires
    /// every test tool (`PHOTOLALA_REQUIRE_TEST_SERVERS=1`), when its absence fails the test.
    /// - Throws: ``TestServers/Missing`` when strace is missing and required.
    func traced(_ arguments: String...) async throws -> Traced? {
        guard let strace = ["/usr/bin/strace", "/bin/strace"].first(where: FileManager.default.isExecutableFile(atPath:)) else {
            try TestServers.unavailable("strace", install: "apt-get install strace")
            return nil
        }
        let log = folder.path("strace-\(UUID().uuidString).log")
        let defaults = ["PHOTOLALA_CACHE_DIR": folder.path("cache"), "PHOTOLALA_DATA_DIR": folder.path("data")]
        let output = try await Shell.capture(
            strace, ["-f", "-qq", "-e", "trace=open,openat,openat2", "-e", "signal=none", "-o", log, Self.binary] + arguments,
            environment: defaults)
        return Traced(output: output, opens: Self.openedPaths(in: try String(contentsOfFile: log, encoding: .utf8)))
    }

    /// The paths in strace's lines (`123 openat(AT_FDCWD, "/a/b.jpg", O_RDONLY|O_CLOEXEC) = 5`,
    /// or `<unfinished ...>` where another thread interrupted it), counted.
    private static func openedPaths(in log: String) -> [String: Int] {
        var opens: [String: Int] = [:]
        for line in log.split(separator: "\n") where line.contains("open") && !line.contains("resumed>") {
            guard let start = line.firstIndex(of: "\""), let end = line[line.index(after: start)...].firstIndex(of: "\"") else { continue }
            opens[String(line[line.index(after: start)..<end]), default: 0] += 1
        }
        return opens
    }
}
