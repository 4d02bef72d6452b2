import Foundation
import Hummingbird

/// Finds the web UI's files: SwiftPM copies `Public/` into a resource folder beside the
/// executable (`Photolala_PhotolalaServer.resources`); `make install` and the Debian package put
/// it in `share/photolala/Public` beside the binary's `bin/`; `PHOTOLALA_WEB_ROOT` points
/// elsewhere.
enum WebRoot {
    static let bundleName = "Photolala_PhotolalaServer.resources"

    /// - Throws: ``ServerError`` naming the places looked in when none has `index.html`.
    static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        // Not argv[0]: a binary found on PATH is started as plain `photolala`.
        let binary = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments.first ?? "")
        let executable = binary.resolvingSymlinksInPath().deletingLastPathComponent()
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
