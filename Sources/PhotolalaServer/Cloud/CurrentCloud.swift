import PhotolalaKit
import PhotolalaS3
import Synchronization

/// The cloud as `photolala serve` has it now: built from the settings at start and again each
/// time they are saved from the web UI, then swapped whole, so a request sees one cloud from
/// start to end (the uploader, the Cloud source and the routes all from the same settings) and
/// no setting needs a restart. Routes ask for ``setup`` on each request.
final class CurrentCloud: Sendable {
    /// One consistent cloud: its settings, the uploader and the browsing side, or why there is none.
    struct Setup: Sendable {
        var configuration: CloudConfiguration?
        /// The uploader; `nil` without a bucket and credentials (or a backup folder).
        var service: BackupService?
        /// The backup as a source to browse, with its syncs and restores; `nil` with no uploader.
        var cloud: ServedCloud?
        /// The Cloud entry of the sidebar: the backup, or a source that says how to set it up.
        var source: any PhotoSource
        /// Why there is no uploader, saying what to set.
        var problem: String?
    }

    private let state: Mutex<Setup>
    /// Taken while settings are saved and the new cloud built, so two saves cannot interleave.
    private let saving = Mutex(())
    private let engine: Engine
    private let events: EventHub
    private let changes: AsyncStream<Setup>.Continuation
    /// Each new setup, for the one background service that follows it (``CloudUpkeep``).
    let updates: AsyncStream<Setup>
    /// How long a question someone waits on gives the store to answer (``probeStore(_:)``).
    let answerDeadline: Duration

    /// - Throws: ``ServerError`` when the settings name a store that cannot be opened.
    init(configuration: CloudConfiguration?, engine: Engine, events: EventHub, answerDeadline: Duration = .seconds(10)) throws {
        self.engine = engine
        self.events = events
        self.answerDeadline = answerDeadline
        state = Mutex(try Self.build(configuration, engine: engine, events: events))
        (updates, changes) = AsyncStream.makeStream(of: Setup.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// The cloud of this moment.
    var setup: Setup {
        state.withLock { $0 }
    }

    /// The store of `configuration` for a question someone waits on: one try per request, each
    /// answered within ``answerDeadline``.
    /// - Throws: ``CloudConfigurationError`` when credentials, bucket or endpoint are missing.
    func probeStore(_ configuration: CloudConfiguration) throws -> any ObjectStore {
        try configuration.objectStore(answeringWithin: answerDeadline)
    }

    /// Saves the settings through `editor`, builds the cloud they describe and puts it in place
    /// of the current one.
    /// - Returns: The new setup.
    /// - Throws: ``CloudConfigurationError`` for a wrong field (nothing saved, nothing
    ///   changed) or settings that cannot be read back; ``PhotolalaError`` when a file cannot
    ///   be written.
    @discardableResult
    func save(_ change: CloudSettingsChange, with editor: CloudSettingsEditor) throws -> Setup {
        try saving.withLock { _ in
            try editor.save(change)
            let new = try Self.build(try editor.configuration(), engine: engine, events: events)
            state.withLock { $0 = new }
            changes.yield(new)
            return new
        }
    }

    /// What the settings make: the uploader and, with it, the browsing side.
    private static func build(_ configuration: CloudConfiguration?, engine: Engine, events: EventHub) throws -> Setup {
        var service: BackupService?
        var problem: String? = ServedBackup.setUpMessage
        if let configuration {
            let context = CloudContext(engine: engine, configuration: configuration)
            if context.isConfigured {
                do {
                    service = try context.service()
                    problem = nil
                } catch {
                    problem = "The cloud settings are not usable: \(error)"
                }
            }
        }
        // The Cloud source needs what the uploader needs: a bucket and credentials.
        let cloud = try configuration.flatMap { configuration in
            service == nil
                ? nil
                : try ServedCloud(
                    context: CloudContext(engine: engine, configuration: configuration), events: events,
                    loaderConfiguration: ServedSources.loaderConfiguration)
        }
        let source: any PhotoSource =
            cloud?.source ?? UnconfiguredSource(kind: "cloud", name: "Cloud", message: problem ?? ServedBackup.setUpMessage)
        return Setup(configuration: configuration, service: service, cloud: cloud, source: source, problem: problem)
    }
}
