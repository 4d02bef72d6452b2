import Foundation
import PackagePlugin

/// Writes `GitDescription.swift` before every build: `git describe --tags --always --dirty` of
/// the checkout, or `nil` where the sources are not a git checkout of their own (an unpacked
/// source archive), so `photolala --version` names the exact commit it was built from.
///
/// A build-tool plugin rather than a Makefile step: a plain `swift build` gets the version too,
/// and the generated file lives under `.build`, so the tree is never left dirty. The file is
/// rewritten only when its text changes, so an unchanged checkout recompiles nothing.
@main
struct VersionPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("GitDescription")
        let script = """
            out="$2/GitDescription.swift"
            top=$(git -C "$1" rev-parse --show-toplevel 2>/dev/null)
            value=nil
            if [ -n "$top" ] && [ "$(cd "$top" && pwd -P)" = "$(cd "$1" && pwd -P)" ]; then
                described=$(git -C "$1" describe --tags --always --dirty 2>/dev/null | tr -cd 'A-Za-z0-9._+-')
                [ -n "$described" ] && value="\\"$described\\""
            fi
            text="/// \\`git describe --tags --always --dirty\\` at build time; nil outside a git checkout.
            let gitDescription: String? = $value"
            mkdir -p "$2"
            [ "$(cat "$out" 2>/dev/null)" = "$text" ] || printf '%s\\n' "$text" > "$out"
            """
        return [
            .prebuildCommand(
                displayName: "Reading the version from git",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, "sh", context.package.directoryURL.path, output.path],
                environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"],
                outputFilesDirectory: output
            )
        ]
    }
}
