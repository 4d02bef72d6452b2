import Foundation

/// Reads a photo file once for everything Photolala derives from it: MD5, metadata, thumbnail.
///
/// The identity index turns an unchanged file's path, size and time into its MD5 without
/// reading it, and the thumbnail store then answers without decoding anything.
struct PhotoFileReader: Sendable {
    let identities: IdentityIndex
    /// Where the photo dates read here are kept, for catalogued listings.
    let dates: PhotoDateIndex
    let thumbnails: ThumbnailStore
    let renderings: RenderingStore
    let imaging: ImageProcessor
    let maximumFileSize: Int64

    /// The file's thumbnail from the disk cache, or rendered (and cached) from one read.
    /// - Throws: ``PhotolalaError`` when the file is unreadable or not a decodable image.
    func thumbnail(at path: String) throws -> Thumbnail {
        let status = try FileStatus(path: path)
        guard status.size > 0 else { throw PhotolalaError.emptyFile(path) }
        let image = try derivedImage(
            from: path, status: status, cached: thumbnails.thumbnail(forMD5:), make: { try imaging.thumbnail(of: $0, name: path) },
            keep: { try thumbnails.store($0, forMD5: $1) })
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
        let image = try derivedImage(
            from: path, status: try FileStatus(path: path), cached: renderings.rendering(forMD5:),
            make: { try imaging.renderJPEG(of: $0, name: path) },
            // A cache that cannot be written only costs another rendering next time.
            keep: { try? renderings.store($0, forMD5: $1) })
        return .rendering(jpeg: image.jpeg)
    }

    /// An image made from the file (a thumbnail, a rendering): from the cache by the file's MD5
    /// when it was made before, else by `make` from one read, then handed to `keep` with the
    /// MD5. The file is hashed only when its MD5 is not known for it as it is now.
    private func derivedImage(
        from path: String, status: FileStatus, cached: (String) -> [UInt8]?, make: ([UInt8]) throws -> [UInt8],
        keep: ([UInt8], String) throws -> Void
    ) throws -> (md5: String, jpeg: [UInt8], made: Bool) {
        let known = try identities.md5(forPath: path, status: status)
        if let known, let jpeg = cached(known) {
            return (known, jpeg, false)
        }
        let contents = try FileContents(path: path, sizeLimit: maximumFileSize)
        let md5: String
        if let known, contents.status == status {
            md5 = known
        } else {
            md5 = try record(contents)
            // Content seen before (another copy, or this file before it changed) has its image already.
            if let jpeg = cached(md5) {
                return (md5, jpeg, false)
            }
        }
        let jpeg = try make(contents.bytes)
        try keep(jpeg, md5)
        return (md5, jpeg, true)
    }

    /// The first bytes of a file, enough to tell its format.
    static func head(of path: String) throws -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw PhotolalaError.unreadableFile(path, errno: errno) }
        defer { try? handle.close() }
        return [UInt8](try handle.read(upToCount: ImageFormat.sniffLength) ?? Data())
    }

    /// The file's catalog row, from one read: MD5, size, times and, when it is a readable image,
    /// its dimensions and photo date; its identity, and what its content says of its date (`nil`
    /// when it is no readable image), for the caller to record with others' in one transaction.
    /// A file that is no readable image still gets a row.
    /// - Throws: ``PhotolalaError`` when the file cannot be read.
    func catalogEntry(at path: String) throws -> (entry: CatalogEntry, identity: IdentityIndex.Identity, date: PhotoDateIndex.Recorded?) {
        let contents = try readFile(at: path)
        let identity = Self.identity(of: contents)
        let md5 = identity.md5
        let modified = contents.status.modifiedNanoseconds / 1_000_000_000
        var entry = CatalogEntry(md5: md5, filename: FilePath.name(of: path), size: contents.status.size, photoDate: modified, modified: modified)
        var date: PhotoDateIndex.Recorded?
        if let inspection = try? imaging.inspect(contents.bytes, name: path) {
            entry.width = inspection.width
            entry.height = inspection.height
            var metadata = PhotoMetadata()
            if let exif = inspection.exif {
                metadata.apply(exif)
            }
            entry.photoDate = metadata.photoDate.map { Int64($0.timeIntervalSince1970.rounded(.down)) } ?? modified
            date = Self.recordedDate(of: metadata)
        }
        return (entry, identity, date)
    }

    /// What a photo's metadata, read from its EXIF, says of its date.
    private static func recordedDate(of metadata: PhotoMetadata) -> PhotoDateIndex.Recorded {
        guard metadata.photoDateSource == .exif, let taken = metadata.photoDate else { return .undated }
        return .taken(HeaderDate(seconds: Int64(taken.timeIntervalSince1970.rounded(.down)), offset: metadata.photoDateOffsetSeconds))
    }

    /// Hashes the bytes and records their MD5 and fast key under the file's path and status.
    private func record(_ contents: FileContents) throws -> String {
        let identity = Self.identity(of: contents)
        try identities.record([identity])
        return identity.md5
    }

    private static func identity(of contents: FileContents) -> IdentityIndex.Identity {
        IdentityIndex.Identity(
            path: contents.path, status: contents.status, md5: ContentHash.md5(of: contents.bytes),
            headMD5: ContentHash.fastKey(head: contents.bytes, size: contents.status.size).headMD5)
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
        let contents = try FileContents(path: path, sizeLimit: maximumFileSize)
        return try metadata(of: contents, md5: try record(contents))
    }

    /// The metadata of a file already read, whose MD5 the caller computed: the backup reads
    /// each photo once for its upload, its Content-MD5 and this.
    /// - Throws: ``PhotolalaError`` when the bytes are not an image.
    func metadata(of contents: FileContents, md5: String) throws -> PhotoMetadata {
        let path = contents.path
        let inspection = try imaging.inspect(contents.bytes, name: path)

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
        dates.record([(md5, Self.recordedDate(of: metadata))])
        return metadata
    }
}
