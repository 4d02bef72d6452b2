extension FreedesktopTrash {
    /// Moves a photo to the Trash with its XMP sidecars, which hold what was written of it and
    /// go where it goes: `NAME.EXT.xmp`, and `NAME.xmp` unless another file of the same stem
    /// stays (a RAW+JPEG pair's other half, whose sidecar Lightroom named so).
    /// - Returns: What was moved, the photo first.
    /// - Throws: As ``trash(_:)``, for the photo (nothing is moved) or a sidecar (the photo and
    ///   the sidecars before it are in the Trash; the rest stay).
    public func trashPhoto(at path: String) throws -> [Trashed] {
        try PhotoFiles.of(path, companions: false).map(trash)
    }
}
