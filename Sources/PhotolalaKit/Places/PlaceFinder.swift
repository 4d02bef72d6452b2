/// GPS positions to places, offline: the country from Natural Earth's borders, so a photo taken
/// a few hundred metres from a border gets the country it was taken in, and the region and
/// city of the nearest GeoNames place of that country (as Immich does). Made by
/// ``load(from:)`` from the data `Scripts/make-places.py` writes; immutable and shared.
///
/// ```swift
/// let places = try PlaceFinder.load(from: directory)
/// places.place(latitude: 41.8986, longitude: 12.4769)  // Italy, Lazio, Rome
/// ```
public struct PlaceFinder: Sendable {
    /// A place farther than this from every place of its country is only a country.
    static let cityRadius = 100.0
    /// A point in no country's borders (at sea, off a coast the borders simplify) takes the
    /// country of a place this close.
    static let offshoreRadius = 25.0

    let grid: PlaceGrid
    let borders: CountryBorders
    /// Codes and names of the countries, by the index places and borders use.
    let countryCodes: [String]
    let countryNames: [String]
    let regions: [String]

    /// The place at a position, or `nil` for one far from any land and place, or not a
    /// position at all (NaN, a latitude beyond ±90, a longitude beyond ±180).
    public func place(latitude: Double, longitude: Double) -> Place? {
        guard latitude.isFinite, longitude.isFinite, (-90...90).contains(latitude), (-180...180).contains(longitude) else { return nil }
        if let country = borders.country(latitude: latitude, longitude: longitude) {
            let nearest = grid.nearest(latitude: latitude, longitude: longitude, within: Self.cityRadius, country: country)
            return place(country: country, nearest: nearest)
        }
        guard let nearest = grid.nearest(latitude: latitude, longitude: longitude, within: Self.offshoreRadius) else { return nil }
        return place(country: nearest.country, nearest: nearest)
    }

    private func place(country: Int32, nearest: PlaceGrid.Entry?) -> Place {
        let region = nearest.map { regions[Int($0.region)] }
        return Place(
            country: countryNames[Int(country)], countryCode: countryCodes[Int(country)], region: region?.isEmpty == false ? region : nil,
            city: nearest?.name)
    }
}
