import Foundation
import PhotolalaSupport
import Testing

@Suite("Escaping scalar by scalar")
struct StringReplacingScalarsTests {
    /// A quote, ampersand or backslash followed by a combining mark is one `Character`, which
    /// `replacingOccurrences(of:with:)` passes over: the escaped text then still holds a bare
    /// quote that FTS5, XML or a log reader reads as one.
    @Test("a quote followed by a combining mark is escaped too", arguments: ["\"", "&", "\\"])
    func combiningMark(_ special: String) {
        let text = "Zu" + special + "\u{0308}rich " + special
        let escaped = text.replacingScalars(["\"": "\"\"", "&": "&amp;", "\\": "\\\\"])
        let expected = special == "&" ? "&amp;" : special + special
        #expect(escaped == "Zu" + expected + "\u{0308}rich " + expected)
        #expect(escaped.unicodeScalars.count == text.unicodeScalars.count + 2 * (expected.unicodeScalars.count - 1))
    }

    @Test("an XML body with a combining mark after '&' parses to the same text")
    func xmlRoundTrip() throws {
        let text = "R&\u{0308}D <\u{0301}b> \"\u{0308}"
        let body = "<a>" + text.replacingScalars(["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;"]) + "</a>"
        var reader = try XMLReader(Array(body.utf8), depthLimit: 4)
        var read = ""
        while let event = try reader.next() {
            if case .text(let part) = event { read += part }
        }
        #expect(read == text)
    }

    @Test("text with nothing to replace is returned as it is")
    func nothingToReplace() {
        #expect("café 写真".replacingScalars(["\"": "\"\""]) == "café 写真")
        #expect("".replacingScalars(["\"": "\"\""]).isEmpty)
    }
}
