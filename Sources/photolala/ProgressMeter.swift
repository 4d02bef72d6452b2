import Foundation
import PhotolalaKit

/// A progress bar for long work over a count that may still be growing:
/// `[#######-----------------] 1,234/5,000 24% 48.2/s ETA 1:18`.
struct ProgressMeter {
    /// How many items there are so far.
    var total = 0
    /// Whether `total` is final; until then it shows with a `+` and no ETA.
    var totalIsFinal = false
    var done = 0
    private let start = ContinuousClock.now

    var elapsedSeconds: Double {
        (ContinuousClock.now - start).inSeconds
    }

    /// Items per second so far.
    var rate: Double {
        elapsedSeconds > 0 ? Double(done) / elapsedSeconds : 0
    }

    var statusLine: String {
        let fraction = total > 0 ? min(1, Double(done) / Double(total)) : 0
        let width = 24
        let filled = Int(fraction * Double(width))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        var line = "[\(bar)] \(done.grouped)/\(total.grouped)\(totalIsFinal ? "" : "+") \(Int(fraction * 100))% "
        line += String(format: "%.1f/s", rate)
        if totalIsFinal, rate > 0 {
            let remaining = Int(Double(max(0, total - done)) / rate)
            line += String(format: " ETA %d:%02d", remaining / 60, remaining % 60)
        }
        return line
    }

    /// `1,234 photos in 12.3 s (100.3/s)`
    func summary(_ noun: String) -> String {
        "\(done.grouped) \(noun) in \(String(format: "%.1f", elapsedSeconds)) s (\(String(format: "%.1f", rate))/s)"
    }
}
