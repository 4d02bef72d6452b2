import Foundation

extension Terminal {
    /// Prints `value` as one line of JSON, as every `--json` of the CLI does: keys sorted,
    /// slashes unescaped, dates as whole Unix seconds (like the catalog's `photoDate`).
    func outputJSON(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(Int64(date.timeIntervalSince1970.rounded(.down)))
        }
        output(String(decoding: try encoder.encode(value), as: UTF8.self))
    }
}
