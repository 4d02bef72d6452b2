public import Foundation
import PhotolalaS3

extension CloudBackupReader {
    /// The original, once readable.
    /// - Throws: ``CloudError/archived`` or ``CloudError/restoreInProgress`` while it is in Deep Archive.
    public func original(of id: PhotoItem.ID) async throws -> Data {
        let md5 = try CloudLayout.md5(id)
        let key = layout.photo(md5)
        guard let info = try await store.head(key) else { throw CloudError.missingObject(key) }
        switch ArchiveStatus(info) {
        case .archived: throw CloudError.archived(md5)
        case .restoring: throw CloudError.restoreInProgress(md5)
        case .available, .restored: return Data(try await Self.fetchOriginal(md5, from: store, layout: layout))
        }
    }

    /// The original as browsers show it (a JPEG rendering for HEIC and TIFF), once readable.
    /// - Throws: ``CloudError/archived`` or ``CloudError/restoreInProgress`` while it is in Deep
    ///   Archive; ``PhotolalaError`` when it is no image Photolala reads.
    public func displayableImage(of id: PhotoItem.ID) async throws -> DisplayableImage {
        let original = Array(try await original(of: id))
        return try await offload { [imaging] in try DisplayableImage(original: original, name: id, imaging: imaging) }
    }

    /// The bytes of an original, the one way originals are read. A HEAD before may have said
    /// it was readable and yet the GET be refused (the restored copy expired in between, or the
    /// store's HEAD does not report restores): S3's 403 InvalidObjectState becomes the error
    /// that says how to restore it.
    /// - Throws: ``CloudError/archived`` while it is in Deep Archive; ``CloudError/missingObject``;
    ///   ``ObjectStoreError``.
    static func fetchOriginal(_ md5: String, from store: any ObjectStore, layout: CloudLayout) async throws -> [UInt8] {
        do {
            return try await fetch(layout.photo(md5), from: store)
        } catch let error as ObjectStoreError where error.s3Code == "InvalidObjectState" {
            throw CloudError.archived(md5)
        }
    }
}
