import Foundation

/// Listings of network folders, kept five minutes under their catalog's directory UUID, so
/// going back to a folder on a share does not read the share again.
actor NetworkListingCache {
    static let lifetime: TimeInterval = 5 * 60

    private var listings: [String: (photos: [ScannedPhoto], time: Date)] = [:]

    func listing(directoryUUID: String, now: Date = Date()) -> [ScannedPhoto]? {
        guard let cached = listings[directoryUUID] else { return nil }
        guard now.timeIntervalSince(cached.time) < Self.lifetime else {
            listings[directoryUUID] = nil
            return nil
        }
        return cached.photos
    }

    func store(_ photos: [ScannedPhoto], directoryUUID: String, now: Date = Date()) {
        listings[directoryUUID] = (photos, now)
    }
}
