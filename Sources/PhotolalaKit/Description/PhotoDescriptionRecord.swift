import GRDB

/// A row of `photoDescription`: a content's ``PhotoDescription`` by its MD5.
/// ``PhotoDescriptionIndex`` is its one store.
struct PhotoDescriptionRecord: Sendable, Equatable, Codable {
    /// Lowercase hex MD5 of the content.
    var md5: String
    var cameraMake: String?
    var cameraModel: String?
    var lensModel: String?
    var latitude: Double?
    var longitude: Double?
    var title: String?
    var caption: String?
    /// The keywords, one a line (a keyword holds no control character).
    var keywords: String?
    var rating: Int?
    var colorLabel: String?
    /// ``Flag`` bits.
    var flags: Int

    enum Flag {
        static let screenshot = 1
        static let panorama = 2
    }

    init(md5: String, _ description: PhotoDescription) {
        self.md5 = md5
        cameraMake = description.cameraMake
        cameraModel = description.cameraModel
        lensModel = description.lensModel
        latitude = description.latitude
        longitude = description.longitude
        title = description.title
        caption = description.caption
        keywords = description.keywords.isEmpty ? nil : description.keywords.joined(separator: "\n")
        rating = description.rating
        colorLabel = description.colorLabel
        flags = (description.isScreenshot ? Flag.screenshot : 0) | (description.isPanorama ? Flag.panorama : 0)
    }

    /// What the row records.
    var description: PhotoDescription {
        var description = PhotoDescription()
        description.cameraMake = cameraMake
        description.cameraModel = cameraModel
        description.lensModel = lensModel
        description.setPosition(latitude: latitude, longitude: longitude)
        description.title = title
        description.caption = caption
        description.keywords = keywords.map { $0.split(separator: "\n").map(String.init) } ?? []
        description.rating = rating
        description.colorLabel = colorLabel
        description.isScreenshot = flags & Flag.screenshot != 0
        description.isPanorama = flags & Flag.panorama != 0
        return description
    }
}

extension PhotoDescriptionRecord: FetchableRecord, PersistableRecord {
    static let databaseTableName = "photoDescription"

    /// Inserts a row or replaces the content's, in `table` (this table, or `backupDescription`
    /// of the same columns): a statement prepared once for many rows.
    static func replaceSQL(into table: String) -> String {
        """
        INSERT OR REPLACE INTO \(table)
        (md5, cameraMake, cameraModel, lensModel, latitude, longitude, title, caption, keywords, rating, colorLabel, flags)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """
    }

    var replaceArguments: StatementArguments {
        [md5, cameraMake, cameraModel, lensModel, latitude, longitude, title, caption, keywords, rating, colorLabel, flags]
    }
}
