import Logging

/// A screen's thumbnails before their identities: a photo read for the first time for a cell
/// on screen is decoded at once and hashed later, from the same bytes, once nothing on screen
/// waits (``IdentityBacklog``).
extension PhotoFileReader {
    /// The thumbnail of a photo read for the first time, made now and held in the backlog with
    /// the bytes it came from, whose settling starts unless it runs; nil when the bytes do not
    /// fit in the backlog's budget (the caller learns their identity at once).
    /// - Throws: ``PhotolalaError`` when the bytes are no decodable image (what the read taught
    ///   is recorded first, as it is for any photo).
    func thumbnailHeld(from contents: FileContents) throws -> [UInt8]? {
        guard contents.bytes.count <= backlog.budget - backlog.bytes else { return nil }
        let jpeg: [UInt8]
        do {
            jpeg = try imaging.thumbnail(of: contents.bytes, name: contents.path)
        } catch {
            saveIfPossible("What was read", of: contents.path) { try record([try learn(from: contents, md5: .some(nil)).facts]) }
            throw error
        }
        guard backlog.hold(IdentityBacklog.HeldPhoto(contents: contents, thumbnail: jpeg)) else {
            keep(IdentityBacklog.HeldPhoto(contents: contents, thumbnail: jpeg))
            return jpeg
        }
        if backlog.claimSettling() {
            Task { [self] in await settleBacklog() }
        }
        return jpeg
    }

    /// The held photo of `path`, taken out of the backlog, when the file is still as it was
    /// read; one that changed since is dropped (its bytes are no longer the file's).
    func heldPhoto(at path: String) -> IdentityBacklog.HeldPhoto? {
        guard let held = backlog.take(path) else { return nil }
        guard (try? FileStatus(path: path)) == held.contents.status else { return nil }
        return held
    }

    /// What the held photo's bytes teach, with its thumbnail kept under its MD5; the caller
    /// records the facts.
    /// - Throws: ``PhotolalaError`` when its thumbnail cannot be kept.
    func settle(_ held: IdentityBacklog.HeldPhoto) throws -> PhotoFacts {
        let facts = try learn(from: held.contents, md5: .some(nil)).facts
        try thumbnails.store(held.thumbnail, forMD5: facts.identity.md5)
        return facts
    }

    /// Learns, records and keeps one held photo: at once for a photo that does not fit the
    /// backlog, else when its turn comes. Its thumbnail was shown, so a failure costs only
    /// another read next time.
    private func keep(_ held: IdentityBacklog.HeldPhoto) {
        saveIfPossible("What was read", of: held.contents.path) { try record([try settle(held)]) }
    }

    /// Settles the held photos one by one, oldest first, each once no foreground work runs, on
    /// a thread of the background priority, until none is left.
    private func settleBacklog() async {
        while true {
            await foreground.idle()
            guard let held = backlog.next() else { return }
            await offloadInBackground { [self] in keep(held) }
        }
    }
}
