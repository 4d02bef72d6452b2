import Foundation
import Logging

extension RestoreService {
    /// How patiently to poll a restore: the delay doubles from `initialDelay` up to `maximumDelay`.
    public struct Polling: Sendable {
        public var initialDelay: Duration
        public var maximumDelay: Duration

        /// - Parameters:
        ///   - initialDelay: The first pause (``CloudConfiguration/restoreCheckDelay``).
        ///   - maximumDelay: The longest pause; Deep Archive takes 12 to 48 hours.
        public init(initialDelay: Duration = .seconds(60), maximumDelay: Duration = .seconds(3600)) {
            self.initialDelay = initialDelay
            self.maximumDelay = max(initialDelay, maximumDelay)
        }
    }

    /// One round of checks: what was checked, and when the next is due.
    struct PollingRound: Sendable {
        /// Every saved status after the round, as ``savedStatuses()`` gives them.
        var statuses: [RestoreStatus]
        /// Whether a restore is still under way.
        var waiting: Bool
        /// The earliest expiry still to come of a restored copy.
        var nextExpiry: Date?
    }

    /// Follows the restores this device asked for, for as long as the calling task runs (the
    /// one way restores are polled, by `photolala serve` and the tests alike): while one is under
    /// way, they are checked with a pause that doubles from `polling.initialDelay` up to
    /// `polling.maximumDelay`; a restored copy is checked again once its expiry has passed, when
    /// it is archived again; with nothing to follow, it waits for `wakeups`. A store that cannot
    /// be reached leaves the states as they were until the next round.
    /// - Parameters:
    ///   - polling: The pauses between checks of restores under way.
    ///   - wakeups: Rung when a restore is asked for, to check at once.
    ///   - changed: Hears the saved states after each round.
    public func follow(polling: Polling, wakeups: RestoreWakeups, changed: @escaping @Sendable ([RestoreStatus]) async -> Void) async {
        var delay = polling.initialDelay
        var iterator = wakeups.stream.makeAsyncIterator()
        // Rings the wake-ups when the next restored copy expires.
        var alarm: Task<Void, Never>?
        defer { alarm?.cancel() }
        while !Task.isCancelled {
            let round = await checkDue(now: Date())
            await changed(round.statuses)
            alarm?.cancel()
            alarm = nil
            if round.waiting {
                try? await Task.sleep(for: delay)
                delay = min(delay * 2, polling.maximumDelay)
                continue
            }
            delay = polling.initialDelay
            if let expiry = round.nextExpiry {
                // A second past the expiry, so the store no longer reports the copy.
                let pause = Duration.milliseconds(Int64((max(0, expiry.timeIntervalSinceNow) + 1) * 1000))
                alarm = Task {
                    try? await Task.sleep(for: pause)
                    if !Task.isCancelled { wakeups.wake() }
                }
            }
            guard await iterator.next() != nil else { return }
        }
    }

    /// Checks with the store each restore under way and each restored copy whose expiry has
    /// passed, and saves what it says; a check that fails leaves that state as it was.
    func checkDue(now: Date) async -> PollingRound {
        let stored = loggedStoredStatuses() ?? []
        var waiting = false
        for status in stored where status.state == .restoring || status.current(at: now).state != status.state {
            let checked: RestoreStatus
            do {
                checked = try await refresh(status.md5)
            } catch {
                logger.warning(
                    "A restore could not be checked with the store; it is checked again later.",
                    metadata: ["md5": "\(status.md5)", "error": .error(error)])
                checked = status
            }
            waiting = waiting || checked.state == .restoring
        }
        let statuses = (loggedStoredStatuses() ?? stored).map { $0.current(at: now) }
        let nextExpiry = statuses.filter { $0.state == .restored }.compactMap(\.expiry).min()
        return PollingRound(statuses: statuses, waiting: waiting, nextExpiry: nextExpiry)
    }

    /// The restores saved in the database; `nil`, logged, when it cannot be read.
    private func loggedStoredStatuses() -> [RestoreStatus]? {
        do {
            return try storedStatuses()
        } catch {
            logger.error("The saved restores could not be read.", metadata: ["error": .error(error)])
            return nil
        }
    }
}
