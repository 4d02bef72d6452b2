import ArgumentParser
import Foundation
import PhotolalaKit

extension Photolala {
    struct Index: AsyncParsableCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            commandName: "index",
            abstract: "Bring the search index up to date, or make it anew with --rebuild.",
            discussion: """
                Without a source, every source indexed before is brought up to date: its folder \
                trees, Apple Photos libraries and, when one was indexed, the cloud backup. The \
                index is made from what is recorded of each photo, so a rebuild reads only the \
                photos never read before.
                """
        )

        @OptionGroup var global: GlobalOptions

        @OptionGroup var sources: SearchSourceOptions

        @Flag(help: "Empty the index first, then index every source again.")
        var rebuild = false

        func run() async throws {
            let engine = try global.makeEngine()
            var folders = sources.folders
            var libraries = sources.libraries
            var cloud = sources.cloud
            if sources.isEmpty {
                for source in try engine.searchIndex.sources() {
                    switch source.kind {
                    case .folders: folders.append(source.root)
                    case .photos: libraries.append(source.root)
                    case .cloud: cloud = true
                    }
                }
            }
            if rebuild {
                try engine.searchIndex.removeAll()
            }
            var terminal = Terminal()
            guard !(folders.isEmpty && libraries.isEmpty && !cloud) else {
                terminal.message("Nothing is indexed yet: name a source with --in, --library or --cloud.")
                return
            }
            var missing: [String] = []
            folders.removeAll { folder in
                guard !FileManager.default.fileExists(atPath: folder) else { return false }
                missing.append(folder)
                return true
            }
            for folder in missing {
                terminal.message("warning: \(folder.escapingControlCharacters) is gone; its photos stay in the index until --rebuild.")
            }
            _ = try await SearchSourceOptions.index(folders: folders, libraries: libraries, cloud: cloud, with: global, engine: engine)
        }
    }

    struct Places: AsyncParsableCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            commandName: "places",
            abstract: "List where the photos of folder trees were taken: countries, regions and cities, with counts.",
            discussion: """
                Places come from each photo's GPS position, found offline in the place data that \
                ships with Photolala (GeoNames, Natural Earth), or from Apple Photos for a \
                library. The sources are indexed first, as 'photolala search' does.
                """
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: "Folder trees.")
        var paths: [String] = []

        @Option(name: .customLong("library"), help: ArgumentHelp("An Apple Photos library (repeatable).", valueName: "path"))
        var libraries: [String] = []

        @Flag(help: "The cloud backup, as last synced.")
        var cloud = false

        @Flag(help: "Print one JSON object: countries, each with name, countryCode, count and places (its regions, each with its cities).")
        var json = false

        func validate() throws {
            guard !(paths.isEmpty && libraries.isEmpty && !cloud) else {
                throw ValidationError("Name a folder tree, a --library or --cloud.")
            }
        }

        func run() async throws {
            let engine = try global.makeEngine()
            let roots = try await SearchSourceOptions.index(folders: paths, libraries: libraries, cloud: cloud, with: global, engine: engine)
            let countries = try engine.searchIndex.places(within: roots)
            let terminal = Terminal()
            if json {
                try terminal.outputJSON(PlacesJSON(countries: countries))
                return
            }
            for country in countries {
                terminal.output("\(country.name) (\(country.countryCode ?? "")): \(country.count.counting("photo"))".escapingControlCharacters)
                for region in country.places {
                    terminal.output("  \(region.name): \(region.count.grouped)".escapingControlCharacters)
                    for city in region.places {
                        terminal.output("    \(city.name): \(city.count.grouped)".escapingControlCharacters)
                    }
                }
            }
            if countries.isEmpty {
                terminal.output("No photo has a place: none has a GPS position.")
            }
        }
    }
}

/// `photolala places --json`.
private struct PlacesJSON: Encodable {
    let countries: [PlaceCount]
}
