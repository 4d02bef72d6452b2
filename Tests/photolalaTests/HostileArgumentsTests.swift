import Foundation
import PhotolalaTestSupport
import Testing

/// Every command the argument parser knows (read from `--experimental-dump-help`, the root's
/// subcommands recursively, so a new command is in without editing this), run as the real binary
/// with each option at its extremes and a device node, a FIFO and an empty path where a path
/// goes: none may end in a signal, hang, or print a value's dump instead of a sentence (issue 36).
///
/// `serve` always gets `/dev/zero` as its folder, so it ends at its checks instead of serving
/// (ServeCommandTests cover a server that starts). Nothing is given `/dev/zero` as a place to
/// write: the tests run as root, and a rename onto it would replace the device.
@Suite("photolala commands under hostile arguments")
struct HostileArgumentsTests {
    /// One command as the parser describes it.
    struct Command: CustomStringConvertible {
        var path: [String]
        /// Options taking a value, by the name they are given with (`--jobs`, `-o`), and their value names.
        var options: [(name: String, valueName: String, required: Bool)]
        var positionals: [(valueName: String, required: Bool)]

        var description: String { path.joined(separator: " ") }
    }

    /// Flags every command takes: tried on one command only.
    static let globalOptions: Set = ["--cache-dir", "--data-dir", "--log-level", "--config"]
    static let extremes = ["0", "-1", "\(Int.max)", "4611686018427387904", String(repeating: "9", count: 10_000)]
    /// How long one run may take on a loaded machine; a command refusing its arguments takes well under a second.
    static let timeout: Duration = .seconds(30)

