import ArgumentParser
import Foundation
import PhotolalaKit

extension Photolala {
    struct Scan: AsyncParsableCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the photos of a folder tree as they are found.",
            discussion: """
                Photos are found by extension (jpg, jpeg, png, heic, heif, avif, tif, tiff, gif, \
                webp, bmp, camera RAW such as cr3, nef, arw, dng, and videos such as mov, mp4) \
                or, for files without one, by content. Hidden files are skipped. Folders that \
                cannot be read and link loops are reported, and the scan goes on. With --json, \
                a RAW and the JPEG or HEIC of the same name, or a Live Photo's still and movie, \
                name each other as their pair.
                """
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The folder to scan.")
        var directory: String

        @Flag(help: "Print one JSON object with count, items (id, name, path, size, format, kind, duration, pair, pairRole), folders and errors.")
        var json = false

        func run() async throws {
            let source = try global.makeEngine().localSource(root: GlobalOptions.absolute(directory))
            var terminal = Terminal()
            var photos: [ScannedPhoto] = []
            var photoCount = 0
            var folders: [ScannedFolder] = []
            var problems: [ScanProblem] = []

            for try await batch in source.scan(includeStatus: json) {
                if !json {
                    if !batch.photos.isEmpty {
                        terminal.output(batch.photos.map(\.path).joined(separator: "\n"))
                    }
                    batch.problems.forEach { terminal.message("warning: \($0.message)") }
                }
                photoCount += batch.photos.count
                if json {
                    photos += batch.photos
                }
                folders += batch.folders
                problems += batch.problems
                terminal.status("Scanning… \(photoCount.grouped) photos in \(folders.count.grouped) folders")
            }
            terminal.clearStatus()

            if json {
                let report = ScanReport(photos: photos, folders: folders, problems: problems)
                try terminal.outputJSON(report)
            } else {
                terminal.message("\(photoCount.counting("photo")), \(folders.count.counting("folder")), \(problems.count.counting("problem")).")
            }
        }
    }
}

/// The JSON `photolala scan --json` prints.
private struct ScanReport: Encodable {
    struct Item: Encodable {
        let id: String
        let name: String
        let path: String
        let size: Int64?
        /// The format the file's name says (`JPEG`, `HEIF`, `CR3`, `NEF`, …): a scan reads no file.
        let format: String?
        /// `photo` or `video`.
        let kind: String
        /// A video's length in seconds, from its container.
        let duration: Double?
        /// The name of the file shown with this one as one item (``FilePairing``): a
        /// companion's still; a still's RAW, else its Live Photo movie.
        var pair: String? = nil
        /// `raw` for a RAW+JPEG pair, `live` for a Live Photo's still and movie.
        var pairRole: String? = nil
    }

    struct Folder: Encodable {
        let name: String
        let path: String
    }

    struct Problem: Encodable {
        let path: String
        let message: String
    }

    let count: Int
    let items: [Item]
    let folders: [Folder]
    let errors: [Problem]

    init(photos: [ScannedPhoto], folders: [ScannedFolder], problems: [ScanProblem]) {
        count = photos.count
        var items = photos.map { photo in
            let kind = PhotoKind(fileName: photo.item.displayName)
            return Item(
                id: photo.item.id, name: photo.item.displayName, path: photo.path, size: photo.status?.size,
                format: ImageFormat(name: photo.path)?.rawValue, kind: kind.rawValue,
                duration: kind == .video ? LocalPhotoSource.videoDuration(atPath: photo.path) : nil)
        }
        // A folder's photos come together; files pair within one folder.
        var start = photos.startIndex
        while start < photos.endIndex {
            let end = photos[start...].firstIndex { $0.folder != photos[start].folder } ?? photos.endIndex
            for group in FilePairing.groups(ofNames: photos[start..<end].map(\.item.displayName)) {
                let still = start + group.primary
                for companion in group.companions {
                    items[start + companion.index].pair = items[still].name
                    items[start + companion.index].pairRole = companion.role.rawValue
                }
                if let first = group.companions.first {
                    items[still].pair = items[start + first.index].name
                    items[still].pairRole = first.role.rawValue
                }
            }
            start = end
        }
        self.items = items
        self.folders = folders.map { Folder(name: $0.name, path: $0.path) }
        errors = problems.map { Problem(path: $0.path, message: $0.message) }
    }
}
