import Dispatch

/// Runs blocking work (file reads, libvips decoding, directory walks) on a dispatch thread, so
/// it never occupies the cooperative threads that async code and the server run on.
package func offload<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global(qos: .userInitiated).async {
            continuation.resume(with: Result { try work() })
        }
    }
}
