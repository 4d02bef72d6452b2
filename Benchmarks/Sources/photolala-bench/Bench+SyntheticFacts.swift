import Foundation
import PhotolalaKit
import PhotolalaS3

extension Bench {
    /// A seeded SplitMix64: the same synthetic facts and positions in every run, so runs compare.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// `count` positions where photos are taken: nine in ten within about 5 km of a GeoNames place
    /// of the shipped data (where people are), one in ten anywhere on the globe (at sea, in a
    /// desert, on a glacier).
    /// - Parameter directory: The place data (`places.tsv`), as `Scripts/make-places.py` writes it.
    static func photoPositions(_ count: Int, placeData directory: String) throws -> [(latitude: Double, longitude: Double)] {
        let text = try String(contentsOfFile: directory + "/places.tsv", encoding: .utf8)
        var places: [(Double, Double)] = []
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", maxSplits: 2)
            guard fields.count >= 2, let latitude = Double(fields[0]), let longitude = Double(fields[1]) else { continue }
            places.append((latitude, longitude))
        }
        guard !places.isEmpty else { throw CommandFailed(command: "read \(directory)/places.tsv", status: 1) }
        var random = SeededGenerator(state: 37)
        return (0..<count).map { _ in
            if Int.random(in: 0..<10, using: &random) == 0 {
                return (Double.random(in: -89.9...89.9, using: &random), Double.random(in: -179.9...179.9, using: &random))
            }
            let (latitude, longitude) = places[Int.random(in: 0..<places.count, using: &random)]
            return (
                min(90, max(-90, latitude + Double.random(in: -0.05...0.05, using: &random))),
                min(180, max(-180, longitude + Double.random(in: -0.05...0.05, using: &random)))
            )
        }
    }

    static let syntheticCameras = [
        ("Canon", "Canon EOS R5"), ("Canon", "Canon EOS 5D Mark IV"), ("NIKON CORPORATION", "NIKON Z 6_2"), ("NIKON CORPORATION", "NIKON D750"),
        ("SONY", "ILCE-7M3"), ("SONY", "ILCE-6400"), ("FUJIFILM", "X-T5"), ("FUJIFILM", "X100V"), ("Apple", "iPhone 15 Pro"),
        ("Apple", "iPhone 12"), ("samsung", "SM-S918B"), ("Google", "Pixel 8"), ("OLYMPUS CORPORATION", "E-M1MarkIII"), ("Panasonic", "DC-G9"),
    ]
    static let syntheticLenses = [
        "RF24-105mm F4 L IS USM", "EF24-70mm f/2.8L II USM", "NIKKOR Z 24-70mm f/4 S", "FE 28-70mm F3.5-5.6 OSS", "XF35mmF1.4 R",
        "iPhone 15 Pro back triple camera 6.765mm f/1.78", "M.Zuiko Digital ED 12-40mm F2.8 PRO",
    ]
    /// Keywords people give, the first far more often than the last (a cube of a uniform draw).
    static let syntheticKeywords: [String] = {
        let words = [
            "family", "holiday", "beach", "sunset", "mountains", "wedding", "birthday", "christmas", "snow", "city", "food", "dog", "cat",
            "garden", "friends", "concert", "hiking", "lake", "forest", "museum", "architecture", "portrait", "night", "rain", "river",
            "school", "football", "boat", "train", "flowers", "autumn", "spring", "summer", "winter", "party", "kids", "grandma", "market",
            "bridge", "castle",
        ]
        // With numbered project tags behind them, as a long-used library collects.
        return words + (1...260).map { "project-\($0)" }
    }()
    static let syntheticTitleWords = [
        "Morning", "Evening", "View", "Walk", "Trip", "Visit", "Day", "Light", "Harbour", "Old town", "Picnic", "Lunch",
    ]

    /// What a library's photos say of themselves, at the rates a camera-and-phone library has
    /// them: a camera always, a lens for two in three, a position for seven in ten, keywords for
    /// two in five (one to three), stars for one in six, a title or a caption for one in twenty.
    static func syntheticDescription(_ index: Int, positions: [(latitude: Double, longitude: Double)]) -> PhotoDescription {
        var random = SeededGenerator(state: UInt64(index) &* 7919 &+ 1)
        var description = PhotoDescription()
        let camera = syntheticCameras[Int.random(in: 0..<syntheticCameras.count, using: &random)]
        (description.cameraMake, description.cameraModel) = (camera.0, camera.1)
        if Int.random(in: 0..<3, using: &random) > 0 {
            description.lensModel = syntheticLenses[Int.random(in: 0..<syntheticLenses.count, using: &random)]
        }
        if !positions.isEmpty, Int.random(in: 0..<10, using: &random) < 7 {
            let position = positions[index % positions.count]
            (description.latitude, description.longitude) = (position.latitude, position.longitude)
        }
        if Int.random(in: 0..<5, using: &random) < 2 {
            let count = Int.random(in: 1...3, using: &random)
            var keywords: [String] = []
            for _ in 0..<count {
                let draw = Double.random(in: 0..<1, using: &random)
                let keyword = syntheticKeywords[Int(draw * draw * draw * Double(syntheticKeywords.count))]
                if !keywords.contains(keyword) { keywords.append(keyword) }
            }
            description.keywords = keywords
        }
        if Int.random(in: 0..<6, using: &random) == 0 { description.rating = Int.random(in: 1...5, using: &random) }
        if Int.random(in: 0..<20, using: &random) == 0 {
            description.title = syntheticTitleWords[Int.random(in: 0..<syntheticTitleWords.count, using: &random)] + " \(index % 1000)"
        }
        if Int.random(in: 0..<20, using: &random) == 0 { description.caption = "With everyone, photo \(index) of the day" }
        return description
    }

    /// One line of a cloud catalog's facts shard (``CloudFacts`` in PhotolalaKit).
    private struct FactsLine: Encodable {
        var facts: PhotoDescription
        var md5: String
    }

    /// Adds to a published catalog what its backup records of each photo (the facts shards and
    /// the manifest's list of them), as the backup writes them: JSON Lines sorted by MD5, one
    /// shard a first hex digit, content-addressed; then writes the manifest again.
    static func publishFacts(
        _ entries: [CatalogEntry], manifest: CatalogManifest, positions: [(latitude: Double, longitude: Double)], to store: LocalDirectoryObjectStore,
        layout: CloudLayout
    ) async throws -> CatalogManifest {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var shards = [[UInt8]](repeating: [], count: 16)
        var rows = [Int](repeating: 0, count: 16)
        for index in entries.indices.sorted(by: { entries[$0].md5 < entries[$1].md5 }) {
            let md5 = entries[index].md5
            guard let shard = Int(String(md5.prefix(1)), radix: 16) else { continue }
            shards[shard] += try encoder.encode(FactsLine(facts: syntheticDescription(index, positions: positions), md5: md5))
            shards[shard].append(UInt8(ascii: "\n"))
            rows[shard] += 1
        }
        var listed: [CatalogManifest.Shard] = []
        for index in 0..<16 where rows[index] > 0 {
            let sha256 = ContentHash.sha256(of: shards[index])
            _ = try await store.put(layout.facts(index, sha256: sha256), body: shards[index], options: PutOptions(contentType: "application/jsonl"))
            // The shard's fingerprint has no public initialiser; it is Codable, as the manifest is read.
            let fingerprint = #"{"index":\#(index),"sha256":"\#(sha256)","rows":\#(rows[index])}"#
            listed.append(try JSONDecoder().decode(CatalogManifest.Shard.self, from: Data(fingerprint.utf8)))
        }
        var withFacts = manifest
        withFacts.facts = listed
        let plist = PropertyListEncoder()
        plist.outputFormat = .xml
        _ = try await store.put(layout.manifest, body: Array(try plist.encode(withFacts)), options: PutOptions(contentType: "application/x-plist"))
        return withFacts
    }
}
