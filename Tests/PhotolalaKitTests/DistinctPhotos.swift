import Foundation
import PhotolalaTestSupport

/// `count` distinct JPEGs (a fixture with a different tail after its end marker, which decoders
/// ignore), plus `padding` random bytes each, in `folder`.
func makePhotos(_ count: Int, in folder: TemporaryDirectory, padding: Int = 0, prefix: String = "IMG_") async throws -> [String] {
    let seed = try Data(contentsOf: try await Fixtures.file("orientation6.jpg"))
    try FileManager.default.createDirectory(atPath: folder.path("photos"), withIntermediateDirectories: true)
    return try (0..<count).map { index in
        let path = folder.path("photos/\(prefix)\(1000 + index).JPG")
        var bytes = seed
        bytes.append(contentsOf: Array("\(UUID().uuidString)-\(index)".utf8))
        bytes.append(contentsOf: (0..<padding).map { _ in UInt8.random(in: 0...255) })
        try bytes.write(to: URL(fileURLWithPath: path))
        return path
    }
}
