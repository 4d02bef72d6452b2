import Foundation
import Logging

/// Reads a photo file once for everything Photolala derives from it: MD5, metadata, thumbnail,
/// and records at once what the read taught (``PhotoFacts``: MD5, size, time, displayed size,
/// orientation, date), so nothing reads the file again while it is unchanged.
///
/// The identity index turns an unchanged file's path, size and time into its MD5 without
/// reading it, and the thumbnail store then answers without decoding anything; a catalog build
/// makes the rows of files read here before from their recorded facts (``recordedFacts(forPaths:)``).
struct PhotoFileReader: Sendable {
    let identities: IdentityIndex
    /// Where the photo dates read here are kept, for catalogued listings.
    let dates: PhotoDateIndex
    /// Where Live Photo content identifiers read here are kept, for pairing in listings.
    let liveIdentifiers: LiveIdentifierIndex
    /// Where what photos say of themselves is kept, for search.
    let descriptions: PhotoDescriptionIndex
    /// The search index, told the MD5s learnt of photos it holds without one.
    let searchIndex: SearchIndex
    /// What GPS positions are places of, for metadata.
    let places: PlaceData
    let thumbnails: ThumbnailStore
    let renderings: RenderingStore
    let imaging: ImageProcessor
    /// Videos' thumbnails (PhotoFileReader+Video.swift).
    let posterFrames: VideoPosterFrame
    let maximumFileSize: Int64
    /// Photos whose thumbnails a screen got before their MD5 (PhotoFileReader+Backlog.swift).
    let backlog: IdentityBacklog
    /// What the backlog is settled around: only while none of it runs.
    let foreground: ForegroundWork
    /// Where a failure to record what was read is logged (it costs only another read).
    let logger: Logger

    /// How long after another cell's thumbnail a photo read for the first time still counts as
    /// part of a screen filling: a page asks for the next cell as soon as one comes back.
    static let screenPause: Duration = .milliseconds(200)

    /// The file's thumbnail from the disk cache, or rendered (and cached) from one read.
    /// - Parameter deferringIdentity: For a screen: a photo read for the first time while
    ///   another cell's thumbnail is being made, or was a moment ago (a screen filling), gets its
    ///   thumbnail first and its MD5 later, from the same bytes (``IdentityBacklog``); one asked
    ///   for alone is hashed at once, so its answer carries its MD5.
    /// - Throws: ``PhotolalaError`` when the file is unreadable or not a decodable image.
    func thumbnail(at path: String, deferringIdentity: Bool = false) throws -> Thumbnail {
        if Self.videoFormat(ofFileAt: path) != nil { return try videoThumbnail(at: path) }
        let status = try FileStatus(path: path)
        guard status.size > 0 else { throw PhotolalaError.emptyFile(path) }
        let known = try identities.md5(forPath: path, status: status)
        if let known, let jpeg = thumbnails.thumbnail(forMD5: known) {
            return Thumbnail(md5: known, jpeg: jpeg, origin: .disk)
        }
        if known == nil, deferringIdentity, let jpeg = backlog.thumbnail(ofPath: path, status: status) {
            return Thumbnail(md5: nil, jpeg: jpeg, origin: .memory)
        }
        let contents = try FileContents(path: path, sizeLimit: maximumFileSize)
        if known == nil, deferringIdentity, foreground.hasCompany(within: Self.screenPause),
            let jpeg = try thumbnailHeld(from: contents)
        {
            return Thumbnail(md5: nil, jpeg: jpeg, origin: .generated)
        }
        let image = try derivedImage(
            from: contents, known: known, cached: thumbnails.thumbnail(forMD5:), make: { try imaging.thumbnail(of: $0, name: path) },
            keep: { jpeg, md5 in saveIfPossible("A thumbnail", of: path) { try thumbnails.store(jpeg, forMD5: md5) } })
        return Thumbnail(md5: image.md5, jpeg: image.jpeg, origin: image.made ? .generated : .disk)
    }

