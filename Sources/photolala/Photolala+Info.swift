import ArgumentParser
import Foundation
import PhotolalaKit

extension Photolala {
    struct Info: AsyncParsableCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            commandName: "info",
            abstract: "Show a photo's metadata: dimensions, dates, camera, exposure, GPS, keywords, rating, format and MD5.",
            discussion: """
                Dimensions are as displayed, after EXIF orientation. The photo date is EXIF \
                DateTimeOriginal, else CreateDate, else ModifyDate: printed with its recorded offset \
                (2008-10-22T16:28:39+09:00), or as the camera's clock time without a zone when none \
                was recorded (2008-10-22T16:28:39); the file's modification time is in the local time zone \
                with its offset. With --json, photoDate falls back to the file \
                time and dateSource says which (exif, file, photos). Title, description, keywords, \
                rating and colour label come from the photo's XMP and IPTC, and from its XMP sidecar \
                (NAME.EXT.xmp or NAME.xmp) where it has one, which wins.
                """
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The photo file.")
        var file: String

        @Flag(help: "Print one JSON object; dates are Unix seconds.")
        var json = false

        func run() async throws {
            let file = try PathArgument(photoFile: file)
            defer { file.release() }
            let metadata = try await global.makeEngine().metadata(ofFileAt: file.path)
            let terminal = Terminal()
            if json {
                // JSON keeps a name exact; a name that is not UTF-8 has its bytes escaped.
                try terminal.outputJSON(PhotoMetadataJSON(metadata, path: file.isLinked ? file.shown : file.path))
            } else {
                terminal.output(InfoReport(path: file.shown, metadata: metadata).lines.joined(separator: "\n"))
            }
        }
    }
}

/// What `photolala info` prints as aligned lines.
private struct InfoReport {
    let path: String
    let metadata: PhotoMetadata

    /// The report as `Label: value` lines, skipping what is unknown.
    var lines: [String] {
        let m = metadata
        var rows: [(String, String?)] = [
            ("File", path),
            ("Format", m.format?.rawValue),
            ("Size", m.fileSize.map { "\(Int($0).grouped) bytes" }),
            ("Dimensions", m.width.flatMap { width in m.height.map { "\(width) × \($0)" } }),
            ("Orientation", m.orientation.map(String.init)),
            ("Duration", m.duration.map { String(format: "%.2f s", $0) }),
            ("Codec", m.videoCodec),
            ("Taken", m.photoDate.map { DateText.photo($0, offset: m.photoDateOffsetSeconds) }),
            ("Modified", m.modificationDate.map { DateText.event($0) }),
            ("Camera", CameraName.joining(make: m.cameraMake, model: m.cameraModel)),
            ("Lens", m.lensModel),
            ("Exposure", m.exposureTime.map { $0 < 1 && $0 > 0 ? "1/\(Int((1 / $0).rounded())) s" : "\($0) s" }),
            ("Aperture", m.fNumber.map { "f/\($0)" }),
            ("ISO", m.iso.map(String.init)),
            ("Focal length", m.focalLength.map { "\($0) mm" }),
        ]
        if let latitude = m.latitude, let longitude = m.longitude {
            rows.append(("Location", String(format: "%.6f, %.6f", latitude, longitude)))
        }
        rows.append(("Place", m.place.map { [$0.city, $0.region, $0.country].compactMap { $0 }.joined(separator: ", ") }))
        rows.append(("Altitude", m.altitude.map { String(format: "%.1f m", $0) }))
        rows += [
            ("Title", m.title),
            ("Description", m.caption),
            ("Keywords", m.keywords.map { $0.joined(separator: ", ") }),
            ("Rating", m.rating.map { String(repeating: "★", count: $0) + String(repeating: "☆", count: 5 - $0) }),
            ("Label", m.colorLabel),
            ("MD5", m.md5),
        ]
        let known = rows.compactMap { label, value in value.flatMap { $0.isEmpty ? nil : (label, $0) } }
        let width = known.map(\.0.count).max() ?? 0
        return known.map { label, value in label + ":" + String(repeating: " ", count: width - label.count + 1) + value }
    }
}
