import GRDB

private typealias Column = ApplePhotosSchema.Column

extension ApplePhotosLibrary {
    /// What Photos knows of each asset beyond its row, for search: the people the user named
    /// in it (each once, sorted; a face of a person without a name is left out, as osxphotos's
    /// `_UNKNOWN_`) and its description, by asset uuid. Read in one pass each over the library.
    /// - Throws: ``PhotolalaError/damagedPhotosLibrary`` when the database cannot be read.
    public func peopleAndDescriptions() throws -> (people: [String: [String]], descriptions: [String: String]) {
        try read { db in (try people(db), try descriptions(db)) }
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
}