    /// The photo's full image for a browser: the file itself when browsers show its format
    /// (its first bytes say which), else a JPEG rendering from the rendering cache, or made from
    /// one read and kept there.
    /// - Throws: ``PhotolalaError`` when the file is unreadable or not an image.
    func displayableFile(at path: String) throws -> DisplayableFile {
        guard let format = ImageFormat(sniffing: try Self.head(of: path)) else { throw PhotolalaError.notAnImage(path) }
        if let mediaType = format.browserMediaType {
            return .original(path: path, mediaType: mediaType)
        }
        let known = try identities.md5(forPath: path, status: try FileStatus(path: path))
        if let known, let jpeg = renderings.rendering(forMD5: known) {
            return .rendering(jpeg: jpeg)
        }
        let image = try derivedImage(
            from: try FileContents(path: path, sizeLimit: maximumFileSize), known: known, cached: renderings.rendering(forMD5:),
            make: { try imaging.renderJPEG(of: $0, name: path) },
            // The rendering store logs a write that fails; it only costs another rendering next time.
            keep: { try? renderings.store($0, forMD5: $1) })
        return .rendering(jpeg: image.jpeg)
    }

    /// An image made from the file's bytes (a thumbnail, a rendering) whose cache by the MD5
    /// `known` for the file had none: from the cache when the bytes are content seen before,
    /// else by `make`, then handed to `keep` with the MD5. The bytes are hashed only when no MD5
    /// is known for the file as it is now; what the read taught is recorded before the image is
    /// made.
    private func derivedImage(
        from contents: FileContents, known: String?, cached: (String) -> [UInt8]?, make: ([UInt8]) throws -> [UInt8],
        keep: ([UInt8], String) -> Void
    ) throws -> (md5: String, jpeg: [UInt8], made: Bool) {
        let facts = try learn(from: contents, md5: .some(known)).facts
        saveIfPossible("What was read", of: contents.path) { try record([facts]) }
        let md5 = facts.identity.md5
        // Content seen before (another copy, or this file before it changed) has its image already.
        if let jpeg = cached(md5) {
            return (md5, jpeg, false)
        }
        let jpeg = try make(contents.bytes)
        keep(jpeg, md5)
        return (md5, jpeg, true)
    }

    /// The first bytes of a file, enough to tell its format.
    static func head(of path: String) throws -> [UInt8] {
        try RegularFile(path: path).read(upTo: ImageFormat.sniffLength)
    }

    /// The catalog rows of files, each from one read (MD5, size, times and, when it is a readable
    /// image, its dimensions and photo date), and what the reads taught, for the caller to
    /// ``record(_:)``: a catalog build records many of these runs in one transaction, since each
    /// commit rewrites every index page its random MD5 keys touched. A file that is no readable
    /// image still gets a row; one that cannot be read gets its error.
    func catalogEntries(at paths: [String]) -> (entries: [Result<CatalogEntry, PhotolalaError>], learnt: [PhotoFacts]) {
        var learnt: [PhotoFacts] = []
        // What is recorded of the files, in one query: a query a file would cost more than its read.
        let recorded: [String: FileIdentity]
        do {
            recorded = try identities.identities(forPaths: paths)
        } catch {
            logger.warning("What was recorded of photos could not be looked up; they are hashed again.", metadata: ["error": .error(error)])
            recorded = [:]
        }
        let entries = paths.map { path -> Result<CatalogEntry, PhotolalaError> in
            do {
                if Self.videoFormat(ofFileAt: path) != nil {
                    let video = try videoCatalogEntry(at: path)
                    learnt.append(video.facts)
                    return .success(video.entry)
                }
                // A photo a screen read is hashed from the bytes it read.
                if let held = heldPhoto(at: path) {
                    let facts = try settle(held)
                    learnt.append(facts)
                    return .success(CatalogEntry(filename: FilePath.name(of: path), facts: facts))
                }
                let contents = try readFile(at: path)
                let known = recorded[path].flatMap { $0.holds(for: contents.status) ? $0.md5 : nil }
                let facts = try learn(from: contents, md5: .some(known)).facts
                learnt.append(facts)
                return .success(CatalogEntry(filename: FilePath.name(of: path), facts: facts))
            } catch let error as PhotolalaError {
                return .failure(error)
            } catch {
                return .failure(PhotolalaError.unreadableFile(path, errno: EIO))
            }
        }
        return (entries, learnt)
    }

