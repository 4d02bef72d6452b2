import Foundation
import Logging
import PhotolalaKit

/// A failure a command reports in a sentence; the tool exits with status 1.
struct PhotolalaCommandError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }

    static let emptyPath = Self("An empty path names no file: give the path of a photo file.")

    static func folderGiven(_ path: String) -> Self {
        Self("'\(path)' is a folder, not a photo file: name the photo files in it.")
    }

    static func notRegularFile(_ path: String) -> Self {
        Self("'\(path)' is not a regular file (a device, a FIFO or a socket): give the path of a photo file.")
    }

    static func nonUTF8Name(_ path: String) -> Self {
        Self("The name of '\(path)' is not UTF-8, so it cannot be recorded: rename it (for example with convmv) and try again.")
    }

    /// The sentence to print for `error`: its own message, or for a Foundation error, whose
    /// description dumps its domain and user info, the system's reason.
    static func message(for error: any Error) -> String {
        Logger.MetadataValue.describing(error)
    }

    /// `error` as the tool reports it: a Foundation error becomes its sentence, the argument
    /// parser's own errors and Photolala's stay as they are.
    static func presentable(_ error: any Error) -> any Error {
        guard error is CocoaError || error is POSIXError || type(of: error) is NSError.Type else { return error }
        return Self(message(for: error))
    }
}
