import Foundation
import PhotolalaTestSupport
import Testing

@Suite("The web page's files")
struct WebPageTests {
    let publicFolder = Fixtures.repositoryRoot.appendingPathComponent("Sources/PhotolalaServer/Public")

    /// A module missing from the list still loads, one round trip later, after the module that
    /// imports it: the first thumbnails come later, and nothing else would show it.
    @Test("index.html preloads every module main.js imports, directly or not, and no other")
    func preloadsTheModuleGraph() throws {
        let page = try String(contentsOf: publicFolder.appendingPathComponent("index.html"), encoding: .utf8)
        let preloaded = Set(matches(of: #"<link rel="modulepreload" href="([^"]+)">"#, in: page))

        var imported: Set<String> = []
        var pending = ["js/main.js"]
        while let module = pending.popLast() {
            let source = try String(contentsOf: publicFolder.appendingPathComponent(module), encoding: .utf8)
            let folder = URL(fileURLWithPath: "/" + module).deletingLastPathComponent()
            for specifier in matches(of: #"(?:from|import)\s*\(?\s*'(\.\.?/[^']+)'"#, in: source) {
                let path = String(folder.appendingPathComponent(specifier).standardizedFileURL.path.dropFirst())
                if imported.insert(path).inserted { pending.append(path) }
            }
        }
        #expect(!imported.isEmpty)
        #expect(preloaded == imported)
    }

    /// The map loads Leaflet only when it opens: a file missing would show only then, and a
    /// licence missing never.
    @Test("Every file the map loads is there, Leaflet's with their copyright files, and the basemap is small GeoJSON")
    func mapFiles() throws {
        let map = try String(contentsOf: publicFolder.appendingPathComponent("js/components/photo-map.js"), encoding: .utf8)
        let loaded = matches(of: #"'(vendor/[^']+\.(?:js|css))'"#, in: map)
        #expect(loaded.count == 5, "\(loaded)")
        for file in loaded + ["vendor/leaflet/images/marker-icon.png", "vendor/leaflet/copyright", "vendor/leaflet.markercluster/copyright"] {
            #expect(FileManager.default.fileExists(atPath: publicFolder.appendingPathComponent(file).path), "\(file)")
        }
        let basemap = try Data(contentsOf: publicFolder.appendingPathComponent("map/countries.geojson"))
        #expect(basemap.count < 1_000_000)
        let collection = try JSONSerialization.jsonObject(with: basemap) as? [String: Any]
        #expect(collection?["type"] as? String == "FeatureCollection")
        #expect((collection?["features"] as? [Any])?.count ?? 0 > 150)
    }

    private func matches(of pattern: String, in text: String) -> [String] {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}
