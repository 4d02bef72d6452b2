/// Where a person's face is in a photo, as fractions of the photo as it is shown (upright, the
/// origin at its top left), with some room around it: what the People view frames on a
/// person's tile.
public struct FaceRegion: Sendable, Equatable, Codable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    /// How much of the photo around the face the region holds: its width and height are this
    /// many times the face's.
    static let margin = 1.6

    /// The region of a face Photos detected: its centre as fractions of the photo as shown,
    /// from the bottom left (as osxphotos and phace read `ZCENTERX` and `ZCENTERY`), and its
    /// size as a fraction of the photo's longer side; `nil` for values no photo has.
    /// - Parameters:
    ///   - width: The photo's width as shown, in pixels.
    ///   - height: Its height as shown.
    init?(centerX: Double, centerY: Double, size: Double, width: Int, height: Int) {
        guard centerX.isFinite, centerY.isFinite, size.isFinite, (0...1).contains(centerX), (0...1).contains(centerY), size > 0, size <= 1,
            width > 0, height > 0
        else { return nil }
        let side = size * Double(max(width, height)) * Self.margin
        self.width = min(1, side / Double(width))
        self.height = min(1, side / Double(height))
        self.x = min(max(0, centerX - self.width / 2), 1 - self.width)
        self.y = min(max(0, 1 - centerY - self.height / 2), 1 - self.height)
    }
}
