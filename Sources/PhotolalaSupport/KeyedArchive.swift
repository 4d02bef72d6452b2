/// An `NSKeyedArchiver` archive read as values, without the classes that wrote it: Photos keeps
/// a photo's reverse-geocoded place as one (`PLRevGeoLocationInfo`), and osxphotos reads it the
/// same way, by key.
///
/// An archive is a binary property list whose `$objects` refer to each other by number; each
/// look-up follows one reference, so an archive whose references go round in a loop costs a
/// look-up per step and never a hang.
///
/// ```swift
/// let archive = try KeyedArchive(bytes)
/// let code = archive.string("countryCode", of: archive.root)
/// ```
package struct KeyedArchive: Sendable {
    private let objects: [PropertyListValue]
    /// The archived object graph's root (`$top.root`), resolved.
    package let root: PropertyListValue?

    /// Reads `bytes`, checked against `limits` as every property list is.
    /// - Throws: ``UntrustedDocument/Refusal`` when they are no binary property list within the
    ///   limits, or not a keyed archive.
    package init(_ bytes: [UInt8], limits: UntrustedDocument.Limits = .small) throws {
        let top = try UntrustedDocument.binaryPropertyListValue(from: bytes, limits: limits)
        guard case .dictionary(let archive) = top, case .array(let objects)? = archive["$objects"],
            case .dictionary(let roots)? = archive["$top"]
        else { throw UntrustedDocument.Refusal(reason: "it is not a keyed archive") }
        self.objects = objects
        root = Self.resolve(roots["root"], in: objects)
    }

    /// The object `value` refers to when it is a reference, `value` itself otherwise; `nil` for
    /// the archive's `$null` and a reference to nothing.
    package func resolve(_ value: PropertyListValue?) -> PropertyListValue? {
        Self.resolve(value, in: objects)
    }

    private static func resolve(_ value: PropertyListValue?, in objects: [PropertyListValue]) -> PropertyListValue? {
        guard case .uid(let number) = value else { return value }
        guard objects.indices.contains(number), objects[number] != .string("$null") else { return nil }
        return objects[number]
    }

    /// The value an archived object keeps under `key`, resolved.
    package func value(_ key: String, of object: PropertyListValue?) -> PropertyListValue? {
        guard case .dictionary(let fields)? = object else { return nil }
        return resolve(fields[key])
    }

    /// Text an archived object keeps under `key` (an `NSString`, stored as a string).
    package func string(_ key: String, of object: PropertyListValue?) -> String? {
        guard case .string(let text)? = value(key, of: object) else { return nil }
        return text
    }

    /// A number an archived object keeps under `key`, as a real.
    package func number(_ key: String, of object: PropertyListValue?) -> Double? {
        switch value(key, of: object) {
        case .integer(let number)?: Double(number)
        case .real(let number)?: number
        default: nil
        }
    }

    /// The members of the `NSArray` or `NSSet` an archived object keeps under `key`, each
    /// resolved; empty when there is none.
    package func members(_ key: String, of object: PropertyListValue?) -> [PropertyListValue] {
        guard case .array(let members)? = value("NS.objects", of: value(key, of: object)) else { return [] }
        return members.compactMap(resolve)
    }
}
