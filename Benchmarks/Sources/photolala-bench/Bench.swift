import Foundation
import PhotolalaKit

/// Side-by-side benchmarks: each measures Photolala's engine in this process and the reference
/// tool on the same input in the same run, and prints the ratio; with `BENCH_RESULTS`, each row
/// is also appended to that file as a line of JSON (`Benchmarks/write-results.py` reads them).
///
///     photolala-bench PHOTOS_DIR TREE_DIR BIG_FILE [JOBS [FLAT_DIR [PHOTOS_LIBRARY [VIDEOS_DIR [RAW_DIR RAW_PREVIEWS]]]]]
///     photolala-bench --cloud-folder DIR PHOTO      (a backup folder for the browser benchmark)
///     photolala-bench --cloud-folder DIR PHOTO COUNT PLACE_DATA   (one of COUNT photos with facts, for the search server's)
///
/// `BENCH_ONLY=thumbnails,heic,md5,listing,catalog,library,videos,videoheaders,raw,cloudsync,timeline,search` picks which to run;
/// the catalog benchmark needs FLAT_DIR, one folder of many photos; the library benchmark needs
/// PHOTOS_LIBRARY, a synthetic Apple Photos library (`Benchmarks/make-photos-library.py`); the HEIC
/// one, `BENCH_HEIC_PHOTOS`, a folder of iPhone-style HEICs (`Scripts/make-heic-photos.sh`); the
/// videos and video headers benchmarks need VIDEOS_DIR, camera-like clips (`Benchmarks/make-videos.sh`); the RAW one,
/// RAW_DIR, camera-sized RAW files, and RAW_PREVIEWS, their previews as JPEGs; the search one,
/// `BENCH_DESCRIBED_PHOTOS`, photos that describe themselves (`Benchmarks/make-described-photos.py`),
/// and the place data (`PHOTOLALA_PLACE_DATA`, else `.build/places`).
@main
struct Bench {
    static func main() async throws {
        let arguments = CommandLine.arguments.dropFirst()
        if arguments.first == "--cloud-folder", arguments.count == 3 {
            return try await makeCloudFolder(at: arguments[arguments.startIndex + 1], thumbnailOf: arguments[arguments.startIndex + 2])
        }
        if arguments.first == "--cloud-folder", arguments.count == 5, let count = Int(arguments[arguments.startIndex + 3]) {
            return try await makeCloudFolder(
                at: arguments[arguments.startIndex + 1], thumbnailOf: arguments[arguments.startIndex + 2], count: count,
                placeData: arguments[arguments.startIndex + 4])
        }
        guard arguments.count >= 3 else {
            FileHandle.standardError.write(Data("usage: photolala-bench PHOTOS_DIR TREE_DIR BIG_FILE [JOBS [FLAT_DIR [PHOTOS_LIBRARY]]]\n".utf8))
            exit(64)
        }
        let photos = arguments[arguments.startIndex]
        let tree = arguments[arguments.startIndex + 1]
        let bigFile = arguments[arguments.startIndex + 2]
        let jobs = arguments.count > 3 ? Int(arguments[arguments.startIndex + 3]) ?? 2 : ProcessInfo.processInfo.activeProcessorCount

        // BENCH_ONLY=thumbnails,md5,listing runs a subset.
        let only = ProcessInfo.processInfo.environment["BENCH_ONLY"].map { Set($0.split(separator: ",").map(String.init)) }
        func wanted(_ name: String) -> Bool { only?.contains(name) ?? true }
        let results = try Results(path: ProcessInfo.processInfo.environment["BENCH_RESULTS"])
        if wanted("thumbnails") { try results.report("thumbnails", try await thumbnails(photos: photos, jobs: jobs)) }
        if wanted("heic"), let heic = ProcessInfo.processInfo.environment["BENCH_HEIC_PHOTOS"] {
            try results.report("heic", try await heicThumbnails(photos: heic, jobs: jobs))
        }
        if wanted("md5") { try results.report("md5", try md5(file: bigFile)) }
        if wanted("listing") { try results.report("listing", try await listing(tree: tree)) }
        if wanted("catalog"), arguments.count > 4 {
            try results.report("catalog", try await catalog(folder: arguments[arguments.startIndex + 4], jobs: jobs))
        }
        if wanted("library"), arguments.count > 5 { try results.report("library", try photosLibrary(arguments[arguments.startIndex + 5])) }
        if wanted("videos"), arguments.count > 6 {
            try results.report("videos", try await videos(folder: arguments[arguments.startIndex + 6], jobs: jobs))
        }
        if wanted("videoheaders"), arguments.count > 6 {
            try results.report("videoheaders", try videoHeaders(folder: arguments[arguments.startIndex + 6], jobs: jobs))
        }
        if wanted("raw"), arguments.count > 8 {
            let raws = arguments[arguments.startIndex + 7]
            try results.report("raw", try await rawThumbnails(raws: raws, previews: arguments[arguments.startIndex + 8], jobs: jobs))
        }
        if wanted("cloudsync") {
            // BENCH_CLOUD_ENTRIES sizes the cloud catalog (run.sh sets it to BENCH_SCALE for the growth rows).
            let entries = ProcessInfo.processInfo.environment["BENCH_CLOUD_ENTRIES"].flatMap { Int($0) } ?? 100_000
            try results.report("cloudsync", try await cloudSync(entries: entries))
        }
        if wanted("timeline") {
            let entries = ProcessInfo.processInfo.environment["BENCH_CLOUD_ENTRIES"].flatMap { Int($0) } ?? 100_000
            try results.report("timeline", try await timeline(entries: entries))
        }
        if wanted("search") {
            let entries = ProcessInfo.processInfo.environment["BENCH_CLOUD_ENTRIES"].flatMap { Int($0) } ?? 100_000
            try results.report("search", try await search(entries: entries, jobs: jobs))
        } else if wanted("searchindex") {
            // The BENCH_SCALE run: the index alone, at that scale.
            let entries = ProcessInfo.processInfo.environment["BENCH_CLOUD_ENTRIES"].flatMap { Int($0) } ?? 100_000
            try results.report("search", try await search(entries: entries, jobs: jobs, indexOnly: true))
        }
    }

