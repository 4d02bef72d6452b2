public import Foundation

/// Reads a ZIP archive with Python's `zipfile`, an independent reader, checking every entry's
/// CRC as it goes: what a user's unzip would find.
public enum ZipReader {
    public struct Entry: Sendable, Equatable {
        public let name: String
        public let bytes: Data
        /// The modification time in the DOS fields, as the archive's reader shows it.
        public let dosTime: String
    }

    /// The entries of the archive at `path`, in order.
    /// - Throws: ``Shell/Failure`` when Python cannot read it or a checksum is wrong.
    public static func entries(of path: String) async throws -> [Entry] {
        let script = """
            import base64, json, sys, zipfile
            with zipfile.ZipFile(sys.argv[1]) as archive:
                bad = archive.testzip()
                if bad is not None:
                    sys.exit(f"bad CRC: {bad}")
                print(json.dumps([
                    {"name": info.filename, "bytes": base64.b64encode(archive.read(info)).decode(), "time": "%04d-%02d-%02d %02d:%02d:%02d" % info.date_time}
                    for info in archive.infolist()
                ]))
            """
        let output = try await Shell.run("python3", ["-c", script, path])
        let list = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: String]] ?? []
        return list.map { Entry(name: $0["name"] ?? "", bytes: Data(base64Encoded: $0["bytes"] ?? "") ?? Data(), dosTime: $0["time"] ?? "") }
    }

    /// How many entries the archive at `path` has, by Python's reading of its end records.
    public static func count(of path: String) async throws -> Int {
        let output = try await Shell.run("python3", ["-c", "import sys, zipfile; print(len(zipfile.ZipFile(sys.argv[1]).infolist()))", path])
        return Int(output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }
}
