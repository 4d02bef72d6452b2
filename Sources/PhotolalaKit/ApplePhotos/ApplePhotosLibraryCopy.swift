import Synchronization

/// One copy of a library's database, replaced when Photos changed the library: the copy a
/// source's thumbnails were made from, so that they are dropped once it is replaced.
final class ApplePhotosLibraryCopy: Sendable {
    private let library: Mutex<ApplePhotosLibrary>

    init(_ library: ApplePhotosLibrary) {
        self.library = Mutex(library)
    }

    /// Takes `current` as the copy in use; whether it is another one than before.
    func replace(with current: ApplePhotosLibrary) -> Bool {
        library.withLock { known in
            defer { known = current }
            return known !== current
        }
    }
}
