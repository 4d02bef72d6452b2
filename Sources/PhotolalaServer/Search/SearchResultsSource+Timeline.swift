import Foundation
import Hummingbird
import PhotolalaKit

/// The timelines: the search results' source under the id `photos`, whose folder `~` is every
/// photo of every served source and whose folder `SOURCE/FOLDER` (percent-encoded in the path,
/// as the page writes it) is every photo beneath that folder, newest first (``TimelineListing``).
extension SearchResultsSource {
    /// The id the page opens timelines under.
    static let timelineID = "photos"

    /// The folder of every served photo, the sidebar's "Photos".
    static let everyPhotoFolder = LocalPhotoSource.rootFolderID

    var timelineSummary: PhotoSourceSummary {
        PhotoSourceSummary(
            kind: "timeline", name: "Photos", configured: true, capabilities: [.sorting, .grouping, .preview, .star],
            rootFolder: Self.everyPhotoFolder)
    }

    /// The served source and folder a timeline's folder id names; `nil` for every source's.
    /// - Throws: ``ServerError`` 404 for an id that names neither.
    static func place(_ folderID: String) throws -> (source: String, folder: String)? {
        let decoded = folderID.removingPercentEncoding ?? folderID
        if decoded == everyPhotoFolder { return nil }
        guard let slash = decoded.firstIndex(of: "/"), slash != decoded.startIndex, decoded.index(after: slash) != decoded.endIndex else {
            throw ServerError(.notFound, "No timeline '\(decoded)'. Open Photos in the sidebar, or a folder's Photos from its toolbar.")
        }
        return (String(decoded[..<slash]), String(decoded[decoded.index(after: slash)...]))
    }

    /// The timeline of a folder id: its listing, once the place is known to have one.
    /// - Throws: ``ServerError`` 404 for a place with no timeline.
    func timelineListing(of folderID: String) throws -> TimelineListing {
        let place = try Self.place(folderID)
        _ = try search.timelineScopes(beneath: place)
        return TimelineListing(place: place, search: search, updateIndex: updateIndex)
    }

    /// A timeline as a folder: "Photos", or "Photos in NAME" under it; the source's own folder
    /// is asked for, so one it does not have is refused as it refuses it.
    func timelineFolder(_ folderID: String) async throws -> PhotoFolder {
        let top = PhotoFolder.Reference(id: Self.everyPhotoFolder, name: "Photos")
        guard let place = try Self.place(folderID) else {
            return PhotoFolder(id: folderID, name: top.name, breadcrumb: [top], folders: [], kind: "timeline")
        }
        let source = try search.sources.source(place.source)
        guard source.searchKeyPrefix(ofFolder: place.folder) != nil else {
            throw ServerError(.notFound, "This folder of \(source.summary.name) has no photos beneath it: open the folder itself.")
        }
        let folder = try await source.folder(place.folder)
        let name = "Photos in \(folder.name)"
        let id = place.source + "/" + place.folder
        return PhotoFolder(id: id, name: name, breadcrumb: [top, PhotoFolder.Reference(id: id, name: name)], folders: [], kind: "timeline")
    }
}
