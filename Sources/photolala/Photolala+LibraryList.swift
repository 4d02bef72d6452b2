import ArgumentParser
import Foundation
import PhotolalaKit

extension Photolala.Library {
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List a library's photos and videos, newest first, or one album's in its order.",
            discussion: """
                Like Photos's All Photos: hidden and recently deleted items are left out unless \
                asked for, and a burst shows its key and selected frames. Dates are in the time \
                zone the photo was taken in.
                """
        )

        @Argument(help: "The .photoslibrary folder.")
        var library: String

        @Flag(
            help:
                "Print one JSON object: count and items (uuid, originalFilename, date, width, height, favorite, hidden, trashed, albums, missing, isPhoto, isMovie)."
        )
        var json = false

        @Option(help: ArgumentHelp("List only this album's members (see 'photolala library albums').", valueName: "uuid"))
        var album: String?

        @Option(help: ArgumentHelp("List only photos whose title, original filename or a keyword contains this text (any case).", valueName: "text"))
        var search: String?

        @Flag(help: "Include hidden photos.")
        var includeHidden = false

        @Flag(help: "Include recently deleted photos.")
        var includeTrashed = false

        func run() async throws {
            let photos = try Photolala.Library.open(library)
            var filter = ApplePhotosFilter(includeHidden: includeHidden, includeTrashed: includeTrashed)
            filter.search = search
            let assets = try album.map { try photos.assets(inAlbum: $0, filter) } ?? photos.assets(filter)
            let titles = try photos.albumTitles()
            let facts = try photos.facts()
            var dates = LibraryDateFormatter()
            let terminal = Terminal()
            if json {
                let items = assets.map {
                    LibraryItemJSON($0, albumTitles: titles, facts: facts, dates: &dates)
                }
                try terminal.outputJSON(LibraryListJSON(count: items.count, items: items))
                return
            }
            for asset in assets {
                let date = asset.creationDate.map { DateText.photo($0, offset: asset.timeZoneOffset ?? 0) } ?? "no date"
                let flags = [
                    asset.isFavorite ? "favorite" : nil, asset.isHidden ? "hidden" : nil, asset.isTrashed ? "deleted" : nil,
                    asset.isMissing ? "not local" : nil,
                ]
                .compactMap { $0 }
                let size = asset.width.flatMap { width in asset.height.map { "\(width)×\($0)" } } ?? "?"
                terminal.output(
                    [asset.uuid, date, size, asset.displayName, flags.joined(separator: ",")].filter { !$0.isEmpty }.joined(separator: "  "))
            }
            terminal.output(assets.count.counting("item"))
        }
    }
}

/// The JSON `photolala library list --json` prints.
private struct LibraryListJSON: Encodable {
    let count: Int
    let items: [LibraryItemJSON]
}

/// One asset in `photolala library list --json`; the keys are part of the CLI's contract.
private struct LibraryItemJSON: Encodable {
    let uuid: String
    let originalFilename: String
    /// ISO 8601 in the photo's own offset; `null` when the library holds no plausible date.
    let date: String?
    let width: Int?
    let height: Int?
    let favorite: Bool
    let hidden: Bool
    let trashed: Bool
    /// Titles of the user and shared albums holding the asset, sorted, each once.
    let albums: [String]
    let missing: Bool
    let isPhoto: Bool
    let isMovie: Bool
    let title: String?
    let description: String?
    let keywords: [String]
    /// The people named in it, sorted, each once.
    let persons: [String]
    /// Where Photos placed it.
    let place: Place?
    /// Photos' scene labels, sorted, each once.
    let labels: [String]

    init(_ asset: ApplePhotosAsset, albumTitles: [String: String], facts: ApplePhotosFacts, dates: inout LibraryDateFormatter) {
        uuid = asset.uuid
        originalFilename = asset.originalFilename
        date = asset.creationDate.map { dates.string(from: $0, offset: asset.timeZoneOffset) }
        width = asset.width
        height = asset.height
        favorite = asset.isFavorite
        hidden = asset.isHidden
        trashed = asset.isTrashed
        albums = Set(asset.albumUUIDs.compactMap { albumTitles[$0] }).sorted()
        missing = asset.isMissing
        isPhoto = asset.isPhoto
        isMovie = asset.isMovie
        title = asset.title
        description = facts.descriptions[asset.uuid]
        keywords = asset.keywords
        persons = facts.people[asset.uuid] ?? []
        place = facts.places[asset.uuid]
        labels = facts.labels[asset.uuid] ?? []
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(uuid, forKey: .uuid)
        try container.encode(originalFilename, forKey: .originalFilename)
        try container.encode(date, forKey: .date)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encode(favorite, forKey: .favorite)
        try container.encode(hidden, forKey: .hidden)
        try container.encode(trashed, forKey: .trashed)
        try container.encode(albums, forKey: .albums)
        try container.encode(missing, forKey: .missing)
        try container.encode(isPhoto, forKey: .isPhoto)
        try container.encode(isMovie, forKey: .isMovie)
        try container.encode(title, forKey: .title)
        try container.encode(description, forKey: .description)
        try container.encode(keywords, forKey: .keywords)
        try container.encode(persons, forKey: .persons)
        try container.encode(place, forKey: .place)
        try container.encode(labels, forKey: .labels)
    }

    private enum CodingKeys: String, CodingKey {
        case uuid, originalFilename, date, width, height, favorite, hidden, trashed, albums, missing, isPhoto, isMovie, title, description, keywords,
            persons, place, labels
    }
}
