import Foundation
import PhotolalaKit

/// Catalog entries as aligned text lines, one a photo, as `catalog show` and `cloud ls` print
/// them: MD5, date, size in bytes, dimensions and file name, the name last since its length
/// varies.
///
/// ```
/// 9e107d9d372bb6826bd81d3542a419d6  2008-10-22T16:28:39  3,400,112 bytes  4000×3000  IMG_0042.JPG
/// ```
///
/// The catalog keeps no offset, so a date is the stored clock time, printed as a floating time
/// (see ``DateText``). Names come from files and catalogs others wrote: control characters in
/// them are shown escaped, so a name cannot break the table or drive the terminal.
struct CatalogEntryTable {
    let entries: [CatalogEntry]

    /// The lines, in the order of `entries`.
    var lines: [String] {
        let sizes = entries.map { "\($0.size.formatted) bytes" }
        let dimensions = entries.map { entry in entry.width.flatMap { width in entry.height.map { "\(width)×\($0)" } } ?? "-" }
        let sizeWidth = sizes.map(\.count).max() ?? 0
        let dimensionsWidth = dimensions.map(\.count).max() ?? 0
        return entries.indices.map { index in
            let entry = entries[index]
            let date = DateText.photo(Date(timeIntervalSince1970: TimeInterval(entry.photoDate)), offset: nil)
            return [
                entry.md5, date, sizes[index].leftPadded(to: sizeWidth), dimensions[index].rightPadded(to: dimensionsWidth),
                Self.printable(entry.filename),
            ].joined(separator: "  ")
        }
    }

    /// `name` with its control characters written as escapes (`\n`, `\u{1B}`).
    static func printable(_ name: String) -> String {
        guard name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return name }
        var text = ""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.properties.generalCategory == .control: text += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text
    }
}

extension String {
    /// The string after enough spaces to fill `width` characters.
    func leftPadded(to width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }

    /// The string before enough spaces to fill `width` characters.
    func rightPadded(to width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - count))
    }
}
