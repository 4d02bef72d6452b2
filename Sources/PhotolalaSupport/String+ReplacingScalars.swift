extension String {
    /// The text with each scalar that `replacements` names written as its replacement.
    ///
    /// For escaping, where `replacingOccurrences(of:with:)` is wrong: it compares whole
    /// characters, and a quote followed by a combining mark (`"\u{0308}`) is one `Character`
    /// that a search for `"` passes over, while the parser the text is escaped for (FTS5, XML,
    /// a log reader) still reads a quote.
    public func replacingScalars(_ replacements: [Unicode.Scalar: String]) -> String {
        guard unicodeScalars.contains(where: { replacements[$0] != nil }) else { return self }
        var replaced = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if let replacement = replacements[scalar] {
                replaced.append(contentsOf: replacement.unicodeScalars)
            } else {
                replaced.append(scalar)
            }
        }
        return String(replaced)
    }
}
