public import Testing

extension Tag {
    /// Suites that kill processes mid-way, hold connections past timeouts, flood a server or
    /// wait for a folder's poll. `make test` runs them after the other suites, one test at a
    /// time, so no other suite's load moves their timing; `Scripts/timed-suites.sh` finds them
    /// by this tag.
    @Tag public static var timed: Self
}
