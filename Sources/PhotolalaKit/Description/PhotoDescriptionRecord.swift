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
    /// The people and the scene labels, one a line, as ``keywords``.
    var people: String?
    var labels: String?

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
        keywords = Self.lines(description.keywords)
        rating = description.rating
        colorLabel = description.colorLabel
        flags = (description.isScreenshot ? Flag.screenshot : 0) | (description.isPanorama ? Flag.panorama : 0)
        people = Self.lines(description.people)
        labels = Self.lines(description.labels)
    }

    private static func lines(_ values: [String]) -> String? {
        values.isEmpty ? nil : values.joined(separator: "\n")
    }

    private static func values(_ lines: String?) -> [String] {
        lines.map { $0.split(separator: "\n").map(String.init) } ?? []
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
        description.keywords = Self.values(keywords)
        description.rating = rating
        description.colorLabel = colorLabel
        description.isScreenshot = flags & Flag.screenshot != 0
        description.isPanorama = flags & Flag.panorama != 0
        description.people = Self.values(people)
        description.labels = Self.values(labels)
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
        (md5, cameraMake, cameraModel, lensModel, latitude, longitude, title, caption, keywords, rating, colorLabel, flags, people, labels)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """
    }

    var replaceArguments: StatementArguments {
        [md5, cameraMake, cameraModel, lensModel, latitude, longitude, title, caption, keywords, rating, colorLabel, flags, people, labels]
    }
}
