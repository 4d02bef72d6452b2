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
        try lines(of: directory + "/countries.tsv").forEach { line in
            guard line.fields.count == 2 else { return }
            index[line.text(0)] = Int32(codes.count)
            codes.append(line.text(0))
            names.append(line.text(1))
        }
        /// A code the names lack (a territory GeoNames or Natural Earth know) is its own name.
        func country(_ code: String) -> Int32 {
            if let known = index[code] { return known }
            index[code] = Int32(codes.count)
            codes.append(code)
            names.append(code)
            return Int32(codes.count - 1)
        }

        var regions: [String] = []
        var regionIndex: [String: Int32] = [:]
        var entries: [PlaceGrid.Entry] = []
        try lines(of: directory + "/places.tsv").forEach { line in
            guard line.fields.count == 5, let latitude = line.decimal(0), let longitude = line.decimal(1), abs(latitude) <= 90, abs(longitude) <= 180
            else { return }
            let region = line.text(3)
            let regionNumber: Int32
            if let known = regionIndex[region] {
                regionNumber = known
            } else {
                regionNumber = Int32(regions.count)
                regionIndex[region] = regionNumber
                regions.append(region)
            }
            entries.append(
                PlaceGrid.Entry(latitude: latitude, longitude: longitude, name: line.text(2), region: regionNumber, country: country(line.text(4))))
        }

        var rings: [(country: Int32, points: [(Float, Float)])] = []
        try lines(of: directory + "/borders.tsv").forEach { line in
            guard line.fields.count == 2 else { return }
            let points = line.pairs(1).filter { longitude, latitude in abs(latitude) <= 90 && abs(longitude) <= 180 }
            rings.append((country(line.text(0)), points))
        }
        return PlaceFinder(grid: PlaceGrid(entries), borders: CountryBorders(rings), countryCodes: codes, countryNames: names, regions: regions)
    }

    /// The lines of a file, read as ``FileContents`` reads a photo: a regular file only (a FIFO
    /// put in its place would never end), within the size limit.
    private static func lines(of path: String) throws(PlaceDataError) -> PlaceDataLines {
        do {
            return PlaceDataLines(try FileContents(path: path, sizeLimit: Int64(maximumFileSize)).bytes)
        } catch {
            throw .unreadable(path, "\(error)")
        }
    }
}
