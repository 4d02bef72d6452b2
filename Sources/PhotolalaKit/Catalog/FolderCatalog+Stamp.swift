extension FolderCatalog {
    /// Tells one written catalog from another without reading it: where its manifest is, and
    /// the manifest's size and modification time. A build puts the manifest in place last, so
    /// a new stamp means a whole new catalog.
    struct Stamp: Sendable, Equatable {
        let directory: String
        let manifest: FileStatus
    }

    /// The current catalog's stamp; `nil` when there is none.
    var stamp: Stamp? {
        guard let directory = existingDirectory, let status = try? FileStatus(path: directory + "/" + Self.manifestName) else { return nil }
        return Stamp(directory: directory, manifest: status)
    }
}
