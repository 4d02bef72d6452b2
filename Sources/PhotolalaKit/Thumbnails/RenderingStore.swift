import Foundation
public import Logging

/// The disk cache of full-size JPEG renderings of photos browsers do not show (HEIC, TIFF),
/// addressed by content: `{cache}/renderings/{md5[0..2]}/{md5}.jpg`.
///
/// A rendering costs a full decode, so a photo previewed again is answered from here; the
/// cache keeps at most ``budget`` bytes, the renderings seen least recently going first
/// (``CachedFiles``: the folder is scanned once, not on every write).
public struct RenderingStore: Sendable {
    /// The folder holding the two-character shard folders.
    public let directory: String
    /// The most bytes kept.
    public let budget: Int64
    /// Where a rendering that cannot be kept, or an old one that cannot be deleted, is told.
    let logger: Logger
    /// The renderings held, in the order they were seen.
    private let files: CachedFiles

    /// - Parameters:
    ///   - cacheDirectory: Photolala's cache folder; renderings go in its `renderings/`.
    ///   - budget: The most bytes kept; 1 GiB by default.
    ///   - logger: Where failures to write or trim the cache are logged.
    public init(cacheDirectory: String, budget: Int64 = 1 << 30, logger: Logger = Logger(label: "photolala.cache")) {
        directory = cacheDirectory + "/renderings"
        self.budget = budget
        self.logger = logger
        files = CachedFiles(directory: directory, budget: budget, logger: logger)
    }

    /// Bytes the cache holds now.
    var usedBytes: Int64 { files.usedBytes }

    /// Where the rendering of content `md5` lives.
    public func path(forMD5 md5: String) -> String {
        "\(directory)/\(md5.prefix(2))/\(md5).jpg"
    }

    /// The cached JPEG, marked as just seen, or `nil` when there is none (or it cannot be read).
    public func rendering(forMD5 md5: String) -> [UInt8]? {
        let path = path(forMD5: md5)
        guard let jpeg = try? FileContents(path: path, sizeLimit: budget).bytes else { return nil }
        files.used(path)
        return jpeg
    }

    /// Stores a rendering atomically, then keeps the cache to its budget. A failure is logged
    /// too, with the path: callers go on without the cache (the photo is rendered again next
    /// time), and the operator learns why previews stay slow.
    /// - Throws: ``PhotolalaError/writeFailed`` when the cache folder is not writable.
    public func store(_ jpeg: [UInt8], forMD5 md5: String) throws {
        let path = path(forMD5: md5)
        do {
            try AtomicFile.write(jpeg, to: path)
        } catch {
            logger.warning("A rendering could not be kept in the cache.", metadata: ["path": "\(path)", "error": .error(error)])
            throw error
        }
        files.written(path, size: Int64(jpeg.count))
    }
}
