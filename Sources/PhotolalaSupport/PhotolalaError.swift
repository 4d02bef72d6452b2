/// An error from the Photolala engine, with a message that says what went wrong and what to do.
///
/// Compare ``code`` to tell errors apart; show ``message`` to the user. Messages name files
/// but never carry secrets or GPS data.
public struct PhotolalaError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure this is; new codes may be added.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String

        private init(_ name: String) {
            self.name = name
        }

        public var description: String { name }

        public static let photoNotFound = Code("photoNotFound")
        public static let unreadableFile = Code("unreadableFile")
        public static let emptyFile = Code("emptyFile")
        public static let notRegularFile = Code("notRegularFile")
        public static let notAnImage = Code("notAnImage")
        public static let unsupportedFormat = Code("unsupportedFormat")
        public static let damagedImage = Code("damagedImage")
        public static let imageTooLarge = Code("imageTooLarge")
        public static let fileTooLarge = Code("fileTooLarge")
        public static let unreadableFolder = Code("unreadableFolder")
        public static let writeFailed = Code("writeFailed")
        public static let databaseFailed = Code("databaseFailed")
        public static let imagingUnavailable = Code("imagingUnavailable")
        public static let noCatalog = Code("noCatalog")
        public static let damagedCatalog = Code("damagedCatalog")
        public static let notAPhotosLibrary = Code("notAPhotosLibrary")
        public static let unsupportedPhotosLibrary = Code("unsupportedPhotosLibrary")
        public static let damagedPhotosLibrary = Code("damagedPhotosLibrary")
        public static let photosLibraryBusy = Code("photosLibraryBusy")
        public static let notAvailableLocally = Code("notAvailableLocally")
        public static let albumNotFound = Code("albumNotFound")
        public static let uneditableSidecar = Code("uneditableSidecar")
        public static let invalidEdit = Code("invalidEdit")
        public static let transferRefused = Code("transferRefused")
    }

    public let code: Code
    public let message: String

    public var description: String { message }

    package init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}

extension PhotolalaError {
    package static func photoNotFound(_ id: String) -> Self {
        .init(.photoNotFound, "Photo '\(id)' was not found: it may have been moved or deleted.")
    }

    package static func unreadableFile(_ path: String, errno code: Int32) -> Self {
        .init(.unreadableFile, "Cannot read '\(path)': \(systemMessage(code)). Check that it exists and that you may read it.")
    }

    /// `kind` says what is there instead, as "a named pipe (FIFO)" or "a device".
    package static func notRegularFile(_ path: String, kind: String) -> Self {
        .init(
            .notRegularFile,
            "'\(path)' is \(kind), not a regular file: Photolala reads only files. Move it out of the way, or unstar it, and try again.")
    }

    package static func emptyFile(_ path: String) -> Self {
        .init(.emptyFile, "'\(path)' is empty (0 bytes): there is no image in it.")
    }

    package static func notAnImage(_ path: String) -> Self {
        .init(
            .notAnImage,
            "'\(path)' is not an image: its content is not JPEG, PNG, HEIC, AVIF, TIFF, GIF, WebP, BMP or camera RAW, whatever its name says.")
    }

    package static func damagedImage(_ path: String, reason: String) -> Self {
        let detail = reason.isEmpty ? "" : " (\(reason))"
        return .init(.damagedImage, "'\(path)' could not be decoded: the file is truncated or damaged\(detail).")
    }

    package static func imageTooLarge(_ path: String, width: Int, height: Int, limit: Int) -> Self {
        .init(
            .imageTooLarge,
            "'\(path)' is \(width)×\(height) pixels, over the limit of \(limit / 1_000_000) megapixels; it was not decoded, to protect memory.")
    }

    package static func fileTooLarge(_ path: String, size: Int64, limit: Int64) -> Self {
        .init(.fileTooLarge, "'\(path)' is \(size) bytes, over the \(limit)-byte limit for one photo.")
    }

    package static func unreadableFolder(_ path: String, errno code: Int32) -> Self {
        .init(.unreadableFolder, "Cannot open folder '\(path)': \(systemMessage(code)).")
    }

