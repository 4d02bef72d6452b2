extension Duration {
    /// The duration in seconds, fractions included: for rates and for `Date` and
    /// `TimeInterval` arithmetic, which count in seconds.
    public var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
