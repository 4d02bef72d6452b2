import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Exporting many photos as one streamed ZIP")
struct ExportArchiveTests {
    @Test("CRC-32 of the standard check string, and of a buffer longer than one slice")
    func checksum() {
        var crc = CRC32()
        crc.update(Array("123456789".utf8))
        #expect(crc.value == 0xCBF4_3926)
        var long = CRC32()
        long.update(Array(repeating: 0x61, count: 1000))
        var split = CRC32()
        split.update(Array(repeating: 0x61, count: 3))
        split.update(Array(repeating: 0x61, count: 997))
        #expect(long.value == 0x9A38_DA03)  // zlib.crc32(b"a" * 1000)
        #expect(split.value == long.value)
    }

    @Test("Files and bytes in one archive that unzip reads: exact bytes, unique names whatever their case, a note for what failed")
    func archive() async throws {
        let folder = try TemporaryDirectory()
        let first = folder.path("a/IMG_0001.JPG")
        let second = folder.path("b/img_0001.jpg")
        try FileManager.default.createDirectory(atPath: folder.path("a"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.path("b"), withIntermediateDirectories: true)
        let big = (0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }  // three chunks
        try Data(big).write(to: URL(fileURLWithPath: first))
        try Data("second".utf8).write(to: URL(fileURLWithPath: second))
        // 2021-03-04 05:06:08 in this machine's zone: what the DOS fields carry.
        var time = tm(
            tm_sec: 8, tm_min: 6, tm_hour: 5, tm_mday: 4, tm_mon: 2, tm_year: 121, tm_wday: 0, tm_yday: 0, tm_isdst: -1, tm_gmtoff: 0, tm_zone: nil)
        let stamp = mktime(&time)
        var times = [timespec(tv_sec: stamp, tv_nsec: 0), timespec(tv_sec: stamp, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, first, &times, 0) == 0)

        let members: [ExportArchive.Member?] = [
            .init(name: "IMG_0001.JPG", content: .file(path: first)),
            .init(name: "img_0001.jpg", content: .file(path: second)),
            nil,  // fails
            .init(name: "a/b.jpg", content: .bytes(Array("downloaded".utf8))),
            .init(name: "gone.jpg", content: .file(path: folder.path("gone.jpg"))),
        ]
        var output = [UInt8]()
        let summary = try await ExportArchive.stream(
            count: members.count,
            member: { index in
                guard let member = members[index] else { throw PhotolalaError.photoNotFound("x") }
                return member
            },
            failure: { index, _ in ExportArchive.Failure(name: "photo \(index + 1)", reason: "It is gone.") },
            to: { output += $0 })
        #expect(summary.exported == 3)
        #expect(summary.failures.map(\.name) == ["photo 3", "photo 5"])

        let path = folder.path("export.zip")
        try Data(output).write(to: URL(fileURLWithPath: path))
        let entries = try await ZipReader.entries(of: path)
        #expect(entries.map(\.name) == ["IMG_0001.JPG", "img_0001 (2).jpg", "a_b.jpg", "Not exported.txt"])
        #expect(entries[0].bytes == Data(big))
        #expect(entries[0].dosTime == "2021-03-04 05:06:08")
        #expect(entries[1].bytes == Data("second".utf8))
        #expect(entries[2].bytes == Data("downloaded".utf8))
        let note = String(decoding: entries[3].bytes, as: UTF8.self)
        #expect(note.contains("photo 3: It is gone.") && note.contains("photo 5: It is gone."))
    }

    @Test("Entry names are plain: no separator of either kind, no '..', no control character; a pipe is left out, not waited on")
    func plainNamesAndPipes() async throws {
        let folder = try TemporaryDirectory()
        let pipe = try NamedPipe(at: folder.path("pipe.jpg"))
        defer { pipe.release() }
        let names = [#"x\..\..\evil.jpg"#, "../../up.jpg", "..", "a\u{1}b\u{7F}c\u{85}\n.jpg", "\\\\server\\share.jpg", "ok.jpg"]
        let members =
            names.map { ExportArchive.Member(name: $0, content: .bytes(Array($0.utf8))) } + [.init(name: "pipe.jpg", content: .file(path: pipe.path))]
        var output = [UInt8]()
        let summary = try await withinDeadline(.seconds(10), onTimeout: pipe.release) {
            try await ExportArchive.stream(
                count: members.count, member: { members[$0] },
                failure: { index, error in ExportArchive.Failure(name: members[index].name, reason: "\(error)") },
                to: { output += $0 })
        }
        #expect(summary?.exported == names.count, "the export hung on a pipe")
        #expect(summary?.failures.map(\.name) == ["pipe.jpg"])
        #expect(summary?.failures.first?.reason.contains("not a regular file") == true)
        let path = folder.path("export.zip")
        try Data(output).write(to: URL(fileURLWithPath: path))
        let entries = try await ZipReader.entries(of: path)
        #expect(entries.count == names.count + 1)
        for entry in entries {
            #expect(!entry.name.contains("/") && !entry.name.contains("\\") && !entry.name.contains(".."), "\(entry.name)")
            #expect(!entry.name.unicodeScalars.contains { $0.properties.generalCategory == .control }, "\(entry.name.debugDescription)")
        }
        #expect(entries.first?.name == "x__.__._evil.jpg")
        #expect(entries.last?.name == ExportArchive.failureNoteName)
    }

    @Test("More than 65,535 photos: the archive switches to Zip64's end records and every entry is read")
    func manyEntries() async throws {
        let folder = try TemporaryDirectory()
        let count = 70_000
        let path = folder.path("many.zip")
        FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        var pending = [UInt8]()
        let summary = try await ExportArchive.stream(
            count: count,
            member: { ExportArchive.Member(name: "\($0).jpg", content: .bytes([UInt8(truncatingIfNeeded: $0)])) },
            failure: { index, _ in ExportArchive.Failure(name: "\(index)", reason: "") },
            to: { bytes in
                pending += bytes
                if pending.count > 1 << 20 {
                    try handle.write(contentsOf: pending)
                    pending.removeAll(keepingCapacity: true)
                }
            })
        try handle.write(contentsOf: pending)
        try handle.close()
        #expect(summary.exported == count)
        #expect(try await ZipReader.count(of: path) == count)
    }
}
