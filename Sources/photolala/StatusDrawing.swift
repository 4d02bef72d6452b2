import Synchronization

/// Draws progress lines from any task, one at a time.
final class StatusDrawing: Sendable {
    private let terminal = Mutex(Terminal())

    func show(_ line: String) {
        terminal.withLock { $0.status(line) }
    }

    func clear() {
        terminal.withLock { $0.clearStatus() }
    }
}
