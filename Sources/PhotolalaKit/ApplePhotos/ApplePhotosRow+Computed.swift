extension ApplePhotosRow {
    /// The values queries compute rather than read from one column of ``ApplePhotosSchema/Column``.
    enum Computed: Int, CaseIterable, ApplePhotosRowKey {
        /// Whether the original's resource is on this disk.
        case isOriginalLocal
        /// The type identifier of the original's resource (10.15 and 11).
        case originalResourceUTI
        /// Whether the asset is shown only outside the library ("Shared with You", iCloud links).
        case isOutsideLibrary
        /// An album's folder's uuid and kind.
        case parentUUID, parentKind
        /// How many assets an album holds.
        case memberCount
        /// An asset's place in its album's manual order.
        case manualPosition
        /// The asset table's smallest and largest keys, and its row count.
        case lowestKey, highestKey, assetCount
        /// A Core Data entity's name and number (`Z_PRIMARYKEY`).
        case entityName, entityNumber
        /// A column's name in `pragma_table_info`.
        case columnName
        /// The version a library from before Photos 5 records (`LiGlobals`).
        case libraryVersion

        var slot: Int { ApplePhotosSchema.Column.allCases.count + rawValue }
    }
}
