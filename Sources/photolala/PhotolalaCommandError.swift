/// A failure a command reports in a sentence; the tool exits with status 1.
struct PhotolalaCommandError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
