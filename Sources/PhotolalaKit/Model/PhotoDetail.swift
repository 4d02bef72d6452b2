public import Foundation

/// One line of the inspector that only a photo's source knows (an Apple Photos album, when the
/// photo was backed up); `field` names it for tests and styles.
public struct PhotoDetail: Sendable, Equatable {
    public let field: String
    public let label: String
    /// The line as text, a date in it in the server's words.
    public let value: String
    /// For a line naming a date: `value` with `{date}` in its place, so a browser writes the date
    /// as it writes every other date (in its own zone and locale).
    public let template: String?
    public let date: Date?
    /// Whether ``date`` is a day alone ("14 Jul 2023") rather than a moment.
    public let dayOnly: Bool

    /// - Parameters:
    ///   - field: The line's name for tests and styles.
    ///   - label: What the inspector shows before the value.
    ///   - value: The line as text.
    public init(field: String, label: String, value: String) {
        self.field = field
        self.label = label
        self.value = value
        template = nil
        date = nil
        dayOnly = false
    }

    private init(field: String, label: String, value: String, template: String, date: Date, dayOnly: Bool) {
        self.field = field
        self.label = label
        self.value = value
        self.template = template
        self.date = date
        self.dayOnly = dayOnly
    }

    /// A line naming `date`: `template` with `{date}` where it goes.
    public static func dated(field: String, label: String, template: String, date: Date, dayOnly: Bool) -> PhotoDetail {
        let text = dayOnly ? date.formatted(date: .abbreviated, time: .omitted) : date.formatted(date: .abbreviated, time: .shortened)
        return PhotoDetail(
            field: field, label: label, value: template.replacingOccurrences(of: "{date}", with: text), template: template, date: date,
            dayOnly: dayOnly)
    }
}
