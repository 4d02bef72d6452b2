import ArgumentParser
import Foundation
import PhotolalaKit

extension Photolala {
    struct Trash: AsyncParsableCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            commandName: "trash",
            abstract: "Move photos to the desktop's Trash, with their XMP sidecars.",
            discussion: """
                Nothing is deleted: each file is moved, by a rename, into the Trash of its \
                filesystem as the freedesktop.org specification lays it out (~/.local/share/Trash, \
                or the volume's .Trash-UID), with the .trashinfo that lets the file manager's \
                Restore (or trash-cli's trash-restore) put it back. Prints a line per file moved; exits \
                non-zero when any could not be.
                """
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The photo files.")
        var photos: [String]

        func validate() throws {
            guard !photos.isEmpty else { throw ValidationError("Name the photo files to move to the Trash.") }
        }

        func run() async throws {
            let trash = FreedesktopTrash(environment: ProcessInfo.processInfo.environment)
            var terminal = Terminal()
            try await terminal.forEachPhoto(photos, undone: "moved to the Trash") { photo in
                // The file itself is moved: never a link made for a name that is not UTF-8.
                let file = try PathArgument(photoFile: photo, linking: false)
                return try trash.trashPhoto(at: file.path).map { moved in
                    "\(moved.originalPath.escapingControlCharacters): moved to \(moved.path.escapingControlCharacters)"
                }
            }
        }
    }
}
