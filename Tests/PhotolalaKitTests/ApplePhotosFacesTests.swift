import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

/// The face the People view frames on a person's tile: centred where osxphotos puts the face,
/// in both test libraries.
@Suite("Apple Photos faces")
struct ApplePhotosFacesTests {
    /// Each named face of an upright photo as osxphotos reads it: person, asset, and the centre
    /// in pixels of the photo as shown (`FaceInfo.center`), with the photo's width and height.
    private static func osxphotosFaces(_ library: String) async throws -> [[String: Any]] {
        let script = """
            import json, sys, osxphotos
            db = osxphotos.PhotosDB(dbfile=sys.argv[1])
            faces = [{"person": f.name, "uuid": p.uuid, "center": f.center, "width": p.width, "height": p.height, "size": f.size}
                     for p in db.photos() if p.orientation in (0, 1) for f in p.face_info if f.name and f.name != "_UNKNOWN_"]
            print(json.dumps(faces))
            """
        let output = try await Shell.run("python3", ["-c", script, library])
        return try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
    }

    @Test("A named person's face is framed around the centre osxphotos reads", arguments: [PhotosLibraries.catalina, PhotosLibraries.ventura])
    func framedAsOsxphotosReads(_ name: String) async throws {
        let path = PhotosLibraries.folder.appendingPathComponent(name).path
        let library = try ApplePhotosLibrary(path: path)
        let faces = try await Self.osxphotosFaces(path)
        #expect(!faces.isEmpty, "the test libraries name people in upright photos")
        for face in faces {
            let person = try #require(face["person"] as? String)
            let uuid = try #require(face["uuid"] as? String)
            let center = try #require(face["center"] as? [Int])
            let (width, height) = (try #require(face["width"] as? Double), try #require(face["height"] as? Double))
            let region = try #require(try library.face(of: person, inAsset: uuid), "\(person) in \(uuid)")
            #expect(region.x >= 0 && region.y >= 0 && region.x + region.width <= 1 + 1e-9 && region.y + region.height <= 1 + 1e-9)
            // Unless the frame met the photo's edge, the face is at its centre.
            if region.x > 0, region.x + region.width < 1 {
                #expect(abs((region.x + region.width / 2) * width - Double(center[0])) <= 1, "\(person) in \(uuid)")
            }
            if region.y > 0, region.y + region.height < 1 {
                #expect(abs((region.y + region.height / 2) * height - Double(center[1])) <= 1, "\(person) in \(uuid)")
            }
            #expect(region.width >= min(1, (face["size"] as? Double ?? 0) * max(width, height) / width))
        }
        #expect(try library.face(of: "Nobody", inAsset: faces[0]["uuid"] as? String ?? "") == nil)
    }
}
