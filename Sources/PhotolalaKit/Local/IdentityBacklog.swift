import Synchronization

/// Photos whose thumbnails were made for a screen before their identity was learnt, held with
/// the bytes of their one read until background work hashes them.
///
/// On a folder nobody has seen, a screen of camera photos costs a read and an MD5 of each
/// beside its decode, nearly as much again as the decode itself; the screen waits for none of
/// it when the MD5 is taken afterwards from the bytes already read. The bytes held are bounded
/// by ``budget``; a photo that does not fit is hashed at once, as before. Held photos are
/// settled (hashed, their facts recorded, their thumbnails kept under their MD5) once no
/// foreground work runs, or by a catalog build that reaches them first, which takes their
/// bytes rather than reading the file again (``PhotoFileReader/settle(_:)``).
final class IdentityBacklog: Sendable {
    /// One photo whose identity is still to be learnt.
    struct HeldPhoto: Sendable {
        let contents: FileContents
        let thumbnail: [UInt8]
    }

    private struct State {
        var held: [String: HeldPhoto] = [:]
        /// Paths in the order they were held, oldest first; a path taken since is skipped.
        var order: [String] = []
        var bytes = 0
        var isSettling = false
    }

    /// The most bytes of photos held at once: a screen of camera photos and a little more.
    let budget: Int
    private let state = Mutex(State())

    init(budget: Int) {
        self.budget = budget
    }

    /// Bytes of photos held now.
    var bytes: Int { state.withLock { $0.bytes } }

    /// Holds a photo when it fits in the budget; false when it does not (or the path is held).
    func hold(_ photo: HeldPhoto) -> Bool {
        state.withLock { state in
            let size = photo.contents.bytes.count
            guard state.held[photo.contents.path] == nil, state.bytes + size <= budget else { return false }
            state.held[photo.contents.path] = photo
            state.order.append(photo.contents.path)
            state.bytes += size
            return true
        }
    }

    /// The thumbnail of a held photo when the file is as it was read.
    func thumbnail(ofPath path: String, status: FileStatus) -> [UInt8]? {
        state.withLock { state in
            state.held[path].flatMap { $0.contents.status == status ? $0.thumbnail : nil }
        }
    }

    /// Takes the held photo of `path` out of the backlog, for its caller to settle.
    func take(_ path: String) -> HeldPhoto? {
        state.withLock { state in
            guard let photo = state.held.removeValue(forKey: path) else { return nil }
            state.bytes -= photo.contents.bytes.count
            return photo
        }
    }

    /// Claims the settling of the backlog: true for one caller until it finds it empty.
    func claimSettling() -> Bool {
        state.withLock { state in
            guard !state.isSettling else { return false }
            state.isSettling = true
            return true
        }
    }

    /// Takes the oldest held photo for the settler; when none is left, ends its claim.
    func next() -> HeldPhoto? {
        state.withLock { state in
            while !state.order.isEmpty {
                let path = state.order.removeFirst()
                if let photo = state.held.removeValue(forKey: path) {
                    state.bytes -= photo.contents.bytes.count
                    return photo
                }
            }
            state.isSettling = false
            return nil
        }
    }
}
