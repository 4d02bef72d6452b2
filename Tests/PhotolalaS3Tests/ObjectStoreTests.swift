import Foundation
import PhotolalaSupport
import PhotolalaTestSupport
import Testing

@testable import PhotolalaS3

#if canImport(Glibc)
    import Glibc
#endif

/// One behaviour suite for every ``ObjectStore``: what S3 does, the local folder does too.
@Suite struct ObjectStoreTests {
    @Test("Put keeps bytes, storage class, tags and metadata", arguments: StoreKind.allCases) func putKeepsBytesStorageClassTagsAndMetadata(
        _ kind: StoreKind
    ) async throws {
        let folder = try TemporaryDirectory()
        guard let store = try await makeStore(kind, in: folder) else { return }
        let body = Array("hello photolala".utf8)
        let options = PutOptions(
            storageClass: .deepArchive, tags: ["Format": "JPEG"], metadata: ["original-filename": "IMG_0001.JPG"], contentType: "image/jpeg",
            contentMD5: ContentHash.base64MD5(of: body))
        let etag = try await store.put("photos/u/a b+c.dat", body: body, options: options)
        #expect(etag == ContentHash.md5(of: body))
        let info = try #require(try await store.head("photos/u/a b+c.dat"))
        #expect(info.size == Int64(body.count))
        #expect(info.etag == etag)
        #expect(info.storageClass == .deepArchive)
        #expect(info.metadata["original-filename"] == "IMG_0001.JPG")
        #expect(try await store.tags("photos/u/a b+c.dat") == ["Format": "JPEG"])
        #expect(try await store.get("photos/u/a b+c.dat") == body)
    }

