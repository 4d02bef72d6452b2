import Foundation
import Logging

/// Builds the catalogs of a folder tree, one per folder that holds photos, reading only the
/// photos that are new or changed (by name, size and modification time) since the last build
/// and never read before as they are now.
///
/// Rows of shards that failed their checksum are not reused, and a catalog with any problem
/// ``FolderCatalog/verify()`` would report is written again, so `build` repairs whatever
/// `verify` rejects. A photo the catalog lacks is made a row from what an earlier read of it
/// recorded (a thumbnail, the inspector: ``PhotoFileReader/recordedFacts(forPaths:)``) while the
/// file is unchanged; the others are read once each, `jobs` at a time, and what the reads taught
/// (identities, dimensions, dates with their offsets, which the catalog has no column for) is
/// recorded as they go, every few seconds.
///
/// ```swift
/// for try await event in engine.catalogBuilder().build(tree: source) {
///     if case .folderDone(let report) = event { print(report.folder, report.photoCount) }
/// }
/// ```
public struct CatalogBuilder: Sendable {
    /// What a build reports as it goes.
    public enum Event: Sendable {
        /// The scan has found this many photos so far; `finished` once it is complete.
        case found(Int, finished: Bool)
        /// One more photo is catalogued, `hashed` when it had to be read.
        case photoDone(hashed: Bool, bytes: Int64)
        case folderDone(FolderReport)
        case problem(String)
    }

    /// The outcome for one folder.
    public struct FolderReport: Sendable {
        public let folder: String
        /// The `.photolala` folder written, or `nil` when the catalog was already current.
        public let directory: String?
        public let photoCount: Int
        public let hashed: Int
    }

    let files: PhotoFileReader
    let cacheDirectory: String
    let jobs: Int
    /// What the builder gives way to between reads: thumbnails someone waits for.
    let foreground: ForegroundWork

    /// The most bytes of photos one run reads before the builder looks for foreground work again.
    static let runBytes = 8 << 20

    /// Builds or updates the catalog of every folder in `source`'s tree.
    public func build(tree source: LocalPhotoSource) -> AsyncThrowingStream<Event, any Error> {
        build(source, recursive: true)
    }

    /// Builds or updates the catalog of `source`'s root folder only.
    public func build(folder source: LocalPhotoSource) -> AsyncThrowingStream<Event, any Error> {
        build(source, recursive: false)
    }

    private func build(_ source: LocalPhotoSource, recursive: Bool) -> AsyncThrowingStream<Event, any Error> {
        .producing { continuation in try await run(source, recursive: recursive, continuation) }
    }

    private func run(_ source: LocalPhotoSource, recursive: Bool, _ events: AsyncThrowingStream<Event, any Error>.Continuation) async throws {
        var photosByFolder: [String: [ScannedPhoto]] = [:]
        var folders = [source.root]
        var found = 0
        for try await batch in source.scan(recursive: recursive, includeStatus: true) {
            for photo in batch.photos {
                photosByFolder[photo.folder, default: []].append(photo)
            }
            if recursive {
                folders += batch.folders.map(\.path)
            }
            batch.problems.forEach { events.yield(.problem($0.message)) }
            found += batch.photos.count
            events.yield(.found(found, finished: false))
        }
        events.yield(.found(found, finished: true))

        for folder in folders {
            try Task.checkCancellation()
            let catalog = FolderCatalog(folder: folder, cacheDirectory: cacheDirectory)
            let photos = photosByFolder[folder] ?? []
            guard !photos.isEmpty || catalog.existingDirectory != nil else { continue }
            let report = try await update(catalog, photos: photos, loaded: nil) { events.yield($0) }.report
            events.yield(.folderDone(report))
        }
    }

    /// Brings one folder's catalog up to date with `photos`, scanned with their status. A folder
    /// source keeping its catalog current passes the catalog it listed from as `loaded`, so the
    /// folder is scanned and its catalog read once; without it, the catalog is read here.
    /// - Returns: The outcome, and the rows the catalog now has.
    func update(
        _ catalog: FolderCatalog, photos: [ScannedPhoto], loaded: LoadedCatalog?, emit: (Event) -> Void
    ) async throws -> (report: FolderReport, entries: [CatalogEntry]) {
        var previous = loaded
        if previous == nil {
            do {
                previous = try catalog.load()
            } catch let error as PhotolalaError where error.code == .damagedCatalog {
                emit(.problem(error.message))
            } catch let error as PhotolalaError where error.code == .noCatalog {
                previous = nil
            }
        }
        if let previous {
            previous.problems.forEach { emit(.problem("\(previous.directory): \($0.message)")) }
        }

        // Keyed by the name's bytes: two names that differ only in Unicode normalisation are
        // two files.
        let known = Dictionary((previous?.entries ?? []).map { (Array($0.filename.utf8), $0) }, uniquingKeysWith: { first, _ in first })
        var entries: [CatalogEntry] = []
        // A first build knows no row: the photos are all stale, shared rather than copied (a
        // million of them are 75 MB).
        var stale = known.isEmpty ? photos : []
        if !known.isEmpty {
            for photo in photos {
                if let status = photo.status, let entry = known[Array(photo.item.displayName.utf8)],
                    entry.size == status.size, entry.modified == status.modifiedNanoseconds / 1_000_000_000
                {
                    entries.append(entry)
                    emit(.photoDone(hashed: false, bytes: 0))
                } else {
                    stale.append(photo)
                }
            }
        }
        let unread = try await rows(fromRecordedFacts: stale, into: &entries, emit: emit)
        entries += try await read(unread, emit: emit)

        // Current only when `verify` would pass (the same problems) and nothing changed.
        let unchanged =
            previous.map { previous in
                previous.problems.isEmpty && previous.manifest.version == CatalogManifest.currentVersion
                    && Set(previous.entries) == Set(entries) && previous.entries.count == entries.count
            } ?? false
        if unchanged, let previous {
            do {
                try catalog.recoverInterruptedWrite(in: previous.directory)
            } catch let error as PhotolalaError {
                emit(.problem(error.message))
            }
        }
        let directory = unchanged ? nil : try catalog.write(entries, previous: previous?.manifest).directory
        return (FolderReport(folder: catalog.folder, directory: directory, photoCount: entries.count, hashed: unread.count), entries)
    }

