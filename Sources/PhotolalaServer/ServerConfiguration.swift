public import Logging
public import PhotolalaKit

/// How `photolala serve` listens and what it serves.
public struct ServerConfiguration: Sendable {
    /// Folder trees, each a local source.
    public var folders: [String]
    /// Apple Photos libraries, each a source.
    public var libraries: [String]
    /// Whether each library shows its Hidden album, as Photos does only when asked.
    public var includeHidden = false
    /// Whether each library shows its Recently Deleted album.
    public var includeTrashed = false
    public var host: String
    /// 0 picks a free port.
    public var port: Int
    /// Required on every request when set: as `?token=` (which sets a cookie), a cookie, or
    /// `Authorization: Bearer`.
    public var token: String?
    /// The web UI's files; found beside the executable when `nil`.
    public var publicDirectory: String?
    /// Where starred photos are backed up; `nil` when the settings could not be read. Without a
    /// bucket and credentials photos can still be starred, and upload once the cloud is set up.
    public var cloud: CloudConfiguration?
    /// The process environment, whose cloud settings win over those saved from the web UI;
    /// read again with the settings file each time the UI saves them.
    public var environment: [String: String] = [:]
    /// The settings file `serve` read, whose `cloud` object wins over the settings saved from
    /// the web UI (and loses to the environment).
    public var configurationFile = ConfigurationFile()
    /// How long after the last star the queue uploads by itself.
    public var backupInactivity = BackupQueue.standardInactivity
    /// How long the search index, once brought up to date for a search, a timeline or a view,
    /// is taken as current: the next within it reads the index as it is.
    public var searchIndexFreshness = Duration.seconds(30)
    /// How often the cloud catalog is synced besides at start, after backups and on demand.
    public var cloudSyncInterval: Duration = .seconds(15 * 60)
    /// How long a question someone waits on gives the store to answer each request: Test
    /// Connection, and the storage used in `GET /api/cloud`. An endpoint that accepts and never
    /// answers is then told as "did not answer within 10 s".
    public var cloudAnswerDeadline: Duration = .seconds(10)
    /// What the backup's quiet period and the cloud sync's interval are measured on; tests
    /// pass a clock they move by hand.
    public var clock: any Clock<Duration> = ContinuousClock()
    /// How open folders notice changes on disk.
    public var watching = FolderWatching.automatic
    /// This machine's name, which the Host header may carry when the server is bound to one of
    /// its network addresses (with a token): the address the user typed may be the name.
    public var machineName: String? = HostAddress.machineName()
    /// Other names the Host header may carry: a reverse proxy's (`--allow-host`), which passes
    /// the browser's Host header on.
    public var allowedHostNames: [String] = []
    /// Timeouts and how many connections may be open; tests shorten them.
    public var connections = ConnectionLimits()
    /// Where one line per request is written; `nil` for no access log.
    public var accessLog: AccessLogDestination?
    /// The server's log: Hummingbird's own messages and each request's.
    public var logger = Logger(label: "photolala.server")

    /// - Parameters:
    ///   - folders: Folder trees to serve.
    ///   - libraries: Apple Photos libraries to serve.
    ///   - host: Address to bind; loopback unless a token is set.
    ///   - port: Port to bind; 0 for any free one.
    ///   - token: Access token, required for any non-loopback host.
    public init(folders: [String], libraries: [String] = [], host: String = "127.0.0.1", port: Int = 8080, token: String? = nil) {
        self.folders = folders
        self.libraries = libraries
        self.host = host
        self.port = port
        self.token = token
    }

    /// Whether `host` only accepts connections from this machine: `localhost`, 127.0.0.0/8 or
    /// `::1`, read as addresses (a name such as `127.example.com` is not loopback).
    public var isLoopback: Bool {
        HostAddress.isLoopback(host)
    }
}
