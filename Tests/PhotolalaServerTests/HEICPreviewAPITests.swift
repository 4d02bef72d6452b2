import Foundation
import Hummingbird
import HummingbirdTesting
import PhotolalaKit
import PhotolalaTestSupport
import Testing

@testable import PhotolalaServer

/// An iPhone-style HEIC whose 320 × 240 thumbnail item is green and yellow and whose 4032 × 3024
/// primary image is red and blue: the grid shows the item, the preview the primary.
@Suite("HEIC thumbnails and previews over HTTP")
struct HEICPreviewAPITests: WorkspaceSuite {
    let workspace: TestWorkspace

    init() async throws {
        workspace = try TestWorkspace()
        try FileManager.default.copyItem(atPath: try await Fixtures.file("iphone.heic").path, toPath: workspace.photos + "/IMG_0042.HEIC")
    }

    /// The size and the colour at (x, y) of a JPEG, as libvips's command line reads them.
    private func look(at jpeg: some Sequence<UInt8>, x: Int, y: Int) async throws -> (width: Int, height: Int, colour: [Int]) {
        let path = folder.path("look-\(UUID().uuidString).jpg")
        try Data(jpeg).write(to: URL(fileURLWithPath: path))
        func number(_ field: String) async throws -> Int {
            Int(try await Shell.run("vipsheader", ["-f", field, path]).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        }
        let colour = try await Shell.run("vips", ["getpoint", path, String(x), String(y)]).split(whereSeparator: \.isWhitespace)
            .compactMap { Double($0) }.map { Int($0.rounded()) }
        return (try await number("width"), try await number("height"), colour)
    }

    @Test("The grid's thumbnail is the file's thumbnail item; the preview (/full) renders the primary image")
    func thumbnailItemAndPrimary() async throws {
        let app = try APITestSupport.application(ServerConfiguration(folders: [photos], port: 0), engine: engine)
        try await app.test(.router) { client in
            let rows = try await APITestSupport.rows(client, source: "local-0", folder: "~")
            let id = try #require(rows.first { $0[1] as? String == "IMG_0042.HEIC" }?[0] as? String)
            let item = "/api/sources/local-0/folders/~/items/\(id)"

            let thumbnail = try await client.execute(uri: item + "/thumbnail", method: .get)
            #expect(thumbnail.status == .ok && thumbnail.headers[.contentType] == "image/jpeg")
            let small = try await look(at: thumbnail.body.readableBytesView, x: 80, y: 120)
            #expect(small.width == 320 && small.height == 240)
            #expect(small.colour[1] > 160 && small.colour[0] < 90, "the thumbnail item is green on the left, got \(small.colour)")

            let preview = try await client.execute(uri: item + "/full", method: .get)
            #expect(preview.status == .ok && preview.headers[.contentType] == "image/jpeg")
            let large = try await look(at: preview.body.readableBytesView, x: 1000, y: 1500)
            #expect(large.width == 4032 && large.height == 3024)
            #expect(large.colour[0] > 160 && large.colour[1] < 90, "the primary is red on the left, got \(large.colour)")
        }
    }
}
