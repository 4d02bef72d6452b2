import Foundation
import Logging
import PhotolalaS3

extension CloudCatalog {
    /// Who holds the merge lease, and until when.
    struct Lease: Sendable, Equatable {
        var token: String
        var expires: Date

        /// `token expires-in-Unix-seconds`, one line.
        var bytes: [UInt8] { Array("\(token) \(Int(expires.timeIntervalSince1970))\n".utf8) }

        /// Reads what ``bytes`` wrote; `nil` for anything else (a damaged lease counts as none).
        init?(_ bytes: [UInt8]) {
            guard bytes.count <= 200, let text = String(validating: bytes, as: UTF8.self) else { return nil }
            let fields = text.split(whereSeparator: \.isWhitespace)
            guard fields.count == 2, let seconds = Int(fields[1]) else { return nil }
            self.init(token: String(fields[0]), expires: Date(timeIntervalSince1970: TimeInterval(seconds)))
        }

        init(token: String, expires: Date) {
            self.token = token
            self.expires = expires
        }
    }

    /// Runs `body` holding the catalog's merge lease: the safe path on a store that ignores
    /// conditional writes, where a compare-and-swap of the manifest cannot work.
    ///
    /// A merge writes the lease object (a token and an expiry), waits ``Timing/leaseSettle``,
    /// and reads it back: of devices that wrote it at once the last write wins, and only its
    /// device goes on. A lease held by another device is waited for until it is released or
    /// expires (a crashed device's lease expires after ``Timing/leaseDuration``). Content-addressed
    /// shards keep every manifest consistent even when two merges overlap anyway; what a lost
    /// lease could cost is one device's newest rows, which its next merge adds back.
    /// - Throws: ``BackupError/catalogBusy`` when another device held the lease for all of
    ///   ``Timing/leaseTimeout``; what `body` throws.
    func holdingLease<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        let token = UUID().uuidString.lowercased()
        try await acquireLease(token)
        do {
            let result = try await body()
            await releaseLease(token)
            return result
        } catch {
            await releaseLease(token)
            throw error
        }
    }

    private func acquireLease(_ token: String) async throws {
        let deadline = ContinuousClock.now + timing.leaseTimeout
        var waits = 0
        while true {
            if let holder = try await lease(), holder.token != token, holder.expires > Date() {
                guard ContinuousClock.now < deadline else { throw BackupError.catalogLeaseHeld(seconds: Int(timing.leaseTimeout.inSeconds)) }
                waits += 1
                try await Task.sleep(for: timing.backoff(beforeTry: min(waits + 1, 8)))
                continue
            }
            let mine = Lease(token: token, expires: Date().addingTimeInterval(timing.leaseDuration.inSeconds))
            _ = try await store.put(layout.catalogLease, body: mine.bytes, options: PutOptions(contentType: "text/plain"))
            try await Task.sleep(for: timing.leaseSettle)
            if try await lease()?.token == token { return }
        }
    }

    /// Removes the lease if this merge still holds it; a failure is logged, and the lease expires.
    private func releaseLease(_ token: String) async {
        do {
            if try await lease()?.token == token {
                try await store.delete(layout.catalogLease)
            }
        } catch {
            logger.warning("The cloud catalog's merge lease could not be released; it expires by itself.", metadata: ["error": "\(error)"])
        }
    }

    private func lease() async throws -> Lease? {
        try await store.get(layout.catalogLease).flatMap(Lease.init)
    }
}
