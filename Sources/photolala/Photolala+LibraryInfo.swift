import ArgumentParser
import Foundation
import PhotolalaKit

extension Photolala.Library {
    struct Info: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "info", abstract: "Show a library's Photos version and how many photos, videos and albums it holds.")

        @Argument(help: "The .photoslibrary folder.")
        var library: String

        @Flag(help: "Print one JSON object.")
        var json = false

        func run() async throws {
            let info = try Photolala.Library.open(library).info()
            let terminal = Terminal()
            if json {
                try terminal.outputJSON(LibraryInfoJSON(info))
                return
            }
            let version = info.version
            let release = version.photosVersion == nil ? version.description : "\(version.description) (model \(version.modelVersion))"
            var rows: [(String, String)] = [
                ("Library", info.path),
                ("Version", release),
                ("Photos", info.photos.grouped),
                ("Videos", info.videos.grouped),
                ("Favorites", info.favorites.grouped),
                ("Hidden", info.hidden.grouped),
                ("Recently deleted", info.trashed.grouped),
                ("Not local", info.missing.grouped),
                ("Burst frames", info.burstFrames.grouped),
                ("Albums", info.albums.grouped),
                ("Shared albums", info.sharedAlbums.grouped),
                ("Smart albums", info.smartAlbums.grouped),
                ("Projects", info.projects.grouped),
                ("Folders", info.folders.grouped),
            ]
            rows += info.problems.map { ("Problem", $0) }
            let width = rows.map(\.0.count).max() ?? 0
            for (label, value) in rows {
                terminal.output(label + ":" + String(repeating: " ", count: width - label.count + 1) + value)
            }
        }
    }
}

/// The JSON `photolala library info --json` prints.
private struct LibraryInfoJSON: Encodable {
    let path: String
    let modelVersion: Int
    let photosVersion: Int?
    let macOS: String?
    let photos: Int
    let videos: Int
    let favorites: Int
    let hidden: Int
    let trashed: Int
    let missing: Int
    let burstFrames: Int
    let albums: Int
    let sharedAlbums: Int
    let smartAlbums: Int
    let projects: Int
    let folders: Int
    /// What the reader could not make sense of, e.g. an album table of an unknown Photos release.
    let problems: [String]

    init(_ info: ApplePhotosLibraryInfo) {
        path = info.path
        modelVersion = info.version.modelVersion
        photosVersion = info.version.photosVersion
        macOS = info.version.macOS
        photos = info.photos
        videos = info.videos
        favorites = info.favorites
        hidden = info.hidden
        trashed = info.trashed
        missing = info.missing
        burstFrames = info.burstFrames
        albums = info.albums
        sharedAlbums = info.sharedAlbums
        smartAlbums = info.smartAlbums
        projects = info.projects
        folders = info.folders
        problems = info.problems
    }
}
