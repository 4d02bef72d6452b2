import Foundation
import PhotolalaSupport

extension FreedesktopTrash {
    /// Moves a photo to the Trash with its XMP sidecars, which hold what was written of it and
    /// go where it goes: `NAME.EXT.xmp`, and `NAME.xmp` unless another file of the same stem
    /// stays (a RAW+JPEG pair's other half, whose sidecar Lightroom named so).
    /// - Returns: What was moved, the photo first.
    /// - Throws: As ``trash(_:)``, for the photo (nothing is moved) or a sidecar (the photo and
    ///   the sidecars before it are in the Trash; the rest stay).
    public func trashPhoto(at path: String) throws -> [Trashed] {
        var moved = [try trash(path)]
        let name = FilePath.name(of: path)
        let folder = String(path.dropLast(name.count))
        let stem = FilePairing.baseName(of: name)
        let siblings = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        let stemShared = siblings.contains { sibling in
            sibling != name && !sibling.lowercased().hasSuffix(".xmp") && FilePairing.baseName(of: sibling) == stem
        }
        for sidecar in XMPSidecar.candidatePaths(forPhotoAt: path) where access(sidecar, F_OK) == 0 {
            let isStems = !sidecar.hasPrefix(path + ".")
            if isStems && stemShared { continue }
            moved.append(try trash(sidecar))
        }
        return moved
    }
}
