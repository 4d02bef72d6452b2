import Foundation

/// Builds the catalogs of a folder tree, one per folder that holds photos, hashing only the
/// photos that are new or changed (by name, size and modification time) since the last build.
///
/// Rows of shards that failed their checksum are not reused, and a catalog with any problem
/// ``FolderCatalog/verify()`` would report is written again, so `build` repairs whatever
/// `verify` rejects. Photos are read once each, `jobs` at a time, and what their EXIF says of
/// their dates (offsets included, which the catalog has no column for) is recorded by MD5 in the
/// database (``PhotoDateIndex``).
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

    /// Builds or updates the catalog of every folder in `source`'s tree.
    public func build(tree source: LocalPhotoSource) -> AsyncThrowingStream<Event, any Error> {
        build(source, recursive: true)
    }

    /// Builds or updates the catalog of `source`'s root folder only.
    public func build(folder source: LocalPhotoSource) -> AsyncThrowingStream<Event, any Error> {
        build(source, recursive: false)
    }

    private func build(_ source: LocalPhotoSource, recursive: Bool) -> AsyncThrowingStream<Event, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    try await run(source, recursive: recursive, continuation)
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
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
            events.yield(.folderDone(try await build(catalog, photos: photos, events: events)))
        }
    }

    /// Brings one folder's catalog up to date with `photos`.
    private func build(
        _ catalog: FolderCatalog,
        photos: [ScannedPhoto],
        events: AsyncThrowingStream<Event, any Error>.Continuation
    ) async throws -> FolderReport {
        var previous: LoadedCatalog?
        do {
            previous = try catalog.load()
        } catch let error as PhotolalaError where error.code == .damagedCatalog {
            events.yield(.problem(error.message))
        } catch let error as PhotolalaError where error.code == .noCatalog {
            previous = nil
        }
        if let previous {
            previous.problems.forEach { events.yield(.problem("\(previous.directory): \($0.message)")) }
        }

        // Keyed by the name's bytes: two names that differ only in Unicode normalisation are
        // two files.
        let known = Dictionary((previous?.entries ?? []).map { (Array($0.filename.utf8), $0) }, uniquingKeysWith: { first, _ in first })
        var entries: [CatalogEntry] = []
        var stale: [ScannedPhoto] = []
        for photo in photos {
            if let status = photo.status, let entry = known[Array(photo.item.displayName.utf8)],
                entry.size == status.size, entry.modified == status.modifiedNanoseconds / 1_000_000_000
            {
                entries.append(entry)
                events.yield(.photoDone(hashed: false, bytes: 0))
            } else {
                stale.append(photo)
            }
        }
        entries += try await hash(stale, events: events)

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
                events.yield(.problem(error.message))
            }
        }
        let directory = unchanged ? nil : try catalog.write(entries, previous: previous?.manifest).directory
        return FolderReport(folder: catalog.folder, directory: directory, photoCount: entries.count, hashed: stale.count)
    }

    /// Reads and hashes photos, `jobs` at a time (in runs of up to 32, so small files do not
    /// pay a thread hand-off each), and records their identities in one transaction; unreadable
    /// ones are reported and left out.
    private func hash(_ photos: [ScannedPhoto], events: AsyncThrowingStream<Event, any Error>.Continuation) async throws -> [CatalogEntry] {
        typealias Outcome = Result<(entry: CatalogEntry, identity: IdentityIndex.Identity, date: PhotoDateIndex.Recorded?), PhotolalaError>
        let runLength = max(1, min(32, photos.count / (jobs * 4)))
        let runs = stride(from: 0, to: photos.count, by: runLength).map { Array(photos[$0..<min($0 + runLength, photos.count)]) }
        return try await withThrowingTaskGroup(of: [Outcome].self) { group in
            var entries: [CatalogEntry] = []
            var identities: [IdentityIndex.Identity] = []
            var dates: [(md5: String, date: PhotoDateIndex.Recorded)] = []
            func collect(_ outcomes: [Outcome]) {
                for outcome in outcomes {
                    switch outcome {
                    case .success(let read):
                        entries.append(read.entry)
                        identities.append(read.identity)
                        if let date = read.date {
                            dates.append((read.entry.md5, date))
                        }
                        events.yield(.photoDone(hashed: true, bytes: read.entry.size))
                    case .failure(let error):
                        events.yield(.problem(error.message))
                    }
                }
            }
            for (index, run) in runs.enumerated() {
                if index >= jobs, let outcomes = try await group.next() {
                    collect(outcomes)
                }
                group.addTask { [files] in
                    try await offload {
                        run.map { photo -> Outcome in
                            do {
                                return .success(try files.catalogEntry(at: photo.path))
                            } catch let error as PhotolalaError {
                                return .failure(error)
                            } catch {
                                return .failure(PhotolalaError.unreadableFile(photo.path, errno: EIO))
                            }
                        }
                    }
                }
            }
            while let outcomes = try await group.next() {
                collect(outcomes)
            }
            try files.identities.record(identities)
            files.dates.record(dates)
            return entries
        }
    }
}
