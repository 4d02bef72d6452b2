extension PhotolalaError {
    static func unsupportedFormat(_ path: String, format: ImageFormat) -> Self {
        .init(
            .unsupportedFormat,
            "'\(path)' is \(format.rawValue), which this build of libvips cannot decode. Install libvips with \(format.rawValue) support.")
    }
}
