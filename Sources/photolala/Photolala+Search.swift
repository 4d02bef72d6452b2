import ArgumentParser
import Foundation
import PhotolalaKit

extension Photolala {
    struct Search: AsyncParsableCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            commandName: "search",
            abstract: "Find photos by words, place, camera, person, keyword, date, rating or kind, across every source.",
            discussion: """
                Free words match a photo's name, folder or album, title, description, keywords, \
                people, place, camera and labels, as the start of a word, whatever their case and \
                accents; "quoted words" match in order; -word leaves out what it matches; every \
                term must hold. Fields: place:, country:, camera:, lens:, person:, keyword:, \
                label:, title:, description:, name:, folder:, \
                kind:photo|video|raw|live|pair|screenshot|panorama, date:2019, date:2019-06, \
                date:2019-06-01..2019-08-31 (on each photo's own clock), rating:>=4, \
                is:favorite|starred|backedup|notbackedup, has:gps|keywords|people, \
                source:folders|photos|cloud, area:41.8,12.4,42,12.6 (a GPS position in the box \
                south,west,north,east, in decimal degrees). The sources given are indexed first \
                (only what changed since), with a progress bar; without one, everything indexed \
                before is searched. The index lives in the data folder; 'photolala index --rebuild' makes it \
                anew. See docs/GUIDE.md, "Searching".
                """
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The query, as one argument: photolala search 'place:italy -sunset'.")
        var query: String

        @OptionGroup var sources: SearchSourceOptions

        @Option(help: "The most photos printed, newest first.")
        var limit = 500

        @Flag(
            help:
                "Print one JSON object: count and results (source, id, name, date, path, uuid or md5, place, keywords, rating, colorLabel, title, description, camera, lens, latitude, longitude; persons and labels for Apple Photos)."
        )
        var json = false

        func run() async throws {
            let parsed: SearchQuery
            do {
                parsed = try SearchQuery(parsing: query)
            } catch {
                throw ValidationError(error.message)
            }
            let engine = try global.makeEngine()
            let roots = try await sources.index(with: global, engine: engine)
            var terminal = Terminal()
            let hits = try engine.searchIndex.search(try engine.resolvingAlbums(in: parsed), within: sources.isEmpty ? nil : roots, limit: limit)
            if json {
                try terminal.outputJSON(SearchResultsJSON(hits: hits))
            } else {
                for hit in hits {
                    terminal.output(hit.location.escapingControlCharacters)
                }
                terminal.message("\(hits.count.counting("photo")) found.")
            }
        }
    }
}

/// `photolala search --json`: `{"count", "results": [...]}`, a row a photo.
private struct SearchResultsJSON: Encodable {
    let hits: [SearchIndex.Hit]

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(hits.count, forKey: .count)
        var results = container.nestedUnkeyedContainer(forKey: .results)
        for hit in hits {
            try results.encode(Row(hit: hit))
        }
    }

    private enum Key: String, CodingKey { case count, results }

    private struct Row: Encodable {
        let hit: SearchIndex.Hit

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(hit.source.rawValue, forKey: .source)
            try container.encode(hit.key, forKey: .id)
            try container.encode(hit.name, forKey: .name)
            // The photo's own clock time, without an offset.
            try container.encode(hit.date.map { DateText.photo(Date(timeIntervalSince1970: Double($0)), offset: nil) }, forKey: .date)
            switch hit.source {
            case .folders: try container.encode(hit.root + "/" + hit.key, forKey: .path)
            case .photos:
                try container.encode(hit.key, forKey: .uuid)
                try container.encode(hit.people, forKey: .persons)
                try container.encode(hit.labels, forKey: .labels)
            case .cloud: try container.encode(hit.md5, forKey: .md5)
            }
            try container.encode(hit.place, forKey: .place)
            try container.encode(hit.keywords, forKey: .keywords)
            try container.encode(hit.rating, forKey: .rating)
            try container.encode(hit.colorLabel, forKey: .colorLabel)
            try container.encode(hit.title, forKey: .title)
            try container.encode(hit.caption, forKey: .description)
            try container.encode(hit.camera, forKey: .camera)
            try container.encode(hit.lens, forKey: .lens)
            try container.encode(hit.latitude, forKey: .latitude)
            try container.encode(hit.longitude, forKey: .longitude)
        }

        private enum Key: String, CodingKey {
            case source, id, name, date, path, uuid, md5, place, keywords, rating, colorLabel, title, description, camera, lens, latitude, longitude
            case persons, labels
        }
    }
}

extension SearchIndex.Hit {
    /// Where the photo is, as a line of `photolala search`: a file's path, a library's asset, a
    /// backed-up photo.
    fileprivate var location: String {
        switch source {
        case .folders: root + "/" + key
        case .photos: "\(root)  \(key)  \(name)"
        case .cloud: "cloud  \(key)  \(name)"
        }
    }
}
