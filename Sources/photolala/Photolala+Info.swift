import ArgumentParser
import Foundation
import PhotolalaKit

extension Photolala {
    struct Info: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show a photo's metadata: dimensions, dates, camera, exposure, GPS, format and MD5.",
            discussion: """
                Dimensions are as displayed, after EXIF orientation. The photo date is EXIF \
                DateTimeOriginal in the recorded offset, or read as UTC when none was recorded.
                """
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The photo file.")
        var file: String

        @Flag(help: "Print one JSON object; dates are Unix seconds.")
        var json = false

        func run() async throws {
            let path = GlobalOptions.absolute(file)
            let metadata = try await global.makeEngine().metadata(ofFileAt: path)
            let report = InfoReport(path: path, metadata: metadata)
            let terminal = Terminal()
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
                terminal.output(String(decoding: try encoder.encode(report), as: UTF8.self))
            } else {
                terminal.output(report.lines.joined(separator: "\n"))
            }
        }
    }
}

/// What `photolala info` prints, as JSON or as aligned lines.
private struct InfoReport: Encodable {
    let path: String
    let metadata: PhotoMetadata

    func encode(to encoder: any Encoder) throws {
        // Every key is written, as null when unknown, so readers need not test for presence.
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path, forKey: .path)
        try container.encode(metadata.originalFilename, forKey: .name)
        try container.encode(metadata.md5, forKey: .md5)
        try container.encode(metadata.format?.rawValue, forKey: .format)
        try container.encode(metadata.fileSize, forKey: .size)
        try container.encode(metadata.width, forKey: .width)
        try container.encode(metadata.height, forKey: .height)
        try container.encode(metadata.orientation, forKey: .orientation)
        try container.encode(Self.seconds(metadata.photoDate), forKey: .photoDate)
        try container.encode(metadata.photoDateOffsetSeconds.map(Self.offsetText), forKey: .photoDateOffset)
        try container.encode(Self.seconds(metadata.modificationDate), forKey: .modificationDate)
        try container.encode(Self.seconds(metadata.creationDate), forKey: .creationDate)
        try container.encode(metadata.cameraMake, forKey: .cameraMake)
        try container.encode(metadata.cameraModel, forKey: .cameraModel)
        try container.encode(metadata.lensModel, forKey: .lensModel)
        try container.encode(metadata.exposureTime, forKey: .exposureTime)
        try container.encode(metadata.fNumber, forKey: .fNumber)
        try container.encode(metadata.iso, forKey: .iso)
        try container.encode(metadata.focalLength, forKey: .focalLength)
        try container.encode(metadata.latitude, forKey: .latitude)
        try container.encode(metadata.longitude, forKey: .longitude)
        try container.encode(metadata.altitude, forKey: .altitude)
    }

    private enum CodingKeys: String, CodingKey {
        case path, name, md5, format, size, width, height, orientation, photoDate, photoDateOffset
        case modificationDate, creationDate, cameraMake, cameraModel, lensModel, exposureTime
        case fNumber, iso, focalLength, latitude, longitude, altitude
    }

    /// The report as `Label: value` lines, skipping what is unknown.
    var lines: [String] {
        let m = metadata
        var rows: [(String, String?)] = [
            ("File", path),
            ("Format", m.format?.rawValue),
            ("Size", m.fileSize.map { "\(Int($0).grouped) bytes" }),
            ("Dimensions", m.width.flatMap { width in m.height.map { "\(width) × \($0)" } }),
            ("Orientation", m.orientation.map(String.init)),
            ("Taken", m.photoDate.map { Self.dateText($0, offset: m.photoDateOffsetSeconds) }),
            ("Modified", m.modificationDate.map { Self.dateText($0, offset: nil) }),
            ("Camera", Self.cameraText(make: m.cameraMake, model: m.cameraModel)),
            ("Lens", m.lensModel),
            ("Exposure", m.exposureTime.map { $0 < 1 && $0 > 0 ? "1/\(Int((1 / $0).rounded())) s" : "\($0) s" }),
            ("Aperture", m.fNumber.map { "f/\($0)" }),
            ("ISO", m.iso.map(String.init)),
            ("Focal length", m.focalLength.map { "\($0) mm" }),
        ]
        if let latitude = m.latitude, let longitude = m.longitude {
            rows.append(("Location", String(format: "%.6f, %.6f", latitude, longitude)))
        }
        rows.append(("Altitude", m.altitude.map { String(format: "%.1f m", $0) }))
        rows.append(("MD5", m.md5))
        let known = rows.compactMap { label, value in value.flatMap { $0.isEmpty ? nil : (label, $0) } }
        let width = known.map(\.0.count).max() ?? 0
        return known.map { label, value in label + ":" + String(repeating: " ", count: width - label.count + 1) + value }
    }

    /// "Canon EOS R5" rather than "Canon Canon EOS R5": models often repeat the make.
    private static func cameraText(make: String?, model: String?) -> String? {
        guard let model else { return make }
        guard let make, !model.lowercased().hasPrefix(make.lowercased().split(separator: " ").first ?? "") else { return model }
        return make + " " + model
    }

    private static func seconds(_ date: Date?) -> Int64? {
        date.map { Int64($0.timeIntervalSince1970.rounded(.down)) }
    }

    private static func offsetText(_ seconds: Int) -> String {
        let minutes = abs(seconds) / 60
        return (seconds < 0 ? "-" : "+") + String(format: "%02d:%02d", minutes / 60, minutes % 60)
    }

    private static func dateText(_ date: Date, offset: Int?) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(secondsFromGMT: offset ?? 0) ?? formatter.timeZone
        return formatter.string(from: date)
    }
}
