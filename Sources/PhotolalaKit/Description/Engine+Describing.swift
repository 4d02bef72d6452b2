extension Engine {
    /// A sidecar an edit was written to.
    public struct EditedSidecar: Sendable, Equatable {
        public let path: String
        /// Whether the edit made it: the photo had none.
        public let isNew: Bool
        /// What the sidecar says now.
        public let description: PhotoDescription
    }

    /// Makes `edit` in the XMP sidecar of the photo file at `path` (``XMPSidecar/write(_:forPhotoAt:naming:)``):
    /// the photo's own bytes never change, and everything else the sidecar holds is kept.
    /// - Parameter naming: How a sidecar is named when the photo has none yet; the
    ///   configuration's ``EngineConfiguration/sidecarNaming`` when `nil`.
    /// - Throws: ``PhotolalaError/invalidEdit`` when the edit is not one to make,
    ///   ``PhotolalaError/uneditableSidecar`` when the sidecar cannot be changed safely, other ``PhotolalaError``s when the photo or its folder
    ///   cannot be read or written.
    public func edit(_ edit: DescriptionEdit, ofFileAt path: String, naming: SidecarNaming? = nil) async throws -> EditedSidecar {
        if let problem = edit.problem { throw PhotolalaError.invalidEdit(problem) }
        let naming = naming ?? configuration.sidecarNaming
        return try await offload { [sidecars] in
            let (sidecar, isNew) = try sidecars.write(edit, forPhotoAt: path, naming: naming)
            return EditedSidecar(path: sidecar.path, isNew: isNew, description: sidecar.description)
        }
    }
}