    // MARK: - Thumbnails

    static func thumbnails(photos: String, jobs: Int) async throws -> [Measurement] {
        let files = try FileManager.default.contentsOfDirectory(atPath: photos).filter { $0.hasSuffix(".jpg") }.sorted()
            .map { photos + "/" + $0 }
        try shell("cat '\(photos)'/*.jpg > /dev/null")  // warm the page cache for both sides
        let processor = ImageProcessor()
        var renderBest = Double.infinity
        var pipelineBest = Double.infinity
        var referenceBest = Double.infinity
        for _ in 0..<2 {
            referenceBest = min(referenceBest, try vipsthumbnailSeconds(folder: photos, matching: "*.jpg", jobs: jobs))

            renderBest = min(renderBest, try await time { try await render(files, with: processor, jobs: jobs) })

            let state = try temporaryFolder()
            let engine = try Engine(configuration: EngineConfiguration(cacheDirectory: state + "/cache", dataDirectory: state + "/data"))
            let source = try engine.localSource(root: photos)
            pipelineBest = min(pipelineBest, try await time { try await generateAll(source, engine: engine, jobs: jobs) })
            try? FileManager.default.removeItem(atPath: state)
        }
        let reference = Double(files.count) / referenceBest
        let tool = "xargs -P\(jobs) -n20 vipsthumbnail -s x256"
        return [
            Measurement(
                name: "thumbnail generation in-process, \(files.count) × 12 MP JPEG, \(jobs) jobs",
                ours: String(format: "%.1f img/s", Double(files.count) / renderBest), reference: String(format: "%.1f img/s", reference),
                tool: tool, ratio: referenceBest / renderBest, target: "≥ 1.0×"),
            Measurement(
                name: "`photolala thumbnails` pipeline: read once, MD5, thumbnail, disk cache, index",
                ours: String(format: "%.1f img/s", Double(files.count) / pipelineBest), reference: String(format: "%.1f img/s", reference),
                tool: tool, ratio: referenceBest / pipelineBest, target: "(does more work)"),
        ]
    }

