import Foundation

/// `area:SOUTH,WEST,NORTH,EAST`, a box of latitudes and longitudes in decimal degrees: what a box
/// drawn on the page's map adds to the query.
///
/// A box whose west is east of its east crosses the antimeridian (`area:-20,170,-10,-170` is the
/// 20° around Fiji); the poles are inside a box that reaches them. Each value is kept to 6
/// decimals (11 cm), so a box written back reads the same, however many digits were typed.
public struct SearchArea: Sendable, Equatable {
    public var south: Double
    public var west: Double
    public var north: Double
    public var east: Double

    /// The decimals a value is kept to.
    static let decimals = 6

    /// - Throws: ``SearchQueryError`` when a latitude is outside -90…90, a longitude outside
    ///   -180…180, or the south is north of the north.
    public init(south: Double, west: Double, north: Double, east: Double) throws(SearchQueryError) {
        let values = [south, west, north, east].map(Self.rounded)
        guard (-90...90).contains(values[0]), (-90...90).contains(values[2]), (-180...180).contains(values[1]), (-180...180).contains(values[3])
        else { throw .areaOutOfRange }
        guard values[0] <= values[2] else { throw .areaUpsideDown }
        (self.south, self.west, self.north, self.east) = (values[0], values[1], values[2], values[3])
    }

    /// Reads `south,west,north,east` as typed after `area:`.
    /// - Throws: ``SearchQueryError`` when it is not four decimal numbers, or they are no box.
    init(parsing text: String) throws(SearchQueryError) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        let numbers = parts.compactMap(Self.number)
        guard parts.count == 4, numbers.count == 4 else { throw .badArea }
        try self.init(south: numbers[0], west: numbers[1], north: numbers[2], east: numbers[3])
    }

    /// Whether the box crosses the antimeridian: its west is east of its east.
    public var crossesAntimeridian: Bool { west > east }

    /// Whether a photo at `latitude`, `longitude` is in the box (its edges included; the
    /// antimeridian is one line, whether written 180 or -180).
    public func contains(latitude: Double, longitude: Double) -> Bool {
        guard (south...north).contains(latitude) else { return false }
        if crossesAntimeridian { return longitude >= west || longitude <= east }
        return (west...east).contains(longitude) || (longitude == -180 && east == 180) || (longitude == 180 && west == -180)
    }

    /// A decimal number as the box is typed (`41.9`, `-12`, `.5`): no exponent, no `nan` or
    /// `inf`, no hex, so what a person reads is what is searched; `nil` for anything else.
    private static func number(_ text: Substring) -> Double? {
        var digits = text.drop { $0 == "-" || $0 == "+" }
        guard text.count - digits.count <= 1, !digits.isEmpty, digits.count <= 32 else { return nil }
        if let point = digits.firstIndex(of: ".") {
            digits.remove(at: point)
            guard !digits.isEmpty else { return nil }
        }
        guard digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Double(text.hasPrefix("+") ? text.dropFirst() : text)
    }

    private static func rounded(_ value: Double) -> Double {
        let scale = pow(10, Double(decimals))
        // -0 and 0 are the same edge: written back as 0.
        return ((value * scale).rounded() / scale) + 0
    }
}

extension SearchArea: CustomStringConvertible {
    /// `south,west,north,east` as `area:` takes it: each value with at most 6 decimals and no
    /// trailing zeros (`41.9,12.4,42,12.6`).
    public var description: String {
        [south, west, north, east].map(Self.decimal).joined(separator: ",")
    }

    private static func decimal(_ value: Double) -> String {
        var text = String(format: "%.\(decimals)f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}
