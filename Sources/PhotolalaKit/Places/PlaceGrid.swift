import Foundation

/// GeoNames' places bucketed by one-degree cell of latitude and longitude, for the nearest place
/// to a point: the few cells around it are read, not the 144,000 places.
struct PlaceGrid: Sendable {
    /// One place: where it is, its name, and indexes into the finder's regions and countries.
    struct Entry: Sendable {
        var latitude: Float
        var longitude: Float
        var name: String
        var region: Int32
        var country: Int32
    }

    /// Kilometres in a degree of latitude (and of longitude at the equator).
    static let kilometresPerDegree = 111.195

    let entries: [Entry]
    /// `cells[i] ..< cells[i + 1]` are the positions in `order` of the places in cell `i`.
    private let cells: [Int32]
    private let order: [Int32]
    /// Each position's place's coordinates and country, in `order`'s order: the search reads
    /// these contiguous numbers, not the entries, whose names would be retained and released
    /// for each of the thousands of places a point is compared with.
    private let latitudes: [Float]
    private let longitudes: [Float]
    private let countries: [Int32]

    init(_ entries: [Entry]) {
        self.entries = entries
        var counts = [Int32](repeating: 0, count: 180 * 360 + 1)
        let cellOf = entries.map { Self.cell(latitude: Double($0.latitude), longitude: Double($0.longitude)) }
        for cell in cellOf { counts[cell + 1] += 1 }
        for index in 1..<counts.count { counts[index] += counts[index - 1] }
        var next = counts
        var order = [Int32](repeating: 0, count: entries.count)
        for (index, cell) in cellOf.enumerated() {
            order[Int(next[cell])] = Int32(index)
            next[cell] += 1
        }
        cells = counts
        self.order = order
        latitudes = order.map { entries[Int($0)].latitude }
        longitudes = order.map { entries[Int($0)].longitude }
        countries = order.map { entries[Int($0)].country }
    }

    /// The place nearest to the point within `kilometres`, of country `country` when one is
    /// given. Distances are equirectangular, which errs by under 1 % at the distances searched.
    func nearest(latitude: Double, longitude: Double, within kilometres: Double, country: Int32? = nil) -> Entry? {
        let span = kilometres / Self.kilometresPerDegree
        let scale = cos(latitude * .pi / 180)
        let lonSpan = scale > span / 180 ? min(180, span / scale) : 180
        var best: (position: Int, distance: Double)?
        let rows = Int((latitude - span + 90).rounded(.down))...Int((latitude + span + 90).rounded(.down))
        let columns = Int((longitude - lonSpan + 180).rounded(.down))...Int((longitude + lonSpan + 180).rounded(.down))
        for row in rows where (0..<180).contains(row) {
            for column in columns.count >= 360 ? 0...359 : columns {
                let cell = row * 360 + ((column % 360) + 360) % 360
                for position in Int(cells[cell])..<Int(cells[cell + 1]) {
                    if let country, countries[position] != country { continue }
                    var dLon = abs(Double(longitudes[position]) - longitude)
                    if dLon > 180 { dLon = 360 - dLon }
                    let dLat = Double(latitudes[position]) - latitude
                    let distance = dLat * dLat + dLon * dLon * scale * scale
                    if distance < best?.distance ?? .infinity { best = (position, distance) }
                }
            }
        }
        guard let best, best.distance.squareRoot() * Self.kilometresPerDegree <= kilometres else { return nil }
        return entries[Int(order[best.position])]
    }

    private static func cell(latitude: Double, longitude: Double) -> Int {
        let row = min(179, max(0, Int((latitude + 90).rounded(.down))))
        let column = ((Int((longitude + 180).rounded(.down)) % 360) + 360) % 360
        return row * 360 + column
    }
}