    /// Reads each file and renders its thumbnail, `jobs` at a time, as vipsthumbnail does.
    static func render(_ files: [String], with processor: ImageProcessor, jobs: Int) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, file) in files.enumerated() {
                if index >= jobs {
                    try await group.next()
                }
                group.addTask {
                    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                        DispatchQueue.global().async {
                            continuation.resume(
                                with: Result {
                                    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
                                    _ = try processor.thumbnail(of: bytes, name: file)
                                })
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    /// Makes the thumbnail of every photo of `source`'s tree as `photolala thumbnails` does.
    static func generateAll(_ source: LocalPhotoSource, engine: Engine, jobs: Int) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            var active = 0
            for try await batch in source.scan() {
                for photo in batch.photos {
                    if active >= jobs {
                        try await group.next()
                        active -= 1
                    }
                    active += 1
                    group.addTask { _ = try await engine.thumbnail(ofFileAt: photo.path) }
                }
            }
            try await group.waitForAll()
        }
    }

    // MARK: - MD5

    static func md5(file: String) throws -> [Measurement] {
        let size = Double(try FileStatus(path: file).size)
        try shell("cat '\(file)' > /dev/null")
        var ourBest = Double.infinity
        var referenceBest = Double.infinity
        for _ in 0..<3 {
            referenceBest = min(referenceBest, try time { try shell("md5sum '\(file)' > /dev/null") })
            ourBest = min(ourBest, try time { _ = try ContentHash.md5(ofFileAt: file) })
        }
        let ours = size / ourBest / 1e6
        let reference = size / referenceBest / 1e6
        return [
            Measurement(
                name: "MD5 of a \(Int(size / 1_048_576)) MiB file (cached)", ours: String(format: "%.0f MB/s", ours),
                reference: String(format: "%.0f MB/s", reference), tool: "md5sum", ratio: ours / reference, target: "≥ 0.9×")
        ]
    }

    // MARK: - Listing

    static func listing(tree: String) async throws -> [Measurement] {
        try shell("find '\(tree)' -type f > /dev/null")
        let engine = try Engine(configuration: EngineConfiguration(cacheDirectory: try temporaryFolder(), dataDirectory: try temporaryFolder()))
        let source = try engine.localSource(root: tree)
        var results: [Measurement] = []
        for (includeStatus, tool) in [(false, "find -type f"), (true, "find -type f -printf '%s %p\\n'")] {
            var ourBest = Double.infinity
            var firstBatchBest = Double.infinity
            var referenceBest = Double.infinity
            var count = 0
            for _ in 0..<5 {
                let command = includeStatus ? "find '\(tree)' -type f -printf '%s %p\\n' > /dev/null" : "find '\(tree)' -type f > /dev/null"
                referenceBest = min(referenceBest, try time { try shell(command) })
                let start = ContinuousClock.now
                count = 0
                for try await batch in source.scan(includeStatus: includeStatus) {
                    if count == 0 { firstBatchBest = min(firstBatchBest, seconds(since: start)) }
                    count += batch.photos.count
                }
                ourBest = min(ourBest, seconds(since: start))
            }
            results.append(
                Measurement(
                    name: "list \(count) files\(includeStatus ? " with sizes" : "")", ours: String(format: "%.0f ms", ourBest * 1000),
                    reference: String(format: "%.0f ms", referenceBest * 1000), tool: tool, ratio: ourBest / referenceBest, target: "≤ 1.5×",
                    note: "first batch in \(String(format: "%.1f", firstBatchBest * 1000)) ms"))
        }
        return results
    }

    // MARK: - Catalogs

    static func catalog(folder: String, jobs: Int) async throws -> [Measurement] {
        let state = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: state) }
        let engine = try Engine(configuration: EngineConfiguration(cacheDirectory: state + "/cache", dataDirectory: state + "/data"))
        let catalog = engine.catalog(of: folder)
        try? FileManager.default.removeItem(atPath: catalog.ownDirectory)
        try shell("find '\(folder)' -maxdepth 1 -type f -exec cat {} + > /dev/null")

        let reference = try time { try shell("find '\(folder)' -maxdepth 1 -type f -print0 | xargs -0 -P \(jobs) -n 1000 md5sum > /dev/null") }
        let build = try await time {
            for try await _ in engine.catalogBuilder(jobs: jobs).build(folder: try engine.localSource(root: folder)) {}
        }
        let loaded = try catalog.load()
        let count = loaded.entries.count
        let bytes = try FileManager.default.contentsOfDirectory(atPath: catalog.ownDirectory)
            .compactMap { try FileManager.default.attributesOfItem(atPath: catalog.ownDirectory + "/" + $0)[.size] as? Int }.reduce(0, +)

        var csvBest = Double.infinity
        var listBest = Double.infinity
        var findBest = Double.infinity
        for _ in 0..<5 {
            csvBest = min(csvBest, try time { _ = try catalog.load() })
            let listing = try engine.localSource(root: folder).folderListing(id: LocalPhotoSource.rootFolderID)
            listBest = min(listBest, try await time { for try await _ in listing.listFolder() {} })
            await listing.settle()
            findBest = min(findBest, try time { try shell("find '\(folder)' -maxdepth 1 -type f > /dev/null") })
        }
        let store = CatalogStore(database: engine.database)
        let importTime = try time { try store.importCatalog(loaded, folder: folder) }
        let record = try store.findOrCreateCatalog(directoryPath: folder, directoryUUID: loaded.manifest.directoryUUID)
        var databaseBest = Double.infinity
        for _ in 0..<5 {
            databaseBest = min(databaseBest, try time { _ = try store.entries(of: record) })
        }
        let afterThumbnails = try await catalogAfterThumbnails(folder: folder, jobs: jobs, plainBuild: build)
        func ms(_ seconds: Double) -> String { String(format: "%.0f ms", seconds * 1000) }
        return [
            Measurement(
                name: "build the catalog of a folder of \(count) photos, \(jobs) jobs (MD5, header, EXIF)", ours: ms(build), reference: ms(reference),
                tool: "xargs -P\(jobs) md5sum", ratio: build / reference, target: "(time; reads more)"),
            afterThumbnails,
            Measurement(
                name: "list that folder from its catalog", ours: ms(listBest), reference: ms(findBest), tool: "find -maxdepth 1 -type f",
                ratio: listBest / findBest, target: "< 150 ms", note: "\(bytes / 1024) KiB on disk, \(bytes / max(count, 1)) B a photo"),
            Measurement(
                name: "load the \(count)-entry catalog from its CSV shards (checksums verified)", ours: ms(csvBest), reference: ms(findBest),
                tool: "find -maxdepth 1 -type f", ratio: csvBest / findBest, target: "(time)"),
            Measurement(
                name: "load it from the database", ours: ms(databaseBest), reference: ms(findBest), tool: "find -maxdepth 1 -type f",
                ratio: databaseBest / findBest, target: "(time)", note: "import once: \(ms(importTime))"),
        ]
    }

    /// The catalog build of the same folder on a device that made its thumbnails first: every
    /// photo's facts are recorded, so the build reads no photo. The bytes of photos it read are
    /// those of the photos it had to read (its own count); the bytes it read in all (`rchar` of
    /// /proc/self/io, the database included) show it does not read them some other way.
    static func catalogAfterThumbnails(folder: String, jobs: Int, plainBuild: Double) async throws -> Measurement {
        let state = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: state) }
        let engine = try Engine(configuration: EngineConfiguration(cacheDirectory: state + "/cache", dataDirectory: state + "/data"))
        try await generateAll(try engine.localSource(root: folder), engine: engine, jobs: jobs)
        let catalog = engine.catalog(of: folder)
        try? FileManager.default.removeItem(atPath: catalog.ownDirectory)

        let readBefore = try bytesRead()
        var photos = 0
        var photoBytes: Int64 = 0
        let build = try await time {
            for try await event in engine.catalogBuilder(jobs: jobs).build(folder: try engine.localSource(root: folder)) {
                guard case .photoDone(let read, let bytes) = event else { continue }
                photos += 1
                photoBytes += read ? bytes : 0
            }
        }
        let readInAll = try bytesRead() - readBefore
        return Measurement(
            name: "catalog build of \(photos) photos after thumbnails", ours: String(format: "%.0f ms", build * 1000),
            reference: String(format: "%.0f ms", plainBuild * 1000), tool: "the same build without thumbnails", ratio: build / plainBuild,
            target: "0 bytes of photos read", note: "\(photoBytes) bytes of photos read, \(readInAll / 1024) KiB read in all", met: photoBytes == 0)
    }

    /// The bytes this process has read through read(2) and pread(2) so far (`rchar`).
    static func bytesRead() throws -> Int {
        let io = try String(contentsOfFile: "/proc/self/io", encoding: .utf8)
        let line = io.split(separator: "\n").first { $0.hasPrefix("rchar:") }
        return line.flatMap { Int($0.dropFirst("rchar:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
    }

    // MARK: - Apple Photos library

    /// Opening a synthetic library and listing all its assets, and opening an album, against
    /// the sqlite3 command line reading the same rows from the same database.
    static func photosLibrary(_ path: String) throws -> [Measurement] {
        let database = path + "/database/Photos.sqlite"
        try shell("cat '\(database)' > /dev/null")
        let query = """
            SELECT a.ZUUID, aa.ZORIGINALFILENAME, a.ZDATECREATED, a.ZWIDTH, a.ZHEIGHT, a.ZFAVORITE, a.ZHIDDEN, a.ZTRASHEDSTATE \
            FROM ZASSET a LEFT JOIN ZADDITIONALASSETATTRIBUTES aa ON aa.ZASSET = a.Z_PK ORDER BY a.ZDATECREATED DESC
            """
        var openBest = Double.infinity
        var listBest = Double.infinity
        var openAndListBest = Double.infinity
        var albumBest = Double.infinity
        var referenceBest = Double.infinity
        var lookupBest = Double.infinity
        var count = 0
        var members = 0
        for _ in 0..<3 {
            referenceBest = min(referenceBest, try time { try shell("sqlite3 '\(database)' \"\(query)\" > /dev/null") })
            var library: ApplePhotosLibrary?
            let opening = try time { library = try ApplePhotosLibrary(path: path) }
            guard let library else { continue }
            let listing = try time { count = try library.assets().count }
            openBest = min(openBest, opening)
            listBest = min(listBest, listing)
            openAndListBest = min(openAndListBest, opening + listing)
            albumBest = min(albumBest, try time { members = try library.assets(inAlbum: "BENCHMARK-ALBUM-10000").count })
            let uuids = try library.assets(inAlbum: "BENCHMARK-ALBUM-1000").prefix(100).map(\.uuid)
            lookupBest = min(lookupBest, try time { for uuid in uuids { _ = try library.asset(uuid: uuid) } } / Double(max(uuids.count, 1)))
        }
        func ms(_ seconds: Double) -> String { String(format: "%.0f ms", seconds * 1000) }
        // A database with frames in its write-ahead log is copied; one without is read in place.
        let opened = fileSize(database + "-wal") > 0 ? "copy" : "read in place"
        return [
            Measurement(
                name: "open a synthetic Apple Photos library of \(count) shown assets", ours: ms(openBest), reference: ms(referenceBest),
                tool: "sqlite3 SELECT all assets", ratio: openBest / referenceBest, target: "(time)",
                note: "\(opened) its \(fileSize(database) / 1_048_576) MiB database"),
            Measurement(
                name: "list all \(count) shown assets of it, newest first (keywords, albums, originals stat'ed)", ours: ms(listBest),
                reference: ms(referenceBest), tool: "sqlite3 SELECT all assets", ratio: listBest / referenceBest,
                target: count > 100_000 ? "(time)" : "< 1 s"),
            Measurement(
                name: "open the library of \(count) and list all its assets", ours: ms(openAndListBest), reference: ms(referenceBest),
                tool: "sqlite3 SELECT all assets",
                ratio: openAndListBest / referenceBest, target: count > 100_000 ? "< 5 s" : "(time)"),
            Measurement(
                name: "open an album of \(members) of its assets, in manual order", ours: ms(albumBest), reference: ms(referenceBest),
                tool: "sqlite3 SELECT all assets", ratio: albumBest / referenceBest, target: "< 1 s"),
            Measurement(
                name: "look up one asset of the library of \(count) by uuid (each thumbnail, preview or metadata request)",
                ours: String(format: "%.2f ms", lookupBest * 1000),
                reference: ms(referenceBest), tool: "sqlite3 SELECT all assets", ratio: lookupBest / referenceBest, target: "(time)"),
        ]
    }

    static func fileSize(_ path: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }

    // MARK: - Helpers

    static func time(_ body: () throws -> Void) throws -> Double {
        let start = ContinuousClock.now
        try body()
        return seconds(since: start)
    }

    static func time(_ body: () async throws -> Void) async throws -> Double {
        let start = ContinuousClock.now
        try await body()
        return seconds(since: start)
    }

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// Seconds `vipsthumbnail -s SIZE` takes over the files of `folder` that match `pattern`, in
    /// `jobs` processes of 20 files each: the reference side of every thumbnail benchmark.
    static func vipsthumbnailSeconds(folder: String, matching pattern: String, size: String = "x256", jobs: Int) throws -> Double {
        let output = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: output) }
        return try time {
            try shell(
                "find '\(folder)' -name '\(pattern)' -print0 | xargs -0 -P \(jobs) -n 20 vipsthumbnail -s \(size) -o '\(output)/%s.jpg[Q=85,strip]'")
        }
    }

    static func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "photolala-bench-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    struct CommandFailed: Error, CustomStringConvertible {
        let command: String
        let status: Int32
        var description: String { "'\(command)' exited with status \(status)" }
    }

    static func shell(_ command: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", command]
        process.environment = ProcessInfo.processInfo.environment.merging(["VIPS_WARNING": "0"]) { $1 }
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CommandFailed(command: command, status: process.terminationStatus) }
    }
}
