public import Foundation

/// moto's S3 server (`moto_server`) on 127.0.0.1 for what SeaweedFS lacks: RestoreObject on
/// Deep Archive, 403 InvalidObjectState on archived GETs, and the `x-amz-restore` header.
/// It does not check signatures, so authentication is tested on SeaweedFS only.
///
/// A ``WatchedServer``, as ``SeaweedFS`` is, so it never outlives the tests: `moto_server` is
/// often pyenv's shim, a shell script, rather than the server itself.
public final class MotoServer: @unchecked Sendable {
    public let endpoint: String
    private let server: WatchedServer

    /// Why the server cannot run here, for the skip message; `nil` when `moto_server` is installed.
    public static var unavailableReason: String? {
        get async { await unavailability.value }
    }

    private static let unavailability = Task<String?, Never> {
        guard await serverPath() == nil else { return nil }
        return "moto's 'moto_server' is not installed and 'pip install \"moto[server]\"' failed: restore tests are skipped."
    }

    /// One server shared by the suites of this test process; `nil` when moto is unavailable.
    /// - Throws: ``TestServers/Missing`` instead of `nil` under `make test`.
    public static func shared() async throws -> MotoServer? {
        try await sharedServer.value
    }

    private static let sharedServer = Task<MotoServer?, any Error> {
        guard let path = await serverPath() else {
            try TestServers.unavailable("moto's 'moto_server'", install: "pip install \"moto[server]\"")
            return nil
        }
        let server = try MotoServer(executable: path, port: try SeaweedFS.freePorts(1)[0])
        try await server.waitUntilListening()
        return server
    }

    private init(executable: String, port: Int) throws {
        endpoint = "http://127.0.0.1:\(port)"
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("photolala-moto-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        server = try WatchedServer(
            executable: executable, arguments: ["-H", "127.0.0.1", "-p", "\(port)"], folder: directory.path, logName: "moto.log")
    }

    /// What the server logged, for failure messages.
    public var log: String {
        server.log
    }

    /// Polls a ListBuckets until it answers 200 (moto checks no signature, so none is sent).
    private func waitUntilListening() async throws {
        for _ in 0..<300 {
            let output = try await Shell.capture("curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", "--max-time", "2", endpoint + "/"])
            if output.standardOutput == "200" { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        server.stop()
        throw SeaweedFS.StartFailure(message: "moto_server did not answer on \(endpoint) within 15 s:\n\(log.suffix(2000))")
    }

    /// `moto_server` on the PATH or where pip puts it; installed with pip when missing.
    private static func serverPath() async -> String? {
        func find() async -> String? {
            let output = try? await Shell.capture("/bin/sh", ["-c", "command -v moto_server || ls \"$HOME/.local/bin/moto_server\" 2>/dev/null"])
            let path = output?.standardOutput.split(separator: "\n").first.map(String.init)
            return path.flatMap { FileManager.default.isExecutableFile(atPath: $0) ? $0 : nil }
        }
        if let path = await find() { return path }
        _ = try? await Shell.capture("/bin/sh", ["-c", "python3 -m pip install --quiet 'moto[server]'"])
        return await find()
    }
}
