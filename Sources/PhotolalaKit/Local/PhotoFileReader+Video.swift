import Foundation

/// Videos, which are not read whole: a 4 GB clip is hashed streaming (once, then known to the
/// identity index while unchanged), its header read from its movie atom with a few small reads
/// (``VideoHeader``), and its poster frame decoded by ffmpeg (``VideoPosterFrame``), which
/// reads only what it needs near 1 s. What was learnt is recorded as a photo's is: its MD5,
/// displayed size and date.
extension PhotoFileReader {
    /// The video format of the file at `path`: a video's name is enough to take this path (no
    /// read); a name without an extension is decided by the file's first bytes.
    static func videoFormat(ofFileAt path: String) -> ImageFormat? {
        if let named = ImageFormat(name: path) { return named.kind == .video ? named : nil }
        guard FilePath.name(of: path).contains(".") == false, let head = try? head(of: path), let format = ImageFormat(sniffing: head) else {
            return nil
        }
        return format.kind == .video ? format : nil
    }

    /// A video's thumbnail from the disk cache by its MD5, else its poster frame, kept there.
    /// - Throws: ``PhotolalaError`` when the file cannot be read, ffmpeg is missing, or the
    ///   video is damaged.
    func videoThumbnail(at path: String) throws -> Thumbnail {
        let status = try FileStatus(path: path)
        guard status.size > 0 else { throw PhotolalaError.emptyFile(path) }
        if let known = try identities.md5(forPath: path, status: status), let jpeg = thumbnails.thumbnail(forMD5: known) {
            return Thumbnail(md5: known, jpeg: jpeg, origin: .disk)
        }
        let (facts, header) = try learnVideo(at: path, status: status)
        saveIfPossible("What was read", of: path) { try record([facts]) }
        let md5 = facts.identity.md5
        if let jpeg = thumbnails.thumbnail(forMD5: md5) {
            return Thumbnail(md5: md5, jpeg: jpeg, origin: .disk)
        }
        let jpeg = try posterFrames.thumbnail(ofVideoAt: path, header: header.get())
        saveIfPossible("A thumbnail", of: path) { try thumbnails.store(jpeg, forMD5: md5) }
        return Thumbnail(md5: md5, jpeg: jpeg, origin: .generated)
    }

    /// Everything known about a video: its file facts, MD5 and header.
    /// - Throws: ``PhotolalaError`` when the file cannot be read or its header is damaged.
    func videoMetadata(at path: String) throws -> PhotoMetadata {
        let status = try FileStatus(path: path)
        let (facts, header) = try learnVideo(at: path, status: status)
        saveIfPossible("What was read", of: path) { try record([facts]) }
        return videoMetadata(at: path, status: status, md5: facts.identity.md5, header: try header.get(), description: facts.description)
    }

    /// A video's part of ``backupRead(of:md5:)``: its identity from the bytes the backup read
    /// and their MD5, its header (or why it has none) from its file.
    func videoBackupRead(of contents: FileContents, md5: String) -> (facts: PhotoFacts, metadata: Result<PhotoMetadata, any Error>) {
        let (facts, header) = learnVideo(identities.identity(of: contents, md5: md5))
        return (facts, header.map { videoMetadata(at: contents.path, status: contents.status, md5: md5, header: $0, description: facts.description) })
    }

    /// The catalog row of a video, from its facts (a damaged header leaves the size unknown).
    func videoCatalogEntry(at path: String) throws -> (entry: CatalogEntry, facts: PhotoFacts) {
        let (facts, _) = try learnVideo(at: path, status: try FileStatus(path: path))
        return (CatalogEntry(filename: FilePath.name(of: path), facts: facts), facts)
    }

    /// A video's identity (its MD5 from the index while unchanged, else hashed streaming) and
    /// header, or why it has none; its displayed size and date go into the facts.
    private func learnVideo(at path: String, status: FileStatus) throws -> (facts: PhotoFacts, header: Result<VideoHeader, any Error>) {
        let md5 = try identities.md5(forPath: path, status: status) ?? ContentHash.md5(ofFileAt: path)
        return try learnVideo(FileIdentity(path: path, status: status, md5: md5, headMD5: try ContentHash.fastKey(ofFileAt: path).headMD5))
    }

    /// A video's facts from its identity and its header, which is read from its file (its
    /// displayed size, date and content identifier), or why it has none.
    private func learnVideo(_ known: FileIdentity) -> (facts: PhotoFacts, header: Result<VideoHeader, any Error>) {
        var identity = known
        let path = identity.path
        let header = Result { try VideoHeader.read(atPath: path, format: try Self.sniffedVideoFormat(at: path)) }
        guard case .success(let read) = header else { return (PhotoFacts(identity: identity, date: nil), header) }
        identity.width = read.width
        identity.height = read.height
        identity.orientation = read.width == nil ? nil : 1
        var description = PhotoDescription()
        description.cameraMake = PhotoDescription.cleaned(read.make)
        description.cameraModel = PhotoDescription.cleaned(read.model)
        description.setPosition(latitude: read.latitude, longitude: read.longitude)
        return (
            PhotoFacts(
                identity: identity, date: read.date.map { .taken($0) } ?? .undated, liveIdentifier: read.contentIdentifier, description: description),
            header
        )
    }

    /// The container a video's bytes say it is (a `.MOV` may hold MP4), else what its name says.
    private static func sniffedVideoFormat(at path: String) throws -> ImageFormat {
        let head = try head(of: path)
        if let format = ImageFormat(sniffing: head), format.kind == .video { return format }
        if let named = ImageFormat(name: path), named.kind == .video { return named }
        throw PhotolalaError.notAnImage(path)
    }

    /// The metadata of a video read, with `description` overlaid by its sidecar's.
    private func videoMetadata(at path: String, status: FileStatus, md5: String, header: VideoHeader, description: PhotoDescription?) -> PhotoMetadata
    {
        var metadata = PhotoMetadata()
        metadata.fileSize = status.size
        metadata.modificationDate = status.modificationDate
        metadata.creationDate = (try? FileManager.default.attributesOfItem(atPath: path))?[.creationDate] as? Date
        metadata.originalFilename = FilePath.name(of: path)
        metadata.md5 = md5
        metadata.orientation = 1
        header.apply(to: &metadata)
        describe(&metadata, with: description, ofPhotoAt: path)
        return metadata
    }
}
