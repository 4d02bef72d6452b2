/// A place written as ISO 6709 text, as QuickTime files record it (`©xyz`,
/// `com.apple.quicktime.location.ISO6709`): `+37.7858-122.4064+010.000/`. Latitude and longitude
/// are signed degrees, with or without minutes and seconds folded into the integer part
/// (`±DDMM.M`, `±DDMMSS.S`; `±DDDMM.M`, `±DDDMMSS.S` for longitude), an optional altitude in
/// metres, and a closing `/` or `CRS…`.
struct ISO6709Location: Equatable {
    let latitude: Double
    let longitude: Double
    let altitude: Double?

    init?(_ text: String) {
        var fields: [(sign: Double, digits: String)] = []
        var current: (sign: Double, digits: String)?
        for character in text.prefix(64) {
            if character == "+" || character == "-" {
                if let current { fields.append(current) }
                current = (character == "-" ? -1 : 1, "")
            } else if character.isASCII, character.isNumber || character == "." {
                guard current != nil else { return nil }
                current?.digits.append(character)
            } else {
                break
            }
        }
        if let current { fields.append(current) }
        guard fields.count >= 2, let latitude = Self.degrees(fields[0].digits, degreeDigits: 2),
            let longitude = Self.degrees(fields[1].digits, degreeDigits: 3), abs(latitude) <= 90, abs(longitude) <= 180
        else { return nil }
        self.latitude = fields[0].sign * latitude
        self.longitude = fields[1].sign * longitude
        altitude = fields.count > 2 ? Double(fields[2].digits).map { fields[2].sign * $0 } : nil
    }

    /// Degrees from `D…D[MM[SS]][.f]`, where the integer part's length says which parts it holds.
    private static func degrees(_ digits: String, degreeDigits: Int) -> Double? {
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let integer = parts.first, !integer.isEmpty, integer.allSatisfy(\.isNumber), parts.count == 1 || parts[1].allSatisfy(\.isNumber)
        else { return nil }
        let fraction = parts.count > 1 && !parts[1].isEmpty ? Double("0." + parts[1]) ?? 0 : 0
        let whole = Array(integer)
        func value(_ slice: ArraySlice<Character>) -> Double { Double(String(slice)) ?? 0 }
        switch whole.count - degreeDigits {
        case ...0: return value(whole[...]) + fraction
        case 1, 2: return value(whole[..<degreeDigits]) + (value(whole[degreeDigits...]) + fraction) / 60
        case 3, 4:
            return value(whole[..<degreeDigits]) + value(whole[degreeDigits..<degreeDigits + 2]) / 60
                + (value(whole[(degreeDigits + 2)...]) + fraction) / 3600
        default: return nil
        }
    }
}
