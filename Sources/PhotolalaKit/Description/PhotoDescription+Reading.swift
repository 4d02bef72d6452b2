import Foundation

extension PhotoDescription {
    /// The most keywords kept of one photo, and characters of one text.
    static let maximumKeywords = 500
    static let maximumLength = 2_000

    /// What a photo's own metadata says, each value from the first of its sources that holds
    /// one, in the order exiftool's composite tags and Lightroom read them: XMP, then IPTC, then
    /// EXIF for the title and caption; EXIF, then XMP for the camera, lens and position.
    /// - Parameters:
    ///   - width: The displayed width, for telling a panorama by its shape when it says nothing.
    init(exif: ExifReader?, xmp: XMPPacket?, iptc: IPTCRecords?, width: Int? = nil, height: Int? = nil) {
        typealias Tag = ExifReader.Tag
        self.init()
        cameraMake = Self.cleaned(exif?.primary[Tag.make]?.text) ?? Self.cleaned(xmp?.value(.tiff("Make")))
        cameraModel = Self.cleaned(exif?.primary[Tag.model]?.text) ?? Self.cleaned(xmp?.value(.tiff("Model")))
        lensModel =
            Self.cleaned(exif?.exif[Tag.lensModel]?.text) ?? Self.cleaned(xmp?.value(.exifEX("LensModel")))
            ?? Self.cleaned(xmp?.value(.auxiliary("Lens")))
        // Only the position: the rest of what `PhotoMetadata.apply` reads (the date) is the caller's.
        var position = exif.flatMap(PhotoMetadata.position(in:))
        if position == nil, let xmp,
            let latitude = xmp.value(.exif("GPSLatitude")).flatMap(Self.xmpCoordinate),
            let longitude = xmp.value(.exif("GPSLongitude")).flatMap(Self.xmpCoordinate)
        {
            position = (latitude, longitude)
        }
        setPosition(latitude: position?.latitude, longitude: position?.longitude)

        title = Self.cleaned(xmp?.value(.dublinCore("title"))) ?? Self.cleaned(iptc?.value(IPTCRecords.Dataset.objectName))
        caption =
            Self.cleaned(xmp?.value(.dublinCore("description"))) ?? Self.cleaned(iptc?.value(IPTCRecords.Dataset.caption))
            ?? Self.cleaned(exif?.primary[Tag.imageDescription]?.text).flatMap { Self.isCameraPlaceholder($0) ? nil : $0 }
        keywords = Self.keywords(
            (xmp?.values(.dublinCore("subject")) ?? []) + (iptc?.values[IPTCRecords.Dataset.keywords] ?? [])
                // Hierarchies ("Places|Italy|Rome", digiKam's "Places/Italy/Rome") give their leaves.
                + (xmp?.values(.lightroom("hierarchicalSubject")) ?? []).compactMap { $0.split(separator: "|").last.map(String.init) }
                + (xmp?.values(.digiKam("TagsList")) ?? []).compactMap { $0.split(separator: "/").last.map(String.init) })
        rating = xmp?.value(.basic("Rating")).flatMap(Double.init).flatMap { (0...5).contains($0) ? Int($0.rounded()) : nil }
        colorLabel =
            Self.cleaned(xmp?.value(.basic("Label")))
            ?? xmp?.values(.darktable("colorlabels")).lazy.compactMap { Int($0).flatMap(Self.darktableLabel) }.first
        let comment = exif?.exif[Tag.userComment]?.comment ?? xmp?.value(.exif("UserComment"))
        isScreenshot = comment?.caseInsensitiveCompare("Screenshot") == .orderedSame
        let projection = xmp?.value(.panorama("ProjectionType"))?.lowercased()
        isPanorama =
            projection == "equirectangular" || projection == "cylindrical"
            || (cameraMake != nil && Self.isPanoramaShape(width: width, height: height))
    }

    /// What an XMP sidecar says, for ``overlaid(by:)``.
    init(sidecar: XMPPacket) {
        self.init(exif: nil, xmp: sidecar, iptc: nil)
    }

