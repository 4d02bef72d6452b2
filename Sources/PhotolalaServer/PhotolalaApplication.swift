import Foundation
public import Hummingbird
public import PhotolalaKit
import ServiceLifecycle

/// Builds the HTTP application behind `photolala serve`: the JSON API, the event stream and
/// the web UI, behind the access guard.
///
/// ```swift
/// let app = try buildApplication(configuration: ServerConfiguration(folders: ["/photos"]), engine: engine) { addresses in
///     print("Open", addresses.url)
/// }
/// try await app.runService()
/// ```
/// - Throws: ``ServerError`` when a folder cannot be served or the web UI's files are missing.
public func buildApplication(
    configuration: ServerConfiguration,
    engine: Engine,
    onRunning: @escaping @Sendable (_ addresses: ServedAddresses) async -> Void = { _ in }
) throws -> some ApplicationProtocol {
    guard configuration.isLoopback || configuration.token != nil else {
        throw ServerError(
            .badRequest,
            "Serving on \(configuration.host) would expose your photos to the network without a password. Pass --token SECRET or --generate-token.")
    }
    FreedMemory.returnLargeBlocksAtOnce()
    let served = try buildRouter(configuration: configuration, engine: engine)
    let sources = served.sources

    return Application(
        router: served.router,
        server: GuardedHTTP1Channel.server(limits: configuration.connections),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "Photolala"),
        services: served.services,
        onServerRunning: { channel in
            let port = channel.localAddress?.port ?? configuration.port
            let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
            let query = configuration.token.map { "?token=\($0)" } ?? ""
            // Served on every interface, the addresses a phone of the network opens; served on one
            // other than loopback, that one.
            let reachable =
                HostAddress.isWildcard(configuration.host)
                ? HostAddress.networkAddresses() : configuration.isLoopback ? [] : [host]
            await onRunning(
                ServedAddresses(url: "http://\(host):\(port)/\(query)", networkURLs: reachable.map { "http://\($0):\(port)/\(query)" }))
            await sources.openFirstFolder(logger: configuration.logger)
        },
        logger: configuration.logger
    )
}

/// What `photolala serve` answers with: the router, behind the access guard, and the sources
/// and background services its routes use.
struct ServedRouter {
    let router: Router<BasicRequestContext>
    let services: [any Service]
    let sources: ServedSources
}

/// The router of `photolala serve` with every route, and what its routes need running. The
/// fuzz suite reads its routes from here, so no route escapes it.
/// - Throws: ``ServerError`` when a folder cannot be served or the web UI's files are missing.
func buildRouter(configuration: ServerConfiguration, engine: Engine) throws -> ServedRouter {
    let events = EventHub(maximumSubscribers: configuration.connections.maximumEventStreams)
    let current: CurrentCloud
    let sources: ServedSources
    do {
        current = try CurrentCloud(
            configuration: configuration.cloud, engine: engine, events: events, answerDeadline: configuration.cloudAnswerDeadline)
        sources = try ServedSources(configuration: configuration, engine: engine, events: events, current: current)
    } catch {
        throw ServerError.from(error)
    }
    // The queue asks for the uploader at each run, so a cloud set up meanwhile is used.
    let queue = BackupQueue(
        database: engine.database, identities: engine.identities, uploader: { current.setup.service }, inactivity: configuration.backupInactivity,
        clock: configuration.clock, logger: configuration.logger)
    let backup = ServedBackup(
        current: current, queue: queue, identities: engine.identities, database: engine.database, events: events, logger: configuration.logger)
    let publicDirectory = try configuration.publicDirectory ?? WebRoot.locate()

    let router = Router()
    if let destination = configuration.accessLog {
        router.add(middleware: AccessLogMiddleware(log: try AccessLog(destination, logger: configuration.logger)))
    }
    router.add(middleware: AccessGuard(allowedHosts: AllowedHosts(configuration), token: configuration.token))
    router.add(middleware: WebFiles(directory: publicDirectory))
    APIRoutes(sources: sources, backup: backup).add(to: router)
    ExportRoutes(sources: sources).add(to: router)
    BackupRoutes(sources: sources, backup: backup).add(to: router)
    CloudRoutes(current: current).add(to: router)
    let editor = CloudSettingsEditor(
        environment: configuration.environment, dataDirectory: engine.configuration.dataDirectory,
        configurationFile: configuration.configurationFile)
    CloudSettingsRoutes(current: current, editor: editor, sources: sources, backup: backup).add(to: router)
    SearchRoutes(search: sources.search, sources: sources).add(to: router)
    DescribeRoutes(sources: sources) { edit, path in try await engine.edit(edit, ofFileAt: path) }.add(to: router)
    AlbumRoutes(
        sources: sources, identify: { item, folder, name, source in try await engine.albumPhoto(of: item, folder: folder, named: name, in: source) },
        store: engine.albums
    )
    .add(to: router)
    let services: [any Service] = [
        queue, BackupEvents(backup: backup),
        CloudUpkeep(current: current, syncInterval: configuration.cloudSyncInterval, clock: configuration.clock),
    ]
    return ServedRouter(router: router, services: services, sources: sources)
}
