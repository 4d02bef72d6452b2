public import Foundation

extension Fixtures {
    /// The folder `Tests/Fixtures/make-pairs.sh` makes, once per test run: `DSC_0100.NEF` +
    /// `DSC_0100.JPG` (RAW+JPEG), `IMG_0042.JPG` + `IMG_0042.MOV` (a Live Photo, its still's
    /// maker note and its movie naming content identifier 8B3E6A1C-…), `IMG_0061.HEIC` +
    /// `IMG_0061 (1).MOV` (a Live Photo renamed apart, identifier 5D1F7C2A-…), and near misses
    /// `IMG_0050.JPG`, `IMG_0050.mp4`, `clip.MOV`, `solo.JPG`. Copy it before listing it: a
    /// catalog is written into the folder.
    public static func pairs() async throws -> URL {
        try await generatedPairs.value
    }

    private static let generatedPairs = Task<URL, any Error> {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photolala-pairs-\(UUID().uuidString)")
        try await Shell.run(repositoryRoot.appendingPathComponent("Tests/Fixtures/make-pairs.sh").path, [folder.path])
        return folder
    }
}
