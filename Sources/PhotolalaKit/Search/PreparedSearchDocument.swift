import GRDB

/// A ``SearchDocument`` as ``SearchIndex`` writes it: its row's and its words' values worked out
/// away from the database's writer, so an indexer makes the next documents' values on one core
/// while SQLite writes these on another (``pipelined(make:write:)``). Only the ids of its source,
/// place, camera and lens, which the writer looks up or adds, are left to fill.
struct PreparedSearchDocument: Sendable {
    /// `searchPhoto`'s values in the order of ``photoColumns``, but for the ids the writer adds
    /// after them (``photoArguments(source:place:camera:lens:)``).
    private let photo: StatementArguments
    let place: SearchIndex.Numbered<Place>?
    let camera: SearchIndex.Numbered<String>?
    let lens: SearchIndex.Numbered<String>?
    /// The keywords and people one a line, for `searchTag`; `nil` for none.
    let keywords: String?
    let people: String?
    /// `searchText`'s values in the order of ``SearchSchema/textColumns``, as `searchWords`
    /// reads them from the row (the values differ where the row leaves out what its key says,
    /// or stores nothing for none, but their words do not); the row's id follows them.
    private let words: StatementArguments

    /// The columns of `searchPhoto` a document's values fill, in order.
    static let photoColumns = [
        "key", "md5", "date", "kinds", "flags", "colorLabel", "latitude", "longitude", "stamp", "name", "folder", "title", "description", "labels",
        "source", "place", "camera", "lens",
    ]

    /// - Parameter numbers: The numbers of the places and terms of the indexing run
    ///   (``SearchIndex/SharedValueIDs``), which the document's are taken from or added to.
    init(_ document: SearchDocument, numbers: inout SearchIndex.SharedValueIDs.Numbers) {
        let description = document.description
        let camera = CameraName.joining(make: description.cameraMake, model: description.cameraModel)
        let keywords = Self.text(description.keywords)
        let people = Self.text(document.people)
        let labels = Self.text(document.labels)
        let kinds = document.kinds.reduce(0) { $0 | (SearchStatement.kindBits[$1] ?? 0) }
        let flags =
            (document.isFavorite ? SearchStatement.Flag.favorite : 0) | (keywords == nil ? 0 : SearchStatement.Flag.keywords)
            | (people == nil ? 0 : SearchStatement.Flag.people) | SearchStatement.Flag.rating(description.rating)
        // What the key says is not said again (SearchSchema).
        let isCloud = document.source == .cloud
        let folder = document.folder == SearchSchema.folder(ofKey: document.key) ? nil : document.folder
        let name = document.name == FilePath.name(of: document.key) ? nil : document.name
        let place = document.place
        photo = [
            document.key, isCloud ? nil : document.md5, document.date, kinds, flags, description.colorLabel,
            SearchSchema.microdegrees(description.latitude), SearchSchema.microdegrees(description.longitude), document.stamp, name, folder,
            description.title, description.caption, labels,
        ]
        words = [
            document.name, document.folder, description.title, description.caption, keywords, people, place?.country, place?.countryCode,
            place?.region, place?.city, camera, description.lensModel, labels,
        ]
        self.place = numbers.numbered(place)
        self.camera = numbers.numbered(camera)
        self.lens = numbers.numbered(description.lensModel)
        self.keywords = keywords
        self.people = people
    }

    /// The row's values with the ids of its source, place, camera and lens.
    func photoArguments(source: Int64, place: Int64?, camera: Int64?, lens: Int64?) -> StatementArguments {
        photo + [source, place, camera, lens]
    }

    /// The words' values, and the row's id.
    func wordArguments(id: Int64) -> StatementArguments {
        words + [id]
    }

    /// Values one a line, each once (as facets count them), or `nil` for none.
    private static func text(_ values: [String]) -> String? {
        var seen: Set<String> = []
        let lines = values.filter { !$0.isEmpty && seen.insert($0).inserted }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }
}
