import Foundation

extension PhotoMetadata {
    /// Fills the camera, exposure, date and GPS fields from an EXIF block.
    mutating func apply(_ exif: ExifReader) {
        typealias Tag = ExifReader.Tag
        cameraMake = exif.primary[Tag.make]?.text
        cameraModel = exif.primary[Tag.model]?.text
        lensModel = exif.exif[Tag.lensModel]?.text
        exposureTime = exif.exif[Tag.exposureTime]?.number
        fNumber = exif.exif[Tag.fNumber]?.number
        iso = exif.exif[Tag.iso]?.number.map { Int($0) }
        focalLength = exif.exif[Tag.focalLength]?.number

        if let taken = Self.photoDate(in: exif) {
            photoDate = Date(timeIntervalSince1970: Double(taken.seconds))
            photoDateOffsetSeconds = taken.offset
            photoDateSource = .exif
        }

        if let position = Self.position(in: exif) {
            (latitude, longitude) = position
        }
        if let altitude = exif.gps[Tag.gpsAltitude]?.number {
            self.altitude = exif.gps[Tag.gpsAltitudeRef]?.number == 1 ? -altitude : altitude
        }
    }

    /// Fills what people wrote of the photo from its description, and its camera, lens and
    /// position where the description knows them (a sidecar's win over the EXIF's).
    mutating func apply(_ description: PhotoDescription) {
        cameraMake = description.cameraMake ?? cameraMake
        cameraModel = description.cameraModel ?? cameraModel
        lensModel = description.lensModel ?? lensModel
        if let latitude = description.latitude, let longitude = description.longitude {
            (self.latitude, self.longitude) = (latitude, longitude)
        }
        title = description.title
        caption = description.caption
        keywords = description.keywords
        rating = description.rating
        colorLabel = description.colorLabel
    }

    /// The signed GPS position in an EXIF block (south and west negative), when it has one.
    static func position(in exif: ExifReader) -> (latitude: Double, longitude: Double)? {
        typealias Tag = ExifReader.Tag
        guard let latitude = degrees(exif.gps[Tag.gpsLatitude]), let longitude = degrees(exif.gps[Tag.gpsLongitude]) else { return nil }
        return (
            exif.gps[Tag.gpsLatitudeRef]?.text?.uppercased() == "S" ? -latitude : latitude,
            exif.gps[Tag.gpsLongitudeRef]?.text?.uppercased() == "W" ? -longitude : longitude
        )
    }

    /// When the photo was taken, from the first of DateTimeOriginal, CreateDate (DateTimeDigitized)
    /// and IFD0 DateTime (ModifyDate) that holds a valid time, each with its own offset tag (or
    /// OffsetTime): Unix seconds, or the clock time as if it were UTC when no offset is recorded.
    static func photoDate(in exif: ExifReader) -> (seconds: Int64, offset: Int?)? {
        typealias Tag = ExifReader.Tag
        let candidates: [(ExifReader.Value?, UInt16)] = [
            (exif.exif[Tag.dateTimeOriginal], Tag.offsetTimeOriginal),
            (exif.exif[Tag.dateTimeDigitized], Tag.offsetTimeDigitized),
            (exif.primary[Tag.dateTime], Tag.offsetTime),
        ]
        for (value, offsetTag) in candidates {
            guard let text = value?.text, let local = Self.exifLocalTime(text) else { continue }
            let offset = (exif.exif[offsetTag]?.text ?? exif.exif[Tag.offsetTime]?.text).flatMap(Self.exifOffset)
            return (Int64(local - (offset ?? 0)), offset)
        }
        return nil
    }

    /// Seconds since 1970 of an EXIF `YYYY:MM:DD HH:MM:SS` time read as if it were UTC.
    static func exifLocalTime(_ text: String) -> Int? {
        let digits = text.split(whereSeparator: { ":- T".contains($0) }).prefix(6).map { Int($0) }
        guard digits.count == 6, let year = digits[0], let month = digits[1], let day = digits[2],
            let hour = digits[3], let minute = digits[4], let second = digits[5],
            (1800...9999).contains(year), (1...12).contains(month), (1...31).contains(day),
            (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        return CalendarDays.sinceEpoch(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second
    }

    /// Seconds east of UTC from an EXIF offset such as `+09:00` or `-05:30`.
    static func exifOffset(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let sign = trimmed.first, sign == "+" || sign == "-" else { return nil }
        let parts = trimmed.dropFirst().split(separator: ":").map { Int($0) }
        guard parts.count == 2, let hours = parts[0], let minutes = parts[1], hours <= 14, minutes < 60 else { return nil }
        let seconds = hours * 3_600 + minutes * 60
        return sign == "-" ? -seconds : seconds
    }

    private static func degrees(_ value: ExifReader.Value?) -> Double? {
        let parts = value?.numbers ?? []
        guard let whole = parts.first, whole.isFinite else { return nil }
        let minutes = parts.count > 1 && parts[1].isFinite ? parts[1] : 0
        let seconds = parts.count > 2 && parts[2].isFinite ? parts[2] : 0
        return whole + minutes / 60 + seconds / 3_600
    }
}