    /// Makes the rows of photos whose files were read before as they are now (for a thumbnail,
    /// the inspector, a star) from what those reads recorded, without opening them, and returns
    /// the photos still to be read.
    private func rows(
        fromRecordedFacts photos: [ScannedPhoto], into entries: inout [CatalogEntry], emit: (Event) -> Void
    ) async throws -> [ScannedPhoto] {
        guard !photos.isEmpty else { return [] }
        let recorded: [String: PhotoFacts]
        do {
            recorded = try await offload { [files] in try files.recordedFacts(forPaths: photos.map(\.path)) }
        } catch {
            files.logger.warning("What was recorded of photos could not be looked up; they are read again.", metadata: ["error": .error(error)])
            return photos
        }
        // None read before: all are unread, as they are (not copied).
        guard !recorded.isEmpty else { return photos }
        var unread: [ScannedPhoto] = []
        for photo in photos {
            guard let status = photo.status, let facts = recorded[photo.path], facts.complete(for: status) else {
                unread.append(photo)
                continue
            }
            entries.append(CatalogEntry(filename: photo.item.displayName, facts: facts))
            emit(.photoDone(hashed: false, bytes: 0))
        }
        return unread
    }

    /// How long what reads taught may wait to be recorded. Each commit rewrites every page of the
    /// identity and date indexes that its photos' random MD5 keys fall on, nearly all of them
    /// once a folder has thousands: committing every run of 256 made a build of 100,000 photos
    /// write 237,628 times. A build stopped meanwhile only reads those photos again.
    static let recordingInterval = Duration.seconds(5)

    /// Reads photos, `jobs` at a time (in runs of up to 256, so small files do not pay a thread
    /// hand-off each), what the reads taught recorded every ``recordingInterval`` and at the end;
    /// unreadable ones are reported and left out. Each run waits while ``foreground`` work
    /// runs, and holds at most ``runBytes`` of photos (one camera photo or a few), so
    /// thumbnails wanted meanwhile wait for one short run at most.
    private func read(_ photos: [ScannedPhoto], emit: (Event) -> Void) async throws -> [CatalogEntry] {
        let averageBytes = photos.reduce(0) { $0 + Int($1.status?.size ?? 0) } / max(1, photos.count)
        let runLength = max(1, min(256, photos.count / (jobs * 4), Self.runBytes / max(1, averageBytes)))
        let runs = stride(from: 0, to: photos.count, by: runLength).map { $0..<min($0 + runLength, photos.count) }
        var learnt: [PhotoFacts] = []
        var lastRecording = ContinuousClock.now
        func record() async {
            guard !learnt.isEmpty else { return }
            let facts = learnt
            learnt = []
            lastRecording = .now
            do {
                try await offload { [files] in try files.record(facts) }
            } catch {
                // The rows stand; the files are only read again next time.
                files.logger.warning(
                    "What was read of photos could not be recorded; they are read again next time.", metadata: ["error": .error(error)])
            }
        }
        typealias Run = (entries: [Result<CatalogEntry, PhotolalaError>], learnt: [PhotoFacts])
        let entries = try await withThrowingTaskGroup(of: Run.self) { group in
            var entries: [CatalogEntry] = []
            func collect(_ run: Run) async {
                for outcome in run.entries {
                    switch outcome {
                    case .success(let entry):
                        entries.append(entry)
                        emit(.photoDone(hashed: true, bytes: entry.size))
                    case .failure(let error):
                        emit(.problem(error.message))
                    }
                }
                learnt += run.learnt
                if ContinuousClock.now - lastRecording >= Self.recordingInterval {
                    await record()
                }
            }
            for (index, run) in runs.enumerated() {
                if index >= jobs, let outcome = try await group.next() {
                    await collect(outcome)
                }
                await foreground.idle()
                group.addTask { [files] in
                    try await offload { files.catalogEntries(at: photos[run].map(\.path)) }
                }
            }
            while let outcome = try await group.next() {
                await collect(outcome)
            }
            return entries
        }
        await record()
        return entries
    }
}
