import Hummingbird
import Logging
import PhotolalaKit
import PhotolalaS3

/// The cloud settings the Cloud Backup panel edits: read them (never the secret) and save them,
/// which puts a new cloud in place at once: the uploader, the Cloud source, the cloud routes and
/// the catalog's upkeep all follow, and open pages hear of it through a `sources` event.
struct CloudSettingsRoutes {
    /// A form of six short fields is well under this.
    static let maximumBodyBytes = 16 << 10

    let current: CurrentCloud
    let editor: CloudSettingsEditor
    let sources: ServedSources
    let backup: ServedBackup

    func add(to router: Router<BasicRequestContext>) {
        let api = router.group("api")
        api.get("cloud/settings") { _, _ in try settings() }
        api.put("cloud/settings") { request, context in try await save(request, context) }
        api.post("cloud/settings/test") { _, _ in try await testConnection() }
        api.post("cloud/settings/bucket") { _, context in try await createBucket(context) }
    }

    /// - Throws: ``ServerError`` 400 when the settings file or the environment is wrong, saying what to fix.
    private func settings() throws -> API.CloudSettings {
        do {
            return API.CloudSettings(try editor.current(), setup: current.setup)
        } catch {
            throw Self.converted(error)
        }
    }

    /// Checks and saves the settings, then tells the pages: the sidebar refetches its sources,
    /// the status bar gets the backup's status (with or without an uploader now).
    /// - Throws: ``ServerError`` 400 for a body that is not the settings, or a field that is
    ///   wrong, saying which and what it must be; 413 for a body over 16 KB; 415 for one not
    ///   sent as JSON.
    private func save(_ request: Request, _ context: BasicRequestContext) async throws -> API.CloudSettings {
        try request.requireJSON()
        let buffer = try await request.body.collect(upTo: Self.maximumBodyBytes)
        let body: API.CloudSettingsChange
        do {
            body = try UntrustedDocument.decodeJSON(
                API.CloudSettingsChange.self, from: Array(buffer.readableBytesView), limits: .init(bytes: Self.maximumBodyBytes, depth: 4))
        } catch {
            throw ServerError(.badRequest, "The cloud settings were not understood: \(error). Send a JSON object of strings.")
        }
        let setup: CurrentCloud.Setup
        do {
            setup = try current.save(body.change, with: editor)
        } catch {
            throw Self.converted(error)
        }
        // The settings' description names the access key id at most, never the secret.
        context.logger.info(
            "Cloud settings saved from the web UI.",
            metadata: ["settings": "\(setup.configuration.map(String.init(describing:)) ?? "none")", "configured": "\(setup.service != nil)"])
        await sources.closeCloudFolders()
        await backup.queue.uploaderChanged()
        await sources.events.publish(.sources, API.Sources(sources: sources.summaries))
        await backup.publish()
        return try settings()
    }

    /// Asks the store of the saved settings for one key under the user's prefix: the cheapest
    /// request that needs the endpoint, the bucket and the key pair all to be right, and says
    /// which is not. This is the first time saved settings reach the endpoint; "Connected" needs
    /// an S3 listing in answer to the signed request, and a failure is told by its S3 code and a
    /// sentence of ours, never by the endpoint's own words. The request gets one try within the
    /// cloud's answer deadline. Once connected, the catalog is synced, so the Cloud source fills.
    /// - Throws: ``ServerError`` 409 saying what to set when no cloud is configured.
    private func testConnection() async throws -> API.ConnectionTest {
        let setup = current.setup
        guard let configuration = setup.configuration, setup.service != nil else {
            throw ServerError(.conflict, setup.problem ?? ServedBackup.setUpMessage)
        }
        let place = configuration.folder.map { "the backup folder \($0)" } ?? "the bucket '\(configuration.bucket ?? "")'"
        do {
            _ = try await current.probeStore(configuration).list(
                prefix: CloudLayout(userID: configuration.userID).photosPrefix, continuationToken: nil, maxKeys: 1)
        } catch let error as ObjectStoreError {
            return API.ConnectionTest(
                ok: false, message: Self.message(error, configuration), canCreateBucket: error.code == .noSuchBucket && configuration.folder == nil)
        } catch {
            return API.ConnectionTest(ok: false, message: ServerError.from(error).message)
        }
        if let cloud = setup.cloud {
            Task { await cloud.syncs.run() }
        }
        return API.ConnectionTest(ok: true, message: "Connected: \(place) answers, and the key pair is accepted.")
    }

    /// Creates the bucket of the saved settings (in their region), then tests the connection
    /// again, so the form says at once whether the rest is right too.
    /// - Throws: ``ServerError`` 409 when no cloud is configured or backups go to a folder; the
    ///   store's refusal (a name taken by another account, a key that may not create buckets),
    ///   in words.
    private func createBucket(_ context: BasicRequestContext) async throws -> API.ConnectionTest {
        let setup = current.setup
        guard let configuration = setup.configuration, setup.service != nil else {
            throw ServerError(.conflict, setup.problem ?? ServedBackup.setUpMessage)
        }
        guard configuration.folder == nil, let store = try current.probeStore(configuration) as? S3ObjectStore else {
            throw ServerError(.conflict, "Backups go to a folder, not a bucket: there is no bucket to create.")
        }
        do {
            try await store.createBucket()
        } catch let error as ObjectStoreError {
            throw ServerError(
                .badGateway,
                "The bucket '\(configuration.bucket ?? "")' could not be created: \(error.messageWithoutKey) Check that the name is free and that the key pair may create buckets."
            )
        }
        context.logger.info("A bucket was created from the web UI.", metadata: ["bucket": "\(configuration.bucket ?? "")"])
        return try await testConnection()
    }

    /// What a failed Test Connection says: what went wrong and what to check.
    private static func message(_ error: ObjectStoreError, _ configuration: CloudConfiguration) -> String {
        let endpoint = (try? configuration.location().endpointDescription) ?? "the endpoint"
        // S3 names every error of a listing with a code; an answer without one is another server's.
        if error.code == .invalidResponse || (error.statusCode != nil && error.s3Code == nil) {
            return
                "\(endpoint) answered\(error.statusCode.map { " with HTTP \($0)" } ?? ""), but not as an S3 server does. Check the endpoint: it must be the URL of the S3 API."
        }
        return switch error.code {
        case .unreachable: "\(endpoint) cannot be reached. \(error.messageWithoutKey)"
        case .noSuchBucket: "\(endpoint) has no bucket '\(configuration.bucket ?? "")'. Check the bucket's name, or create the bucket."
        case .accessDenied, .signatureDoesNotMatch:
            "\(endpoint) refused the key pair (\(error.s3Code ?? "HTTP \(error.statusCode ?? 403)")). Check the access key id and the secret."
        default: "\(endpoint) answered with an error: \(error.messageWithoutKey)"
        }
    }

    /// A wrong setting is the request's fault (400, with its message); a file that cannot be
    /// written is the server's.
    private static func converted(_ error: any Error) -> any Error {
        if let error = error as? CloudConfigurationError {
            return ServerError(.badRequest, error.message)
        }
        return ServerError.converted(error)
    }
}

extension API.CloudSettings: ResponseEncodable {}
extension API.ConnectionTest: ResponseEncodable {}
