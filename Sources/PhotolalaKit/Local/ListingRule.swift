#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a folder listing shows, decided in one place for the scanner that lists files and for
/// the item and folder ids that name them, so that an id reaches nothing the listing hides.
///
/// A listing shows photos (by extension, or for a name without one by its first bytes) and
/// folders; never a hidden file or folder (a name starting with `.`, `.photolala` among them)
/// nor anything inside one, however it is reached: through a link, the link's target must be
/// shown too.
enum ListingRule {
    /// What a file name alone says, decided on its bytes before any string is made.
    enum NameVerdict {
        case hidden
        /// A photo extension, in any case.
        case photo
        /// No extension: only the content can tell.
        case noExtension
        case other
    }

    /// Whether a file or folder named `name` is hidden from listings.
    static func isHidden(_ name: some Collection<UInt8>) -> Bool {
        name.first == UInt8(ascii: ".")
    }

    /// Whether a path relative to a listed root names only shown folders and files: no
    /// component is hidden.
    static func showsPath(_ relative: some StringProtocol) -> Bool {
        !relative.utf8.split(separator: UInt8(ascii: "/")).contains { isHidden($0) }
    }

    /// What file name `name` says about its file being listed.
    static func verdict(ofName name: UnsafeBufferPointer<UInt8>) -> NameVerdict {
        guard let first = name.first else { return .other }
        if first == UInt8(ascii: ".") { return .hidden }
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > 0 else { return .noExtension }
        guard let key = ImageFormat.extensionKey(name[(dot + 1)...]) else { return .other }
        return ImageFormat.formatsByExtensionKey[key] != nil ? .photo : .other
    }

    static func verdict(ofName name: String) -> NameVerdict {
        var name = name
        return name.withUTF8(verdict(ofName:))
    }

    /// Whether a listing may show a file named `name` without looking at it: a photo name, or
    /// a name without an extension (which the listing shows only when its bytes are a photo's).
    static func mayShowFile(named name: String) -> Bool {
        var name = name
        return name.withUTF8 { bytes in
            switch verdict(ofName: bytes) {
            case .photo, .noExtension: !bytes.contains(UInt8(ascii: "/"))
            case .hidden, .other: false
            }
        }
    }

    /// Whether a file whose name says `verdict`, at `path` (links followed), is one the listing
    /// shows: a regular file with a photo's extension, or without an extension and starting
    /// with a photo's bytes.
    static func showsFile(_ verdict: NameVerdict, at path: String) -> Bool {
        switch verdict {
        case .photo: isRegularFile(path)
        case .noExtension: isRegularFile(path) && looksLikeImage(path)
        case .hidden, .other: false
        }
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// Reads a file's first bytes to see whether it is an image Photolala reads (never a pipe's,
    /// should one have taken the file's place: see ``RegularFile``).
    private static func looksLikeImage(_ path: String) -> Bool {
        guard let head = try? PhotoFileReader.head(of: path), !head.isEmpty else { return false }
        return ImageFormat(sniffing: head) != nil
    }
}
