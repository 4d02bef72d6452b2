import GRDB
import Logging

private typealias Column = ApplePhotosSchema.Column

extension ApplePhotosLibrary {
    /// What Photos knows of each asset beyond its row, for search: the people the user named
    /// in it (each once, sorted; a face of a person without a name is left out, as osxphotos's
    /// `_UNKNOWN_`), its description, the place Photos reverse-geocoded and its scene labels
    /// (``labels()``). A place Photos stored damaged is left out and logged, as osxphotos does.
    /// - Throws: ``PhotolalaError/damagedPhotosLibrary`` when the database cannot be read.
    public func facts() throws -> ApplePhotosFacts {
        var facts = try read { db in
            ApplePhotosFacts(people: try people(db), descriptions: try descriptions(db), places: try places(db))
        }
        let (labels, problem) = labels()
        facts.labels = labels
        facts.problems = problem.map { [$0] } ?? []
        return facts
    }

    private func people(_ db: Database) throws -> [String: [String]] {
        guard [Column.faceAsset, .facePerson, .personKey, .personFullName, .assetKey, .assetUUID].allSatisfy(schema.has) else { return [:] }
        let sql = """
            SELECT \(Column.assetUUID.selecting(schema.value(.assetUUID, "a"))), \(Column.personFullName.selecting(schema.value(.personFullName, "p"))) \
            FROM ZDETECTEDFACE f \
            JOIN ZPERSON p ON \(schema.expression(.personKey, "p")) = \(schema.expression(.facePerson, "f")) \
            JOIN \(schema.assetTable) a ON \(schema.expression(.assetKey, "a")) = \(schema.expression(.faceAsset, "f"))
            """
        var people: [String: Set<String>] = [:]
        try ApplePhotosRow.forEach(db, sql: sql, arguments: []) { row in
            if let uuid = row.string(Column.assetUUID), let name = row.name(Column.personFullName), !name.isEmpty {
                people[uuid, default: []].insert(name)
            }
        }
        return people.mapValues { $0.sorted() }
    }

    private func descriptions(_ db: Database) throws -> [String: String] {
        guard [Column.attributesDescription, .attributesAsset, .descriptionKey, .descriptionText, .assetKey, .assetUUID].allSatisfy(schema.has)
        else { return [:] }
        let sql = """
            SELECT \(Column.assetUUID.selecting(schema.value(.assetUUID, "a"))), \(Column.descriptionText.selecting(schema.value(.descriptionText, "d"))) \
            FROM ZADDITIONALASSETATTRIBUTES aa \
            JOIN ZASSETDESCRIPTION d ON \(schema.expression(.descriptionKey, "d")) = \(schema.expression(.attributesDescription, "aa")) \
            JOIN \(schema.assetTable) a ON \(schema.expression(.assetKey, "a")) = \(schema.expression(.attributesAsset, "aa"))
            """
        var descriptions: [String: String] = [:]
        try ApplePhotosRow.forEach(db, sql: sql, arguments: []) { row in
            if let uuid = row.string(Column.assetUUID), let text = row.name(Column.descriptionText), !text.isEmpty {
                descriptions[uuid] = text
            }
        }
        return descriptions
    }

    private func places(_ db: Database) throws -> [String: Place] {
        guard [Column.reverseLocation, .attributesAsset, .assetKey, .assetUUID].allSatisfy(schema.has) else { return [:] }
        let limit = UntrustedDocument.Limits.small.bytes
        let sql = """
            SELECT \(Column.assetUUID.selecting(schema.value(.assetUUID, "a"))), \
            \(Column.reverseLocation.selecting("CASE WHEN length(\(schema.expression(.reverseLocation, "aa"))) <= \(limit) THEN \(schema.expression(.reverseLocation, "aa")) END")) \
            FROM ZADDITIONALASSETATTRIBUTES aa \
            JOIN \(schema.assetTable) a ON \(schema.expression(.assetKey, "a")) = \(schema.expression(.attributesAsset, "aa")) \
            WHERE \(schema.expression(.reverseLocation, "aa")) IS NOT NULL
            """
        var places: [String: Place] = [:]
        try ApplePhotosRow.forEach(db, sql: sql, arguments: []) { row in
            guard let uuid = row.string(Column.assetUUID), let bytes = row.bytes(Column.reverseLocation) else { return }
            do {
                if let place = try Place(photosReverseLocation: bytes) {
                    places[uuid] = place
                }
            } catch {
                logger.warning(
                    "Photos' place of an asset is damaged; it is searched by its position instead.",
                    metadata: ["uuid": "\(uuid)", "error": "\(error)"])
            }
        }
        return places
    }
}

extension ApplePhotosLibrary {
    /// The largest face of `person` (a name Photos has) in the asset `uuid`, framed with room
    /// around it; `nil` when Photos found none, or the library's schema records no face position.
    /// - Throws: ``PhotolalaError/damagedPhotosLibrary`` when the database cannot be read.
    public func face(of person: String, inAsset uuid: String) throws -> FaceRegion? {
        let needed: [Column] = [.faceAsset, .facePerson, .faceCenterX, .faceCenterY, .faceSize, .personKey, .personFullName, .assetKey, .assetUUID]
        guard needed.allSatisfy(schema.has), schema.has(.width), schema.has(.height) else { return nil }
        let sql = """
            SELECT \(Column.faceCenterX.selecting(schema.value(.faceCenterX, "f"))), \(Column.faceCenterY.selecting(schema.value(.faceCenterY, "f"))), \
            \(Column.faceSize.selecting(schema.value(.faceSize, "f"))), \(Column.width.selecting(schema.value(.width, "a"))), \
            \(Column.height.selecting(schema.value(.height, "a"))) \
            FROM ZDETECTEDFACE f \
            JOIN ZPERSON p ON \(schema.expression(.personKey, "p")) = \(schema.expression(.facePerson, "f")) \
            JOIN \(schema.assetTable) a ON \(schema.expression(.assetKey, "a")) = \(schema.expression(.faceAsset, "f")) \
            WHERE \(schema.expression(.assetUUID, "a")) = ? AND \(schema.expression(.personFullName, "p")) = ? \
            ORDER BY \(schema.expression(.faceSize, "f")) DESC LIMIT 1
            """
        return try read { db in
            var region: FaceRegion?
            try ApplePhotosRow.forEach(db, sql: sql, arguments: [uuid, person]) { row in
                guard let x = row.double(Column.faceCenterX), let y = row.double(Column.faceCenterY), let size = row.double(Column.faceSize),
                    let width = row.int(Column.width), let height = row.int(Column.height)
                else { return }
                region = FaceRegion(centerX: x, centerY: y, size: size, width: width, height: height)
            }
            return region
        }
    }
}
