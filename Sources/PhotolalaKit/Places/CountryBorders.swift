/// Natural Earth's country borders, for the country a point is in: the one whose edges a ray
/// east from the point crosses an odd number of times.
///
/// The edges are bucketed by band of latitude, and within a band they lie in stretches of
/// longitude with open ground between them, land or sea that no edge crosses and so wholly in
/// one country (or none). Which countries hold each open stretch is worked out once, as the data
/// loads; a point in one (most photos: inland, away from coasts and borders) is answered by a
/// binary search, and a point among edges crosses only the edges of its own stretch, then
/// takes the countries of the open ground east of it. A million points take a fraction of a
/// second, not the many seconds of crossing every edge of a band.
struct CountryBorders: Sendable {
    /// One edge of a ring, from (x1, y1) to (x2, y2) in degrees of longitude and latitude.
    struct Edge: Sendable {
        var x1: Float
        var y1: Float
        var x2: Float
        var y2: Float
        var country: Int32

        /// Whether a ray east from (x, y) crosses the edge.
        func crosses(eastOf x: Float, at y: Float) -> Bool {
            guard (y1 > y) != (y2 > y) else { return false }
            return x1 + (y - y1) / (y2 - y1) * (x2 - x1) > x
        }
    }

    /// One band of latitude: its edges, grouped into stretches of longitude, and the countries
    /// of the open ground around them.
    struct Band: Sendable {
        /// The edges, ordered by their western end, so each stretch's are contiguous.
        let edges: [Edge]
        /// Stretch `i` spans the longitudes `west[i]...east[i]`; its edges are
        /// `edges[first[i]..<first[i + 1]]`.
        let west: [Float]
        let east: [Float]
        let first: [Int]
        /// The countries holding the open ground west of stretch `i` (`open[i]`) and east of
        /// the last (`open[west.count]`), as indexes into ``CountryBorders/holders``.
        let open: [Int]
    }

    /// Bands of a tenth of a degree: 1,800 from pole to pole.
    static let bandsPerDegree = 10.0
    let bands: [Band]
    /// The sets of countries open ground lies in, each once: mostly none or one, more where
    /// countries' borders overlap (a disputed territory).
    private let holders: [[Int32]]

    /// `rings`: each ring's country and its points as (longitude, latitude), closed or not.
    init(_ rings: [(country: Int32, points: [(Float, Float)])]) {
        var edges = [[Edge]](repeating: [], count: Int(180 * Self.bandsPerDegree))
        for ring in rings where ring.points.count >= 3 {
            for (index, start) in ring.points.enumerated() {
                let end = ring.points[(index + 1) % ring.points.count]
                // A horizontal edge crosses no eastward ray, but bounds open ground all the same.
                let edge = Edge(x1: start.0, y1: start.1, x2: end.0, y2: end.1, country: ring.country)
                for band in Self.band(Double(min(start.1, end.1)))...Self.band(Double(max(start.1, end.1))) {
                    edges[band].append(edge)
                }
            }
        }
        var holders: [[Int32]] = [[]]
        var holderIndex: [[Int32]: Int] = [[]: 0]
        bands = edges.enumerated().map { band, edges in
            let middle = Float((Double(band) + 0.5) / Self.bandsPerDegree - 90)
            return Self.band(of: edges, crossedAt: middle) { countries in
                if let known = holderIndex[countries] { return known }
                holderIndex[countries] = holders.count
                holders.append(countries)
                return holders.count - 1
            }
        }
        self.holders = holders
    }

    /// A band of `edges`, the countries of its open ground found by a ray along `middle`, the
    /// band's middle latitude, from each stretch's west end: the open ground east of the last
    /// stretch is in no country, and each stretch's crossings change which, going west.
    private static func band(of edges: [Edge], crossedAt middle: Float, holders: ([Int32]) -> Int) -> Band {
        let edges = edges.sorted { min($0.x1, $0.x2) < min($1.x1, $1.x2) }
        var west: [Float] = []
        var east: [Float] = []
        var first: [Int] = []
        for (index, edge) in edges.enumerated() {
            let (low, high) = (min(edge.x1, edge.x2), max(edge.x1, edge.x2))
            if let last = east.last, low <= last {
                east[east.count - 1] = max(last, high)
            } else {
                west.append(low)
                east.append(high)
                first.append(index)
            }
        }
        first.append(edges.count)
        var open = [Int](repeating: 0, count: west.count + 1)
        var countries: [Int32] = []
        for stretch in west.indices.reversed() {
            for edge in edges[first[stretch]..<first[stretch + 1]] where edge.crosses(eastOf: west[stretch] - 1, at: middle) {
                countries.toggle(edge.country)
            }
            open[stretch] = holders(countries.sorted())
        }
        return Band(edges: edges, west: west, east: east, first: first, open: open)
    }

    /// The country whose borders hold the point, or `nil` at sea (or in a place no country's
    /// border holds).
    func country(latitude: Double, longitude: Double) -> Int32? {
        // The band of the latitude the edges are compared with, so that a point on a band's
        // edge is crossed by the band's edges, not by the next one's.
        let (x, y) = (Float(longitude), Float(latitude))
        let band = bands[Self.band(Double(y))]
        // The first stretch that does not end west of the point.
        var low = 0
        var high = band.east.count
        while low < high {
            let middle = (low + high) / 2
            if band.east[middle] < x { low = middle + 1 } else { high = middle }
        }
        guard low < band.west.count, band.west[low] <= x else { return holders[band.open[low]].min() }
        var countries = holders[band.open[low + 1]]
        for edge in band.edges[band.first[low]..<band.first[low + 1]] where edge.crosses(eastOf: x, at: y) {
            countries.toggle(edge.country)
        }
        return countries.min()
    }

    static func band(_ latitude: Double) -> Int {
        min(Int(180 * bandsPerDegree) - 1, max(0, Int(((latitude + 90) * bandsPerDegree).rounded(.down))))
    }
}

extension [Int32] {
    /// Adds a country crossed an odd number of times so far, or removes one crossed again: a
    /// few at most, so a list, not a set allocated for every point.
    fileprivate mutating func toggle(_ country: Int32) {
        if let index = firstIndex(of: country) { remove(at: index) } else { append(country) }
    }
}
