import Foundation
import PhotolalaSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension XMPSidecar {
    /// Makes `edit` in the sidecar of the photo at `path`, or in a new one named by `naming`:
    /// the properties it changes are written anew and every other byte is kept (another
    /// program's history, develop settings, face regions). The photo itself is never written.
    /// The new sidecar is read back before it replaces the old one, atomically, with its mode.
    /// - Returns: The sidecar written, as it reads now, and whether the edit made it.
    /// - Throws: ``PhotolalaError/uneditableSidecar`` when the sidecar is a link, no regular
    ///   file, no XMP, over the limits, or the edit does not read back;
    ///   ``PhotolalaError/writeFailed`` when the folder cannot be written.
    static func write(_ edit: DescriptionEdit, forPhotoAt path: String, naming: SidecarNaming) throws -> (sidecar: XMPSidecar, isNew: Bool) {
        let target = try writableSidecarPath(forPhotoAt: path, naming: naming)
        var packet = XMPPacketEditor.emptyPacket
        var mode: mode_t = 0o644
        if target.exists {
            let contents = try FileContents(path: target.path, sizeLimit: Int64(XMPPacket.limits.bytes))
            packet = contents.bytes
            var info = stat()
            if stat(target.path, &info) == 0 { mode = info.st_mode & 0o7777 }
        }
        let before: XMPPacket
        let editor: XMPPacketEditor
        do {
            before = try XMPPacket(packet)
            editor = try XMPPacketEditor(packet)
        } catch {
            throw PhotolalaError.uneditableSidecar(target.path, reason: "\(error)")
        }
        let edited = editor.applying(changes(for: edit, in: before))
        let expected = edit.applied(to: PhotoDescription(sidecar: before))
        guard let after = try? XMPPacket(edited), PhotoDescription(sidecar: after).matches(expected) else {
            throw PhotolalaError.uneditableSidecar(
                target.path, reason: "would not read back as edited (its layout is one Photolala cannot change in place)")
        }
        try AtomicFile.write(edited, to: target.path, permissions: mode)
        return (try XMPSidecar(path: target.path), !target.exists)
    }

    /// The sidecar an edit of the photo at `path` goes to, and whether it exists: the first of
    /// ``candidatePaths(forPhotoAt:)`` that does, else the one `naming` names. A link is never
    /// written through (it may lead out of the folder), and the photo must be a file.
    private static func writableSidecarPath(forPhotoAt path: String, naming: SidecarNaming) throws -> (path: String, exists: Bool) {
        var info = stat()
        guard stat(path, &info) == 0 else { throw PhotolalaError.unreadableFile(path, errno: errno) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw PhotolalaError.notRegularFile(path, kind: "not a file") }
        for candidate in candidatePaths(forPhotoAt: path) where lstat(candidate, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFREG: return (candidate, true)
            case S_IFLNK: throw PhotolalaError.uneditableSidecar(candidate, reason: "is a symbolic link, which Photolala never writes through")
            default: throw PhotolalaError.uneditableSidecar(candidate, reason: "is not a regular file")
            }
        }
        // The candidates are NAME.EXT.xmp, NAME.EXT.XMP, then NAME.xmp and NAME.XMP when the name has a stem.
        let candidates = candidatePaths(forPhotoAt: path)
        return (naming == .stem && candidates.count > 2 ? candidates[2] : candidates[0], false)
    }

    /// The properties `edit` changes in a sidecar that holds `packet` now. Keywords are kept
    /// where each program looks: plain ones in `dc:subject`, a hierarchy in
    /// `lr:hierarchicalSubject` with its last level in `dc:subject`, and digiKam's
    /// `digiKam:TagsList` where the sidecar has one. A colour label also sets darktable's own
    /// where the sidecar has it.
    private static func changes(for edit: DescriptionEdit, in packet: XMPPacket) -> [(name: XMPPacket.Name, value: XMPPacketEditor.Value?)] {
        var changes: [(name: XMPPacket.Name, value: XMPPacketEditor.Value?)] = []
        if let rating = edit.rating { changes.append((.basic("Rating"), .text(String(rating)))) }
        if let label = edit.colorLabel {
            let cleaned = PhotoDescription.cleaned(label)
            changes.append((.basic("Label"), cleaned.map { .text($0) }))
            if !packet.values(.darktable("colorlabels")).isEmpty {
                let index = cleaned.flatMap { name in (0..<5).first { PhotoDescription.darktableLabel($0) == name } }
                changes.append((.darktable("colorlabels"), index.map { .sequence([String($0)]) }))
            }
        }
        if let title = edit.title { changes.append((.dublinCore("title"), PhotoDescription.cleaned(title).map { .alternative($0) })) }
        if let caption = edit.caption { changes.append((.dublinCore("description"), PhotoDescription.cleaned(caption).map { .alternative($0) })) }
        guard !edit.addedKeywords.isEmpty || !edit.removedKeywords.isEmpty else { return changes }

        let removed = Set(edit.removedKeywords.compactMap { DescriptionEdit.leaf(of: $0)?.lowercased() })
        func leafIsRemoved(_ keyword: String, separator: Character) -> Bool {
            keyword.split(separator: separator).last.map { removed.contains(String($0).trimmingCharacters(in: .whitespaces).lowercased()) } ?? false
        }
        var subjects = packet.values(.dublinCore("subject")).filter { !removed.contains($0.trimmingCharacters(in: .whitespaces).lowercased()) }
        var hierarchies = packet.values(.lightroom("hierarchicalSubject")).filter { !leafIsRemoved($0, separator: "|") }
        let tagsList = packet.values(.digiKam("TagsList"))
        var tags = tagsList.filter { !leafIsRemoved($0, separator: "/") }
        for keyword in edit.addedKeywords {
            let levels = keyword.split(separator: "|").compactMap { PhotoDescription.cleaned(String($0)) }
            guard let leaf = levels.last else { continue }
            if !subjects.contains(where: { $0.caseInsensitiveCompare(leaf) == .orderedSame }) { subjects.append(leaf) }
            guard levels.count > 1 else { continue }
            let hierarchy = levels.joined(separator: "|")
            if !hierarchies.contains(where: { $0.caseInsensitiveCompare(hierarchy) == .orderedSame }) { hierarchies.append(hierarchy) }
            let path = levels.joined(separator: "/")
            if !tagsList.isEmpty, !tags.contains(where: { $0.caseInsensitiveCompare(path) == .orderedSame }) { tags.append(path) }
        }
        changes.append((.dublinCore("subject"), subjects.isEmpty ? nil : .bag(subjects)))
        if hierarchies != packet.values(.lightroom("hierarchicalSubject")) {
            changes.append((.lightroom("hierarchicalSubject"), hierarchies.isEmpty ? nil : .bag(hierarchies)))
        }
        if tags != tagsList { changes.append((.digiKam("TagsList"), tags.isEmpty ? nil : .sequence(tags))) }
        return changes
    }
}

extension PhotoDescription {
    /// Whether it holds what `expected` does of what an edit changes: the stars, label, title,
    /// caption, and the keywords whatever their order.
    fileprivate func matches(_ expected: PhotoDescription) -> Bool {
        rating == expected.rating && colorLabel == expected.colorLabel && title == expected.title && caption == expected.caption
            && Set(keywords.map { $0.lowercased() }) == Set(expected.keywords.map { $0.lowercased() })
    }
}
