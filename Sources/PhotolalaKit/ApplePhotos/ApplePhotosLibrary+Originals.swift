#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension ApplePhotosLibrary {
    /// Whether each asset's original is on disk (``originalPath(of:)``), in their order, a run
    /// of them a core: a library's listing asks it of every asset. Each of the 16 folders of
    /// `originals/` is opened once and its files looked up in it (`faccessat`), so the kernel
    /// walks the library's path once a folder, not once a file, and no path is put together.
    func originalsExist(_ assets: [ApplePhotosAsset]) -> [Bool] {
        inParallelRuns(assets, smallestRun: 1000) { [self] assets in
            // A damaged database may name any number of folders: past a few dozen, paths.
            var folders: [String: Int32] = [:]
            defer { folders.values.forEach { if $0 >= 0 { close($0) } } }
            return assets.map { asset in
                // A few assets (one looked up) are looked for by their paths: a folder opened costs two more calls.
                guard assets.count >= 64, !asset.isReference, !asset.isShared, !asset.filename.isEmpty else {
                    return Self.fileExists(originalPath(of: asset))
                }
                var folder = folders[asset.directory]
                if folder == nil, folders.count < 64 {
                    folder = open("\(path)/originals/\(asset.directory)", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
                    folders[asset.directory] = folder
                }
                guard let folder, folder >= 0 else { return Self.fileExists(originalPath(of: asset)) }
                return faccessat(folder, asset.filename, F_OK, 0) == 0
            }
        }
    }

    static func fileExists(_ path: String?) -> Bool {
        guard let path else { return false }
        return access(path, F_OK) == 0
    }
}
