/// A value of a binary property list as it is stored, the references of a keyed archive
/// (`UID`s) among them: Foundation's parser hands those back as an object whose number it does
/// not show on Linux, and an `NSKeyedArchiver` archive is nothing without them.
package enum PropertyListValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case integer(Int)
    case real(Double)
    /// Seconds since 2001-01-01 UTC.
    case date(Double)
    case data([UInt8])
    case string(String)
    /// A keyed archive's reference to an object of its `$objects`.
    case uid(Int)
    /// An array or a set, in stored order.
    case array([PropertyListValue])
    case dictionary([String: PropertyListValue])
}
