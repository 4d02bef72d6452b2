/// A change to a source's item list, seen after the list was first loaded.
public enum PhotoSourceChange: Sendable, Equatable {
    case added([PhotoItem])
    case removed([PhotoItem.ID])
    /// Items whose content changed: their metadata and thumbnail must be loaded again.
    case updated([PhotoItem])
}