    static func commands() async throws -> [Command] {
        let dump = try await Shell.run(CLI.binary, ["--experimental-dump-help"])
        let tool = try #require(try JSONSerialization.jsonObject(with: Data(dump.utf8)) as? [String: Any])
        var found: [Command] = []
        func walk(_ command: [String: Any], path here: [String]) {
            let arguments = command["arguments"] as? [[String: Any]] ?? []
            var entry = Command(path: here, options: [], positionals: [])
            for argument in arguments {
                let required = !(argument["isOptional"] as? Bool ?? true)
                let valueName = argument["valueName"] as? String ?? ""
                switch argument["kind"] as? String {
                case "option":
                    guard let preferred = argument["preferredName"] as? [String: Any], let spelled = preferred["name"] as? String else { continue }
                    let prefix = preferred["kind"] as? String == "short" ? "-" : "--"
                    entry.options.append((prefix + spelled, valueName, required))
                case "positional":
                    entry.positionals.append((valueName, required))
                default:
                    continue
                }
            }
            if !here.isEmpty {
                found.append(entry)
            }
            for subcommand in command["subcommands"] as? [[String: Any]] ?? [] {
                guard let name = subcommand["commandName"] as? String, name != "help" else { continue }
                walk(subcommand, path: here + [name])
            }
        }
        walk(try #require(tool["command"] as? [String: Any]), path: [])
        return found
    }

    /// Plain values for what a run does not vary: the command gets far enough to use the
    /// varied one.
    static func ordinaryValue(_ valueName: String, output: String, folder: String) -> String {
        switch valueName {
        case "tier": "Bulk"
        case "md5": "0123456789abcdef0123456789abcdef"
        case "out.jpg", "path": output + "/out.jpg"
        case "dir": output
        case "n", "jobs", "bytes", "percent": "2"
        default: folder
        }
    }

    /// The argument lists to run for `command`.
    static func runs(of command: Command, cli: CLI, fifo: String) -> [[String]] {
        let folder = cli.folder.path("photos")
        let output = cli.folder.path("out")
        let isServe = command.path == ["serve"]
        func line(varying varied: String? = nil, to value: String? = nil, positional: String? = nil) -> [String] {
            var arguments = command.path
            for (index, item) in command.positionals.enumerated() where item.required || isServe || (index == 0 && positional != nil) {
                arguments.append(
                    index == 0 && positional != nil
                        ? positional ?? "" : isServe ? "/dev/zero" : ordinaryValue(item.valueName, output: output, folder: folder))
            }
            for option in command.options where option.name == varied || option.required {
                arguments += [option.name, option.name == varied ? value ?? "" : ordinaryValue(option.valueName, output: output, folder: folder)]
            }
            return arguments
        }
        var runs: [[String]] = [line()]
        let varied = command.options.filter { !globalOptions.contains($0.name) || command.path == ["info"] }
        for option in varied {
            runs += extremes.map { line(varying: option.name, to: $0) }
        }
        if !command.positionals.isEmpty && !isServe {
            runs += ["/dev/zero", fifo, ""].map { line(positional: $0) }
        }
        if command.path == ["info"] {
            // Read, never written through: a settings file and folders that are devices or FIFOs.
            runs += ["/dev/zero", fifo].map { line(varying: "--config", to: $0) }
            runs += [fifo].flatMap { [line(varying: "--cache-dir", to: $0), line(varying: "--data-dir", to: $0)] }
        }
        return runs
    }

    /// What a value's dump or a crash prints, which a sentence never does.
    static let dumps = [
        "Error Domain=", "UserInfo=", "Fatal error", "Stack dump", "Current stack trace", "PhotolalaKit.", "PhotolalaS3.", "Foundation.",
    ]

    @Test("no command ends in a signal, hangs or dumps a value, whatever its options and paths")
    func everyCommand() async throws {
        let commands = try await Self.commands()
        #expect(commands.count >= 20, "\(commands)")
        #expect(commands.contains { $0.path == ["catalog", "build"] && $0.options.contains { $0.name == "--jobs" } })
        var runs: [(CLI, [String])] = []
        for command in commands {
            let cli = try CLI()
            for folder in ["photos", "out"] {
                try FileManager.default.createDirectory(atPath: cli.folder.path(folder), withIntermediateDirectories: true)
            }
            // A photo to work on: an overflow in sizing the work showed only with one (issue 36).
            try FileManager.default.copyItem(atPath: try await Fixtures.file("photo.gif").path, toPath: cli.folder.path("photos/photo.gif"))
            let fifo = cli.folder.path("fifo.jpg")
            #expect(mkfifo(fifo, 0o600) == 0)
            runs += Self.runs(of: command, cli: cli, fifo: fifo).map { (cli, $0) }
        }
        try await withThrowingTaskGroup(of: (arguments: [String], output: Shell.Output).self) { group in
            var pending = runs[...]
            func start() {
                guard let (cli, arguments) = pending.popFirst() else { return }
                group.addTask {
                    let environment = [
                        "PHOTOLALA_CACHE_DIR": cli.folder.path("cache"), "PHOTOLALA_DATA_DIR": cli.folder.path("data"), "PHOTOLALA_CONFIG": "",
                        "XDG_CONFIG_HOME": cli.folder.path("config"),
                    ]
                    return (
                        arguments,
                        try await Shell.capture(
                            CLI.binary, arguments, environment: environment, timeout: Self.timeout, directory: cli.folder.path("out"))
                    )
                }
            }
            for _ in 0..<4 {
                start()
            }
            while let (arguments, output) = try await group.next() {
                start()
                let shown = arguments.map { $0.count > 60 ? String($0.prefix(20)) + "…" : $0 }.joined(separator: " ")
                let printed = output.standardOutput + output.standardError
                #expect(!output.timedOut, "photolala \(shown) ran for \(Self.timeout)")
                #expect(output.signal == nil || output.timedOut, "photolala \(shown) ended with signal \(output.signal ?? 0)")
                #expect(output.status < 128, "photolala \(shown) exited with \(output.status)")
                for dump in Self.dumps where printed.contains(dump) {
                    Issue.record("photolala \(shown) printed \(dump): \(printed.prefix(400))")
                }
            }
        }
    }
}
