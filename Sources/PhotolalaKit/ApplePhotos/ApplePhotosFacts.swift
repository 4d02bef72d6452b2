/// What Photos knows of a library's assets beyond their rows, for search, each by asset uuid:
/// read in one pass over each table by ``ApplePhotosLibrary/facts()``.
public struct ApplePhotosFacts: Sendable {
    /// The people the user named in each asset, each once, sorted.
    public var people: [String: [String]] = [:]
    /// Each asset's caption.
    public var descriptions: [String: String] = [:]
    /// Each asset's place as Photos reverse-geocoded it.
    public var places: [String: Place] = [:]
    /// The scene labels Photos gave each asset, sorted, each once.
    public var labels: [String: [String]] = [:]
    /// What could not be read, with what is missed: Photos' search index, when it is damaged.
    public var problems: [String] = []
}
