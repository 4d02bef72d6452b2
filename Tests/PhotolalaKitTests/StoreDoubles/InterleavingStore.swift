import Foundation
import PhotolalaS3

@testable import PhotolalaKit

/// A real store seen through a test hook that holds one device between its read of the cloud
/// manifest and its writes after it (every write waits until ``release()``), so a test can run
/// another device's whole merge in that gap: the interleaving two devices backing up at once
/// may meet, made certain.
///
/// With `ignoresConditions`, it drops every write condition instead, as a store that does not
/// implement them would.
actor InterleavingStore: ForwardingStore {
    nonisolated let base: any ObjectStore
    let manifestKey: String
    let ignoresConditions: Bool
    private var holdsWrites: Bool
    private var hasReadManifest = false
    private var isHolding = false
    private var held: [CheckedContinuation<Void, Never>] = []
    private var waitingForHold: [CheckedContinuation<Void, Never>] = []
    /// Manifest writes forwarded, and how many of them the store refused (412).
    private(set) var manifestWrites = 0
    private(set) var refusedManifestWrites = 0

    init(_ base: any ObjectStore, layout: CloudLayout, holdingAfterManifestRead: Bool = true, ignoresConditions: Bool = false) {
        self.init(base, manifestKey: layout.manifest, holdingAfterManifestRead: holdingAfterManifestRead, ignoresConditions: ignoresConditions)
    }

    /// A store holding writes after a read of `manifestKey`, the one mutable object of what is
    /// merged (the catalog's manifest, the albums).
    init(_ base: any ObjectStore, manifestKey: String, holdingAfterManifestRead: Bool = true, ignoresConditions: Bool = false) {
        self.base = base
        self.manifestKey = manifestKey
        self.holdsWrites = holdingAfterManifestRead
        self.ignoresConditions = ignoresConditions
    }

    /// Returns once the device is held (it has read the manifest and is about to write).
    func waitUntilHeld() async {
        guard !isHolding else { return }
        await withCheckedContinuation { waitingForHold.append($0) }
    }

    /// Lets the held device's writes go on, and every later one.
    func release() {
        holdsWrites = false
        for continuation in held { continuation.resume() }
        held = []
    }

    func put(_ key: String, body: [UInt8], options: PutOptions) async throws -> String {
        if holdsWrites, hasReadManifest, !key.contains("/probe-") {
            await withCheckedContinuation { continuation in
                held.append(continuation)
                if !isHolding {
                    isHolding = true
                    for waiter in waitingForHold { waiter.resume() }
                    waitingForHold = []
                }
            }
        }
        var options = options
        if ignoresConditions {
            options.condition = nil
        }
        guard key == manifestKey else { return try await base.put(key, body: body, options: options) }
        manifestWrites += 1
        do {
            return try await base.put(key, body: body, options: options)
        } catch let error as ObjectStoreError where error.code == .preconditionFailed {
            refusedManifestWrites += 1
            throw error
        }
    }

    func get(_ key: String, range: ClosedRange<Int64>?, ifNoneMatch: String?) async throws -> ObjectData? {
        let data = try await base.get(key, range: range, ifNoneMatch: ifNoneMatch)
        if key == manifestKey {
            hasReadManifest = true
        }
        return data
    }
}
