import Logging
import Synchronization

extension LocalFolderListing {
    /// A catalogued photo's row. The catalog keeps no offset, so its date, offset and date source
    /// come from what was recorded of the photo's content (``PhotoDateIndex``) when anything was:
    /// the same as an uncatalogued listing and `info --json` give. Otherwise the row has the
    /// catalog's date, the EXIF date (`exif`) unless it is the file time (`file`), and no offset.
    static func listedPhoto(
        for entry: CatalogEntry, recorded: PhotoDateIndex.Recorded?, kind: PhotoKind? = nil, duration: Double? = nil,
        liveIdentifier: String? = nil
    ) -> ListedPhoto {
        let (date, offset, source): (Int64, Int?, PhotoDateSource) =
            switch recorded {
            case .taken(let taken): (taken.seconds, taken.offset, .exif)
            case .undated: (entry.photoDate, nil, .file)
            case nil: (entry.photoDate, nil, entry.photoDate == entry.modified ? .file : .exif)
            }
        return ListedPhoto(
            item: item(for: entry), date: date, size: entry.size, modified: entry.modified, width: entry.width, height: entry.height,
            offset: offset, dateSource: source, kind: kind, duration: duration, liveIdentifier: liveIdentifier)
    }

    /// What listing rows say of photos beyond `stat`: when each was taken (what an earlier read
    /// of it recorded, while its file is unchanged, else the EXIF in its first bytes; `nil` for
    /// a photo that records no date, so a folder whose thumbnails were made is dated without
    /// opening a photo), the Live Photo content identifier of a still or a movie (recorded, else from the same
    /// first bytes) and, for a video, its duration, from its container (a few small reads, each
    /// listing: nothing records a duration).
    func headerFacts(of photos: [(path: String, status: FileStatus?)]) -> [(taken: HeaderDate?, duration: Double?, liveIdentifier: String?)] {
        var recorded: [String: PhotoFacts] = [:]
        do {
            recorded = try files.recordedFacts(forPaths: photos.filter { $0.status != nil }.map(\.path))
        } catch {
            files.logger.warning("What was recorded of photos could not be looked up; their dates are read.", metadata: ["error": .error(error)])
        }
        return photos.map { photo in
            if let format = ImageFormat(name: photo.path), format.kind == .video {
                let header = VideoHeader.read(listedAt: photo.path, named: format)
                return (header?.date, header?.duration, header?.contentIdentifier)
            }
            guard let status = photo.status, let facts = recorded[photo.path], facts.identity.holds(for: status), let date = facts.date else {
                let exif = HeaderDate.exif(atPath: photo.path)
                return (exif.flatMap(HeaderDate.date(of:)), nil, exif?.liveIdentifier)
            }
            if case .taken(let taken) = date { return (taken, nil, facts.liveIdentifier) }
            return (nil, nil, facts.liveIdentifier)
        }
    }

