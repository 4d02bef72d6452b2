/// What `photolala --version` prints.
enum PhotolalaVersion {
    /// The package's own version, for a build from sources that are not a git checkout.
    static let package = "0.1.0"

    /// `git describe` of the checkout the binary was built from (`GitDescription.swift`, written
    /// by the version plugin) when it names a tag, such as `v0.2.0-3-g1a2b3c4`; the package
    /// version with the commit, `0.1.0-g1a2b3c4-dirty`, while the repository has no tags; the
    /// package version alone outside git.
    static var current: String {
        guard let description = gitDescription else { return package }
        // A tag such as v0.2.0 or 1.0; a bare commit hash may start with digits too.
        if description.prefixMatch(of: /v?[0-9]+\.[0-9]+/) != nil {
            return description
        }
        return package + "-g" + description
    }
}
