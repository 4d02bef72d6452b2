extension PlaceFinder {
    /// The largest data file read: the shipped ones are 6 and 8 MB.
    static let maximumFileSize = 64 << 20

    /// Reads `places.tsv`, `borders.tsv` and `countries.tsv` from `directory` (about a second).
    /// A line that does not parse is skipped; a file missing or over 64 MB is an error.
    /// - Throws: ``PlaceDataError``.
    public static func load(from directory: String) throws(PlaceDataError) -> PlaceFinder {
        var codes: [String] = []
        var names: [String] = []
        var index: [String: Int32] = [:]
        for fields in try lines(of: directory + "/countries.tsv") where fields.count == 2 {
            index[String(fields[0])] = Int32(codes.count)
            codes.append(String(fields[0]))
            names.append(String(fields[1]))
        }
        /// A code the names lack (a territory GeoNames or Natural Earth know) is its own name.
        func country(_ code: Substring) -> Int32 {
            if let known = index[String(code)] { return known }
            index[String(code)] = Int32(codes.count)
            codes.append(String(code))
            names.append(String(code))
            return Int32(codes.count - 1)
        }

        var regions: [String] = []
        var regionIndex: [String: Int32] = [:]
        var entries: [PlaceGrid.Entry] = []
        for fields in try lines(of: directory + "/places.tsv") where fields.count == 5 {
            guard let latitude = Float(fields[0]), let longitude = Float(fields[1]), abs(latitude) <= 90, abs(longitude) <= 180 else {
                continue
            }
            let region = String(fields[3])
            let regionNumber: Int32
            if let known = regionIndex[region] {
                regionNumber = known
            } else {
                regionNumber = Int32(regions.count)
                regionIndex[region] = regionNumber
                regions.append(region)
            }
            entries.append(
                PlaceGrid.Entry(latitude: latitude, longitude: longitude, name: String(fields[2]), region: regionNumber, country: country(fields[4])))
        }

        var rings: [(country: Int32, points: [(Float, Float)])] = []
        for fields in try lines(of: directory + "/borders.tsv") where fields.count == 2 {
            let points = fields[1].split(separator: " ").compactMap { pair -> (Float, Float)? in
                let parts = pair.split(separator: ",")
                guard parts.count == 2, let longitude = Float(parts[0]), let latitude = Float(parts[1]), abs(latitude) <= 90, abs(longitude) <= 180
                else { return nil }
                return (longitude, latitude)
            }
            rings.append((country(fields[0]), points))
        }
        return PlaceFinder(grid: PlaceGrid(entries), borders: CountryBorders(rings), countryCodes: codes, countryNames: names, regions: regions)
    }

    /// The tab-separated fields of each line of a file, read as ``FileContents`` reads a photo:
    /// a regular file only (a FIFO put in its place would never end), within the size limit.
    private static func lines(of path: String) throws(PlaceDataError) -> [[Substring]] {
        let contents: FileContents
        do {
            contents = try FileContents(path: path, sizeLimit: Int64(maximumFileSize))
        } catch {
            throw .unreadable(path, "\(error)")
        }
        let text = String(decoding: contents.bytes, as: UTF8.self)
        return text.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
    }
}
