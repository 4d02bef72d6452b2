import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

/// Mutates the keyed archives Photos keeps a photo's reverse-geocoded place in (every one of the
/// test libraries, and hostile ones: references going round in a loop, a reference past the
/// objects, a place info that is a number), and reads a place from each. An archive gives a
/// place or none, or is refused with a reason; never a crash or a hang.
@Suite("Fuzzing Photos' reverse-geocoded places")
struct ReverseLocationFuzzTests {
    /// The archives of both test libraries, as Photos wrote them.
    static func libraryArchives() async throws -> [[UInt8]] {
        var archives: [[UInt8]] = []
        for name in [PhotosLibraries.catalina, PhotosLibraries.ventura] {
            let database = PhotosLibraries.folder.appendingPathComponent(name + "/database/Photos.sqlite").path
            let hex = try await Shell.run(
                "sqlite3",
                [
                    "file:\(database)?immutable=1",
                    "SELECT hex(ZREVERSELOCATIONDATA) FROM ZADDITIONALASSETATTRIBUTES WHERE ZREVERSELOCATIONDATA IS NOT NULL",
                ])
            archives += hex.split(separator: "\n").map { line in
                stride(from: 0, to: line.utf8.count - 1, by: 2).compactMap { UInt8(line.dropFirst($0).prefix(2), radix: 16) }
            }
        }
        return archives
    }

    /// Archives no Photos writes, made with Python's `plistlib`, which writes references.
    static func hostileArchives() async throws -> [[UInt8]] {
        let script = """
            import plistlib, sys
            from plistlib import UID
            def archive(objects):
                return plistlib.dumps({"$archiver": "NSKeyedArchiver", "$version": 100000, "$top": {"root": UID(1)}, "$objects": objects},
                    fmt=plistlib.FMT_BINARY).hex()
            print(archive(["$null", {"mapItem": UID(1), "postalAddress": UID(1), "countryCode": UID(1)}]))
            print(archive(["$null", {"mapItem": UID(2)}, {"sortedPlaceInfos": UID(3)}, {"NS.objects": [UID(3), UID(99), UID(4)]}, 7]))
            print(archive(["$null", {"mapItem": UID(2), "countryCode": "fr"}, {"sortedPlaceInfos": UID(3)},
                {"NS.objects": [UID(4)]}, {"placeType": 1.5, "name": UID(5), "area": "big"}, "France"]))
            """
        return try await Shell.run("python3", ["-c", script]).split(separator: "\n").map { line in
            stride(from: 0, to: line.utf8.count - 1, by: 2).compactMap { UInt8(line.dropFirst($0).prefix(2), radix: 16) }
        }
    }

    @Test("mutated archives: a place, none, or refused with a reason; never a crash or a hang")
    func mutatedArchives() async throws {
        let library = try await Self.libraryArchives()
        #expect(library.count >= 15)
        let seeds = library + (try await Self.hostileArchives())
        for seed in library {
            #expect(try Place(photosReverseLocation: seed)?.country.isEmpty == false, "every archive of the test libraries names a country")
        }
        let budget = FuzzBudget(share: 0.03)
        var mutator = Mutator(seed: budget.seed)
        var iteration = 0
        var placed = 0
        while budget.hasTime || iteration < 2_000 {
            let bytes = mutator.mutate(seeds[iteration % seeds.count], limit: 64 << 10)
            iteration += 1
            do {
                if let place = try Place(photosReverseLocation: bytes) {
                    #expect(!place.country.isEmpty)
                    placed += 1
                }
            } catch {
                #expect(!"\(error)".isEmpty)
            }
        }
        print("ReverseLocationFuzzTests: \(iteration) mutated archives, \(placed) placed, seed \(budget.seed)")
    }
}
