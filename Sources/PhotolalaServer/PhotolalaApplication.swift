import Foundation
public import Hummingbird
public import PhotolalaKit
import ServiceLifecycle

/// Builds the HTTP application behind `photolala serve`: the JSON API, the event stream and
/// the web UI, behind the access guard.
///
/// ```swift
/// let app = try buildApplication(configuration: ServerConfiguration(folders: ["/photos"]), engine: engine) { url in
///     print("Open", url)
/// }
/// try await app.runService()
/// ```
/// - Throws: ``ServerError`` when a folder cannot be served or the web UI's files are missing.
public func buildApplication(
    configuration: ServerConfiguration,
    engine: Engine,
    onRunning: @escaping @Sendable (_ url: String) async -> Void = { _ in }
) throws -> some ApplicationProtocol {
    guard configuration.isLoopback || configuration.token != nil else {
        throw ServerError(
            .badRequest,
            "Serving on \(configuration.host) would expose your photos to the network without a password. Pass --token SECRET or --generate-token.")
    }
    FreedMemory.returnLargeBlocksAtOnce()
    let events = EventHub()
    let backup = ServedBackup(configuration: configuration, engine: engine, events: events)
    let sources: ServedSources
    do {
        // The Cloud source needs what the uploader needs: a bucket and credentials.
        let cloud = try configuration.cloud.flatMap { cloud in
            backup.service == nil
                ? nil
                : try ServedCloud(
                    context: CloudContext(engine: engine, configuration: cloud), events: events,
                    loaderConfiguration: ServedSources.loaderConfiguration)
        }
        sources = try ServedSources(
            configuration: configuration, engine: engine, events: events, cloud: cloud, cloudProblem: backup.problem ?? ServedBackup.setUpMessage)
    } catch {
        throw ServerError.from(error)
    }
    let publicDirectory = try configuration.publicDirectory ?? WebRoot.locate()

    let router = Router()
    router.add(middleware: AccessGuard(allowedHosts: allowedHosts(configuration), token: configuration.token))
    router.add(middleware: WebFiles(directory: publicDirectory))
    APIRoutes(sources: sources).add(to: router)
    ExportRoutes(sources: sources).add(to: router)
    BackupRoutes(sources: sources, backup: backup).add(to: router)
    var services: [any Service] = [BackupEvents(backup: backup, cloud: sources.cloud)]
    if let cloud = sources.cloud {
        CloudRoutes(cloud: cloud).add(to: router)
        services.append(CloudUpkeep(cloud: cloud, syncInterval: configuration.cloudSyncInterval))
    }

    return Application(
        router: router,
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "Photolala"),
        services: services,
        onServerRunning: { channel in
            let port = channel.localAddress?.port ?? configuration.port
            let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
            let query = configuration.token.map { "?token=\($0)" } ?? ""
            await onRunning("http://\(host):\(port)/\(query)")
            await sources.openFirstFolder()
        }
    )
}

/// The host names a Host header may carry: the bound address and, on loopback, `localhost`,
/// `127.0.0.1` and `::1`, or on another address (which has a token) this machine's name too;
/// `nil` for a wildcard bind.
func allowedHosts(_ configuration: ServerConfiguration) -> Set<String>? {
    guard !HostAddress.isWildcard(configuration.host) else { return nil }
    var names: Set<String> = [HostAddress.bare(configuration.host)]
    if configuration.isLoopback {
        names.formUnion(["localhost", "127.0.0.1", "::1"])
    } else if let machineName = configuration.machineName {
        names.insert(machineName)
    }
    return names
}