    /// What is recorded of the files at `paths`, by path, from three queries whatever their
    /// number (``PhotoFacts/complete(for:)`` says whether they still hold and suffice for a row).
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    func recordedFacts(forPaths paths: [String]) throws -> [String: PhotoFacts] {
        let known = Array(try identities.identities(forPaths: paths).values)
        let dated = dates.dates(ofMD5s: known.map(\.md5))
        let live = liveIdentifiers.identifiers(ofMD5s: known.map(\.md5))
        return Dictionary(
            known.indices.map { (known[$0].path, PhotoFacts(identity: known[$0], date: dated[$0], liveIdentifier: live[$0])) },
            uniquingKeysWith: { first, _ in first })
    }

    /// Records what reads taught: identities in one transaction, dates, descriptions, Live
    /// Photo identifiers and the MD5s of photos the search index holds without one each in
    /// another.
    /// - Throws: ``PhotolalaError/databaseFailed`` when the identities cannot be written.
    func record(_ facts: [PhotoFacts]) throws {
        try identities.record(facts.map(\.identity))
        saveIfPossible("The MD5 learnt for search", of: facts.first?.identity.path ?? "") {
            try searchIndex.recordMD5s(ofFiles: facts.map { ($0.identity.path, $0.identity.md5) })
        }
        dates.record(facts.compactMap { facts in facts.date.map { (facts.identity.md5, $0) } })
        descriptions.record(facts.compactMap { facts in facts.description.map { (facts.identity.md5, $0) } })
        liveIdentifiers.record(facts.compactMap { facts in facts.liveIdentifier.map { LiveIdentifier(md5: facts.identity.md5, identifier: $0) } })
    }

    /// Runs `save`, a write of what a read taught or made (its facts, its thumbnail)
    /// that only spares work later: when it fails (a full disk, a read-only cache) the failure
    /// is logged, and what was read is shown all the same and read again next time.
    func saveIfPossible(_ what: String, of path: String, _ save: () throws -> Void) {
        do {
            try save()
        } catch {
            logger.warning(
                "\(what) could not be saved; it is made again next time.", metadata: ["photo": "\(FilePath.name(of: path))", "error": .error(error)])
        }
    }

    /// All one read of a file teaches: its identity (the MD5 from the index when the bytes are
    /// the file as recorded, else hashed from them) and, when it is an image, its displayed
    /// size, orientation and date from its header; with the inspection, or why there is none.
    /// - Parameter md5: The MD5 recorded for the file as it is now, when the caller looked it up
    ///   already (`.some(nil)`: none); `nil` to look it up here.
    func learn(from contents: FileContents, md5: String?? = nil) throws -> (facts: PhotoFacts, inspection: Result<ImageInspection, any Error>) {
        var identity = try identities.identity(of: contents, md5: md5 ?? identities.md5(forPath: contents.path, status: contents.status))
        let inspection = Result { try imaging.inspect(contents.bytes, name: contents.path) }
        guard case .success(let inspected) = inspection else { return (PhotoFacts(identity: identity, date: nil), inspection) }
        identity.width = inspected.width
        identity.height = inspected.height
        identity.orientation = inspected.orientation
        var metadata = PhotoMetadata()
        if let exif = inspected.exif {
            metadata.apply(exif)
        }
        let facts = PhotoFacts(
            identity: identity, date: PhotoDateIndex.Recorded(metadata), liveIdentifier: inspected.exif?.liveIdentifier,
            description: description(of: inspected, path: contents.path))
        return (facts, inspection)
    }

    /// What an image's EXIF, XMP and IPTC say of it. An XMP packet that cannot be read is left
    /// out (and logged): the rest of what the photo says is kept.
    func description(of inspected: ImageInspection, path: String) -> PhotoDescription {
        var xmp: XMPPacket?
        if let packet = inspected.xmpPacket {
            do {
                xmp = try XMPPacket(packet)
            } catch {
                logger.notice("A photo's XMP is left out: it \(error).", metadata: ["photo": "\(FilePath.name(of: path))"])
            }
        }
        return PhotoDescription(
            exif: inspected.exif, xmp: xmp, iptc: inspected.iptcBlock.map(IPTCRecords.init), width: inspected.width, height: inspected.height)
    }

