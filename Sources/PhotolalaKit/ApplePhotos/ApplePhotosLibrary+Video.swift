import Logging

extension ApplePhotosLibrary {
    /// What a video asset's file says that the database does not (its codec, camera, altitude),
    /// read from its container's header (the edit's, else the original's: the file that plays);
    /// `nil` for a photo, a video whose file is not on this disk, or one whose header cannot be
    /// read, which is logged: the database's facts are shown alone then.
    func videoHeader(of asset: ApplePhotosAsset) -> VideoHeader? {
        guard asset.isMovie, let path = try? fullImagePath(of: asset) else { return nil }
        do {
            let sniffed = ImageFormat(sniffing: try PhotoFileReader.head(of: path)).flatMap { $0.kind == .video ? $0 : nil }
            guard let format = sniffed ?? ImageFormat(name: path).flatMap({ $0.kind == .video ? $0 : nil }) else {
                throw PhotolalaError.notAnImage(asset.displayName)
            }
            return try VideoHeader.read(atPath: path, format: format)
        } catch {
            logger.warning(
                "A video's header could not be read; its metadata comes from the Photos database alone.",
                metadata: ["asset": "\(asset.uuid)", "error": .error(error)])
            return nil
        }
    }
}
