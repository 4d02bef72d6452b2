import Foundation
import Testing

@testable import PhotolalaServer

/// The access log's line, for any path a client can send.
@Suite("Access log lines")
struct AccessLogLineTests {
    private func entry(path: String, client: String? = "::1") -> AccessLog.Entry {
        AccessLog.Entry(
            time: Date(timeIntervalSince1970: 1_795_574_080), client: client, method: "GET", path: path, status: 404, bytes: 57,
            duration: .milliseconds(12))
    }

    @Test("A line has the client, the UTC time, the request, the status, the bytes and the milliseconds")
    func line() {
        #expect(entry(path: "/api/sources").line == #"::1 - - [25/Nov/2026:02:34:40 +0000] "GET /api/sources" 404 57 12ms"#)
        #expect(entry(path: "/", client: nil).line.hasPrefix("- - - ["))
    }

    @Test("A hostile path cannot end the quoted request or the line")
    func hostilePath() {
        let line = entry(path: "/a\"b\\c\nd\r\u{7F}é").line
        #expect(line.contains(#""GET /a\x22b\x5cc\x0ad\x0d\x7fé" 404"#), "\(line)")
        #expect(!line.contains("\n") && !line.contains("\r"))
    }
}
