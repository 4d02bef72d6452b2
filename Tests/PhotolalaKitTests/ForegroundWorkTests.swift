import Synchronization
import Testing

@testable import PhotolalaKit

@Suite("Foreground work")
struct ForegroundWorkTests {
    @Test("Background work waits for a quiet period with nothing in the foreground: from its start, and from the last job's end")
    func quietPeriod() async throws {
        let foreground = ForegroundWork()
        let period = Duration.milliseconds(200)
        let clock = ContinuousClock()

        // Nothing runs: the period from now.
        let start = clock.now
        await foreground.quiet(for: period)
        #expect(clock.now - start >= period)

        // A job starts meanwhile: the period counts from its end.
        let returned = Mutex(false)
        let waiting = Task {
            await foreground.quiet(for: period)
            returned.withLock { $0 = true }
        }
        foreground.begin()
        try await Task.sleep(for: .milliseconds(400))
        #expect(!returned.withLock { $0 })
        let ended = clock.now
        foreground.end()
        await waiting.value
        #expect(clock.now - ended >= period)
    }

    @Test("A screen filling: another job runs, or one ended a moment ago; a job alone after a pause has no company")
    func company() async throws {
        let foreground = ForegroundWork()
        let period = Duration.milliseconds(200)
        foreground.begin()
        #expect(!foreground.hasCompany(within: period))
        foreground.begin()
        #expect(foreground.hasCompany(within: period))
        foreground.end()
        #expect(foreground.hasCompany(within: period))
        try await Task.sleep(for: .milliseconds(300))
        #expect(!foreground.hasCompany(within: period))
        foreground.end()
    }
}
