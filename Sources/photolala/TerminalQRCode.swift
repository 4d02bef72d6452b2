import CImaging
import Foundation

/// The QR code of a URL drawn with text for a terminal, so a phone's camera opens the page:
/// two rows of modules a line in half blocks (`▀`, `▄`, `█`), black on white whatever the
/// terminal's colours (ANSI), inside the four-module quiet zone the standard asks for.
/// libqrencode draws the code; it is opened the first time one is drawn.
struct TerminalQRCode {
    /// The lines to print.
    let lines: [String]

    /// The quiet zone around the code, in modules (ISO/IEC 18004).
    static let quietZone = 4

    /// The code of `text`; `nil` when libqrencode cannot be opened or cannot encode it (the
    /// caller prints the URL alone).
    init?(_ text: String) {
        guard cimaging_open_qrencode() == nil else { return nil }
        var buffer: UnsafeMutablePointer<UInt8>?
        let width = Int(cimaging_qr_code(text, &buffer))
        guard width > 0, let buffer else { return nil }
        defer { free(buffer) }
        let size = width + 2 * Self.quietZone
        func isDark(_ row: Int, _ column: Int) -> Bool {
            let (y, x) = (row - Self.quietZone, column - Self.quietZone)
            return (0..<width).contains(y) && (0..<width).contains(x) && buffer[y * width + x] == 1
        }
        // Black on white, then the terminal's own colours again at the end of each line.
        let (on, off) = ("\u{1B}[30;107m", "\u{1B}[0m")
        lines = stride(from: 0, to: size, by: 2).map { row in
            let cells = (0..<size).map { column -> Character in
                switch (isDark(row, column), row + 1 < size && isDark(row + 1, column)) {
                case (true, true): "█"
                case (true, false): "▀"
                case (false, true): "▄"
                case (false, false): " "
                }
            }
            return on + String(cells) + off
        }
    }
}
