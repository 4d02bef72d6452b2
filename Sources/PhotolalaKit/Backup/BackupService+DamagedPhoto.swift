import Foundation
import Logging

extension BackupService {
    /// Whether an imaging error says the bytes cannot be decoded (damaged, truncated, a format
    /// libvips lacks, too many pixels): such a photo is still backed up, as its bytes.
    static func isUndecodable(_ error: any Error) -> Bool {
        guard let error = error as? PhotolalaError else { return false }
        return [.damagedImage, .unsupportedFormat, .notAnImage, .imageTooLarge].contains(error.code)
    }

    /// The metadata of a photo whose bytes cannot be decoded: file facts, and the format its
    /// first bytes or, failing them, its name say.
    static func undecodableMetadata(path: String, head: [UInt8], status: FileStatus, md5: String) -> PhotoMetadata {
        var metadata = PhotoMetadata()
        metadata.fileSize = status.size
        metadata.modificationDate = status.modificationDate
        metadata.format = ImageFormat(sniffing: head, orName: path)
        metadata.originalFilename = FilePath.name(of: path)
        metadata.md5 = md5
        return metadata
    }

    /// The metadata plist of a photo, or for one that cannot be decoded its file facts (the
    /// original is what the user has, so it is backed up whatever it shows), with what the read
    /// taught, to record once the original is stored (``PhotoFileReader/backupRead(of:md5:)``).
    func metadata(of contents: FileContents, md5: String) throws -> (metadata: PhotoMetadata, facts: PhotoFacts) {
        let read = try files.backupRead(of: contents, md5: md5)
        do {
            return (try read.metadata.get(), read.facts)
        } catch  where Self.isUndecodable(error) {
            logger.warning("Backing up a photo that cannot be decoded as its bytes", metadata: ["reason": "\(error)"])
            return (Self.undecodableMetadata(path: contents.path, head: contents.bytes, status: contents.status, md5: md5), read.facts)
        }
    }

    /// The thumbnail of a photo whose bytes cannot be decoded: a grey square, so the photo is
    /// complete in the store and the next run does not try again.
    func placeholderThumbnail() throws -> [UInt8] {
        try files.imaging.thumbnail(of: Self.placeholderPNG, name: "placeholder.png")
    }

    /// A 16 × 16 mid-grey PNG.
    private static let placeholderPNG: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x10, 0x00, 0x00,
        0x00, 0x10, 0x08, 0x00, 0x00, 0x00, 0x00, 0x3A, 0x98, 0xA0, 0xBD, 0x00, 0x00, 0x00, 0x0F, 0x49, 0x44, 0x41, 0x54, 0x78, 0xDA, 0x63,
        0x68, 0x40, 0x03, 0x0C, 0x23, 0x5B, 0x00, 0x00, 0x05, 0x0C, 0x80, 0x01, 0xE3, 0x33, 0x59, 0x8A, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45,
        0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]
}
