extension Place {
    /// Photos' reverse-geocoded place of an asset (`ZADDITIONALASSETATTRIBUTES.ZREVERSELOCATIONDATA`,
    /// a keyed archive of a `PLRevGeoLocationInfo`), read as osxphotos's `PlaceInfo5` reads it.
    ///
    /// Its map item's `sortedPlaceInfos` name the place at every level, each with a type and an
    /// area: the country (type 1), state or province (2) and city (4) are the smallest of their
    /// type. The country code is the archive's `countryCode`, or its postal address's. `nil`
    /// when it names no country (a place at sea).
    /// - Throws: ``UntrustedDocument/Refusal`` when the bytes are no keyed archive.
    init?(photosReverseLocation bytes: [UInt8]) throws {
        let archive = try KeyedArchive(bytes)
        let info = archive.root
        var smallest: [Int: (name: String, area: Double)] = [:]
        for place in archive.members("sortedPlaceInfos", of: archive.value("mapItem", of: info)) {
            guard let type = archive.number("placeType", of: place).flatMap({ Int(exactly: $0) }), [1, 2, 4].contains(type),
                let name = archive.string("name", of: place), !name.isEmpty
            else { continue }
            let area = archive.number("area", of: place) ?? 0
            if let known = smallest[type], known.area <= area { continue }
            smallest[type] = (name, area)
        }
        let address = archive.value("postalAddress", of: info)
        guard let country = smallest[1]?.name ?? archive.string("_country", of: address) else { return nil }
        let code = archive.string("countryCode", of: info) ?? archive.string("_ISOCountryCode", of: address)
        self.init(
            country: ApplePhotosRow.composed(country), countryCode: code?.uppercased() ?? "",
            region: smallest[2].map { ApplePhotosRow.composed($0.name) }, city: smallest[4].map { ApplePhotosRow.composed($0.name) })
    }
}
