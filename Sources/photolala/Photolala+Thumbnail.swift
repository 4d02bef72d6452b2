import ArgumentParser
import PhotolalaKit

extension Photolala {
    struct Thumbnail: AsyncParsableCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            commandName: "thumbnail",
            abstract: "Write one photo's thumbnail: upright JPEG, short edge 256, long edge at most 512, never cropped.",
            discussion: "The thumbnail also goes into the cache, so browsing the photo later needs no decoding."
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The photo file.")
        var file: String

        @Option(name: .shortAndLong, help: ArgumentHelp("Where to write the JPEG.", valueName: "out.jpg"))
        var output: String

        func run() async throws {
            let file = try PathArgument(photoFile: file)
            defer { file.release() }
            let thumbnail = try await global.makeEngine().thumbnail(ofFileAt: file.path)
            let path = GlobalOptions.absolute(output)
            try thumbnail.write(to: path)
            Terminal().output("Wrote \(path) (\(thumbnail.jpeg.count.grouped) bytes).")
        }
    }
}
