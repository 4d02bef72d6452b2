import Foundation

/// The files an asset's item lists beside its own (``ApplePhotosCompanion``): resolved by their
/// ids like an asset's, for the full image, the original, the backup and export, and only when
/// the asset lists them.
extension ApplePhotosLibrarySource {
    /// The companion `id` names, with its asset; `nil` when `id` is no companion's.
    /// - Throws: ``PhotolalaError/photoNotFound`` when the library has no such asset, or the asset
    ///   lists no such companion (a photo without a RAW, a photo that is no Live Photo).
    func companion(_ id: PhotoItem.ID) throws -> (companion: ApplePhotosCompanion, asset: ApplePhotosAsset)? {
        guard let companion = ApplePhotosCompanion(id: id) else { return nil }
        let asset = try library.asset(uuid: companion.assetUUID)
        guard ApplePhotosCompanion.companions(of: asset).contains(companion) else { throw PhotolalaError.photoNotFound(id) }
        return (companion, asset)
    }

    /// A companion's full image: a Live Photo's movie (its edit, else the original) streamed
    /// from its file as a video asset's is, a RAW rendered as a JPEG from its preview; `nil` when
    /// `id` is an asset's.
    /// - Throws: ``PhotolalaError/notAvailableLocally`` when the file is not on this disk.
    func companionFullImage(for id: PhotoItem.ID) async throws -> FullImage? {
        try await offload { [self] in
            guard let found = try self.companion(id) else { return nil }
            let (companion, asset) = found
            let path = try library.companionPath(companion, of: asset)
            switch companion.role {
            case .live:
                return try Self.movie(at: path, name: companion.name(of: asset))
            case .raw:
                let bytes = try FileContents(path: path, sizeLimit: maximumFileSize).bytes
                let image = try DisplayableImage(original: bytes, name: companion.name(of: asset), imaging: imaging)
                return FullImage(body: .bytes(image.bytes), mediaType: image.mediaType)
            }
        }
    }

    /// A companion's original file and the name Photos would export it under; `nil` when `id`
    /// is an asset's.
    /// - Throws: ``PhotolalaError/notAvailableLocally`` when the file is not on this disk.
    func companionOriginal(for id: PhotoItem.ID) throws -> (path: String, filename: String)? {
        guard let found = try self.companion(id) else { return nil }
        let (companion, asset) = found
        return (try library.companionPath(companion, of: asset, edited: false), companion.name(of: asset))
    }
}
