import Foundation
import Logging
import Synchronization

/// The place data an engine finds places with: where it is, and the one ``PlaceFinder`` loaded
/// from it on first use (about a second), shared by every reader. Without data, or with data
/// that cannot be read (said once in the log), photos have no place and everything else works.
///
/// ```swift
/// let places = PlaceData(directory: PlaceData.locate(environment: ProcessInfo.processInfo.environment), logger: logger)
/// places.place(latitude: 41.8986, longitude: 12.4769)  // Italy, Lazio, Rome
/// ```
final class PlaceData: Sendable {
    /// The folder of `places.tsv`, `borders.tsv` and `countries.tsv`; `nil` when none was found.
    let directory: String?
    private let loaded: Mutex<PlaceFinder??> = Mutex(nil)
    private let logger: Logger

    init(directory: String?, logger: Logger) {
        self.directory = directory
        self.logger = logger
    }

    /// Where the data is: `PHOTOLALA_PLACE_DATA`, else `share/photolala/places` beside the
    /// binary's `bin/` (`make install`, the Debian package), else a development build's
    /// `.build/places` (which `Scripts/make-places.py` writes; the binary is
    /// `.build/<triple>/<configuration>/photolala`); `nil` when none holds `places.tsv`.
    static func locate(environment: [String: String]) -> String? {
        var candidates: [String] = []
        if let override = environment["PHOTOLALA_PLACE_DATA"], !override.isEmpty {
            candidates.append(override)
        }
        // Not argv[0]: a binary found on PATH is started as plain `photolala`.
        if let binary = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent() {
            candidates += [
                binary.appendingPathComponent("../share/photolala/places").standardizedFileURL.path,
                binary.appendingPathComponent("../../places").standardizedFileURL.path,
            ]
        }
        return candidates.first { FileManager.default.fileExists(atPath: $0 + "/places.tsv") }
    }

    /// The place at a position, `nil` without data or away from any land.
    func place(latitude: Double, longitude: Double) -> Place? {
        finder()?.place(latitude: latitude, longitude: longitude)
    }

    /// The place of the position a photo's description records, if any.
    func place(of description: PhotoDescription) -> Place? {
        guard let latitude = description.latitude, let longitude = description.longitude else { return nil }
        return place(latitude: latitude, longitude: longitude)
    }

    /// The finder, loaded by the first caller while the others wait for it.
    private func finder() -> PlaceFinder? {
        loaded.withLock { loaded in
            if let loaded { return loaded }
            var finder: PlaceFinder?
            if let directory {
                do {
                    finder = try PlaceFinder.load(from: directory)
                } catch {
                    logger.warning("Photos are shown without their places.", metadata: ["error": "\(error)"])
                }
            }
            loaded = .some(finder)
            return finder
        }
    }
}