    /// The rows of catalogued photos, dated by what was recorded of their contents (one query
    /// for all). Photos never read are read first when `reading` (a few of them: their files'
    /// first bytes), else listed with the catalog's date and returned as `unknown`, for a
    /// follow-up pass (``announceLearntDates(of:)``). With `identifying`, stills and QuickTime
    /// movies carry the Live Photo content identifiers recorded of them (one more query), so
    /// ``FilePairing`` pairs those renamed apart; a listing without a movie has no such pair.
    func catalogRows(
        for entries: [CatalogEntry], reading: Bool, identifying: Bool = true
    ) -> (rows: [ListedPhoto], unknown: [CatalogEntry]) {
        guard !entries.isEmpty else { return ([], []) }
        var recorded = catalogs.dates.dates(ofMD5s: entries.map(\.md5))
        let missing = recorded.indices.filter { recorded[$0] == nil }
        if reading, !missing.isEmpty {
            let learnt = learnDates(of: missing.map { entries[$0] })
            for index in missing {
                recorded[index] = learnt[entries[index].md5]
            }
        }
        let unknown = recorded.indices.filter { recorded[$0] == nil }.map { entries[$0] }
        let live = identifying ? files.liveIdentifiers.identifiers(ofMD5s: entries.map(\.md5)) : []
        // A row is made from its entry alone: a million are made in runs, one a core.
        let dated = recorded
        let rows = inParallelRuns(Array(entries.indices), smallestRun: 20_000) { [self] indices in
            indices.map { index in
                let entry = entries[index]
                let format = ImageFormat(name: entry.filename)
                let kind = format?.kind ?? .photo
                // The catalog has no duration column: a video's is read from its container, whose
                // header also names a Live Photo movie's content identifier.
                let file = kind == .video ? try? path(for: Self.item(for: entry).id) : nil
                let header = file.flatMap { file in format.flatMap { VideoHeader.read(listedAt: file, named: $0) } }
                let identifier = live.indices.contains(index) ? live[index] ?? header?.contentIdentifier : nil
                return Self.listedPhoto(for: entry, recorded: dated[index], kind: kind, duration: header?.duration, liveIdentifier: identifier)
            }
        }
        return (rows, unknown)
    }

    /// Reads what the catalog cannot say of these photos' dates (their offsets) from their files'
    /// first bytes, and records it. A file that changed since it was catalogued is left to the
    /// reconcile. A photo whose date ``HeaderDate`` cannot find keeps the catalog's date as its
    /// own, without an offset, until libvips reads it (the inspector, a catalog build). A Live
    /// Photo still's content identifier, in the same bytes, is recorded too.
    func learnDates(of entries: [CatalogEntry]) -> [String: PhotoDateIndex.Recorded] {
        var learnt: [(md5: String, date: PhotoDateIndex.Recorded)] = []
        var identified: [LiveIdentifier] = []
        for entry in entries {
            guard let path = try? path(for: Self.item(for: entry).id), let status = try? FileStatus(path: path),
                status.size == entry.size, status.modifiedNanoseconds / 1_000_000_000 == entry.modified
            else { continue }
            let exif = HeaderDate.exif(atPath: path)
            if let identifier = exif?.liveIdentifier {
                identified.append(LiveIdentifier(md5: entry.md5, identifier: identifier))
            }
            let date: PhotoDateIndex.Recorded =
                if let taken = exif.flatMap(HeaderDate.date(of:)) {
                    .taken(taken)
                } else if entry.photoDate != entry.modified {
                    .taken(HeaderDate(seconds: entry.photoDate, offset: nil))
                } else {
                    .undated
                }
            learnt.append((entry.md5, date))
        }
        catalogs.dates.record(learnt)
        files.liveIdentifiers.record(identified)
        return Dictionary(learnt, uniquingKeysWith: { first, _ in first })
    }

    /// Reads, a few hundred at a time, the dates of photos listed from a catalog that recorded
    /// none of theirs (written on another device, or by an older build), and announces as updated
    /// those whose rows change (an offset found), so a browser shows their own clock times.
    /// Each chunk waits for the thumbnails being made: the page showing the folder comes first.
    /// (Not at a lower priority: the dates are recorded, and a starved writer would hold up
    /// the thumbnails' own records.)
    func announceLearntDates(of entries: [CatalogEntry]) async {
        let chunk = 500
        for start in stride(from: 0, to: entries.count, by: chunk) {
            guard !Task.isCancelled else { return }
            await catalogs.builder.foreground.idle()
            let part = Array(entries[start..<min(entries.count, start + chunk)])
            let learnt = (try? await offload { [self] in learnDates(of: part) }) ?? [:]
            let changed = part.filter { entry in
                learnt[entry.md5].map { Self.listedPhoto(for: entry, recorded: $0) != Self.listedPhoto(for: entry, recorded: nil) } ?? false
            }
            feed.announce([.updated(changed.map(Self.item(for:)))])
        }
    }
}
