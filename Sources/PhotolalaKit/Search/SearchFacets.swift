/// What the photos a query finds have in common, counted, for the chips that refine it: their
/// years, countries, cities, cameras, people, kinds and keywords, most photos first (years
/// newest first). Each value carries the term that narrows the query to it, written as the
/// query language writes it, so a page refines a query by editing its text.
public struct SearchFacets: Sendable, Equatable, Codable {
    /// One value and how many of the photos found have it.
    public struct Value: Sendable, Equatable, Codable {
        /// The term that narrows the query to this value (`country:IT`, `camera:"Canon EOS R5"`).
        public var term: String
        /// The value as a person reads it ("Italy").
        public var label: String
        public var count: Int

        public init(term: String, label: String, count: Int) {
            self.term = term
            self.label = label
            self.count = count
        }
    }

    public var years: [Value] = []
    public var countries: [Value] = []
    public var cities: [Value] = []
    public var cameras: [Value] = []
    public var people: [Value] = []
    public var kinds: [Value] = []
    public var keywords: [Value] = []

    public init() {}
}
