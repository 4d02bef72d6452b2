import ArgumentParser
import Foundation
import PhotolalaKit

extension Photolala {
    struct Scan: AsyncParsableCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            commandName: "scan",
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

        @Flag(
            help:
                "Print one JSON object with items (id, name, path, size, format, kind, duration, pair, pairRole) as they are found, then folders, errors and count."
        )
        var json = false

        func run() async throws {
            let source = try global.makeEngine().localSource(root: GlobalOptions.absolute(directory))
            var terminal = Terminal()
            var writer = json ? ScanJSONWriter() : nil
            var photoCount = 0
            var folders: [ScannedFolder] = []
            var problems: [ScanProblem] = []
            // A batch's paths, made as bytes: a million photos' path strings, joined, cost more
            // than the folder walk that found them.
            var paths: [UInt8] = []

            for try await batch in source.scan(includeStatus: json) {
                if writer != nil {
                    writer?.append(batch.photos)
                } else {
                    if !batch.photos.isEmpty {
                        paths.removeAll(keepingCapacity: true)
                        for photo in batch.photos {
                            let folder = photo.folder.utf8
                            let name = photo.item.displayName.utf8
                            if folder.contains(where: Self.mayStartControl) || name.contains(where: Self.mayStartControl) {
                                paths += (photo.folder + "/" + photo.item.displayName).escapingControlCharacters.utf8
                            } else {
                                paths += folder
                                paths.append(UInt8(ascii: "/"))
                                paths += name
                            }
                            paths.append(UInt8(ascii: "\n"))
                        }
                        terminal.output(lines: paths)
                    }
                    batch.problems.forEach { terminal.message("warning: \($0.message.escapingControlCharacters)") }
                }
                photoCount += batch.photos.count
                folders += batch.folders
                problems += batch.problems
                terminal.status("Scanning… \(photoCount.grouped) photos in \(folders.count.grouped) folders")
            }
            terminal.clearStatus()

            if var writer {
                writer.finish(folders: folders, problems: problems)
            } else {
                terminal.message("\(photoCount.counting("photo")), \(folders.count.counting("folder")), \(problems.count.counting("problem")).")
            }
        }

        /// Whether a byte of UTF-8 is, or starts, a control character (C0 and DEL, or C1's lead
        /// byte 0xC2): only such a path is escaped, so a listing of plain names stays bytes.
        private static func mayStartControl(_ byte: UInt8) -> Bool {
            byte < 0x20 || byte == 0x7F || byte == 0xC2
        }
    }
}
