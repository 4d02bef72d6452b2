import Foundation

/// How long each fuzz suite runs: its share of `PHOTOLALA_FUZZ_SECONDS` (60 by default, the
/// whole target's budget in `make test`), and the seed it starts from (`PHOTOLALA_FUZZ_SEED`,
/// else the time, printed so a failure can be replayed).
struct FuzzBudget {
    /// The suite's share of the whole budget, e.g. 0.25.
    let share: Double
    let seed: UInt64
    private let deadline: ContinuousClock.Instant

    init(share: Double) {
        let environment = ProcessInfo.processInfo.environment
        let total = environment["PHOTOLALA_FUZZ_SECONDS"].flatMap(Double.init) ?? 60
        self.share = share
        seed = environment["PHOTOLALA_FUZZ_SEED"].flatMap(UInt64.init) ?? UInt64(Date().timeIntervalSince1970 * 1000)
        deadline = .now + .milliseconds(Int(total * share * 1000))
    }

    /// Whether the suite still has time.
    var hasTime: Bool { ContinuousClock.now < deadline }
}
