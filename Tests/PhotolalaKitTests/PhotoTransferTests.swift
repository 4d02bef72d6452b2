import Foundation
import PhotolalaSupport
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

#if canImport(Glibc)
    import Glibc
#endif

/// ``Engine/transfer(photoAt:into:mode:)``: what is known of a photo follows it, and a folder
/// that cannot take it (full, read-only) is said in words while the photo stays whole where it was.
@Suite("Photos copied and moved")
struct PhotoTransferTests: WorkspaceSuite {
    let workspace: TestWorkspace

    init() throws {
        workspace = try TestWorkspace()
    }

    private func photo(_ name: String) async throws -> String {
        let path = photos + "/" + name
        try FileManager.default.copyItem(atPath: try await Fixtures.file("orientation6.jpg").path, toPath: path)
        return path
    }

    @Test("The MD5 of a photo moved on one filesystem, or copied onto another, is known at its new path without a new read")
    func identityFollows() async throws {
        let path = try await photo("IMG_1.jpg")
        let md5 = try engine.identities.md5(ofFileAt: path)
        let here = folder.path("here")
        try FileManager.default.createDirectory(atPath: here, withIntermediateDirectories: true)
        let moved = try engine.transfer(photoAt: path, into: here, mode: .move)
        #expect(moved == [Engine.TransferredFile(source: path, destination: here + "/IMG_1.jpg")])
        #expect(try engine.identities.identities(forPaths: [here + "/IMG_1.jpg"])[here + "/IMG_1.jpg"]?.md5 == md5)

        let away = try TemporaryDirectory(in: "/dev/shm")
        _ = try engine.transfer(photoAt: here + "/IMG_1.jpg", into: away.path, mode: .copy)
        let copied = away.path + "/IMG_1.jpg"
        #expect(try engine.identities.identities(forPaths: [copied])[copied]?.md5 == md5)
        #expect(try ContentHash.md5(ofFileAt: copied) == md5 && access(here + "/IMG_1.jpg", F_OK) == 0)
    }

    @Test("A full disk and a read-only folder are said in words; the photo stays whole where it was and no part is left")
    func refusedFolders() async throws {
        let path = try await photo("IMG_2.jpg")
        let md5 = try ContentHash.md5(ofFileAt: path)
        let disk = try #require(
            SmallDisk(at: folder.path("disk"), megabytes: 4), "this test mounts a tmpfs: run it as root, as make test is on this machine kind")
        defer { disk.unmount() }
        disk.fill()
        #expect {
            try engine.transfer(photoAt: path, into: disk.path, mode: .move)
        } throws: { error in
            (error as? PhotolalaError)?.code == .writeFailed && "\(error)".contains("Check free space")
        }
        #expect(try ContentHash.md5(ofFileAt: path) == md5)
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path).filter { $0 != ".ballast" }.isEmpty)
        disk.free()

        let locked = folder.path("locked")
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: true)
        try ReadOnly.make(locked)
        defer { ReadOnly.undo(locked) }
        #expect(throws: PhotolalaError.self) { try engine.transfer(photoAt: path, into: locked, mode: .move) }
        #expect(try ContentHash.md5(ofFileAt: path) == md5)
        #expect(try FileManager.default.contentsOfDirectory(atPath: locked).isEmpty)
    }
}
