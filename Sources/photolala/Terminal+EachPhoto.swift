import PhotolalaKit

extension Terminal {
    /// Runs `body` for each photo named on the command line, in order, printing the lines it
    /// returns: a photo it cannot be done for has its error printed as it comes, and the rest
    /// are still done. The command fails at the end when any could not be (`"2 of 5 photos
    /// could not be exported."`).
    /// - Parameter undone: What could not be done to them, after "could not be".
    /// - Throws: ``PhotolalaCommandError`` naming how many failed.
    mutating func forEachPhoto(_ photos: [String], undone: String, _ body: (String) async throws -> [String]) async throws {
        var failures = 0
        for photo in photos {
            do {
                for line in try await body(photo) { output(line) }
            } catch let error as PhotolalaError {
                failures += 1
                message("Error: \(error.message)")
            } catch let error as PhotolalaCommandError {
                failures += 1
                message("Error: \(error)")
            }
        }
        if failures > 0 {
            throw PhotolalaCommandError("\(failures) of \(photos.count) photos could not be \(undone).")
        }
    }
}
