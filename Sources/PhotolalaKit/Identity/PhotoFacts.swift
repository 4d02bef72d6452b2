/// What one read of a photo file teaches that its catalog row, its listing and search need: its
/// identity (MD5, size, time, displayed size, orientation), what its content says of its date
/// and of itself (camera, place, keywords…) and, for a Live Photo's still or movie, Apple's
/// content identifier. ``PhotoFileReader`` records them as soon as it has read the file, in
/// `fileIdentity`, `photoDate`, `photoDescription` and `liveIdentifier`, so the file is not read
/// again while it is unchanged.
struct PhotoFacts: Sendable, Equatable {
    var identity: FileIdentity
    /// What the content says of its date; `nil` when it was never read as an image.
    var date: PhotoDateIndex.Recorded?
    /// The content identifier a Live Photo's still and movie share (``LiveIdentifierIndex``).
    var liveIdentifier: String? = nil
    /// What its metadata says of it (``PhotoDescriptionIndex``); `nil` when it was never read as an image.
    var description: PhotoDescription? = nil

    /// Whether these facts say all a catalog row needs of the file as `status` describes it now:
    /// they were learnt of it as it is, and it was read as an image.
    func complete(for status: FileStatus) -> Bool {
        identity.holds(for: status) && identity.isInspected && date != nil
    }
}
