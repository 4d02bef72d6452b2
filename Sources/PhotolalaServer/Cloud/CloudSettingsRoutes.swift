import Hummingbird
import Logging
import PhotolalaKit

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
    ///   wrong, saying which and what it must be; 413 for a body over 16 KB.
    private func save(_ request: Request, _ context: BasicRequestContext) async throws -> API.CloudSettings {
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
        await sources.events.publish("sources", API.Sources(sources: sources.all.map(\.summary)))
        await backup.publish()
        return try settings()
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
