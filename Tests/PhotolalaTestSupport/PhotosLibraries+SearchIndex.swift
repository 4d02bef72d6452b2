import Foundation

extension PhotosLibraries {
    /// The form of search index ``addSearchIndex(to:form:)`` writes.
    public enum SearchIndexForm: String, Sendable, CaseIterable {
        /// `psi.sqlite` (Photos 5 to 11): `groups` of a category, joined to `assets` by `ga`.
        case psi
        /// `leo.sqlite` (macOS 27): a `lexicon`, and `items` listing their lexemes.
        case leo
    }

    /// The scene labels ``addSearchIndex(to:form:)`` gives, the third asset on getting none.
    public static let sceneLabels = ["Child", "Bride", "Palm Tree", "Café", "Snow"]

    /// Writes the search index Photos keeps beside its database (the test libraries were
    /// trimmed of theirs) as Photos lays it out, giving each asset of the library a few of
    /// ``sceneLabels``, with what a reader must leave out beside them: a place name of another
    /// category, and an internal `PG…SearchableText` key.
    public static func addSearchIndex(to bundle: String, form: SearchIndexForm) async throws {
        let uuids = try await query("SELECT ZUUID FROM \(try assetTable(in: bundle)) ORDER BY Z_PK", in: bundle).split(separator: "\n").map(
            String.init)
        // Photos 8 on numbers labels 1500, earlier releases 2024: of the test libraries, 13's
        // (whose asset table is ZASSET) and 10.15's.
        let category = try await assetTable(in: bundle) == "ZASSET" ? "1500" : "2024"
        let script = """
            import sqlite3, struct, sys, uuid
            path, form, category, labels, uuids = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4].split(","), sys.argv[5:]
            terms = [(category, label) for label in labels] + [(category, "PGPlaceParkSearchableText"), (1, "Omaha")]
            def given(index):
                return [] if index == 2 else [0, 1 + index % (len(labels) - 1), len(labels), len(labels) + 1]
            db = sqlite3.connect(path)
            if form == "psi":
                db.executescript("CREATE TABLE assets (uuid_0 INTEGER, uuid_1 INTEGER, spotlight_uuid TEXT);"
                    "CREATE TABLE groups (category INTEGER, owning_groupid INTEGER, content_string TEXT, normalized_string TEXT, lookup_identifier TEXT);"
                    "CREATE TABLE ga (groupid INTEGER, assetid INTEGER)")
                for term_category, text in terms:
                    db.execute("INSERT INTO groups VALUES (?, NULL, ?, ?, '')", (term_category, text + "\\0", text.lower() + "\\0"))
                for index, asset in enumerate(uuids):
                    first, second = struct.unpack("<qq", uuid.UUID(asset).bytes)
                    row = db.execute("INSERT INTO assets VALUES (?, ?, ?)", (first, second, asset)).lastrowid
                    for term in given(index):
                        db.execute("INSERT INTO ga VALUES (?, ?)", (term + 1, row))
            else:
                db.executescript("CREATE TABLE lexicon (lexeme_id INTEGER PRIMARY KEY, type INTEGER, category INTEGER, content TEXT);"
                    "CREATE TABLE items (identifier TEXT, type INTEGER, lexeme_ids BLOB)")
                for number, (term_category, text) in enumerate(terms):
                    db.execute("INSERT INTO lexicon VALUES (?, 1, ?, ?)", (100 + number, 4000 if term_category == category else 2060, text))
                for index, asset in enumerate(uuids):
                    ids = [100 + term for term in given(index)]
                    db.execute("INSERT INTO items VALUES (?, 1, ?)", (asset.lower(), struct.pack("<%dI" % len(ids), *ids)))
            db.commit()
            """
        let folder = bundle + "/database/search"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try await Shell.run(
            "python3", ["-c", script, folder + "/\(form.rawValue).sqlite", form.rawValue, category, sceneLabels.joined(separator: ",")] + uuids)
    }
}
