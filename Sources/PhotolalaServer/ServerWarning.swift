import Logging

/// Logs a warning as `photolala.server`, the log of `photolala serve`: for what the server could
/// not do in the background, where no request is there to carry an error.
///
/// For code that holds no logger of its own yet; a type that can take one is given
/// ``ServerConfiguration/logger`` instead.
func printWarning(_ message: String) {
    Logger(label: "photolala.server").warning("\(message)")
}
