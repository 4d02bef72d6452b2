import PhotolalaKit
import PhotolalaSupport

extension API {
    /// `GET /api/search/points`: where the photos a query finds were taken, for the page's map.
    /// Written by hand rather than through `JSONEncoder`, as a folder's listing is: 100,000
    /// points are 8 MB of JSON.
    struct SearchPoints {
        /// What each point's array holds, in order.
        static let fields = ["id", "latitude", "longitude"]

        /// The photo's item id in the search results (``SearchResultID``), its latitude and longitude.
        let points: [(id: String, latitude: Double, longitude: Double)]
        /// The most points one answer holds.
        let limit: Int
        /// Whether the query found more geotagged photos than ``limit``: the newest are sent.
        let capped: Bool

        var json: [UInt8] {
            var out: [UInt8] = []
            out.reserveCapacity(120 + points.count * 90)
            out += "{\"count\":\(points.count),\"limit\":\(limit),\"capped\":\(capped),\"fields\":[".utf8
            for (index, field) in Self.fields.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONText.appendString(field, to: &out)
            }
            out += "],\"points\":[".utf8
            for (index, point) in points.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                out.append(UInt8(ascii: "["))
                JSONText.appendString(point.id, to: &out)
                out.append(UInt8(ascii: ","))
                JSONText.appendNumber(point.latitude, to: &out)
                out.append(UInt8(ascii: ","))
                JSONText.appendNumber(point.longitude, to: &out)
                out.append(UInt8(ascii: "]"))
            }
            out += "]}".utf8
            return out
        }
    }
}
