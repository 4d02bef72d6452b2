/// How many photos were taken in one place: a country, a region of it or a city of that, each
/// with the places within it, largest first. `photolala places` prints them; the page's Places
/// view shows them as tiles.
public struct PlaceCount: Sendable, Equatable, Encodable {
    /// The country's, region's or city's name.
    public var name: String
    /// ISO 3166-1 alpha-2, for a country.
    public var countryCode: String?
    public var count: Int
    /// The regions of a country, the cities of a region.
    public var places: [PlaceCount]

    /// Countries, their regions and their cities from `(place, count)` rows, each level sorted
    /// by count then name. A region or city not known is left out of its level, though its
    /// photos count in the level above.
    static func tree(_ rows: [(place: Place, count: Int)]) -> [PlaceCount] {
        let byCountry = Dictionary(grouping: rows) { $0.place.countryCode }
        return sorted(
            byCountry.map { code, rows in
                let byRegion = Dictionary(grouping: rows.filter { $0.place.region != nil }) { $0.place.region ?? "" }
                let regions = byRegion.map { region, rows in
                    let byCity = Dictionary(grouping: rows.filter { $0.place.city != nil }) { $0.place.city ?? "" }
                    let cities = byCity.map { city, rows in PlaceCount(name: city, count: rows.map(\.count).reduce(0, +), places: []) }
                    return PlaceCount(name: region, count: rows.map(\.count).reduce(0, +), places: sorted(cities))
                }
                return PlaceCount(
                    name: rows[0].place.country, countryCode: code, count: rows.map(\.count).reduce(0, +), places: sorted(regions))
            })
    }

    private static func sorted(_ places: [PlaceCount]) -> [PlaceCount] {
        places.sorted { ($0.count, $1.name) > ($1.count, $0.name) }
    }

    private enum CodingKeys: String, CodingKey {
        case name, countryCode, count, places
    }
}
