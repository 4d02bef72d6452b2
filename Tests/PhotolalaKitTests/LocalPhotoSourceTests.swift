import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

@Suite("Local folders")
struct LocalPhotoSourceTests: WorkspaceSuite {
    let workspace: TestWorkspace

    init() throws {
        workspace = try TestWorkspace()
    }

    /// Makes `tree/` with photos, hidden files, other files and a subfolder.
    private func makeTree() throws -> String {
        let root = folder.path("tree")
        let files = [
            "a.jpg", "B.JPEG", "c.heic", "d.png", "notes.txt", ".hidden.jpg", "sub/e.webp", "sub/deeper/f.tif", ".secret/g.jpg",
        ]
        for file in files {
            let path = root + "/" + file
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            FileManager.default.createFile(atPath: path, contents: Data("x".utf8))
        }
        return root
    }

    private func scanAll(_ source: LocalPhotoSource, recursive: Bool = true) async throws -> ScanBatch {
        var all = ScanBatch()
        for try await batch in source.scan(recursive: recursive, includeStatus: true) {
            all.photos += batch.photos
            all.folders += batch.folders
            all.problems += batch.problems
        }
        return all
    }

    @Test("Photos are found by extension in the whole tree; hidden and other files are skipped")
    func findsPhotos() async throws {
        let source = try engine.localSource(root: try makeTree())
        let result = try await scanAll(source)
        #expect(Set(result.photos.map(\.item.displayName)) == ["a.jpg", "B.JPEG", "c.heic", "d.png", "e.webp", "f.tif"])
        #expect(Set(result.folders.map(\.name)) == ["sub", "deeper"])
        #expect(result.problems.isEmpty)
        #expect(result.photos.allSatisfy { $0.status?.size == 1 })
    }

    @Test("Without recursion only the folder's own photos, and its subfolders to open")
    func nonRecursive() async throws {
        let source = try engine.localSource(root: try makeTree())
        let result = try await scanAll(source, recursive: false)
        #expect(result.photos.count == 4)
        #expect(result.folders.map(\.name) == ["sub"])
    }

