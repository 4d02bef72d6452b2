public import PhotolalaKit

/// An open folder's rows by name, once `done` holds for them, or after 60 seconds (a loaded
/// machine). The deadline is checked before each look, so a look that itself waited long for a
/// thread (tests running beside this one can hold them all) is followed by one more.
public func listedRows(of session: FolderSession, until done: ([String: ListedPhoto]) -> Bool) async throws -> [String: ListedPhoto] {
    let deadline = ContinuousClock.now + .seconds(60)
    while true {
        let expired = ContinuousClock.now > deadline
        let rows = Dictionary(await session.currentPhotos().map { ($0.item.displayName, $0) }, uniquingKeysWith: { first, _ in first })
        if done(rows) || expired { return rows }
        try await Task.sleep(for: .milliseconds(50))
    }
}
