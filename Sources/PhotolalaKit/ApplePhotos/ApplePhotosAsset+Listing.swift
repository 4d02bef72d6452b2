import Foundation

extension ApplePhotosAsset {
    /// The asset as an item: its uuid and the name it shows.
    var item: PhotoItem {
        PhotoItem(id: uuid, displayName: displayName)
    }

    /// The asset's row, with its RAW and its Live Photo movie as companions: the RAW's size as
    /// Photos recorded it, the movie's from its file in `library` (one `stat`; unknown while the
    /// movie is in iCloud).
    func listedPhoto(in library: ApplePhotosLibrary) -> ListedPhoto {
        let date = creationDate.map { Int64($0.timeIntervalSince1970.rounded(.down)) }
        let modified = modificationDate.map { Int64($0.timeIntervalSince1970.rounded(.down)) }
        return ListedPhoto(
            item: item, date: date, size: fileSize, modified: modified, width: width, height: height,
            offset: timeZoneOffset, dateSource: creationDate == nil ? nil : .photos, kind: kind == .video ? .video : .photo,
            duration: isMovie ? duration : nil,
            companions: ApplePhotosCompanion.companions(of: self).map { companion in
                companion.listedPhoto(of: self, date: date, modified: modified, movieSize: movieSize(of: companion, in: library))
            })
    }

    /// A Live Photo movie's size, from its original file; `nil` for a RAW, and for a movie that
    /// is not on this disk (in iCloud, or referenced elsewhere), which has no size to tell.
    private func movieSize(of companion: ApplePhotosCompanion, in library: ApplePhotosLibrary) -> Int64? {
        // Not on this disk is no failure: the movie simply has no size to tell.
        guard companion.role == .live, let path = try? library.companionPath(companion, of: self, edited: false) else { return nil }
        // Gone since it was found: as unknown as one never there.
        return try? FileStatus(path: path).size
    }
}