    package static func folderGone(_ path: String) -> Self {
        .init(.unreadableFolder, "The folder '\(path)' is no longer there: it was moved or deleted. Open it again where it is now.")
    }

    package static func folderReplaced(_ path: String) -> Self {
        .init(
            .unreadableFolder,
            "The folder '\(path)' was replaced (by a link or another folder) since it was opened, so it is not read. Open it again if the new one is meant."
        )
    }

    package static func writeFailed(_ path: String, errno code: Int32) -> Self {
        .init(.writeFailed, "Cannot write '\(path)': \(systemMessage(code)). Check free space and permissions.")
    }

    /// `reason` fits after "it ": "is a symbolic link".
    package static func uneditableSidecar(_ path: String, reason: String) -> Self {
        .init(
            .uneditableSidecar,
            "The XMP sidecar '\(path)' was not changed: it \(reason). Nothing was written; fix or move the sidecar and try again.")
    }

    /// `reason` fits after "'PATH' was not copied or moved: ": "a file of that name is in the folder already".
    package static func transferRefused(_ path: String, reason: String) -> Self {
        .init(.transferRefused, "'\(path)' was not copied or moved: \(reason). Nothing was changed.")
    }

    /// `reason` says what is wrong with it: "a rating is 0 to 5 stars, not 7".
    package static func invalidEdit(_ reason: String) -> Self {
        .init(.invalidEdit, "The edit was not made: \(reason).")
    }

    package static func databaseFailed(_ path: String, reason: String) -> Self {
        .init(.databaseFailed, "The database '\(path)' failed: \(reason). Delete it to rebuild it from your folders.")
    }

    package static func noCatalog(_ folder: String) -> Self {
        .init(.noCatalog, "'\(folder)' has no catalog yet. Run 'photolala catalog build \(folder)' to make one.")
    }

    package static func damagedCatalog(_ path: String, reason: String) -> Self {
        .init(.damagedCatalog, "The catalog at '\(path)' is damaged: \(reason). Run 'photolala catalog build' to rebuild it.")
    }

    package static func imagingUnavailable(_ reason: String) -> Self {
        .init(
            .imagingUnavailable,
            "Images cannot be read: \(reason). Install libvips, LibRaw and libheif (apt install libvips42 libraw20 libheif1, brew install vips libraw libheif)."
        )
    }

    package static func notAPhotosLibrary(_ path: String) -> Self {
        .init(
            .notAPhotosLibrary,
            "'\(path)' is not an Apple Photos library: it has no database/Photos.sqlite. Give the path of a .photoslibrary folder.")
    }

    package static func unsupportedPhotosLibrary(_ path: String, reason: String) -> Self {
        .init(
            .unsupportedPhotosLibrary,
            "'\(path)' is \(reason), which Photolala cannot read. Open it once in Photos on macOS 10.15 or later to upgrade it.")
    }

    package static func damagedPhotosLibrary(_ path: String, reason: String) -> Self {
        .init(
            .damagedPhotosLibrary,
            "The Photos library '\(path)' is damaged: \(reason). Copy it again from the Mac, or repair it in Photos (hold Option+Command while opening)."
        )
    }

    package static func photosLibraryBusy(_ path: String) -> Self {
        .init(
            .photosLibraryBusy,
            "The database of the Photos library '\(path)' kept changing while it was copied: try again once Photos is idle.")
    }

    package static func notAvailableLocally(_ name: String, referenced: Bool) -> Self {
        if referenced {
            return .init(
                .notAvailableLocally,
                "The original of '\(name)' is not available locally (referenced outside the library): consolidate it in Photos on the Mac, then copy the library again."
            )
        }
        return .init(
            .notAvailableLocally,
            "The original of '\(name)' is not available locally (in iCloud): download it in Photos on the Mac, then copy the library again.")
    }

    package static func albumNotFound(_ uuid: String, library: String) -> Self {
        .init(.albumNotFound, "The Photos library '\(library)' has no album '\(uuid)'. Run 'photolala library albums' to list album uuids.")
    }
}
