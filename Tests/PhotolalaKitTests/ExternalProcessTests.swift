import Foundation
import Testing

@testable import PhotolalaKit

@Suite("External processes")
struct ExternalProcessTests {
    @Test("Many tools at once, each writing to both outputs: every run keeps both, and the process survives")
    func manyAtOnce() async throws {
        // Each run prints its number on standard output and standard error; what libdispatch's
        // read sources made of such churn, a crash in its event loop, would end the test process.
        let shell = ExternalProcess(executable: "/bin/sh")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for run in 0..<400 {
                group.addTask {
                    let outcome = try await offload {
                        try shell.run(["-c", "echo out\(run); echo err\(run) >&2"], timeout: .seconds(30), outputLimit: 1 << 10)
                    }
                    #expect(outcome.status == 0)
                    #expect(String(decoding: outcome.output, as: UTF8.self) == "out\(run)\n")
                    #expect(outcome.errorText == "err\(run)\n")
                }
                if run >= 8 { try await group.next() }
            }
            try await group.waitForAll()
        }
    }

    @Test("A tool past its time limit is killed, and what it wrote to standard error is kept")
    func timeLimit() throws {
        let outcome = try ExternalProcess(executable: "/bin/sh").run(
            ["-c", "echo started >&2; exec sleep 30"], timeout: .milliseconds(300), outputLimit: 1 << 10)
        #expect(outcome.timedOut)
        #expect(outcome.errorText == "started\n")
    }
}
