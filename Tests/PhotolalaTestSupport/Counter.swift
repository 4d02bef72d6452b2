/// A count shared with `@Sendable` closures.
public actor Counter {
    public private(set) var value = 0

    public init() {}

    public func increment() {
        value += 1
    }
}
