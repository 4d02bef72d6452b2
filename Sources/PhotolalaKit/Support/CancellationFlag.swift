import Synchronization

/// A flag that async code sets and a blocking loop on another thread polls.
final class CancellationFlag: Sendable {
    private let state = Atomic<Bool>(false)

    var isSet: Bool { state.load(ordering: .relaxed) }

    func set() {
        state.store(true, ordering: .relaxed)
    }
}
