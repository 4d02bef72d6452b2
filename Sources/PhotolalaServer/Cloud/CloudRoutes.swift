import Hummingbird
import PhotolalaKit

/// The cloud browsing API: the catalog sync (state, a sync on demand) and the restores of
/// originals from Deep Archive (priced first, then asked for, then followed). Each request is
/// answered by the cloud of its moment; with none configured, 409 and what to set.
struct CloudRoutes {
    let current: CurrentCloud

    func add(to router: Router<BasicRequestContext>) {
        let api = router.group("api")
        api.get("cloud/sync") { _, _ in try await cloud().syncs.status }
        api.post("cloud/sync") { request, _ in try await sync(request) }
        api.get("cloud/restores") { _, _ in try await restores() }
        api.post("cloud/restore/estimate") { request, context in try await estimate(request, context) }
        api.post("cloud/restore") { request, context in try await restore(request, context) }
    }

    /// Starts a sync (`?force=true` downloads the manifest even when its ETag is unchanged) and
    /// answers at once (202) with the status of that moment; the sync's progress and outcome
    /// arrive as `cloud-sync` events.
    /// The cloud of this moment.
    /// - Throws: ``ServerError`` 409 saying what to set when no cloud is configured.
    private func cloud() throws -> ServedCloud {
        let setup = current.setup
        guard let cloud = setup.cloud else { throw ServerError(.conflict, setup.problem ?? ServedBackup.setUpMessage) }
        return cloud
    }

    private func sync(_ request: Request) async throws -> EditedResponse<API.CloudSync> {
        let cloud = try cloud()
        let force = request.query(.force) == "true"
        Task { await cloud.syncs.run(force: force) }
        return EditedResponse(status: .accepted, response: await cloud.syncs.status)
    }

    private func restores() async throws -> API.Restores {
        let cloud = try cloud()
        return try await ServerError.converting { API.Restores(items: try cloud.restores.savedStatuses()) }
    }

    private func estimate(_ request: Request, _ context: BasicRequestContext) async throws -> API.RestoreEstimate {
        let cloud = try cloud()
        let body = try await request.decodeJSON(as: API.RestoreRequest.self, context: context)
        return try await ServerError.converting { API.RestoreEstimate(try await cloud.estimate(body.ids, tier: body.tier)) }
    }

    private func restore(_ request: Request, _ context: BasicRequestContext) async throws -> API.Restores {
        let cloud = try cloud()
        let body = try await request.decodeJSON(as: API.RestoreRequest.self, context: context)
        guard let days = body.days else { throw ServerError(.badRequest, "Say how many days the restored copy should stay readable (1 to 30).") }
        return try await ServerError.converting { API.Restores(items: try await cloud.restore(body.ids, tier: body.tier, days: days)) }
    }
}

extension API.CloudSync: ResponseEncodable {}
extension API.RestoreEstimate: ResponseEncodable {}
extension API.Restores: ResponseEncodable {}
