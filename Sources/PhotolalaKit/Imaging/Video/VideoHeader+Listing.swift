extension VideoHeader {
    /// A listed video's header, its format from its first bytes (a `.MOV` may hold MP4);
    /// `nil` when it cannot be read (its thumbnail says why).
    static func read(listedAt path: String, named: ImageFormat) -> VideoHeader? {
        let format = (try? PhotoFileReader.head(of: path)).flatMap { ImageFormat(sniffing: $0) }.flatMap { $0.kind == .video ? $0 : nil }
        return try? VideoHeader.read(atPath: path, format: format ?? named)
    }
}
