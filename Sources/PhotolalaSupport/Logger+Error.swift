import Foundation
package import Logging

extension Logger.MetadataValue {
    /// An error as a log line shows it: the message of Photolala's own errors (which say what
    /// failed and carry no secret), the system's reason for a Foundation file error, and never
    /// a dump of an error value, whose fields may hold a signed URL or a header.
    package static func error(_ error: any Error) -> Self {
        .string(describing(error))
    }

    /// An error's message: its own description, or for a Foundation error (whose description
    /// dumps its domain and user info) the system's message.
    package static func describing(_ error: any Error) -> String {
        switch error {
        case let error as CocoaError:
            if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
                return systemMessage(Int32(underlying.code))
            }
            return "file error \(error.code.rawValue)"
        case let error as POSIXError:
            return systemMessage(error.code.rawValue)
        case is DecodingError:
            return "the data is not in the expected form"
        case let error as any CustomStringConvertible:
            return error.description
        default:
            return "an error of type \(type(of: error))"
        }
    }
}
