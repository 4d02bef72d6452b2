import Foundation

extension Bench {
    /// One row of the benchmark table: Photolala's figures and the reference tool's on the same
    /// input, as shown ("32.1 img/s", "182 ms, 66 MB resident"). Its name is the same in every
    /// run, so runs compare by it; what varies from run to run goes in its note.
    struct Measurement {
        let name: String
        let ours: String
        let reference: String
        let tool: String
        let ratio: Double
        /// "≥ 1.0×" (of the ratio), "< 150 ms" (of the figure), or "(time)" for none.
        let target: String
        var note = ""
        /// Whether the target is met, where it is not of a form `Benchmarks/write-results.py` checks.
        var met: Bool?

        var row: String {
            let shown = note.isEmpty ? name : "\(name) (\(note))"
            return "| \(shown) | \(ours) | \(reference) | `\(tool)` | \(String(format: "%.2f", ratio))× | \(target) |"
        }
    }

    /// Where rows go: printed as a Markdown table, and appended to the file `BENCH_RESULTS` names
    /// as one JSON object a line, the records `Benchmarks/results.py` writes for the Python benches.
    final class Results {
        private let file: FileHandle?
        private var printedHeader = false

        init(path: String?) throws {
            guard let path, !path.isEmpty else {
                file = nil
                return
            }
            if !FileManager.default.fileExists(atPath: path) {
                FileManager.default.createFile(atPath: path, contents: nil)
            }
            let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try file.seekToEnd()
            self.file = file
        }

        /// Prints and records the rows of one benchmark (its `BENCH_ONLY` word).
        func report(_ bench: String, _ measurements: [Measurement]) throws {
            if !printedHeader {
                print("| benchmark | Photolala | reference | reference tool | ratio | target |")
                print("| --- | --- | --- | --- | --- | --- |")
                printedHeader = true
            }
            for measurement in measurements {
                print(measurement.row)
                guard let file else { continue }
                var record: [String: Any] = [
                    "bench": bench, "name": measurement.name, "note": measurement.note, "photolala": measurement.ours,
                    "reference": measurement.reference, "tool": measurement.tool, "target": measurement.target,
                ]
                record["ratio"] = measurement.ratio.isFinite ? (measurement.ratio * 10_000).rounded() / 10_000 : nil
                if let met = measurement.met { record["met"] = met }
                var line = try JSONSerialization.data(withJSONObject: record, options: [.sortedKeys, .withoutEscapingSlashes])
                line.append(UInt8(ascii: "\n"))
                try file.write(contentsOf: line)
            }
        }
    }
}
