import Foundation

/// The name an exported file takes: the photo's own, made valid as a file name, and numbered as
/// Finder and Photos do (`IMG_0042 (2).HEIC`) when it is taken, whether in a folder or a ZIP.
enum ExportName {
    /// The longest file name most file systems take, in bytes.
    static let maximumLength = 255

    /// `name` made a plain file name (see ``plain(_:)``; `fallback` instead of an empty name or
    /// one of dots alone, such as `.` and `..`, the stem shortened at a character to fit
    /// ``maximumLength`` bytes), or `stem (n).ext` for the first n from 2 that `isTaken` says is
    /// free.
    static func free(for name: String, fallback: String, isTaken: (String) -> Bool) -> String {
        let safe = name.allSatisfy { $0 == "." } ? fallback : plain(name)
        // An extension is what follows the last dot, unless the name starts with it or it is
        // too long to be one.
        var stem = safe
        var suffix = ""
        if let dot = safe.lastIndex(of: "."), dot != safe.startIndex,
            safe.utf8.distance(from: safe.utf8.index(after: dot), to: safe.utf8.endIndex) <= 16
        {
            stem = String(safe[..<dot])
            suffix = String(safe[dot...])
        }
        func candidate(_ number: Int?) -> String {
            let tail = (number.map { " (\($0))" } ?? "") + suffix
            var fitted = stem
            while fitted.utf8.count + tail.utf8.count > maximumLength, !fitted.isEmpty {
                fitted.removeLast()
            }
            return fitted + tail
        }
        var number: Int?
        while isTaken(candidate(number)) {
            number = (number ?? 1) + 1
        }
        return candidate(number)
    }

    /// `name` with nothing that could make it a path wherever it is unpacked: separators of
    /// either kind (`/`, and `\` as Windows and many unzip tools take it), control characters
    /// and NUL become `_`, and so does the first dot of each `..`, so `x\..\..\evil.jpg` is
    /// the one file `x__.__._evil.jpg` in the folder or ZIP it goes to.
    static func plain(_ name: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            let unsafe = scalar == "/" || scalar == "\\" || scalar.properties.generalCategory == .control
            if scalar == ".", scalars.last == "." {
                scalars.removeLast()
                scalars.append("_")
            }
            scalars.append(unsafe ? "_" : scalar)
        }
        return String(scalars)
    }
}
