import Foundation

extension ApplePhotosLibrarySource {
    /// This scope's assets with the facts a browser sorts and groups by (date taken, size,
    /// dimensions), a first screenful at once and then the rest.
    public func listFolder() -> AsyncThrowingStream<[ListedPhoto], any Error> {
        deliver { [library] in Self.listedPhoto($0, in: library) }
    }

    /// All Photos' and the built-in views' first photos by date, read through Photos' index of
    /// creation dates; `nil` for an album, which keeps its own order and is seldom big.
    /// - Throws: ``PhotolalaError/damagedPhotosLibrary`` when the database cannot be read.
    public func firstPhotos(in order: DateOrder, limit: Int) async throws -> [ListedPhoto]? {
        guard let filter = viewFilter else { return nil }
        return try await offload { [library] in
            try library.assets(filter, first: limit, in: order).map { Self.listedPhoto($0, in: library) }
        }
    }

    /// The listing facts of assets announced as added or changed, read in one go; assets the
    /// library no longer has are left out.
    /// - Throws: ``PhotolalaError/damagedPhotosLibrary`` when the database cannot be read.
    public func listedPhotos(for items: [PhotoItem]) throws -> [ListedPhoto] {
        let found = try library.assets(uuids: items.map(\.id))
        let byUUID = Dictionary(found.map { ($0.uuid, $0) }, uniquingKeysWith: { first, _ in first })
        return items.compactMap { item in byUUID[item.id].map { Self.listedPhoto($0, in: library) } }
    }

    /// The full image as browsers can show it: the edited version (or the original) as it is
    /// for JPEG and PNG, a JPEG rendering for HEIC and TIFF.
    /// - Throws: ``PhotolalaError/notAvailableLocally`` when the original is in iCloud only.
    public func loadDisplayableImage(for id: PhotoItem.ID) async throws -> DisplayableImage {
        try await offload { [library, imaging, maximumFileSize] in
            let asset = try library.asset(uuid: id)
            let bytes = try FileContents(path: try library.fullImagePath(of: asset), sizeLimit: maximumFileSize).bytes
            return try DisplayableImage(original: bytes, name: asset.displayName, imaging: imaging)
        }
    }

    /// The original file's path and the name to give it, to star the photo for backup or to
    /// "Export…" it (streamed from the file, never read whole into memory); for a companion's id,
    /// its file (see ``ApplePhotosCompanion``).
    /// - Throws: ``PhotolalaError/notAvailableLocally`` when the original is in iCloud only.
    public func originalFile(for id: PhotoItem.ID) async throws -> (path: String, filename: String) {
        try await offload { [self] in
            if let companion = try companionOriginal(for: id) { return companion }
            let asset = try library.asset(uuid: id)
            return (try library.availableOriginalPath(of: asset), asset.displayName)
        }
    }

    /// The asset whose original is the file at `path` in this library: originals are stored
    /// under their asset's uuid (`originals/F/F2A1….heic`).
    public func itemID(forOriginalPath path: String) -> PhotoItem.ID? {
        guard path.hasPrefix(library.path + "/") else { return nil }
        let stem = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        return UUID(uuidString: stem).map { _ in stem }
    }

    /// What only Photos knows about an asset, for the inspector: favourite, albums, kind
    /// (live photo, panorama, screenshot, burst), RAW+JPEG, title, keywords, where the original is.
    public func details(for id: PhotoItem.ID) async throws -> [(field: String, label: String, value: String)] {
        try await offload { [library] in
            let asset = try library.asset(uuid: id)
            let titles = Dictionary(try library.albums().map { ($0.uuid, $0.title) }, uniquingKeysWith: { first, _ in first })
            var details: [(field: String, label: String, value: String)] = [("favorite", "Favourite", asset.isFavorite ? "Yes" : "No")]
            let albums = Set(asset.albumUUIDs.compactMap { titles[$0] }).sorted()
            if !albums.isEmpty { details.append(("albums", "Albums", albums.joined(separator: ", "))) }
            if let title = asset.title { details.append(("title", "Title", title)) }
            if !asset.keywords.isEmpty { details.append(("keywords", "Keywords", asset.keywords.joined(separator: ", "))) }
            let kinds = [
                asset.isLivePhoto ? "Live Photo" : nil, asset.isPanorama ? "Panorama" : nil, asset.isScreenshot ? "Screenshot" : nil,
                asset.isBurst ? "Burst" : nil, asset.hasRAW ? "RAW+JPEG" : nil,
            ].compactMap { $0 }
            if !kinds.isEmpty { details.append(("kind", "Kind", kinds.joined(separator: ", "))) }
            if asset.hasAdjustments { details.append(("edited", "Edited", "Yes")) }
            let location = asset.isReference ? "Referenced outside the library" : asset.isMissing ? "In iCloud (not on this disk)" : "In the library"
            details.append(("original", "Original", location))
            return details
        }
    }

    /// Lists this scope off the caller's task (the listing ``refresh()`` compares with) and
    /// delivers its elements, a first screenful at once and then the rest. It lists at
    /// the background priority: a million assets take seconds of every core, which a browser's
    /// first screen (the page, the first photos read ahead, their thumbnails) comes before.
    func deliver<Element: Sendable>(
        _ transform: @escaping @Sendable (ApplePhotosAsset) -> Element
    ) -> AsyncThrowingStream<[Element], any Error> {
        .producing { [self] continuation in
            continuation.yieldFirstScreenThenRest(try await offloadInBackground { [self] in try self.listedAssets().map(transform) })
        }
    }

    /// The asset's row, with its RAW and its Live Photo movie as companions: the RAW's size as
    /// Photos recorded it, the movie's from its file in `library` (one `stat`; unknown while the
    /// movie is in iCloud).
    static func listedPhoto(_ asset: ApplePhotosAsset, in library: ApplePhotosLibrary) -> ListedPhoto {
        let date = asset.creationDate.map { Int64($0.timeIntervalSince1970.rounded(.down)) }
        let modified = asset.modificationDate.map { Int64($0.timeIntervalSince1970.rounded(.down)) }
        return ListedPhoto(
            item: item(asset), date: date, size: asset.fileSize, modified: modified, width: asset.width, height: asset.height,
            offset: asset.timeZoneOffset, dateSource: asset.creationDate == nil ? nil : .photos, kind: asset.kind == .video ? .video : .photo,
            duration: asset.isMovie ? asset.duration : nil,
            companions: ApplePhotosCompanion.companions(of: asset).map { companion in
                companion.listedPhoto(of: asset, date: date, modified: modified, movieSize: movieSize(of: companion, asset, in: library))
            })
    }

    /// A Live Photo movie's size, from its original file; `nil` for a RAW, and for a movie that
    /// is not on this disk (in iCloud, or referenced elsewhere), which has no size to tell.
    private static func movieSize(of companion: ApplePhotosCompanion, _ asset: ApplePhotosAsset, in library: ApplePhotosLibrary) -> Int64? {
        guard companion.role == .live, let path = try? library.companionPath(companion, of: asset, edited: false) else { return nil }
        // Gone since it was found: as unknown as one never there.
        return try? FileStatus(path: path).size
    }
}
