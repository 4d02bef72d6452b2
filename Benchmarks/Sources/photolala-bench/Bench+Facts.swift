import Foundation
import PhotolalaKit

extension Bench {
    /// The facts of an uncatalogued folder of camera JPEGs, HEICs and RAWs, learnt as
    /// `photolala search --in` learns them: `Engine.index` of the folder on a fresh engine
    /// (each photo's header read, one core each, its EXIF, XMP, IPTC and sidecar, the place of
    /// its position, all put in the index), against `exiftool -fast2 -json` over the same files
    /// in `jobs` processes. Then what both read is compared fact by fact (camera, lens,
    /// position, keywords, rating, title, description), from the index's own rows.
    ///
    /// - Parameters:
    ///   - folder: Photos that describe themselves (`Benchmarks/make-described-photos.py`).
    ///   - placeData: The place data, loaded by the engine before the clock starts, as a
    ///     running server has it.
    static func facts(of folder: String, placeData: String?, jobs: Int) async throws -> [Measurement] {
        let root = URL(fileURLWithPath: folder).standardizedFileURL.path
        let files = try FileManager.default.contentsOfDirectory(atPath: root).sorted().map { root + "/" + $0 }
        guard let first = files.first else { throw CommandFailed(command: "list \(root)", status: 1) }
        try shell("cat '\(root)'/* > /dev/null")
        let listFile = try temporaryFolder() + "/files"
        try Data(files.map { $0 + "\0" }.joined().utf8).write(to: URL(fileURLWithPath: listFile))
        defer { try? FileManager.default.removeItem(atPath: (listFile as NSString).deletingLastPathComponent) }
        let perProcess = (files.count + jobs - 1) / jobs
        let exiftool = "xargs -0 -P \(jobs) -n \(perProcess) exiftool -fast2 -json < '\(listFile)' > /dev/null"

        var oursBest = Double.infinity
        var referenceBest = Double.infinity
        var hits: [SearchIndex.Hit] = []
        for _ in 0..<3 {
            referenceBest = min(referenceBest, try time { try shell(exiftool) })
            let state = try temporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: state) }
            let engine = try Engine(configuration: factsConfiguration(state, placeData: placeData))
            // The place data is loaded before the clock starts, as a running server has it.
            _ = try await engine.metadata(ofFileAt: first)
            let source = try engine.localSource(root: root)
            oursBest = min(oursBest, try await time { _ = try await engine.index(source) })
            hits = try engine.searchIndex.search(SearchQuery(terms: []), limit: files.count + 1)
        }

        let read = Dictionary(hits.map { ($0.root + "/" + $0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let (disagreements, compared, present) = try disagreements(of: read, files: files)
        let kinds = Dictionary(grouping: files) { kind(of: $0) }.sorted { $0.key < $1.key }.map { "\($0.value.count) \($0.key)" }
        return [
            Measurement(
                name:
                    "facts of an uncatalogued folder of \(files.count) photos (\(kinds.joined(separator: ", "))), \(jobs) jobs: indexed from their headers",
                ours: String(format: "%.0f photos/s", Double(files.count) / oursBest),
                reference: String(format: "%.0f photos/s", Double(files.count) / referenceBest), tool: "xargs -P\(jobs) exiftool -fast2 -json",
                ratio: referenceBest / oursBest, target: "≥ 10×",
                note:
                    "\(disagreements) disagreements with exiftool in \(compared) facts (\(present) present); `Engine.index`, as `search --in` runs it"
            )
        ]
    }

    /// The kind of photo a file is, by its extension, for the row's name.
    private static func kind(of path: String) -> String {
        switch (path as NSString).pathExtension.lowercased() {
        case "jpg", "jpeg": "JPEG"
        case "heic", "heif": "HEIC"
        default: "RAW"
        }
    }

    private static func factsConfiguration(_ state: String, placeData: String?) -> EngineConfiguration {
        var configuration = EngineConfiguration(cacheDirectory: state + "/cache", dataDirectory: state + "/data")
        configuration.placeDataDirectory = placeData
        return configuration
    }

    /// How many of the facts Photolala read disagree with exiftool's reading of the same files,
    /// of how many compared (seven a file), and how many of those exiftool found; each
    /// disagreement is written to standard error.
    static func disagreements(of read: [String: SearchIndex.Hit], files: [String]) throws -> (Int, Int, Int) {
        let tags = [
            "Make", "Model", "LensModel", "Composite:GPSLatitude", "Composite:GPSLongitude", "Subject", "Keywords", "Rating", "Title",
            "ObjectName", "Description", "Caption-Abstract", "ImageDescription",
        ]
        let listFile = try temporaryFolder() + "/files"
        defer { try? FileManager.default.removeItem(atPath: (listFile as NSString).deletingLastPathComponent) }
        try Data(files.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: listFile))
        let output = try shellOutput(
            "exiftool -fast2 -json -n -charset filename=utf8 \(tags.map { "-" + $0 }.joined(separator: " ")) -@ '\(listFile)'")
        guard let objects = try JSONSerialization.jsonObject(with: output) as? [[String: Any]] else {
            throw CommandFailed(command: "exiftool -json: not a list of objects", status: 1)
        }
        var disagreements = 0
        var compared = 0
        var present = 0
        for object in objects {
            guard let path = object["SourceFile"] as? String, let ours = read[path] else { continue }
            func text(_ key: String) -> String? { values(object[key]).first }
            func keywords(_ list: [String]) -> String? {
                list.isEmpty ? nil : Set(list.map { $0.lowercased() }).sorted().joined(separator: ", ")
            }
            // Each fact as exiftool and as Photolala read it.
            let facts: [(String, String?, String?)] = [
                ("camera", CameraName.joining(make: text("Make"), model: text("Model")), ours.camera),
                ("lens", text("LensModel"), ours.lens),
                (
                    "position", position(text("GPSLatitude"), text("GPSLongitude")),
                    position(ours.latitude.map { "\($0)" }, ours.longitude.map { "\($0)" })
                ),
                ("keywords", keywords(values(object["Subject"]) + values(object["Keywords"])), keywords(ours.keywords)),
                // A rejected photo's -1 is no rating to either.
                ("rating", text("Rating").flatMap { Int($0) }.flatMap { $0 >= 0 ? "\($0)" : nil }, ours.rating.map { "\($0)" }),
                ("title", text("Title") ?? text("ObjectName"), ours.title),
                ("description", text("Description") ?? text("Caption-Abstract") ?? text("ImageDescription"), ours.caption),
            ]
            for (fact, exiftool, photolala) in facts {
                compared += 1
                if exiftool != nil { present += 1 }
                if exiftool != photolala {
                    disagreements += 1
                    let name = (path as NSString).lastPathComponent
                    FileHandle.standardError.write(
                        Data("facts: \(name): \(fact): exiftool \(exiftool ?? "none"), Photolala \(photolala ?? "none")\n".utf8))
                }
            }
        }
        return (disagreements, compared, present)
    }

    /// A JSON value as texts: a list's items, or the one value.
    private static func values(_ value: Any?) -> [String] {
        switch value {
        case let list as [Any]: list.map { "\($0)" }
        case let one?: ["\(one)"]
        case nil: []
        }
    }

    /// A position to six decimals (11 cm), the precision both keep.
    private static func position(_ latitude: String?, _ longitude: String?) -> String? {
        guard let latitude = latitude.flatMap(Double.init), let longitude = longitude.flatMap(Double.init) else { return nil }
        return String(format: "%.6f, %.6f", latitude, longitude)
    }

    /// The standard output of a shell command, which must succeed.
    static func shellOutput(_ command: String) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", command]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        // Read before waiting: a full pipe would stop the process.
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CommandFailed(command: command, status: process.terminationStatus) }
        return output
    }
}