    @Test("A file without an extension is recognised by its content")
    func extensionlessImages() async throws {
        let root = folder.path("sniff")
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try await Fixtures.file("photo.gif").path, toPath: root + "/DSC0001")
        FileManager.default.createFile(atPath: root + "/README", contents: Data("text".utf8))
        let result = try await scanAll(try engine.localSource(root: root))
        #expect(result.photos.map(\.item.displayName) == ["DSC0001"])
    }

    @Test("Link loops and links leading outside are reported, and the scan goes on")
    func links() async throws {
        let root = try makeTree()
        try FileManager.default.createSymbolicLink(atPath: root + "/sub/loop", withDestinationPath: root)
        try FileManager.default.createSymbolicLink(atPath: root + "/outside", withDestinationPath: folder.path("cache"))
        try FileManager.default.createSymbolicLink(atPath: root + "/dangling.jpg", withDestinationPath: root + "/nothing.jpg")
        try FileManager.default.createSymbolicLink(atPath: root + "/alias.jpg", withDestinationPath: root + "/a.jpg")
        try FileManager.default.createDirectory(atPath: folder.path("cache"), withIntermediateDirectories: true)

        let result = try await scanAll(try engine.localSource(root: root))
        #expect(result.photos.count == 7)
        #expect(result.problems.contains { $0.message.contains("link loop") })
        #expect(result.problems.contains { $0.message.contains("leads outside") })
        #expect(result.problems.contains { $0.message.contains("points to nothing") })
    }

    @Test("An unreadable subfolder is reported and the scan goes on", .enabled(if: getuid() != 0, "root reads every folder"))
    func unreadableFolder() async throws {
        let root = try makeTree()
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: root + "/sub")
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root + "/sub") }
        let result = try await scanAll(try engine.localSource(root: root))
        #expect(result.photos.count == 4)
        #expect(result.problems.contains { $0.message.contains("Cannot open folder") })
    }

    @Test("A root that is missing or a file is refused with a clear error")
    func badRoot() async throws {
        let missing = #expect(throws: PhotolalaError.self) { try engine.localSource(root: folder.path("nope")) }
        #expect(missing?.code == .unreadableFolder)
        let file = try await Fixtures.file("photo.gif").path
        let notFolder = #expect(throws: PhotolalaError.self) { try engine.localSource(root: file) }
        #expect(notFolder?.message.contains("Not a directory") == true || notFolder?.message.contains("not a directory") == true)
    }

    @Test("Ids are opaque and cannot reach outside the root")
    func idsStayInside() async throws {
        let root = try makeTree()
        let source = try engine.localSource(root: root)
        let listing = try source.folderListing(id: LocalPhotoSource.rootFolderID)
        let first = try #require(try await listing.listFolder().reduce(into: []) { $0 += $1 }.first?.item)
        #expect(!first.id.contains("/"))
        #expect(try listing.path(for: first.id).hasPrefix(source.root + "/"))

        try FileManager.default.createSymbolicLink(atPath: root + "/escape.jpg", withDestinationPath: folder.path("cache"))
        for hostile in ["../cache", "/etc/passwd", "sub/../../cache", "escape.jpg", "", "a.jpg\0"] {
            let id = LocalItemID.make(relativePath: hostile)
            #expect(throws: PhotolalaError.self) { try listing.path(for: id) }
        }
        #expect(throws: PhotolalaError.self) { try listing.path(for: "%2e%2e%2fcache") }
        for hostile in ["~..", "~.", "~", "~../cache", "~/etc/passwd", "~sub/../../cache", "~.hidden"] {
            #expect(throws: PhotolalaError.self, "\(hostile)") { try listing.path(for: hostile) }
        }
        await #expect(throws: PhotolalaError.self) {
            try await source.fullImage(folder: LocalPhotoSource.rootFolderID, item: LocalItemID.make(relativePath: "../cache"))
        }
    }

    @Test("Camera-style names are their own short ids; any other name or path is encoded")
    func idForms() {
        for name in [
            "IMG_0001.JPG", "_DSC1234.ARW", "PXL_20231104_123456789.jpg", "Été 2024.jpg", "a b.jpg", "sub/IMG_1.jpg", ".hidden.jpg", "~x.jpg",
        ] {
            let id = LocalItemID.make(relativePath: name)
            #expect(LocalItemID.relativePath(of: id) == name)
            #expect(id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.~".contains($0)) }, "\(id)")
        }
        #expect(LocalItemID.make(relativePath: "IMG_0001.JPG") == "~IMG_0001.JPG")
        #expect(LocalItemID.make(relativePath: "sub/IMG_1.jpg") == LocalItemID.make(folder: "sub", name: "IMG_1.jpg"))
        // A folder's ids share its path's encoding: folders of every length modulo three.
        for folder in ["", "a", "ab", "abc", "2024/06", "Été/Paris", "x/y/zz"] {
            let ids = LocalItemID.Folder(folder)
            for name in ["IMG_1.jpg", "é.jpg", "a", "ab", "abc", "~x.jpg"] {
                let path = folder.isEmpty ? name : folder + "/" + name
                #expect(ids.id(of: name) == LocalItemID.make(relativePath: path), "\(path)")
                #expect(LocalItemID.relativePath(of: ids.id(of: name)) == path)
            }
        }
    }

    @Test("The full image is the original bytes")
    func fullImage() async throws {
        let root = folder.path("full")
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let original = try await Fixtures.file("photo.webp").path
        try FileManager.default.copyItem(atPath: original, toPath: root + "/p.webp")
        let source = try engine.localSource(root: root)
        let item = try #require(try await source.allItems().first)
        guard case .file(let path) = try await source.fullImage(folder: LocalPhotoSource.rootFolderID, item: item.id).body else {
            Issue.record("A WebP is served as its file")
            return
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(contentsOf: URL(fileURLWithPath: original)))
        #expect(try await source.metadata(folder: LocalPhotoSource.rootFolderID, item: item.id).metadata.format == .webp)
    }

    @Test("Refreshing announces added, removed and modified photos")
    func changes() async throws {
        let root = try makeTree()
        let source = try engine.folderListing(root)
        var changes = source.changes().makeAsyncIterator()
        try await source.refresh()

        FileManager.default.createFile(atPath: root + "/new.jpg", contents: Data("new".utf8))
        try FileManager.default.removeItem(atPath: root + "/a.jpg")
        try Data("longer".utf8).write(to: URL(fileURLWithPath: root + "/d.png"))
        try await source.refresh()

        var seen: [PhotoSourceChange] = []
        for _ in 0..<3 {
            if let change = await changes.next() { seen.append(change) }
        }
        #expect(seen.contains(.added([PhotoItem(id: LocalItemID.make(relativePath: "new.jpg"), displayName: "new.jpg")])))
        #expect(seen.contains(.removed([LocalItemID.make(relativePath: "a.jpg")])))
        #expect(seen.contains(.updated([PhotoItem(id: LocalItemID.make(relativePath: "d.png"), displayName: "d.png")])))
    }
}

@Suite("Large trees")
struct LargeTreeTests {
    @Test("A 100,000-file tree is listed completely, the first 200 at once, then batches of 100")
    func hundredThousandFiles() async throws {
        let tree = try await Fixtures.fileTree(count: 100_000)
        let folder = try TemporaryDirectory()
        let source = try makeEngine(in: folder).localSource(root: tree.path)
        var sizes: [Int] = []
        var ids = Set<String>()
        for try await batch in source.scan() where !batch.photos.isEmpty {
            sizes.append(batch.photos.count)
            ids.formUnion(batch.photos.map(\.item.id))
        }
        #expect(ids.count == 100_000)
        #expect(sizes.first == 200)
        #expect(sizes.dropFirst().allSatisfy { $0 <= 100 })
    }

    @Test("The first batch is delivered while most of the tree is still unwalked")
    func firstBatchBeforeTheWalkEnds() async throws {
        let tree = try await Fixtures.fileTree(count: 100_000)
        let root = try #require(
            realpath(tree.path, nil).map { pointer in
                defer { free(pointer) }
                return String(cString: pointer)
            })
        let scanner = DirectoryScanner(root: root, options: .init())
        var batcher = ProgressiveBatcher()
        var walked = 0
        var walkedAtFirstBatch: Int?
        try scanner.walk(isCancelled: { false }) { listing in
            walked += listing.photos.count
            if !batcher.add(listing).isEmpty, walkedAtFirstBatch == nil {
                walkedAtFirstBatch = walked
            }
        }
        #expect(walked == 100_000)
        // Folders hold 1,000 photos each: the first batch leaves with the first folder.
        #expect(try #require(walkedAtFirstBatch) <= 1_000)
    }
}
