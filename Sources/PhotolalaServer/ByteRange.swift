import Foundation

/// What a request's `Range` header asks of a file of known size (RFC 9110 §14): one byte range,
/// which the answer sends as 206 Partial Content; a range past the file's end, answered 416; or
/// the whole file (no header, a header this does not read, several ranges), answered 200.
///
/// Browsers' `<video>` elements ask for `bytes=0-` and then `bytes=N-` as the user seeks, so a
/// video plays and seeks while the server reads only the part asked for.
enum ByteRange: Equatable {
    case whole
    case part(ClosedRange<Int>)
    case unsatisfiable

    /// The range `header` asks of `size` bytes.
    init(header: String?, size: Int) {
        guard let header, header.hasPrefix("bytes="), !header.contains(",") else {
            self = .whole
            return
        }
        let spec = header.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
        let parts = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            self = .whole
            return
        }
        let first = parts[0].isEmpty ? nil : Int(parts[0])
        let last = parts[1].isEmpty ? nil : Int(parts[1])
        // A part that is not a number (or negative, or too large) makes the header one to ignore.
        guard parts[0].isEmpty || (first ?? -1) >= 0, parts[1].isEmpty || (last ?? -1) >= 0, !(parts[0].isEmpty && parts[1].isEmpty) else {
            self = .whole
            return
        }
        if let first {
            if let last, last < first {
                self = .whole
            } else if first >= size {
                self = .unsatisfiable
            } else {
                self = .part(first...min(last ?? size - 1, size - 1))
            }
        } else if let suffix = last {
            // `bytes=-N`: the last N bytes.
            self = suffix == 0 || size == 0 ? .unsatisfiable : .part(max(0, size - suffix)...size - 1)
        } else {
            self = .whole
        }
    }
}
