import Foundation
import Logging
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

/// The one crash-safe swap: whatever step a kill stops it at, the next start finds the old set
/// of files or the new one, whole, and nothing else.
@Suite struct DirectorySwapTests {
    let folder: TemporaryDirectory
    let swap: DirectorySwap

    init() throws {
        folder = try TemporaryDirectory()
        swap = DirectorySwap(directory: folder.path("set"), logger: Logger(label: "test"))
        try swap.replace(files: [("a", bytes("old a")), ("b", bytes("old b"))], commit: ("commit", bytes("old")))
    }

    /// The steps of a swap from old (a, b, commit) to new (a replaced, b removed, c added).
    enum Step: String, CaseIterable, CustomTestStringConvertible {
        case temporariesWritten, pendingStaged, replacedMovedAside, replacedRenamed, removedMovedAside, committed, previousPartlyRemoved
        var testDescription: String { rawValue }
    }

    @Test("a swap killed at any step is recovered to the old set before the commit and to the new one after", arguments: Step.allCases)
    func recovery(from step: Step) throws {
        try leaveInterrupted(at: step)
        try swap.recover()
        let committed = [.committed, .previousPartlyRemoved].contains(step)
        let expected: [String: String] =
            committed
            ? ["a": "new a", "c": "new c", "commit": "new"]
            : ["a": "old a", "b": "old b", "commit": "old"].merging(step >= .replacedRenamed ? ["c": "new c"] : [:]) { old, _ in old }
        #expect(try contents() == expected)
        // The next swap runs as if nothing had happened.
        try swap.replace(files: [("a", bytes("next a"))], commit: ("commit", bytes("next")), removing: ["c"])
        #expect(try contents().filter { $0.key != "b" } == ["a": "next a", "commit": "next"])
    }

    @Test("a swap that runs through leaves the new set and no leftover")
    func complete() throws {
        try swap.replace(files: [("a", bytes("new a")), ("c", bytes("new c"))], commit: ("commit", bytes("new")), removing: ["b"])
        #expect(try contents() == ["a": "new a", "c": "new c", "commit": "new"])
    }

    // MARK: - Helpers

    /// The state a kill at `step` leaves, made by hand as the swap makes it.
    private func leaveInterrupted(at step: Step) throws {
        let directory = swap.directory
        let previous = swap.previousDirectory
        let manager = FileManager.default
        manager.createFile(atPath: directory + "/.tmp-1-2-a", contents: Data("new a".utf8))
        manager.createFile(atPath: directory + "/.tmp-1-3-c", contents: Data("new c".utf8))
        guard step != .temporariesWritten else { return }
        try manager.createDirectory(atPath: previous, withIntermediateDirectories: true)
        manager.createFile(atPath: previous + "/.pending", contents: Data("new".utf8))
        guard step != .pendingStaged else { return }
        try manager.moveItem(atPath: directory + "/a", toPath: previous + "/a")
        guard step != .replacedMovedAside else { return }
        try manager.moveItem(atPath: directory + "/.tmp-1-2-a", toPath: directory + "/a")
        try manager.moveItem(atPath: directory + "/.tmp-1-3-c", toPath: directory + "/c")
        guard step != .replacedRenamed else { return }
        try manager.moveItem(atPath: directory + "/b", toPath: previous + "/b")
        guard step != .removedMovedAside else { return }
        try manager.removeItem(atPath: directory + "/commit")
        try manager.moveItem(atPath: previous + "/.pending", toPath: directory + "/commit")
        guard step != .committed else { return }
        try manager.removeItem(atPath: previous + "/a")
    }

    private func contents() throws -> [String: String] {
        var result: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: swap.directory) {
            result[name] = try String(contentsOfFile: swap.directory + "/" + name, encoding: .utf8)
        }
        return result
    }

    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
}

extension DirectorySwapTests.Step: Comparable {
    static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}
