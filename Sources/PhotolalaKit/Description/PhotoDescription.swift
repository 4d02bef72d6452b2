/// What a photo says of itself beyond its pixels and its date, for search: the camera and lens,
/// where it was taken, and what people wrote of it (title, caption, keywords, rating, colour
/// label), with whether it is a screenshot or a panorama.
///
/// Read from the file's EXIF, XMP and IPTC in the one read of its bytes
/// (``PhotoDescription/init(exif:xmp:iptc:width:height:)``), kept by the MD5 of the content in
/// ``PhotoDescriptionIndex``, and overlaid by a sidecar's (``overlaid(by:)``), which wins, as
/// Lightroom, darktable and digiKam mean their sidecars to.
public struct PhotoDescription: Sendable, Equatable, Codable {
    public var cameraMake: String?
    public var cameraModel: String?
    public var lensModel: String?
    /// Signed degrees (south and west negative), only for a position on Earth; never (0, 0),
    /// which cameras without a fix write.
    public var latitude: Double?
    public var longitude: Double?
    public var title: String?
    /// The description (`dc:description`, IPTC Caption-Abstract, EXIF ImageDescription).
    public var caption: String?
    /// Keywords as written, each once (compared without case), in the order first met.
    public var keywords: [String] = []
    /// Stars, 0–5; `nil` when none is recorded (a rejected photo's -1 is none).
    public var rating: Int?
    /// The colour label's name as written (`Red`, `Yellow`, `Green`, `Blue`, `Purple`, or a
    /// name of the user's own).
    public var colorLabel: String?
    public var isScreenshot = false
    public var isPanorama = false
    /// The people named in it and its scene labels ("Beach", "Bride"), as the Apple Photos
    /// library it is an original of knows them (``ApplePhotosFacts``): no file holds them, so
    /// they are set only where a backed-up photo's facts travel with it (``CloudFacts``).
    public var people: [String] = []
    public var labels: [String] = []

    public init() {}

    /// Whether it records nothing at all.
    var isEmpty: Bool { self == PhotoDescription() }

    /// These values with each one `sidecar` records put in their place: a sidecar is where the
    /// user's edits live, so its keywords replace the embedded ones when it has any.
    func overlaid(by sidecar: PhotoDescription) -> PhotoDescription {
        var merged = self
        merged.cameraMake = sidecar.cameraMake ?? cameraMake
        merged.cameraModel = sidecar.cameraModel ?? cameraModel
        merged.lensModel = sidecar.lensModel ?? lensModel
        if sidecar.latitude != nil, sidecar.longitude != nil {
            (merged.latitude, merged.longitude) = (sidecar.latitude, sidecar.longitude)
        }
        merged.title = sidecar.title ?? title
        merged.caption = sidecar.caption ?? caption
        merged.keywords = sidecar.keywords.isEmpty ? keywords : sidecar.keywords
        merged.rating = sidecar.rating ?? rating
        merged.colorLabel = sidecar.colorLabel ?? colorLabel
        merged.isScreenshot = isScreenshot || sidecar.isScreenshot
        merged.isPanorama = isPanorama || sidecar.isPanorama
        merged.people = sidecar.people.isEmpty ? people : sidecar.people
        merged.labels = sidecar.labels.isEmpty ? labels : sidecar.labels
        return merged
    }
}

extension PhotoDescription {
    private enum CodingKeys: String, CodingKey {
        case cameraMake, cameraModel, lensModel, latitude, longitude, title, caption, keywords, rating, colorLabel, isScreenshot, isPanorama
        case people, labels
    }

    /// Writes what is known only: a photo of a folder, most of them, has no people or labels.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(cameraMake, forKey: .cameraMake)
        try container.encodeIfPresent(cameraModel, forKey: .cameraModel)
        try container.encodeIfPresent(lensModel, forKey: .lensModel)
        try container.encodeIfPresent(latitude, forKey: .latitude)
        try container.encodeIfPresent(longitude, forKey: .longitude)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encodeIfPresent(caption, forKey: .caption)
        try container.encode(keywords, forKey: .keywords)
        try container.encodeIfPresent(rating, forKey: .rating)
        try container.encodeIfPresent(colorLabel, forKey: .colorLabel)
        try container.encode(isScreenshot, forKey: .isScreenshot)
        try container.encode(isPanorama, forKey: .isPanorama)
        if !people.isEmpty { try container.encode(people, forKey: .people) }
        if !labels.isEmpty { try container.encode(labels, forKey: .labels) }
    }

    /// Reads what another version may have written: keywords, flags, people and labels left
    /// out are none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        cameraMake = try container.decodeIfPresent(String.self, forKey: .cameraMake)
        cameraModel = try container.decodeIfPresent(String.self, forKey: .cameraModel)
        lensModel = try container.decodeIfPresent(String.self, forKey: .lensModel)
        latitude = try container.decodeIfPresent(Double.self, forKey: .latitude)
        longitude = try container.decodeIfPresent(Double.self, forKey: .longitude)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        caption = try container.decodeIfPresent(String.self, forKey: .caption)
        keywords = try container.decodeIfPresent([String].self, forKey: .keywords) ?? []
        rating = try container.decodeIfPresent(Int.self, forKey: .rating)
        colorLabel = try container.decodeIfPresent(String.self, forKey: .colorLabel)
        isScreenshot = try container.decodeIfPresent(Bool.self, forKey: .isScreenshot) ?? false
        isPanorama = try container.decodeIfPresent(Bool.self, forKey: .isPanorama) ?? false
        people = try container.decodeIfPresent([String].self, forKey: .people) ?? []
        labels = try container.decodeIfPresent([String].self, forKey: .labels) ?? []
    }
}
