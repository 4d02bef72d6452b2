import Foundation

/// GeoNames' places bucketed by cell of half a degree of latitude and longitude, for the
/// nearest place to a point: the cells are read outward from the point's, ring by ring, until
/// no place of the next ring can be nearer than the nearest found (in a town, the point's cell
/// and the eight around it), not the 144,000 places.
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
    private static let cellsPerDegree = 2
    private static let rows = 180 * cellsPerDegree
    private static let columns = 360 * cellsPerDegree

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
        var counts = [Int32](repeating: 0, count: Self.rows * Self.columns + 1)
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
        let cell = 1 / Double(Self.cellsPerDegree)
        let radius = kilometres / Self.kilometresPerDegree
        let scale = cos(latitude * .pi / 180)
        // How many rows and columns away a place within the radius can be; near a pole, every
        // column of the rows nearby.
        let rowReach = Int((radius / cell).rounded(.up)) + 1
        let columnReach = scale > radius / 180 ? Int((radius / scale / cell).rounded(.up)) + 1 : Self.columns
        let wholeRows = 2 * columnReach + 1 >= Self.columns
        let (row, column) = Self.cellPosition(latitude: latitude, longitude: longitude)
        var best: (position: Int, distance: Double)?
        // Squared, in degrees of latitude; a place at the radius itself is found.
        var bestDistance = (radius * radius).nextUp

        /// Compares the places of the cell `rowOffset` rows and `columnOffset` columns away.
        func search(_ rowOffset: Int, _ columnOffset: Int) {
            let cellRow = row + rowOffset
            guard (0..<Self.rows).contains(cellRow) else { return }
            let index = cellRow * Self.columns + ((column + columnOffset) % Self.columns + Self.columns) % Self.columns
            for position in Int(cells[index])..<Int(cells[index + 1]) {
                if let country, countries[position] != country { continue }
                var dLon = abs(Double(longitudes[position]) - longitude)
                if dLon > 180 { dLon = 360 - dLon }
                let dLat = Double(latitudes[position]) - latitude
                let distance = dLat * dLat + dLon * dLon * scale * scale
                if distance < bestDistance {
                    best = (position, distance)
                    bestDistance = distance
                }
            }
        }

        if wholeRows {
            for rowOffset in -rowReach...rowReach {
                for columnOffset in 0..<Self.columns { search(rowOffset, columnOffset) }
            }
        } else {
            for ring in 0...max(rowReach, columnReach) {
                // A place `ring` cells away is at least `ring - 1` cells away, in latitude or
                // in longitude (narrower by the scale).
                let nearest = Double(max(0, ring - 1)) * cell * scale
                guard nearest * nearest <= bestDistance else { break }
                for rowOffset in -min(ring, rowReach)...min(ring, rowReach) {
                    if abs(rowOffset) == ring {
                        for columnOffset in -min(ring, columnReach)...min(ring, columnReach) { search(rowOffset, columnOffset) }
                    } else if ring <= columnReach {
                        search(rowOffset, -ring)
                        if ring > 0 { search(rowOffset, ring) }
                    }
                }
            }
        }
        guard let best else { return nil }
        return entries[Int(order[best.position])]
    }

    private static func cellPosition(latitude: Double, longitude: Double) -> (row: Int, column: Int) {
        let row = min(rows - 1, max(0, Int(((latitude + 90) * Double(cellsPerDegree)).rounded(.down))))
        let column = (Int(((longitude + 180) * Double(cellsPerDegree)).rounded(.down)) % columns + columns) % columns
        return (row, column)
    }

    private static func cell(latitude: Double, longitude: Double) -> Int {
        let (row, column) = cellPosition(latitude: latitude, longitude: longitude)
        return row * columns + column
    }
}
