import GRDB

/// A row of `photoDescription`: a content's ``PhotoDescription`` by its MD5.
/// ``PhotoDescriptionIndex`` is its one store.
struct PhotoDescriptionRecord: Sendable, Equatable {
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

    /// The columns that describe a photo, in the order ``description(from:startingAt:)`` reads them.
    static let describingColumns = [
        "cameraMake", "cameraModel", "lensModel", "latitude", "longitude", "title", "caption", "keywords", "rating", "colorLabel", "flags",
        "people", "labels",
    ]

    /// The description in `row`'s ``describingColumns``, from column `start` on: read by position,
    /// as a million rows read by column name (Codable) took ten seconds.
    /// - Throws: A value of the wrong type (a damaged database) fails, as its reading by name did.
    static func description(from row: Row, startingAt start: Int) throws -> PhotoDescription {
        var description = PhotoDescription()
        description.cameraMake = try row.decode(atIndex: start)
        description.cameraModel = try row.decode(atIndex: start + 1)
        description.lensModel = try row.decode(atIndex: start + 2)
        description.setPosition(latitude: try row.decode(atIndex: start + 3), longitude: try row.decode(atIndex: start + 4))
        description.title = try row.decode(atIndex: start + 5)
        description.caption = try row.decode(atIndex: start + 6)
        description.keywords = values(try row.decode(atIndex: start + 7))
        description.rating = try row.decode(atIndex: start + 8)
        description.colorLabel = try row.decode(atIndex: start + 9)
        let flags: Int = try row.decode(Int?.self, atIndex: start + 10) ?? 0
        description.isScreenshot = flags & Flag.screenshot != 0
        description.isPanorama = flags & Flag.panorama != 0
        description.people = values(try row.decode(atIndex: start + 11))
        description.labels = values(try row.decode(atIndex: start + 12))
        return description
    }
}

extension PhotoDescriptionRecord {
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