    @Test("A body that does not match its content MD5 is refused", arguments: StoreKind.allCases) func aBodyThatDoesNotMatchItsContentMD5IsRefused(
        _ kind: StoreKind
    ) async throws {
        let folder = try TemporaryDirectory()
        guard let store = try await makeStore(kind, in: folder) else { return }
        let error = await #expect(throws: ObjectStoreError.self) {
            try await store.put("x.dat", body: Array("abc".utf8), options: PutOptions(contentMD5: ContentHash.base64MD5(of: Array("abd".utf8))))
        }
        #expect(error?.code == .badDigest)
        #expect(try await store.head("x.dat") == nil)
    }

    @Test("Ranges and conditional gets", arguments: StoreKind.allCases) func rangesAndConditionalGets(_ kind: StoreKind) async throws {
        let folder = try TemporaryDirectory()
        guard let store = try await makeStore(kind, in: folder) else { return }
        let body = Array("0123456789".utf8)
        let etag = try await store.put("r.dat", body: body, options: PutOptions())
        let part = try #require(try await store.get("r.dat", range: 2...5, ifNoneMatch: nil))
        #expect(part.bytes == Array("2345".utf8))
        #expect(part.totalSize == 10)
        #expect(try await store.get("r.dat", range: nil, ifNoneMatch: etag) == nil)
        #expect(try await store.get("r.dat", range: nil, ifNoneMatch: "0" + etag.dropFirst())?.bytes == body)
    }

    @Test("Missing objects", arguments: StoreKind.allCases) func missingObjects(_ kind: StoreKind) async throws {
        let folder = try TemporaryDirectory()
        guard let store = try await makeStore(kind, in: folder) else { return }
        #expect(try await store.head("nothing.dat") == nil)
        #expect(try await store.get("nothing.dat") == nil)
        let error = await #expect(throws: ObjectStoreError.self) { try await store.get("nothing.dat", range: nil, ifNoneMatch: nil) }
        #expect(error?.code == .noSuchKey)
        try await store.delete("nothing.dat")
    }

    @Test("Listing pages through a prefix in key order", arguments: StoreKind.allCases) func listingPagesThroughAPrefixInKeyOrder(
        _ kind: StoreKind
    ) async throws {
        let folder = try TemporaryDirectory()
        guard let store = try await makeStore(kind, in: folder) else { return }
        let keys = (0..<7).map { "thumbnails/u/\($0).dat" }
        for key in keys.reversed() {
            _ = try await store.put(key, body: Array(key.utf8), options: PutOptions())
        }
        _ = try await store.put("photos/u/other.dat", body: [1], options: PutOptions())
        var seen: [String] = []
        var token: String?
        var pages = 0
        repeat {
            let page = try await store.list(prefix: "thumbnails/", continuationToken: token, maxKeys: 3)
            #expect(page.objects.count <= 3)
            seen += page.objects.map(\.key)
            token = page.nextContinuationToken
            pages += 1
        } while token != nil && pages < 10
        #expect(seen == keys)
        #expect(pages == 3)
        #expect(try await store.listAll(prefix: "photos/").map(\.key) == ["photos/u/other.dat"])
    }

    @Test("Delete removes", arguments: StoreKind.allCases) func deleteRemoves(_ kind: StoreKind) async throws {
        let folder = try TemporaryDirectory()
        guard let store = try await makeStore(kind, in: folder) else { return }
        _ = try await store.put("d.dat", body: [1, 2, 3], options: PutOptions())
        try await store.delete("d.dat")
        #expect(try await store.head("d.dat") == nil)
    }

    @Test("Multipart uploads join their parts", arguments: StoreKind.allCases) func multipartUploadsJoinTheirParts(_ kind: StoreKind) async throws {
        let folder = try TemporaryDirectory()
        guard let store = try await makeStore(kind, in: folder) else { return }
        let first = [UInt8](repeating: 7, count: 5 << 20)
        let second = Array("the end".utf8)
        let uploadID = try await store.createMultipartUpload("big.dat", options: PutOptions(storageClass: .deepArchive, tags: ["Format": "HEIF"]))
        let etag1 = try await store.uploadPart("big.dat", uploadID: uploadID, partNumber: 1, body: first)
        #expect(etag1 == ContentHash.md5(of: first))
        #expect(try await store.listParts("big.dat", uploadID: uploadID).map(\.partNumber) == [1])
        let etag2 = try await store.uploadPart("big.dat", uploadID: uploadID, partNumber: 2, body: second)
        let parts = try await store.listParts("big.dat", uploadID: uploadID)
        #expect(parts.map(\.etag) == [etag1, etag2])
        let etag = try await store.completeMultipartUpload("big.dat", uploadID: uploadID, parts: parts)
        #expect(etag.hasSuffix("-2"))
        #expect(try await store.get("big.dat") == first + second)
        #expect(try await store.head("big.dat")?.storageClass == .deepArchive)
        #expect(try await store.tags("big.dat") == ["Format": "HEIF"])
    }

    @Test("Aborted uploads are gone", arguments: StoreKind.allCases) func abortedUploadsAreGone(_ kind: StoreKind) async throws {
        let folder = try TemporaryDirectory()
        guard let store = try await makeStore(kind, in: folder) else { return }
        let uploadID = try await store.createMultipartUpload("gone.dat", options: PutOptions())
        _ = try await store.uploadPart("gone.dat", uploadID: uploadID, partNumber: 1, body: [1, 2, 3])
        try await store.abortMultipartUpload("gone.dat", uploadID: uploadID)
        let error = await #expect(throws: ObjectStoreError.self) { try await store.listParts("gone.dat", uploadID: uploadID) }
        #expect(error?.code == .noSuchUpload)
        #expect(try await store.head("gone.dat") == nil)
    }

    @Test("Copy keeps storage class and metadata", arguments: StoreKind.allCases) func copyKeepsStorageClassAndMetadata(
        _ kind: StoreKind
    ) async throws {
        let folder = try TemporaryDirectory()
        guard let store = try await makeStore(kind, in: folder) else { return }
        _ = try await store.put("a.dat", body: [9, 9], options: PutOptions(storageClass: .deepArchive, metadata: ["k": "v"]))
        try await store.copy(from: "a.dat", to: "b/c.dat")
        let info = try #require(try await store.head("b/c.dat"))
        #expect(info.storageClass == .deepArchive)
        #expect(info.metadata["k"] == "v")
        #expect(try await store.get("b/c.dat") == [9, 9])
    }

    @Test("Conditional writes refuse a changed or existing object", arguments: StoreKind.allCases)
    func conditionalWritesRefuseAChangedOrExistingObject(_ kind: StoreKind) async throws {
        let folder = try TemporaryDirectory()
        guard let store = try await makeStore(kind, in: folder) else { return }
        let first = try await store.put("m.plist", body: [1], options: PutOptions(condition: .ifAbsent))
        let exists = await #expect(throws: ObjectStoreError.self) {
            try await store.put("m.plist", body: [2], options: PutOptions(condition: .ifAbsent))
        }
        #expect(exists?.code == .preconditionFailed)
        let second = try await store.put("m.plist", body: [3], options: PutOptions(condition: .ifMatch(first)))
        let stale = await #expect(throws: ObjectStoreError.self) {
            try await store.put("m.plist", body: [4], options: PutOptions(condition: .ifMatch(first)))
        }
        #expect(stale?.code == .preconditionFailed)
        #expect(try await store.head("m.plist")?.etag == second)
        #expect(try await store.get("m.plist") == [3])
    }

    @Test("Every part but the last must be five MiB", arguments: StoreKind.allCases) func everyPartButTheLastMustBeFiveMiB(
        _ kind: StoreKind
    ) async throws {
        let folder = try TemporaryDirectory()
        guard let store = try await makeStore(kind, in: folder) else { return }
        let uploadID = try await store.createMultipartUpload("small.dat", options: PutOptions())
        let parts = [
            UploadedPart(partNumber: 1, etag: try await store.uploadPart("small.dat", uploadID: uploadID, partNumber: 1, body: [1, 2, 3])),
            UploadedPart(partNumber: 2, etag: try await store.uploadPart("small.dat", uploadID: uploadID, partNumber: 2, body: [4])),
        ]
        let error = await #expect(throws: ObjectStoreError.self) {
            try await store.completeMultipartUpload("small.dat", uploadID: uploadID, parts: parts)
        }
        #expect(error?.s3Code == "EntityTooSmall")
        #expect(try await store.head("small.dat") == nil)
    }

    @Test("Listing follows byte order across folders", arguments: StoreKind.allCases) func listingFollowsByteOrderAcrossFolders(
        _ kind: StoreKind
    ) async throws {
        let folder = try TemporaryDirectory()
        guard let store = try await makeStore(kind, in: folder) else { return }
        // '-' (0x2D) sorts before '/' (0x2F): `p/a-z` comes before everything under `p/a/`.
        let keys = ["p/a-z", "p/a/1", "p/a/2/x", "p/a/3", "p/a0", "p/b", "q/other"]
        for key in keys.shuffled() {
            _ = try await store.put(key, body: Array(key.utf8), options: PutOptions())
        }
        var seen: [String] = []
        var token: String?
        repeat {
            let page = try await store.list(prefix: "p/a", continuationToken: token, maxKeys: 2)
            seen += page.objects.map(\.key)
            token = page.nextContinuationToken
        } while token != nil && seen.count < 20
        let all = try await store.listAll(prefix: "p/").map(\.key)
        if kind == .seaweedFS {
            // SeaweedFS lists a folder's subfolder before a name sorting ahead of it ('a/' before
            // 'a-z'), unlike AWS: only completeness is checked there; nothing relies on the order.
            #expect(seen.sorted() == ["p/a-z", "p/a/1", "p/a/2/x", "p/a/3", "p/a0"].sorted())
            #expect(all.sorted() == keys.dropLast().sorted())
        } else {
            #expect(seen == ["p/a-z", "p/a/1", "p/a/2/x", "p/a/3", "p/a0"])
            #expect(all == Array(keys.dropLast()))
        }
        #expect(try await store.listAll(prefix: "nothing/").isEmpty)
    }

    @Test("A local key cannot also be a folder of keys") func aLocalKeyCannotAlsoBeAFolderOfKeys() async throws {
        let folder = try TemporaryDirectory()
        let store = LocalDirectoryObjectStore(root: folder.path("store"))
        _ = try await store.put("a", body: [1], options: PutOptions())
        _ = try await store.put("b/c", body: [2], options: PutOptions())
        for key in ["a/b", "b"] {
            let error = await #expect(throws: ObjectStoreError.self) { try await store.put(key, body: [3], options: PutOptions()) }
            #expect(error?.code == .invalidRequest)
            #expect(error?.message.contains("cannot hold a key and keys under it") == true, "\(error?.message ?? "")")
        }
        #expect(try await store.get("a") == [1])
        #expect(try await store.get("b/c") == [2])
    }

    @Test("A pipe or a device put by hand in place of a local object or its sidecar is refused at once, never waited on")
    func localPipesAndDevices() async throws {
        let folder = try TemporaryDirectory()
        let store = LocalDirectoryObjectStore(root: folder.path("store"))
        for key in ["photo", "sidecar", "device", "copied"] {
            _ = try await store.put(key, body: [1, 2, 3], options: PutOptions())
        }
        let pipes = [
            try NamedPipe(at: try store.objectPath("photo")), try NamedPipe(at: try store.objectPath("copied")),
            try NamedPipe(at: try store.sidecarPath("sidecar")),
        ]
        defer { pipes.forEach { $0.release() } }
        unlink(try store.objectPath("device"))
        symlink("/dev/zero", try store.objectPath("device"))

        let refusals = try await withinDeadline(.seconds(20), onTimeout: { pipes.forEach { $0.release() } }) {
            var refusals: [ObjectStoreError?] = []
            for key in ["photo", "sidecar", "device"] {
                refusals.append(await #expect(throws: ObjectStoreError.self) { try await store.get(key) })
            }
            refusals.append(await #expect(throws: ObjectStoreError.self) { try await store.copy(from: "copied", to: "elsewhere") })
            return refusals
        }
        let answered = try #require(refusals, "a read of the local store waited on a pipe")
        for error in answered {
            #expect(error?.code == .storageFailed && error?.message.contains("not a regular file") == true, "\(String(describing: error))")
        }
    }

    @Test("A local sidecar grown past a megabyte or cut short is damaged, read only up to its limit")
    func localHostileSidecars() async throws {
        let folder = try TemporaryDirectory()
        let store = LocalDirectoryObjectStore(root: folder.path("store"))
        for key in ["huge", "cut"] {
            _ = try await store.put(key, body: [1, 2, 3], options: PutOptions())
        }
        let huge = Array("{\"etag\":\"".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 3 << 20) + Array("\"}".utf8)
        try Data(huge).write(to: URL(fileURLWithPath: try store.sidecarPath("huge")))
        let cut = try Data(contentsOf: URL(fileURLWithPath: try store.sidecarPath("cut"))).prefix(10)
        try cut.write(to: URL(fileURLWithPath: try store.sidecarPath("cut")))
        for key in ["huge", "cut"] {
            let error = await #expect(throws: ObjectStoreError.self) { try await store.get(key) }
            #expect(error?.code == .storageFailed && error?.message.contains("damaged") == true, "\(String(describing: error))")
        }
    }

    @Test("Local keys cannot leave the folder") func localKeysCannotLeaveTheFolder() async throws {
        let folder = try TemporaryDirectory()
        let store = LocalDirectoryObjectStore(root: folder.path("store"))
        for key in ["../escape", "a//b", "a/./b", ""] {
            let error = await #expect(throws: ObjectStoreError.self) { try await store.put(key, body: [1], options: PutOptions()) }
            #expect(error?.code == .invalidRequest)
        }
    }
}
