/// Lets at most `limit` tasks into a section at once; the others wait, first come first served.
///
/// The backup runs more photos than it uploads originals at once, so that reading the next
/// photo and sending the last one's thumbnail and metadata overlap the large uploads instead
/// of pausing them.
actor AsyncSemaphore {
    private let limit: Int
    private var inside = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Runs `body` once fewer than `limit` tasks are inside.
    nonisolated func run<Output: Sendable>(_ body: @Sendable () async throws -> Output) async rethrows -> Output {
        await enter()
        do {
            let output = try await body()
            await leave()
            return output
        } catch {
            await leave()
            throw error
        }
    }

    private func enter() async {
        guard inside >= limit else {
            inside += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Hands the place to the first waiter, or frees it.
    private func leave() {
        if waiting.isEmpty {
            inside -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
