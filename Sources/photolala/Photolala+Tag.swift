import ArgumentParser
import PhotolalaKit

extension Photolala {
    struct Tag: AsyncParsableCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            commandName: "tag",
            abstract: "Set photos' rating, colour label, keywords, title and description in their XMP sidecars.",
            discussion: """
                The photo itself is never written: its bytes and MD5 stay the same. The change goes \
                into its XMP sidecar, NAME.EXT.xmp or NAME.xmp, whichever it has, where Lightroom, \
                darktable, digiKam and exiftool read it; everything else the sidecar holds (another \
                program's edits, face regions) is kept as it was. A photo without one gets a new \
                sidecar named as --new-sidecar says. A keyword with levels parted by | \
                (Places|Italy|Rome) is kept as Lightroom keeps a hierarchy. An empty --label, \
                --title or --description takes it away; --rating 0 sets no stars. Prints a line per \
                photo; exits non-zero when any could not be changed.
                """
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The photo files.")
        var photos: [String]

        @Option(help: ArgumentHelp("Stars, 0 to 5.", valueName: "N"))
        var rating: Int?

        @Option(name: .customLong("add-keyword"), help: ArgumentHelp("A keyword to add (repeatable).", valueName: "K"))
        var addedKeywords: [String] = []

        @Option(name: .customLong("remove-keyword"), help: ArgumentHelp("A keyword to take away (repeatable).", valueName: "K"))
        var removedKeywords: [String] = []

        @Option(help: ArgumentHelp("The colour label: Red, Yellow, Green, Blue, Purple or a name of your own.", valueName: "COLOR"))
        var label: String?

        @Option(help: ArgumentHelp("The title.", valueName: "T"))
        var title: String?

        @Option(help: ArgumentHelp("The description (caption).", valueName: "D"))
        var description: String?

        @Option(
            help: ArgumentHelp(
                "How a new sidecar is named: name.ext.xmp (darktable, digiKam; the default) or name.xmp (Lightroom); the settings file's sidecarNaming when not given.",
                valueName: "NAMING"))
        var newSidecar: String?

        /// `--new-sidecar`, by the names ``SidecarNaming`` gives its cases.
        var naming: SidecarNaming? { newSidecar.flatMap(SidecarNaming.init(rawValue:)) }

        var edit: DescriptionEdit {
            DescriptionEdit(
                rating: rating, colorLabel: label, title: title, caption: description, addedKeywords: addedKeywords, removedKeywords: removedKeywords)
        }

        func validate() throws {
            guard !photos.isEmpty else { throw ValidationError("Name the photo files to tag.") }
            guard !edit.isEmpty else {
                throw ValidationError("Say what to set: --rating, --add-keyword, --remove-keyword, --label, --title or --description.")
            }
            if let problem = edit.problem { throw ValidationError("The edit cannot be made: \(problem).") }
            if let newSidecar, naming == nil {
                throw ValidationError("--new-sidecar is name.ext.xmp or name.xmp, not '\(newSidecar)'.")
            }
        }

        func run() async throws {
            let engine = try global.makeEngine()
            var terminal = Terminal()
            try await terminal.forEachPhoto(photos, undone: "tagged") { photo in
                // A sidecar goes beside the photo: never beside a link made for a name that is not UTF-8.
                let file = try PathArgument(photoFile: photo, linking: false)
                let sidecar = try await engine.edit(edit, ofFileAt: file.path, naming: naming)
                return ["\(file.shown): wrote \(sidecar.path.escapingControlCharacters)\(sidecar.isNew ? " (new)" : "")"]
            }
        }
    }
}
