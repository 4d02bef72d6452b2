import Foundation
import Hummingbird
import PhotolalaKit

/// The cloud backup in the sidebar: one folder holding every photo of the synced catalog, with
/// thumbnails and metadata from Standard storage; the original only once restored.
///
/// Item ids are the photos' MD5s, so a thumbnail's entity tag is known before it is fetched.
struct CloudServedSource: ServedSource {
    let cloud: ServedCloud
    let summary: API.Source

    init(cloud: ServedCloud) {
        self.cloud = cloud
        summary = API.Source(
            id: "cloud", kind: "cloud", name: "Cloud", configured: true, capabilities: API.names(of: cloud.photos.capabilities),
            rootFolder: LocalPhotoSource.rootFolderID, archived: cloud.archived)
    }

    var privatePaths: [String] { [] }

    func folder(_ folderID: String) async throws -> API.Folder {
        try requireRoot(folderID)
        return API.Folder(id: folderID, name: summary.name, breadcrumb: [API.FolderRef(id: folderID, name: summary.name)], folders: [])
    }

    func listing(of folderID: String) throws -> any FolderListing {
        try requireRoot(folderID)
        return CloudListing(photos: cloud.photos, syncs: cloud.syncs)
    }

    func thumbnail(folder folderID: String, item: PhotoItem.ID, priority: ThumbnailPriority) async throws -> Thumbnail {
        try await cloud.thumbnails.thumbnail(for: item, priority: priority)
    }

    func thumbnailTag(folder folderID: String, item: PhotoItem.ID) -> String? {
        item.count == 32 && item.allSatisfy(\.isHexDigit) ? item.lowercased() : nil
    }

    func metadata(folder folderID: String, item: PhotoItem.ID) async throws -> API.Metadata {
        let (metadata, problem) = try await cloud.photos.loadMetadataNotingProblem(for: item)
        var details = await cloud.backupDetails(md5: item)
        if let problem {
            details.append(API.Detail(field: "cloudMetadata", label: "Cloud metadata", value: problem))
        }
        return API.Metadata(json: PhotoMetadataJSON(metadata), details: details)
    }

    /// The MD5 the photo is addressed by.
    func fullImageTag(folder folderID: String, item: PhotoItem.ID) async throws -> String? {
        thumbnailTag(folder: folderID, item: item)
    }

    /// The restored original; while it is in Deep Archive, a message saying how to restore it
    /// in the browser (the preview keeps showing the thumbnail).
    func fullImage(folder folderID: String, item: PhotoItem.ID) async throws -> FullImage {
        do {
            let image = try await cloud.photos.loadDisplayableImage(for: item)
            return FullImage(body: .bytes(image.bytes), mediaType: image.mediaType)
        } catch let error as CloudError where error.code == .archived {
            throw ServerError(
                .conflict,
                "The original is in Deep Archive. Choose Restore Original… in the photo's menu; it can be opened once restored, in 12 to 48 hours.",
                reason: "inDeepArchive")
        } catch let error as CloudError where error.code == .restoreInProgress {
            throw ServerError(.conflict, "The original is being restored from Deep Archive; it can be opened once restored.", reason: "inDeepArchive")
        }
    }

    func original(folder folderID: String, item: PhotoItem.ID) async throws -> OriginalFile {
        let (bytes, filename) = try await cloud.restores.original(item)
        return OriginalFile(body: .bytes(bytes), filename: filename)
    }

    func filePath(folder folderID: String, item: PhotoItem.ID) async throws -> String {
        throw ServerError(.conflict, "Photos in the Cloud source are backed up already. Star photos in a folder or a library to back them up.")
    }

    func itemID(forFilePath path: String, folder folderID: String) -> PhotoItem.ID? {
        nil
    }

    private func requireRoot(_ folderID: String) throws {
        guard folderID == LocalPhotoSource.rootFolderID else { throw ServerError(.notFound, "The Cloud source has no folder '\(folderID)'.") }
    }
}
