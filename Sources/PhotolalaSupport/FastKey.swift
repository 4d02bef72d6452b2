/// A cheap fingerprint of a file: the MD5 of its first 4 KiB and its size.
///
/// Equal fast keys do not prove equal content, but a different one proves a change, which is
/// what reconciling a folder with its catalog needs.
public struct FastKey: Hashable, Sendable, Codable {
    public let headMD5: String
    public let size: Int64

    package init(headMD5: String, size: Int64) {
        self.headMD5 = headMD5
        self.size = size
    }
}
