/// Where a photo was taken, in words: the country, its first-level region (a state, a province,
/// a region) and the nearest town or city. Apple Photos' own reverse-geocoded place, or
/// ``PlaceFinder``'s from the photo's GPS position.
public struct Place: Sendable, Equatable, Hashable, Codable {
    /// The country's common English name ("South Korea").
    public var country: String
    /// ISO 3166-1 alpha-2 ("KR").
    public var countryCode: String
    public var region: String?
    public var city: String?

    public init(country: String, countryCode: String, region: String?, city: String?) {
        self.country = country
        self.countryCode = countryCode
        self.region = region
        self.city = city
    }
}
