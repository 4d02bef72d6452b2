/// A folder as a browser opens it: its name, its way back to the source's root and what it holds.
public struct PhotoFolder: Sendable, Equatable {
    /// A folder named in a breadcrumb or as a subfolder.
    public struct Reference: Sendable, Equatable {
        public let id: String
        public let name: String
        /// What a subfolder is, for its tile's icon: `folder`, or in Apple Photos `album`,
        /// `smartAlbum` (the built-in views too), `sharedAlbum`, `project` or `folder`; `nil` in
        /// breadcrumbs.
        public let kind: String?

        public init(id: String, name: String, kind: String? = nil) {
            self.id = id
            self.name = name
            self.kind = kind
        }
    }

    public let id: String
    public let name: String
    /// From the source's root down to this folder.
    public let breadcrumb: [Reference]
    public let folders: [Reference]
    /// What the folder is (the names of ``Reference/kind``; `library` for a library's All Photos).
    public let kind: String

    /// - Parameters:
    ///   - id: The folder's id.
    ///   - name: Its name.
    ///   - breadcrumb: The folders from the root down to it.
    ///   - folders: Its subfolders or sub-albums.
    ///   - kind: What it is.
    public init(id: String, name: String, breadcrumb: [Reference], folders: [Reference], kind: String = "folder") {
        self.id = id
        self.name = name
        self.breadcrumb = breadcrumb
        self.folders = folders
        self.kind = kind
    }
}
