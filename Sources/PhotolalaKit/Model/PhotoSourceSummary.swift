/// How the sidebar shows a source: what kind it is, its name, whether it is set up (and if not,
/// what to set), what it can do and where browsing starts.
public struct PhotoSourceSummary: Sendable, Equatable {
    /// `local`, `applePhotos` or `cloud`.
    public let kind: String
    public let name: String
    public let configured: Bool
    public var capabilities: PhotoSourceCapabilities
    /// The folder the source opens at; `nil` for a source not set up.
    public var rootFolder: String?
    /// For a source not set up: what to set.
    public var message: String?
    /// For the cloud: whether originals must be restored from Deep Archive before they are read.
    public var archived: Bool?
    /// What the source could not make sense of (an Apple Photos library's unknown columns).
    public var problems: [String]?

    /// - Parameters:
    ///   - kind: `local`, `applePhotos` or `cloud`.
    ///   - name: The name the sidebar shows.
    ///   - configured: Whether the source is set up.
    ///   - capabilities: What the source offers beyond listing and showing photos.
    ///   - rootFolder: The folder browsing starts at.
    ///   - message: For a source not set up, what to set.
    public init(
        kind: String, name: String, configured: Bool, capabilities: PhotoSourceCapabilities = [], rootFolder: String? = nil,
        message: String? = nil
    ) {
        self.kind = kind
        self.name = name
        self.configured = configured
        self.capabilities = capabilities
        self.rootFolder = rootFolder
        self.message = message
    }
}
