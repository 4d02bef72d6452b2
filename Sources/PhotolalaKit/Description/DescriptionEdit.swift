/// What a person changes by hand in a photo's description: its stars, colour label, keywords,
/// title and caption. What is left `nil` (or empty) stays as it is.
///
/// Written to an XMP sidecar (``XMPSidecar/write(_:forPhotoAt:naming:)``), never into the photo:
/// its bytes and MD5 stay the same, and Lightroom, darktable and digiKam read the change.
public struct DescriptionEdit: Sendable, Equatable, Codable {
    /// Stars, 0–5 (0: none, as Lightroom's key 0 sets).
    public var rating: Int?
    /// The colour label's name (`Red`, `Yellow`, `Green`, `Blue`, `Purple`, or one of the
    /// user's own); an empty one takes the label away.
    public var colorLabel: String?
    /// An empty one takes the title away.
    public var title: String?
    /// The description (`dc:description`); an empty one takes it away.
    public var caption: String?
    /// Keywords to add: a hierarchy's levels parted by `|` as Lightroom writes them
    /// (`Places|Italy|Rome`).
    public var addedKeywords: [String] = []
    /// Keywords to take away, plain or as a hierarchy.
    public var removedKeywords: [String] = []

    public init(
        rating: Int? = nil, colorLabel: String? = nil, title: String? = nil, caption: String? = nil, addedKeywords: [String] = [],
        removedKeywords: [String] = []
    ) {
        self.rating = rating
        self.colorLabel = colorLabel
        self.title = title
        self.caption = caption
        self.addedKeywords = addedKeywords
        self.removedKeywords = removedKeywords
    }

    /// Whether it changes nothing.
    public var isEmpty: Bool { self == DescriptionEdit() }

    /// Why it cannot be made, in words that fit after "The edit was not made: "; `nil` when it can.
    public var problem: String? {
        if let rating, !(0...5).contains(rating) { return "a rating is 0 to 5 stars, not \(rating)" }
        let texts = [colorLabel, title, caption].compactMap { $0 } + addedKeywords + removedKeywords
        if texts.contains(where: { $0.count > PhotoDescription.maximumLength }) {
            return "a text is longer than \(PhotoDescription.maximumLength) characters"
        }
        if (addedKeywords + removedKeywords).contains(where: { PhotoDescription.cleaned($0) == nil }) { return "a keyword is empty" }
        return nil
    }

    /// `description` with this edit made, as a sidecar holding it reads back.
    public func applied(to description: PhotoDescription) -> PhotoDescription {
        var edited = description
        if let rating { edited.rating = rating }
        if let colorLabel { edited.colorLabel = PhotoDescription.cleaned(colorLabel) }
        if let title { edited.title = PhotoDescription.cleaned(title) }
        if let caption { edited.caption = PhotoDescription.cleaned(caption) }
        let removed = Set(removedKeywords.compactMap { Self.leaf(of: $0)?.lowercased() })
        edited.keywords = PhotoDescription.keywords(
            edited.keywords.filter { !removed.contains($0.lowercased()) } + addedKeywords.compactMap(Self.leaf(of:)))
        return edited
    }

    /// A keyword's last level (`Rome` of `Places|Italy|Rome`), cleaned.
    static func leaf(of keyword: String) -> String? {
        keyword.split(separator: "|").last.flatMap { PhotoDescription.cleaned(String($0)) }
    }
}
