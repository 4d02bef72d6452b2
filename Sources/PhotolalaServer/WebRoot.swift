import Foundation
import Hummingbird

/// Finds the web UI's files: SwiftPM copies `Public/` into a resource folder beside the
/// executable (`Photolala_PhotolalaServer.resources`), which an installed binary must carry
/// along; `PHOTOLALA_WEB_ROOT` points elsewhere.
enum WebRoot {
    static let bundleName = "Photolala_PhotolalaServer.resources"

    /// - Throws: ``ServerError`` naming the places looked in when none has `index.html`.
    static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath().deletingLastPathComponent()
        var candidates: [String] = []
        if let override = environment["PHOTOLALA_WEB_ROOT"], !override.isEmpty {
            candidates.append(override)
        }
        candidates += [
            executable.appendingPathComponent(bundleName + "/Public").path,
            executable.appendingPathComponent("../share/photolala/Public").standardizedFileURL.path,
        ]
        if let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0 + "/index.html") }) {
            return found
        }
        throw ServerError(
            .internalServerError,
            "The web UI's files are missing (looked in \(candidates.joined(separator: ", "))). Copy \(bundleName) beside the photolala binary or set PHOTOLALA_WEB_ROOT."
        )
    }
}
