/// Whether an item is a still photo or a video: the grid badges a video with its duration and
/// the preview plays it.
public enum PhotoKind: String, Sendable, Codable, CaseIterable {
    case photo
    case video
}
