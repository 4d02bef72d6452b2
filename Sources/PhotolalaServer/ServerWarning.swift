import Foundation

/// Writes `warning: <message>` to standard error, the log of `photolala serve`: for what the
/// server could not do in the background, where no request is there to carry an error.
func printWarning(_ message: String) {
    FileHandle.standardError.write(Data("warning: \(message)\n".utf8))
}
