/// A value a query of a Photos database selects under a name of its own (`… AS "assetUUID"`),
/// by which ``ApplePhotosRow`` reads it: a column of the schema, or a value the query computes.
protocol ApplePhotosRowKey {
    /// Where the key's column is kept in a statement's ``ApplePhotosRow/Indexes``.
    var slot: Int { get }
}

extension ApplePhotosRowKey {
    /// The name the key is selected as: its case's name.
    var name: String { "\(self)" }

    /// `expression` selected as this key, for a query's result columns.
    func selecting(_ expression: String) -> String {
        "\(expression) AS \"\(name)\""
    }
}

extension ApplePhotosSchema.Column: ApplePhotosRowKey {
    var slot: Int { rawValue }
}
