import Foundation
import PhotolalaS3

/// What the inspector says about a backed-up photo: when it was backed up, where its original
/// is, and how its restore stands. The date and storage class come from one HEAD of the
/// original, remembered; offline, from what the last HEAD saved in the database.
public struct BackupDetails: Sendable {
    let restores: RestoreService
    /// Whether originals sit in Deep Archive (S3) rather than in a backup folder.
    let archived: Bool
    private let objects = ObjectFacts()

    /// - Parameters:
    ///   - restores: The originals' HEADs and what was saved of them, the restores asked for
    ///     and their states.
    ///   - archived: Whether originals sit in Deep Archive rather than in a backup folder.
    public init(restores: RestoreService, archived: Bool) {
        self.restores = restores
        self.archived = archived
    }

    /// Forgets what was learnt of these originals (a restore was asked for, or changed state).
    public func forget(_ md5s: [String]) async {
        await objects.forget(md5s)
    }

    /// The inspector's lines on a backed-up photo.
    /// - Parameters:
    ///   - offline: Whether the store could not be reached last time: nothing is asked of it.
    ///   - includingOriginal: Whether to say where the original stands (the Cloud source does;
    ///     a local photo's inspector needs only the backup).
    public func details(md5: String, offline: Bool, includingOriginal: Bool = true) async -> [PhotoDetail] {
        let md5 = md5.lowercased()
        let info = offline ? nil : await objects.info(md5) { [restores] in try await restores.originalInfo(md5: md5) }
        let original = info.map(CloudOriginal.init) ?? (try? restores.recordedOriginal(md5: md5))
        let storage =
            archived
            ? original.map { $0.storageClass == .deepArchive ? "Deep Archive" : $0.storageClass.rawValue.capitalized } ?? "Deep Archive"
            : "backup folder"
        let backedUp =
            original?.backedUp.map {
                PhotoDetail.dated(field: "backup", label: "Cloud backup", template: "Backed up on {date}, \(storage)", date: $0, dayOnly: true)
            } ?? PhotoDetail(field: "backup", label: "Cloud backup", value: "Backed up, \(storage)")
        var details = [backedUp]
        guard includingOriginal else { return details }
        guard archived else {
            return details + [Self.describe(.available, saved: nil)]
        }
        let saved = (try? restores.savedStatuses())?.first { $0.md5 == md5 }
        let state = saved?.state ?? info.map(ArchiveStatus.init)
        if let state {
            details.append(Self.describe(state, saved: saved))
        }
        return details
    }

    /// The "Original" line: where the original stands, with when it was asked for or until when it is readable.
    private static func describe(_ state: ArchiveStatus, saved: RestoreStatus?) -> PhotoDetail {
        func line(_ value: String) -> PhotoDetail {
            PhotoDetail(field: "original", label: "Original", value: value)
        }
        switch state {
        case .available:
            return line("Readable now")
        case .archived:
            return line("In Deep Archive: restore it to download")
        case .restoring:
            let tier = saved?.tier.map { " (\($0.rawValue), about \($0.typicalHours) hours)" } ?? ""
            guard let requested = saved?.requested else { return line("Restoring\(tier)") }
            return .dated(field: "original", label: "Original", template: "Restoring\(tier), asked {date}", date: requested, dayOnly: false)
        case .restored:
            guard let expiry = saved?.expiry else { return line("Restored") }
            return .dated(field: "original", label: "Original", template: "Restored until {date}", date: expiry, dayOnly: false)
        }
    }
}

/// HEAD answers for originals, so the inspector asks the store once per photo; the most
/// recently asked are kept in an ``LRUCache``.
private actor ObjectFacts {
    private var known = LRUCache<String, ObjectInfo>(budget: 10_000)

    func info(_ md5: String, fetch: () async throws -> ObjectInfo?) async -> ObjectInfo? {
        if let info = known.value(forKey: md5) { return info }
        guard let info = try? await fetch() else { return nil }
        known.insert(info, forKey: md5, cost: 1)
        return info
    }

    func forget(_ md5s: [String]) {
        for md5 in md5s {
            known.removeValue(forKey: md5.lowercased())
        }
    }
}