    /// Reads a file whole; an empty file reads as no bytes rather than failing.
    private func readFile(at path: String) throws -> FileContents {
        do {
            return try FileContents(path: path, sizeLimit: maximumFileSize)
        } catch let error as PhotolalaError where error.code == .emptyFile {
            return FileContents(empty: path, status: try FileStatus(path: path))
        }
    }

    /// Everything known about the file: its status, MD5, header facts and EXIF.
    /// - Throws: ``PhotolalaError`` when the file is unreadable or not an image.
    func metadata(at path: String) throws -> PhotoMetadata {
        if Self.videoFormat(ofFileAt: path) != nil { return try videoMetadata(at: path) }
        let contents = try FileContents(path: path, sizeLimit: maximumFileSize)
        let (facts, inspection) = try learn(from: contents)
        saveIfPossible("What was read", of: path) { try record([facts]) }
        return metadata(of: contents, md5: facts.identity.md5, inspection: try inspection.get(), description: facts.description)
    }

    /// Fills `metadata`'s description, overlaid by the photo's sidecar's, and the place of its
    /// position.
    func describe(_ metadata: inout PhotoMetadata, with description: PhotoDescription?, ofPhotoAt path: String) {
        metadata.apply(describedWithSidecar(description ?? PhotoDescription(), ofPhotoAt: path))
        if let latitude = metadata.latitude, let longitude = metadata.longitude {
            metadata.place = places.place(latitude: latitude, longitude: longitude)
        }
    }

    /// `description` overlaid by the photo's XMP sidecar's, when it has one that can be read
    /// (one that cannot is logged and left out).
    func describedWithSidecar(_ description: PhotoDescription, ofPhotoAt path: String) -> PhotoDescription {
        do {
            guard let sidecar = try XMPSidecar.find(forPhotoAt: path) else { return description }
            return description.overlaid(by: sidecar.description)
        } catch {
            logger.notice("A photo's XMP sidecar is left out.", metadata: ["photo": "\(FilePath.name(of: path))", "error": "\(error)"])
            return description
        }
    }

    /// What the backup's one read of an original teaches: the facts a listing and a catalog
    /// build need (identity, displayed size, date, Live Photo content identifier), and its
    /// metadata, or why its bytes have none (they are backed up all the same). The backup
    /// starred the file under `md5` and records the facts (``record(_:)``) once the store has
    /// checked the bytes are that content: recorded before, they could tie a file edited since
    /// to content it no longer holds.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    func backupRead(of contents: FileContents, md5: String) throws -> (facts: PhotoFacts, metadata: Result<PhotoMetadata, any Error>) {
        if ImageFormat(sniffing: contents.bytes)?.kind == .video {
            return videoBackupRead(of: contents, md5: md5)
        }
        let (facts, inspection) = try learn(from: contents, md5: .some(md5))
        return (facts, inspection.map { metadata(of: contents, md5: md5, inspection: $0, description: facts.description) })
    }

    /// The metadata of an image read, with `description` overlaid by its sidecar's.
    private func metadata(of contents: FileContents, md5: String, inspection: ImageInspection, description: PhotoDescription?) -> PhotoMetadata {
        let path = contents.path
        var metadata = PhotoMetadata()
        metadata.fileSize = contents.status.size
        metadata.modificationDate = contents.status.modificationDate
        metadata.creationDate = (try? FileManager.default.attributesOfItem(atPath: path))?[.creationDate] as? Date
        metadata.width = inspection.width
        metadata.height = inspection.height
        metadata.orientation = inspection.orientation
        metadata.format = inspection.format
        metadata.originalFilename = FilePath.name(of: path)
        metadata.md5 = md5
        if let exif = inspection.exif {
            metadata.apply(exif)
        }
        describe(&metadata, with: description, ofPhotoAt: path)
        return metadata
    }
}
