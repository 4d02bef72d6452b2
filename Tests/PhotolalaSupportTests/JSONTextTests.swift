import Foundation
import PhotolalaSupport
import Testing

@Suite("JSON written by hand")
struct JSONTextTests {
    @Test(
        "strings escape what JSON must escape and read back the same",
        arguments: ["plain.jpg", "a \"quoted\" \\ name", "tab\tnew\nline\u{1}", "café 写真"])
    func strings(_ value: String) throws {
        var out: [UInt8] = []
        JSONText.appendString(value, to: &out)
        let parsed = try JSONSerialization.jsonObject(with: Data(out), options: .fragmentsAllowed) as? String
        #expect(parsed == value)
    }

    @Test("an array of strings, empty or not, reads back as the same list")
    func arrays() throws {
        for values in [[], ["plain.jpg"], ["a \"quoted\" \\ name", "tab\tnew\nline\u{1}", "café 写真", ""]] {
            let parsed = try JSONSerialization.jsonObject(with: Data(JSONText.array(of: values).utf8)) as? [String]
            #expect(parsed == values)
        }
    }

    @Test("numbers read back the same; whole ones have no fraction; infinity is null", arguments: [0, 5, -3, 2.5, 0.1, 1e-5, 12_345.678, 1e20])
    func numbers(_ value: Double) throws {
        var out: [UInt8] = []
        JSONText.appendNumber(value, to: &out)
        let text = String(decoding: out, as: UTF8.self)
        let parsed = try JSONSerialization.jsonObject(with: Data(out), options: .fragmentsAllowed) as? NSNumber
        #expect(parsed?.doubleValue == value)
        if value == value.rounded(), abs(value) < 1e15 {
            #expect(!text.contains("."))
        }
        var infinite: [UInt8] = []
        JSONText.appendNumber(.infinity, to: &infinite)
        #expect(String(decoding: infinite, as: UTF8.self) == "null")
    }
}