    /// Keeps a position only when it is one on Earth and not (0, 0).
    mutating func setPosition(latitude: Double?, longitude: Double?) {
        guard let latitude, let longitude, latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180,
            latitude != 0 || longitude != 0
        else {
            (self.latitude, self.longitude) = (nil, nil)
            return
        }
        (self.latitude, self.longitude) = (latitude, longitude)
    }

    /// Trimmed text without control characters, at most ``maximumLength`` characters; `nil` when empty.
    static func cleaned(_ text: String?) -> String? {
        guard let text else { return nil }
        // Most text is clean already (a camera's name, a keyword): one pass over its bytes
        // says so, where cleaning would build it again scalar by scalar.
        if Self.isClean(text) { return text }
        let scalars = text.unicodeScalars.map { CharacterSet.controlCharacters.contains($0) ? " " : Character($0) }
        let cleaned = String(String(scalars).trimmingCharacters(in: .whitespacesAndNewlines).prefix(maximumLength))
        return cleaned.isEmpty ? nil : cleaned
    }

    /// Whether ``cleaned(_:)`` would give `text` back as it is: printable ASCII, not empty, not
    /// starting or ending with a space, and short enough.
    private static func isClean(_ text: String) -> Bool {
        let bytes = text.utf8
        guard let first = bytes.first, let last = bytes.last, first != 0x20, last != 0x20, bytes.count <= maximumLength else { return false }
        return bytes.allSatisfy { (0x20...0x7E).contains($0) }
    }

    /// Keywords cleaned, each once whatever its case, at most ``maximumKeywords``.
    static func keywords(_ candidates: [String]) -> [String] {
        var seen = Set<String>()
        var kept: [String] = []
        for candidate in candidates {
            guard kept.count < maximumKeywords, let keyword = cleaned(candidate), seen.insert(keyword.lowercased()).inserted else { continue }
            kept.append(keyword)
        }
        return kept
    }

    /// What cameras write in EXIF ImageDescription by themselves, their own names.
    static let cameraPlaceholders: Set<String> = [
        "OLYMPUS DIGITAL CAMERA", "SONY DSC", "DIGITAL CAMERA", "KODAK DIGITAL STILL CAMERA", "MINOLTA DIGITAL CAMERA",
        "SAMSUNG CAMERA PICTURES", "DEFAULT",
    ]

    /// Whether an EXIF ImageDescription is what a camera wrote by itself, not a caption (blank
    /// padding is trimmed before).
    static func isCameraPlaceholder(_ text: String) -> Bool {
        let upper = text.uppercased()
        return cameraPlaceholders.contains(upper) || upper.hasPrefix("DCIM")
    }

    /// A photo at least twice as wide as high (or high as wide), as a camera's panorama mode makes.
    static func isPanoramaShape(width: Int?, height: Int?) -> Bool {
        guard let width, let height, width > 0, height > 0 else { return false }
        return max(width, height) >= 2 * min(width, height)
    }

    /// darktable's colour labels (0 red … 4 purple) by the names Lightroom writes.
    static func darktableLabel(_ index: Int) -> String? {
        let names = ["Red", "Yellow", "Green", "Blue", "Purple"]
        return names.indices.contains(index) ? names[index] : nil
    }

    /// Signed degrees of an XMP GPS coordinate (XMP Specification Part 2, 1.2.7.4):
    /// `DDD,MM,SSk` or `DDD,MM.mmk`, `k` one of N, S, E, W.
    static func xmpCoordinate(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let reference = trimmed.last?.uppercased(), ["N", "S", "E", "W"].contains(reference) else { return nil }
        let fields = trimmed.dropLast().split(separator: ",", omittingEmptySubsequences: false)
        let numbers = fields.compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }.filter { $0.isFinite && $0 >= 0 }
        guard (2...3).contains(fields.count), numbers.count == fields.count else { return nil }
        let degrees = numbers[0] + numbers[1] / 60 + (numbers.count == 3 ? numbers[2] / 3_600 : 0)
        return reference == "S" || reference == "W" ? -degrees : degrees
    }
}
