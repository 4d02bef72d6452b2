import Foundation

/// An XMP sidecar beside a photo: `NAME.EXT.xmp` as darktable and digiKam write it, or
/// `NAME.xmp` as Lightroom and Capture One do. What it says wins over what the photo embeds
/// (``PhotoDescription/overlaid(by:)``): it is where those programs keep the user's keywords,
/// ratings and labels without touching the original.
struct XMPSidecar: Sendable, Equatable {
    let path: String
    let status: FileStatus
    let description: PhotoDescription

    /// The sidecar names a photo's may have, in the order they are looked for: the one named
    /// after the whole file name first, as it names this file and no other of its stem.
    static func candidatePaths(forPhotoAt path: String) -> [String] {
        let name = FilePath.name(of: path)
        let folder = String(path.dropLast(name.count))
        let stem = name.lastIndex(of: ".").map { String(name[..<$0]) }
        var candidates = [path + ".xmp", path + ".XMP"]
        if let stem, !stem.isEmpty {
            candidates += [folder + stem + ".xmp", folder + stem + ".XMP"]
        }
        return candidates
    }

    /// Reads the sidecar at `path`.
    /// - Throws: ``PhotolalaError`` when it cannot be read (see ``FileContents``), or
    ///   ``XMPPacket/Unreadable`` when it is no XMP.
    init(path: String) throws {
        let contents = try FileContents(path: path, sizeLimit: Int64(XMPPacket.limits.bytes))
        self.path = path
        status = contents.status
        description = PhotoDescription(sidecar: try XMPPacket(contents.bytes))
    }

    /// The first sidecar of the photo at `path` that exists, read; `nil` when it has none.
    /// - Throws: As ``init(path:)``, for the one found.
    static func find(forPhotoAt path: String) throws -> XMPSidecar? {
        for candidate in candidatePaths(forPhotoAt: path) where access(candidate, F_OK) == 0 {
            return try XMPSidecar(path: candidate)
        }
        return nil
    }
}
