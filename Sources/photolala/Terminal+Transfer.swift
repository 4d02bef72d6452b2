import PhotolalaKit

extension Terminal {
    /// Copies or moves each of `photos` into the folder `destination`, with its sidecars and
    /// companions, printing a line per file; the photos that can be are, then the command fails
    /// when any could not be.
    mutating func transfer(_ photos: [String], into destination: String, mode: FileTransfer.Mode, engine: Engine) async throws {
        let folder = GlobalOptions.absolute(destination)
        let (done, undone) = mode == .copy ? ("copied to", "copied") : ("moved to", "moved")
        try await forEachPhoto(photos, undone: undone) { photo in
            // The file itself: never a link made for a name that is not UTF-8.
            let file = try PathArgument(photoFile: photo, linking: false)
            return try engine.transfer(photoAt: file.path, into: folder, mode: mode).map { moved in
                "\(moved.source.escapingControlCharacters): \(done) \(moved.destination.escapingControlCharacters)"
            }
        }
    }
}
