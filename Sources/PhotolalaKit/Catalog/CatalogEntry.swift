import Foundation

/// One photo in a catalog: a row of a v5.1 shard.
///
/// The fields are the catalog's contract with the cloud backup: `md5,filename,size,photodate,
/// modified,width,height,applephotoid`, dates in Unix seconds.
public struct CatalogEntry: Sendable, Hashable, Codable {
    /// Lowercase hex MD5 of the photo's bytes; its first digit picks the shard.
    public var md5: String
    public var filename: String
    public var size: Int64
    /// When the photo was taken, or its modification time when it records none.
    public var photoDate: Int64
    /// The file's modification time.
    public var modified: Int64
    public var width: Int?
    public var height: Int?
    /// The asset's id when the photo came from an Apple Photos library.
    public var applePhotoID: String?

    public init(
        md5: String, filename: String, size: Int64, photoDate: Int64, modified: Int64,
        width: Int? = nil, height: Int? = nil, applePhotoID: String? = nil
    ) {
        self.md5 = md5
        self.filename = filename
        self.size = size
        self.photoDate = photoDate
        self.modified = modified
        self.width = width
        self.height = height
        self.applePhotoID = applePhotoID
    }

    /// A photo's row from what was learnt of it: the one rule every row follows, whether the
    /// file was read for it or its facts were recorded, or it comes from the backup's metadata.
    /// It is dated when the photo was taken, else by the file's modification time.
    init(
        md5: String, filename: String, size: Int64, modified: Int64, width: Int?, height: Int?, date: PhotoDateIndex.Recorded?,
        applePhotoID: String? = nil
    ) {
        let taken: Int64? =
            switch date {
            case .taken(let taken): taken.seconds
            case .undated, nil: nil
            }
        self.init(
            md5: md5, filename: filename, size: size, photoDate: taken ?? modified, modified: modified, width: width, height: height,
            applePhotoID: applePhotoID)
    }

    /// The row of a file named `filename` from what one read of it taught.
    init(filename: String, facts: PhotoFacts) {
        let identity = facts.identity
        self.init(
            md5: identity.md5, filename: filename, size: identity.size, modified: identity.modifiedNanoseconds / 1_000_000_000,
            width: identity.width, height: identity.height, date: facts.date)
    }

    /// The row of a photo described by its metadata (as read for a backup, or as stored in the
    /// cloud), so the backup needs no second inspection of the file for its catalog;
    /// `applePhotoID` names the Apple Photos asset it is the original of.
    init(md5: String, filename: String, size: Int64, metadata: PhotoMetadata, applePhotoID: String? = nil) {
        self.init(
            md5: md5, filename: filename, size: size, modified: metadata.modificationDate.map(Self.seconds) ?? 0, width: metadata.width,
            height: metadata.height, date: PhotoDateIndex.Recorded(metadata), applePhotoID: applePhotoID)
    }

    private static func seconds(_ date: Date) -> Int64 {
        Int64(date.timeIntervalSince1970.rounded(.down))
    }

    /// The shard, 0 to 15, that holds this entry: the first hex digit of the MD5.
    public var shard: Int {
        md5.utf8.first.flatMap { CatalogEntry.hexValue($0) } ?? 0
    }

    static func hexValue(_ digit: UInt8) -> Int? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(digit - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(digit - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(digit - UInt8(ascii: "A")) + 10
        default: nil
        }
    }
}
