import Foundation

extension ApplePhotosLibrary {
    /// Where the asset's original would be: `originals/<dir>/<file>`, the shared-album folder
    /// for shared assets, or the absolute path of a referenced file (which belongs to the Mac it
    /// was imported on). Whether the file is there is ``ApplePhotosAsset/isMissing``.
    public func originalPath(of asset: ApplePhotosAsset) -> String? {
        guard !asset.filename.isEmpty else { return nil }
        if asset.isReference {
            return asset.directory + "/" + asset.filename
        }
        if asset.isShared {
            // A shared video is kept as `<uuid>.medium.MP4` beside its poster frame.
            let name = asset.isMovie ? "\(asset.uuid).medium.MP4" : asset.filename
            return "\(cloudSharingFolder)/data/\(asset.directory)/\(name)"
        }
        return "\(path)/originals/\(asset.directory)/\(asset.filename)"
    }

    /// Where shared-album files are: Photos 8 (macOS 13, model 16000) moved them from
    /// `resources/cloudsharing/` to `scopes/cloudsharing/`.
    private var cloudSharingFolder: String {
        path + (version.modelVersion >= 16000 ? "/scopes/cloudsharing" : "/resources/cloudsharing")
    }

    /// The full-size render of an edited asset in `resources/renders/`, when it is on disk:
    /// `<uuid>_1_201_a.jpeg` or `.heic` (11 and later keep an edited HEIC as HEIC) for a photo,
    /// `<uuid>_2_0_a.mov` for a video, as osxphotos's `path_edited`. An asset without
    /// adjustments has none, whatever files are there.
    public func renderPath(of asset: ApplePhotosAsset) -> String? {
        guard asset.hasAdjustments else { return nil }
        let stem = "\(path)/resources/renders/\(asset.uuid.prefix(1))/\(asset.uuid)"
        let candidates =
            switch asset.kind {
            case .photo: [stem + "_1_201_a.jpeg", stem + "_1_201_a.heic"]
            case .video: [stem + "_2_0_a.mov"]
            case .other: [String]()
            }
        return candidates.first(where: Self.fileExists)
    }

    /// A companion's file (see ``ApplePhotosCompanion``), found as osxphotos's `path_raw`,
    /// `path_live_photo` and `path_edited_live_photo` find them: the RAW is `<stem>_4.<ext>`
    /// beside the original (its extension as imported), the movie `<stem>_3.mov`, and with
    /// `edited` an edited Live Photo's movie is its render, `resources/renders/…_2_100_a.mov`.
    /// - Throws: ``PhotolalaError/notAvailableLocally`` when the file is not on this disk (in
    ///   iCloud, or referenced outside the library).
    public func companionPath(_ companion: ApplePhotosCompanion, of asset: ApplePhotosAsset, edited: Bool = true) throws -> String {
        let missing = PhotolalaError.notAvailableLocally(companion.name(of: asset), referenced: asset.isReference)
        guard !asset.isReference, let original = originalPath(of: asset) else { throw missing }
        let folder = FilePath.parent(of: original)
        let stem = URL(fileURLWithPath: asset.filename).deletingPathExtension().lastPathComponent
        switch companion.role {
        case .live:
            let render = "\(path)/resources/renders/\(asset.uuid.prefix(1))/\(asset.uuid)_2_100_a.mov"
            if edited && asset.hasAdjustments && Self.fileExists(render) { return render }
            let movie = "\(folder)/\(stem)_3.mov"
            guard Self.fileExists(movie) else { throw missing }
            return movie
        case .raw:
            // Its extension is the imported file's, in its case: the folder is read for it.
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            guard let name = names.filter({ $0.hasPrefix(stem + "_4.") }).min() else { throw missing }
            return folder + "/" + name
        }
    }

    /// Thumbnail-sized derivatives Photos made, best thumbnail source first: the 360-pixel
    /// master thumbnail, then the ~1,000-pixel preview, then full-size derivatives (RAW
    /// previews, video poster frames).
    public func derivativePaths(of asset: ApplePhotosAsset) -> [String] {
        let masters = filesInShard(of: asset.uuid, folder: "resources/derivatives/masters")
        let others = filesInShard(of: asset.uuid, folder: "resources/derivatives")
        let mine = (masters + others).filter { $0.name.hasPrefix(asset.uuid + "_") && !$0.name.hasSuffix(".plist") }
        func rank(_ file: (name: String, path: String)) -> Int {
            if file.path.contains("/derivatives/masters/") { return 0 }
            if file.name.contains("_1_105_c.") { return 1 }
            return 2
        }
        return mine.sorted { (rank($0), $0.name) < (rank($1), $1.name) }.map(\.path)
    }

    /// The file a thumbnail is best made from: a derivative, else the edited render, else
    /// the original; `nil` when none is on disk.
    public func thumbnailSourcePath(of asset: ApplePhotosAsset) -> String? {
        // The usual names first: listing a shard folder of a large library costs milliseconds.
        let shard = asset.uuid.prefix(1)
        let master = "resources/derivatives/masters/\(shard)/\(asset.uuid)_4_5005_c.jpeg"
        // Shared-album photos have one derivative, in the cloud-sharing folder.
        let usual =
            (asset.isShared ? ["\(cloudSharingFolder)/\(master)"] : []) + [
                "\(path)/\(master)",
                "\(path)/resources/derivatives/\(shard)/\(asset.uuid)_1_105_c.jpeg",
            ]
        if let derivative = usual.first(where: { Self.fileExists($0) }) ?? derivativePaths(of: asset).first { return derivative }
        if let render = renderPath(of: asset) { return render }
        return asset.isMissing ? nil : originalPath(of: asset)
    }

    /// The full image: the edited render by default, else (or with `edited` false) the original.
    /// - Throws: ``PhotolalaError/notAvailableLocally`` when that file is not on this disk.
    public func fullImagePath(of asset: ApplePhotosAsset, edited: Bool = true) throws -> String {
        if edited, let render = renderPath(of: asset) { return render }
        return try availableOriginalPath(of: asset)
    }

    /// The original's path when it is on this disk.
    /// - Throws: ``PhotolalaError/notAvailableLocally`` when it is in iCloud only, referenced
    ///   outside the library, or absent.
    public func availableOriginalPath(of asset: ApplePhotosAsset) throws -> String {
        guard !asset.isMissing, let original = originalPath(of: asset) else {
            throw PhotolalaError.notAvailableLocally(asset.displayName, referenced: asset.isReference)
        }
        return original
    }

    /// Copies the asset's original into `folder` under its original filename (`name (2).ext`
    /// when that name is taken), a megabyte at a time through a temporary file and a rename,
    /// and returns the path.
    /// - Throws: ``PhotolalaError/notAvailableLocally`` for a missing original,
    ///   ``PhotolalaError/unreadableFile`` or ``PhotolalaError/writeFailed`` with the system's
    ///   reason when the copy fails.
    public func exportOriginal(of asset: ApplePhotosAsset, to folder: String) throws -> String {
        let source = try availableOriginalPath(of: asset)
        // A name that cannot be a file's falls back to the library's own name for the file.
        return try FolderExport.copy(source, named: asset.displayName, fallback: asset.filename.isEmpty ? asset.uuid : asset.filename, into: folder)
    }

    /// Files in `folder/<first character of uuid>/`, where Photos shards resources by uuid.
    private func filesInShard(of uuid: String, folder: String) -> [(name: String, path: String)] {
        guard let shard = uuid.first else { return [] }
        let directory = "\(path)/\(folder)/\(shard)"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasPrefix(uuid) }.map { ($0, directory + "/" + $0) }
    }
}
