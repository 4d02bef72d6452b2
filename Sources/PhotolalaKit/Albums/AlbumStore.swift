import Foundation
import PhotolalaSupport

/// This device's album book: `albums.json` in the data folder, the one thing there that cannot
/// be made again from the photos, so it is written atomically and an unreadable one is left
/// untouched. Edits from several processes (`photolala serve`, `photolala album`) take turns
/// under a lock beside it, each reading the book afresh, so none is lost.
public struct AlbumStore: Sendable {
    /// The book's file.
    public let path: String
    /// The id that orders this store's edits against another device's made in the same millisecond.
    let device: String

    /// The largest book read: 50,000 photos in albums take about 12 MB.
    static let limits = UntrustedDocument.Limits(bytes: 256 << 20, depth: 16)
    /// How long an edit waits for another process's.
    static let lockTimeout = Duration.seconds(30)

    /// The book's name in the data folder and in the bucket.
    public static let fileName = "albums.json"

    /// The book of the data folder `dataDirectory`.
    public init(dataDirectory: String) {
        self.init(path: dataDirectory + "/" + Self.fileName)
    }

    public init(path: String) {
        self.path = path
        device = String(UUID().uuidString.lowercased().suffix(12))
    }

    /// The book as saved; empty when there is none yet.
    /// - Throws: ``AlbumError`` when the file is damaged or from a later Photolala.
    public func read() throws -> AlbumBook {
        guard FileManager.default.fileExists(atPath: path) else { return AlbumBook() }
        do {
            return try Self.decode(try FileContents(path: path, sizeLimit: Int64(Self.limits.bytes)).bytes)
        } catch let error as AlbumError {
            throw error
        } catch let error as PhotolalaError {
            throw AlbumError.damaged(path, error.message)
        } catch {
            throw AlbumError.damaged(path, "\(error)")
        }
    }

    /// Applies `body` to the book as saved and saves the result, unless `body` throws.
    /// - Parameter body: Given the book and the id its edits are stamped with.
    /// - Throws: ``AlbumError`` when the book is damaged or `body` refuses;
    ///   ``PhotolalaError/writeFailed`` when it cannot be saved.
    public func edit<T>(_ body: (inout AlbumBook, _ device: String) throws -> T) async throws -> T {
        try await FileLock(path: path + ".lock").holding(timeout: Self.lockTimeout) {
            AlbumError(message: "Another Photolala has been changing the albums for \(Self.lockTimeout): try again when it is done.")
        } _: {
            var book = try read()
            let before = book
            let result = try body(&book, device)
            if book != before { try AtomicFile.write(Self.encode(book), to: path) }
            return result
        }
    }

    /// The book's bytes as saved and uploaded: keys sorted, so an unchanged book is the same bytes.
    static func encode(_ book: AlbumBook) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(book))
    }

    /// A book from bytes read from the disk or the bucket.
    /// - Throws: ``UntrustedDocument/Refusal`` when they are not one; ``AlbumError`` for a later version.
    static func decode(_ bytes: [UInt8]) throws -> AlbumBook {
        let book = try UntrustedDocument.decodeJSON(AlbumBook.self, from: bytes, limits: limits)
        guard book.version <= AlbumBook.version else {
            throw AlbumError(message: "The albums were saved by a later Photolala (layout \(book.version)): update Photolala to read them.")
        }
        return book
    }
}
