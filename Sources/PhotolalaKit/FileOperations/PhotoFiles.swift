import Foundation
import PhotolalaSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files that are one photo on disk, which go together wherever it goes: the photo, the
/// other files of its RAW+JPEG pair or Live Photo (``FilePairing``), and each one's XMP
/// sidecars, `NAME.EXT.xmp`, and `NAME.xmp` unless a file of that stem stays behind (it is
/// that file's too, as Lightroom names one sidecar for a pair).
enum PhotoFiles {
    /// The files of the photo at `path`, the photo first, each once; without `companions`, the
    /// photo and its own sidecars alone.
    static func of(_ path: String, companions: Bool = true) -> [String] {
        let name = FilePath.name(of: path)
        let folder = String(path.dropLast(name.count))
        let siblings = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        let names = siblings.filter { !$0.lowercased().hasSuffix(".xmp") && !$0.hasPrefix(".") }
        var members = [name]
        if companions, let index = names.firstIndex(of: name),
            let group = FilePairing.groups(ofNames: names).first(where: { $0.primary == index || $0.companions.contains { $0.index == index } })
        {
            members += ([group.primary] + group.companions.map(\.index)).map { names[$0] }.filter { $0 != name }
        }
        let staying = Set(names).subtracting(members)
        var files: [String] = []
        var seen: Set<String> = []
        for member in members {
            let path = folder + member
            let sidecars = XMPSidecar.candidatePaths(forPhotoAt: path).filter { sidecar in
                guard access(sidecar, F_OK) == 0 else { return false }
                // NAME.xmp is shared with any file of the stem: it goes only when none stays.
                return sidecar.hasPrefix(path + ".") || !staying.contains { FilePairing.baseName(of: $0) == FilePairing.baseName(of: member) }
            }
            for file in [path] + sidecars where seen.insert(file).inserted {
                files.append(file)
            }
        }
        return files
    }
}
