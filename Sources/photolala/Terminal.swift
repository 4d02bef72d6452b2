import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes results to standard output and progress to standard error, redrawing a status
/// line in place only when standard error is a terminal.
struct Terminal {
    let isInteractive = isatty(STDERR_FILENO) != 0
    private var lastDraw = ContinuousClock.now - .seconds(1)
    private var hasStatusLine = false

    /// Prints a line of results and flushes it, so a pipe sees results as they come.
    func output(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// Prints lines of results already encoded, each ending in a newline, and flushes them.
    func output(lines: [UInt8]) {
        FileHandle.standardOutput.write(Data(lines))
    }

    /// Redraws the status line, at most ten times a second unless `force`d.
    mutating func status(_ text: @autoclosure () -> String, force: Bool = false) {
        guard isInteractive, force || ContinuousClock.now - lastDraw >= .milliseconds(100) else { return }
        lastDraw = .now
        hasStatusLine = true
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + text()).utf8))
    }

    /// Prints a message on its own line to standard error, below any status line.
    mutating func message(_ text: String) {
        clearStatus()
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    mutating func clearStatus() {
        guard hasStatusLine else { return }
        hasStatusLine = false
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}

extension Int {
    /// The number with thousands separators, as people read counts.
    var grouped: String {
        let digits = String(magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return self < 0 ? "-" + result : result
    }

    /// The count with its noun, singular for one: "1 photo", "2,048 photos", "1 problem".
    func counting(_ noun: String, plural: String? = nil) -> String {
        "\(grouped) \(self == 1 ? noun : plural ?? noun + "s")"
    }
}
