import PhotolalaKit

extension API {
    /// `GET /api/search/facets`: the facets of the photos a query finds, as ``PhotolalaKit/SearchFacets`` encodes them.
    struct SearchFacets: Encodable {
        let facets: PhotolalaKit.SearchFacets

        func encode(to encoder: any Encoder) throws {
            try facets.encode(to: encoder)
        }
    }

    /// `GET /api/search`: the photos a query finds in the served sources, newest first.
    struct SearchResults: Encodable {
        let count: Int
        let results: [SearchHit]
    }

    /// One photo found, as the page shows it: the served source, folder and item its thumbnail,
    /// metadata and preview are asked for under, and what a result shows.
    struct SearchHit: Encodable {
        /// The served source's id (`local-0`, `apple-photos`, `cloud`).
        let source: String
        let folder: String
        let id: String
        /// `folders`, `photos` or `cloud`.
        let kind: String
        let name: String
        /// When it was taken, in seconds as if its own clock were UTC (a row's date with a
        /// `null` offset).
        let date: Int64?
        let md5: String?
        let place: Place?
        let keywords: [String]
        let rating: Int?
        let colorLabel: String?
        let title: String?
        let description: String?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(source, forKey: .source)
            try container.encode(folder, forKey: .folder)
            try container.encode(id, forKey: .id)
            try container.encode(kind, forKey: .kind)
            try container.encode(name, forKey: .name)
            try container.encode(date, forKey: .date)
            try container.encode(md5, forKey: .md5)
            try container.encode(place, forKey: .place)
            try container.encode(keywords, forKey: .keywords)
            try container.encode(rating, forKey: .rating)
            try container.encode(colorLabel, forKey: .colorLabel)
            try container.encode(title, forKey: .title)
            try container.encode(description, forKey: .description)
        }

        private enum Key: String, CodingKey {
            case source, folder, id, kind, name, date, md5, place, keywords, rating, colorLabel, title, description
        }
    }
}
