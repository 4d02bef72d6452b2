import Synchronization

/// Makes edits in XMP sidecars one at a time: an edit reads a sidecar, changes it and writes it
/// back, so two at once on one photo (its stars from the keyboard while its title is saved)
/// would each write what the other had not yet, and one would be lost.
final class SidecarWriter: Sendable {
    private let turn = Mutex<Void>(())

    /// ``XMPSidecar/write(_:forPhotoAt:naming:)`` after every edit begun before it.
    func write(_ edit: DescriptionEdit, forPhotoAt path: String, naming: SidecarNaming) throws -> (sidecar: XMPSidecar, isNew: Bool) {
        try turn.withLock { _ in try XMPSidecar.write(edit, forPhotoAt: path, naming: naming) }
    }
}
