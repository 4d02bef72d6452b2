/// How `photolala serve` notices that open folders changed on disk.
public enum FolderWatching: Sendable, Equatable {
    /// inotify where the system has it (and a rescan every 30 seconds besides, for network
    /// mounts), else a rescan every 2 seconds.
    case automatic
    /// A rescan every `interval`, never inotify: `PHOTOLALA_WATCH=poll` (or `poll:SECONDS`).
    case polling(every: Duration)

    /// The pause between rescans where inotify is not used.
    static let standardPollInterval: Duration = .seconds(2)

    /// The setting `PHOTOLALA_WATCH` names: unset or `auto`, `poll`, or `poll:SECONDS` (a
    /// shorter pause makes tests quick); `nil` for anything else.
    public init?(environmentValue value: String?) {
        guard let value, !value.isEmpty, value != "auto" else {
            self = .automatic
            return
        }
        if value == "poll" {
            self = .polling(every: Self.standardPollInterval)
            return
        }
        guard value.hasPrefix("poll:"), let seconds = Double(value.dropFirst(5)), seconds > 0, seconds <= 3_600 else { return nil }
        self = .polling(every: .milliseconds(Int((seconds * 1_000).rounded())))
    }
}
