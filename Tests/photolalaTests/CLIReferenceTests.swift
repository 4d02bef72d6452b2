import Foundation
import PhotolalaTestSupport
import Testing

@Suite("docs/CLI.md")
struct CLIReferenceTests {
    @Test("docs/CLI.md is what `make docs` generates from the built binary's help")
    func referenceIsCurrent() async throws {
        let root = Fixtures.repositoryRoot
        let generated = try await Shell.run(root.appendingPathComponent("Scripts/make-manual.py").path, ["--markdown", CLI.binary])
        let committed = try String(contentsOf: root.appendingPathComponent("docs/CLI.md"), encoding: .utf8)
        let stale = Self.firstDifference(committed, generated)
        #expect(stale == nil, "docs/CLI.md is stale: run `make docs` and commit it. \(stale ?? "")")
    }

    /// The first line where the committed file and the generated one part, both quoted.
    static func firstDifference(_ committed: String, _ generated: String) -> String? {
        guard committed != generated else { return nil }
        let old = committed.split(separator: "\n", omittingEmptySubsequences: false)
        let new = generated.split(separator: "\n", omittingEmptySubsequences: false)
        let line = old.indices.first { $0 < new.count && old[$0] != new[$0] } ?? min(old.count, new.count)
        let quoted = { (lines: [Substring]) in line < lines.count ? "'\(lines[line])'" : "nothing" }
        return "Line \(line + 1) holds \(quoted(old)); the binary's help gives \(quoted(new))."
    }
}
