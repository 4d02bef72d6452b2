import GRDB

extension SearchIndex {
    /// Where a timeline's photos are: a source as the index keeps it, and the start every key
    /// beneath one of its folders has (empty for all of its photos).
    public struct TimelineScope: Sendable, Equatable {
        public var source: SearchScope
        public var keyPrefix: String

        public init(source: SearchScope, keyPrefix: String = "") {
            self.source = source
            self.keyPrefix = keyPrefix
        }
    }

    /// One photo of a timeline: where the index keeps it and what the grid sorts it by.
    public struct TimelinePhoto: Sendable, Equatable {
        public var source: SearchScope
        /// The path below the root, the asset's uuid, or the MD5.
        public var key: String
        public var name: String
        /// Wall-clock seconds (``SearchDateRange``).
        public var date: Int64?
    }

    /// Every photo of `scopes`, newest first and the undated last, handed to `body` in batches
    /// as they are read, with no limit. Whole sources are walked in the index of
    /// `searchPhoto.date`, so the first batch of a million comes as soon as it is read, unsorted
    /// (7 ms where sorting first takes 1.5 s); a folder's photos are found by the range of their
    /// keys, then sorted. A name is beside the row where the key does not end with it
    /// (``SearchSchema``).
    ///
    /// ```swift
    /// try index.timeline(of: [.init(source: source.searchScope!, keyPrefix: "2024/")]) { print($0.count) }
    /// ```
    /// - Parameter batchSizes: The size of the first batch, then of every other.
    /// - Throws: ``PhotolalaError/databaseFailed`` when the index cannot be read, or what `body` throws.
    public func timeline(
        of scopes: [TimelineScope], batchSizes: (first: Int, rest: Int) = (1_000, 20_000), _ body: ([TimelinePhoto]) throws -> Void
    ) throws {
        try database.read { db in
            var sources: [Int64: SearchScope] = [:]
            var conditions: [String] = []
            var arguments = StatementArguments()
            for scope in scopes {
                guard
                    let id = try Int64.fetchOne(
                        db, sql: "SELECT id FROM searchSource WHERE kind = ? AND root = ?",
                        arguments: [scope.source.kind.rawValue, scope.source.root])
                else { continue }
                sources[id] = scope.source
                if scope.keyPrefix.isEmpty {
                    conditions.append("p.source = ?")
                    arguments += [id]
                } else {
                    // A range of the (source, key) index: every key that starts with the prefix.
                    conditions.append("(p.source = ? AND p.key >= ? AND p.key < ?)")
                    arguments += [id, scope.keyPrefix, scope.keyPrefix + "\u{10FFFF}"]
                }
            }
            guard !conditions.isEmpty else { return }
            let byDate = scopes.allSatisfy(\.keyPrefix.isEmpty) ? "INDEXED BY searchPhotoDate" : ""
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT p.source, p.key, p.date, p.name FROM searchPhoto p \(byDate)
                    WHERE \(conditions.joined(separator: " OR ")) ORDER BY p.date DESC, p.id DESC
                    """, arguments: arguments)
            var batch: [TimelinePhoto] = []
            var size = batchSizes.first
            batch.reserveCapacity(size)
            while let row = try rows.next() {
                guard let source = sources[row[0]] else { continue }
                let key: String = row[1]
                let name: String? = row[3]
                batch.append(TimelinePhoto(source: source, key: key, name: name ?? FilePath.name(of: key), date: row[2]))
                if batch.count >= size {
                    try body(batch)
                    batch.removeAll(keepingCapacity: true)
                    size = batchSizes.rest
                }
            }
            if !batch.isEmpty { try body(batch) }
        }
    }
}
