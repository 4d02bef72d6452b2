/// Natural Earth's country borders, as the edges of their rings bucketed by band of latitude:
/// a point is in a country when a ray east from it crosses that country's edges an odd number
/// of times, and only the edges of the point's band can cross it. A few hundred edges are read
/// for a point, not the half million of the world's borders.
struct CountryBorders: Sendable {
    /// One edge of a ring, from (x1, y1) to (x2, y2) in degrees of longitude and latitude.
    struct Edge: Sendable {
        var x1: Float
        var y1: Float
        var x2: Float
        var y2: Float
        var country: Int32
    }

    /// Bands of a tenth of a degree: 1,800 from pole to pole.
    static let bandsPerDegree = 10.0
    private let bands: [[Edge]]

    /// `rings`: each ring's country and its points as (longitude, latitude), closed or not.
    init(_ rings: [(country: Int32, points: [(Float, Float)])]) {
        var bands = [[Edge]](repeating: [], count: Int(180 * Self.bandsPerDegree))
        for ring in rings where ring.points.count >= 3 {
            for (index, start) in ring.points.enumerated() {
                let end = ring.points[(index + 1) % ring.points.count]
                guard start.1 != end.1 else { continue }  // a horizontal edge crosses no eastward ray
                let edge = Edge(x1: start.0, y1: start.1, x2: end.0, y2: end.1, country: ring.country)
                for band in Self.band(Double(min(start.1, end.1)))...Self.band(Double(max(start.1, end.1))) {
                    bands[band].append(edge)
                }
            }
        }
        self.bands = bands
    }

    /// The country whose borders hold the point, or `nil` at sea (or in a place no country's
    /// border holds).
    func country(latitude: Double, longitude: Double) -> Int32? {
        // The countries crossed an odd number of times so far: a few at most, so a list, not a
        // dictionary allocated for every point.
        var odd: [Int32] = []
        let y = Float(latitude)
        let x = Float(longitude)
        for edge in bands[Self.band(latitude)] where (edge.y1 > y) != (edge.y2 > y) {
            let crossing = edge.x1 + (y - edge.y1) / (edge.y2 - edge.y1) * (edge.x2 - edge.x1)
            guard crossing > x else { continue }
            if let index = odd.firstIndex(of: edge.country) {
                odd.remove(at: index)
            } else {
                odd.append(edge.country)
            }
        }
        return odd.min()
    }

    private static func band(_ latitude: Double) -> Int {
        min(Int(180 * bandsPerDegree) - 1, max(0, Int(((latitude + 90) * bandsPerDegree).rounded(.down))))
    }
}
