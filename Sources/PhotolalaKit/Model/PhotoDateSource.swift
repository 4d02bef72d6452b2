/// Where a photo's date comes from, as listings and `photolala info --json` name it.
public enum PhotoDateSource: String, Sendable, Codable, CaseIterable {
    /// The file's EXIF: DateTimeOriginal, else CreateDate (DateTimeDigitized), else IFD0 DateTime.
    case exif
    /// The file's modification time: the photo records no date of its own.
    case file
    /// The date Apple Photos keeps for the asset.
    case photos
    /// A catalog's `photoDate` (the cloud's), which is the EXIF date when the photo had one and
    /// the file time otherwise.
    case catalog
}
