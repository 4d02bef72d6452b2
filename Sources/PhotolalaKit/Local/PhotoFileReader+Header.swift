extension PhotoFileReader {
    /// What a photo's header says for search (``PhotoHeader``): its date and description, read
    /// without the rest of its bytes, so without its MD5, which its thumbnail or backup learns.
    struct HeaderFacts: Sendable {
        var date: PhotoDateIndex.Recorded
        var description: PhotoDescription
    }

    /// The facts of the photo at `path` from its header alone; `nil` when its format, or its
    /// header, needs the whole file read (``catalogEntries(at:)``).
    /// - Throws: ``PhotolalaError/unreadableFile`` when the file cannot be read.
    func headerFacts(at path: String) throws -> HeaderFacts? {
        guard let inspected = try PhotoHeader.inspection(ofFileAt: path) else { return nil }
        var metadata = PhotoMetadata()
        if let exif = inspected.exif {
            metadata.apply(exif)
        }
        return HeaderFacts(date: PhotoDateIndex.Recorded(metadata), description: description(of: inspected, path: path))
    }
}
