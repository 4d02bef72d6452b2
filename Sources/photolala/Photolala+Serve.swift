import ArgumentParser
import Foundation
import Hummingbird
import Logging
import NIOCore
import PhotolalaKit
import PhotolalaServer

extension Photolala {
    struct Serve: AsyncParsableCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            commandName: "serve",
            abstract: "Browse folders in your web browser: serves the Photolala web UI and its API.",
            discussion: """
                Listens on 127.0.0.1 only, unless --host says otherwise; any other address needs \
                --token or --generate-token, and the printed URL carries the token. Opened \
                folders are watched, and pages update as photos are added or removed \
                (PHOTOLALA_WATCH=poll rescans them every 2 seconds instead, poll:SECONDS as often \
                as asked).

                Folders, libraries, host, port and token not given here come from the settings \
                file (--config, else $PHOTOLALA_CONFIG, else $XDG_CONFIG_HOME/photolala/config.json): \
                the command line wins.
                """
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: "Folder trees to serve (default: the settings file's folders).")
        var directories: [String] = []

        @Option(name: .customLong("library"), help: ArgumentHelp("An Apple Photos library to serve.", valueName: "photoslibrary"))
        var libraries: [String] = []

        @Flag(help: "Show each library's Hidden album.")
        var includeHidden = false

        @Flag(help: "Show each library's Recently Deleted album.")
        var includeTrashed = false

        @Option(help: "Address to listen on (default: the settings file's, else 127.0.0.1).")
        var host: String?

        @Option(help: "Port to listen on, 0 picking a free one (default: the settings file's, else 8080).")
        var port: Int?

        @Option(help: "Access token every request must carry (required off loopback).")
        var token: String?

        @Flag(help: "Make up a random access token.")
        var generateToken = false

        @Option(
            name: .customLong("allow-host"),
            help: ArgumentHelp(
                "Also answer requests naming this host: a reverse proxy's name (HTTPS for a phone, docs/examples/Caddyfile). Repeatable.",
                valueName: "name"))
        var allowedHosts: [String] = []

        @Flag(help: "Open the URL in the default browser.")
        var open = false

        @Option(
            name: .customLong("access-log"),
            help: ArgumentHelp(
                "Append one line per request to this file (- for standard error): client, time, method, path without its query, status, bytes, duration.",
                valueName: "path"))
        var accessLog: String?

        @Flag(help: "Upload starred photos after 3 minutes without a star instead of 10 (also PHOTOLALA_DEBUG_TIMING=1).")
        var debugTiming = false

        func validate() throws {
            if let port, !(0...65_535).contains(port) { throw ValidationError("--port must be between 0 and 65535.") }
            for name in allowedHosts where name.isEmpty || !name.allSatisfy({ $0.isLetter || $0.isNumber || "-.:[]".contains($0) }) {
                throw ValidationError("--allow-host takes a host name such as photos.home.arpa, without a scheme, port or path; not '\(name)'.")
            }
            if let token, !ConfigurationFile.isValidToken(token) {
                throw ValidationError("--token must be at least 8 letters, digits or -_.~ characters.")
            }
        }

        func run() async throws {
            let file = try global.configurationFile()
            let folders = directories.isEmpty ? file.folders : directories.map(GlobalOptions.absolute)
            let origin = directories.isEmpty ? file.path.map { " (listed in \($0))" } ?? "" : ""
            for path in folders {
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                    throw PhotolalaCommandError("No such folder: \(path)\(origin)")
                }
                guard isFolder.boolValue else { throw PhotolalaCommandError("Not a folder: \(path)\(origin); serve the folder that holds it.") }
            }
            let port = port ?? file.port ?? 8080
            var configuration = ServerConfiguration(
                folders: folders, libraries: libraries.isEmpty ? file.libraries : libraries.map(GlobalOptions.absolute),
                host: host ?? file.host ?? "127.0.0.1", port: port, token: token ?? (generateToken ? Self.randomToken() : file.token))
            configuration.includeHidden = includeHidden
            configuration.includeTrashed = includeTrashed
            configuration.allowedHostNames = allowedHosts
            configuration.accessLog = accessLog.map { AccessLogDestination(argument: $0 == "-" ? $0 : GlobalOptions.absolute($0)) }
            let environment = ProcessInfo.processInfo.environment
            configuration.environment = environment
            configuration.configurationFile = file
            configuration.publicDirectory = environment["PHOTOLALA_WEB_ROOT"]
            guard let watching = FolderWatching(environmentValue: environment["PHOTOLALA_WATCH"]) else {
                throw PhotolalaCommandError("PHOTOLALA_WATCH must be auto, poll, or poll:SECONDS (the pause between rescans).")
            }
            configuration.watching = watching
            if case .polling(let interval) = watching {
                let seconds = interval.inSeconds
                var terminal = Terminal()
                terminal.message("Open folders are rescanned every \(seconds.formatted()) s (PHOTOLALA_WATCH), not watched.")
            }
            let engine = try Engine(configuration: global.engineConfiguration(file: file))
            do {
                configuration.cloud = try CloudConfiguration.load(
                    environment: environment, dataDirectory: engine.configuration.dataDirectory, configurationFile: file)
            } catch {
                var terminal = Terminal()
                terminal.message("warning: cloud backup is off: \(error)")
            }
            if debugTiming || configuration.cloud?.debugTiming == true {
                configuration.backupInactivity = BackupQueue.debugInactivity
            }
            let shouldOpen = open
            let served = Self.served(
                folders: configuration.folders.count, libraries: configuration.libraries.count, cloud: configuration.cloud?.isConfigured == true)
            let app = try buildApplication(configuration: configuration, engine: engine) { addresses in
                Terminal().output("Photolala is serving \(served) at \(addresses.url)")
                Self.printNetworkAddresses(addresses.networkURLs)
                Task { await engine.openImagingLibraries() }
                if shouldOpen {
                    Self.openInBrowser(addresses.url)
                }
            }
            do {
                try await app.runService()
            } catch let error as IOError where error.errnoCode == EADDRINUSE {
                throw PhotolalaCommandError("Port \(port) is already in use: stop the other server or pass --port.")
            }
        }

        /// What the startup line says is served: "2 folders and 1 Apple Photos library", "the
        /// cloud backup", …
        static func served(folders: Int, libraries: Int, cloud: Bool) -> String {
            var parts: [String] = []
            if folders > 0 { parts.append("\(folders) folder\(folders == 1 ? "" : "s")") }
            if libraries > 0 { parts.append("\(libraries) Apple Photos librar\(libraries == 1 ? "y" : "ies")") }
            if cloud { parts.append("the cloud backup") }
            guard let last = parts.popLast() else { return "no photos yet (give folders, --library or cloud settings)" }
            return parts.isEmpty ? last : parts.joined(separator: ", ") + " and " + last
        }

        /// The addresses a phone or a tablet of the network opens, and, on a terminal, the QR
        /// code of the first for its camera (docs/GUIDE.md, "On a phone or a tablet").
        private static func printNetworkAddresses(_ urls: [String]) {
            guard let first = urls.first else { return }
            let terminal = Terminal()
            terminal.output("On a phone or a tablet of this network, open \(urls.joined(separator: " or "))")
            guard isatty(STDOUT_FILENO) != 0 || ProcessInfo.processInfo.environment["PHOTOLALA_QR"] == "always" else { return }
            guard let code = TerminalQRCode(first) else {
                terminal.output("(The QR code of the address needs libqrencode: install libqrencode4.)")
                return
            }
            terminal.output("or scan it:")
            for line in code.lines { terminal.output(line) }
        }

        private static func randomToken() -> String {
            let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
            return String((0..<24).map { _ in alphabet.randomElement() ?? "x" })
        }

        private static func openInBrowser(_ url: String) {
            let process = Process()
            #if os(macOS)
                process.executableURL = URL(fileURLWithPath: "/usr/bin/open")
            #else
                process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                process.arguments = ["xdg-open"]
            #endif
            process.arguments = (process.arguments ?? []) + [url]
            do {
                try process.run()
            } catch {
                // Not the URL: it may carry the access token.
                Logger(label: "photolala.serve").warning(
                    "The browser could not be started; open the printed address yourself.", metadata: ["error": .error(error)])
            }
        }
    }
}
