import Foundation
import Hummingbird
import PhotolalaKit

/// What a search of the served sources finds, as one more source the page opens like any
/// other: its folder id is the query, and each item's id (``SearchResultID``) names the served
/// source, folder and item the photo is, of which everything asked of the item is asked. So the
/// results fill the same grid as a folder, with sorting, grouping, the preview, the inspector,
/// the star and the export, and only what a served source shows is ever served.
///
/// The timelines are the same source under another id (``timelineID``), whose folders are the
/// served folders instead of queries: every photo beneath one, or of every source
/// (SearchResultsSource+Timeline.swift).
struct SearchResultsSource: SearchResultItems {
    /// The id the page opens searches under.
    static let id = "search"

    /// What its folders are: queries, or the places whose photos are one timeline.
    enum Folders: Sendable {
        case queries
        case timelines
    }

    let folders: Folders
    let search: ServedSearch
    /// Brings the index up to date with the served sources (``ServedSources/updateSearchIndex()``).
    let updateIndex: @Sendable () async -> Int

    var summary: PhotoSourceSummary {
        switch folders {
        case .queries:
            PhotoSourceSummary(
                kind: "search", name: "Search", configured: true, capabilities: [.sorting, .grouping, .preview, .star], rootFolder: nil)
        case .timelines: timelineSummary
        }
    }

    /// - Throws: ``ServerError`` 400 with what to write instead, for a query that cannot be read;
    ///   404 for a timeline of a folder that has none.
    func folder(_ folderID: String) async throws -> PhotoFolder {
        if folders == .timelines { return try await timelineFolder(folderID) }
        let name = "Search: \(try query(folderID).description)"
        return PhotoFolder(id: folderID, name: name, breadcrumb: [PhotoFolder.Reference(id: folderID, name: name)], folders: [], kind: "search")
    }

    func listing(of folderID: String) throws -> any FolderListing {
        switch folders {
        case .queries: SearchResultsListing(query: try query(folderID), search: search, updateIndex: updateIndex)
        case .timelines:
            // A place with no timeline is refused before a folder session is opened for it.
            try timelineListing(of: folderID)
        }
    }

    /// The query a folder id is: the text the page typed, percent-encoded in the URL's path,
    /// which the router leaves as it came.
    private func query(_ folderID: String) throws -> SearchQuery {
        do {
            return try SearchQuery(parsing: folderID.removingPercentEncoding ?? folderID)
        } catch {
            throw ServerError(.badRequest, error.message)
        }
    }
}
