/// Where `photolala serve --access-log` writes one line per request.
public enum AccessLogDestination: Sendable, Equatable {
    /// Standard error (`--access-log -`), beside the log messages.
    case standardError
    /// A file, appended to (created when missing), so the server's restarts add to one log.
    case file(String)

    /// The destination a `--access-log` value names: `-` is standard error.
    public init(argument: String) {
        self = argument == "-" ? .standardError : .file(argument)
    }
}
