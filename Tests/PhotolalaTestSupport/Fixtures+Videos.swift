public import Foundation

extension Fixtures {
    /// The folder of videos `Tests/Fixtures/make-videos.sh` makes with ffmpeg, once per test run:
    /// `clip.mp4` (3 s, 640 × 360, H.264, created 2023-07-14 01:22:33 UTC), `rotated.mov` (the
    /// same turned 90°; `rotated.mkv` by a `ROTATE` tag), `iphone.mov` (Apple's keys: +02:00, Paris, iPhone 15 Pro), `hevc.mp4`,
    /// `short.mp4` (0.4 s, 320 × 240), `clip.webm` (DateUTC 2022-03-04 05:06:07), `clip.mkv`
    /// (clip.mp4's date as DateUTC), `clip.avi` (IDIT `SAT JAN 01 12:00:00 2022`), `tagged.mkv`
    /// (a `DATE_RECORDED` tag), `live.mkv` (a live recording: no size, no Duration) and `truncated.mp4`.
    public static func videos() async throws -> URL {
        try await generatedVideos.value
    }

    private static let generatedVideos = Task<URL, any Error> {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photolala-videos-\(UUID().uuidString)")
        try await Shell.run(repositoryRoot.appendingPathComponent("Tests/Fixtures/make-videos.sh").path, [folder.path])
        return folder
    }
}
