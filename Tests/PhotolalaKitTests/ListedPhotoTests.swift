import Testing

@testable import PhotolalaKit

/// A listing row is packed (a server holds a million of them): every fact it is given must come
/// back as given, however wide, and rows equal in their facts must be equal.
@Suite("A listing row's packed facts")
struct ListedPhotoTests {
    @Test("a camera photo's row takes 48 bytes, its name made from its id")
    func cameraPhoto() {
        let item = PhotoItem(id: LocalItemID.make(folder: "", name: "IMG_0001.JPG"), displayName: "IMG_0001.JPG")
        let row = ListedPhoto(
            item: item, date: 1_700_000_000, size: 3_600_000, modified: 1_700_000_100, width: 4000, height: 3000, offset: 9 * 3600,
            dateSource: .exif)
        #expect(MemoryLayout<ListedPhoto>.stride == 48)
        #expect(row.item == item)
        #expect(row.item.displayName == "IMG_0001.JPG")
        #expect(row.date == 1_700_000_000)
        #expect(row.size == 3_600_000)
        #expect(row.modified == 1_700_000_100)
        #expect(row.width == 4000 && row.height == 3000)
        #expect(row.offset == 32_400)
        #expect(row.dateSource == .exif)
        #expect(row.kind == .photo)
        #expect(row.duration == nil && row.liveIdentifier == nil && row.companions.isEmpty)
    }

    @Test("facts too wide for their fields: a 5 GB video, a 70,000-pixel panorama, an offset in seconds")
    func wideFacts() {
        let video = ListedPhoto(
            item: PhotoItem(id: "~long.mov", displayName: "long.mov"), date: -86_400, size: 5_000_000_000, offset: -(4 * 3600 + 56 * 60 + 2),
            dateSource: .file, duration: 3601.25)
        #expect(video.size == 5_000_000_000)
        #expect(video.offset == -17_762)
        #expect(video.date == -86_400)
        #expect(video.kind == .video)
        #expect(video.duration == 3601.25)
        let panorama = ListedPhoto(item: PhotoItem(id: "p", displayName: "pano.tif"), date: nil, size: 0, width: 70_000, height: 65_535)
        #expect(panorama.width == 70_000 && panorama.height == 65_535)
        #expect(panorama.size == 0)
        #expect(panorama.date == nil && panorama.modified == nil && panorama.offset == nil && panorama.dateSource == nil)
        #expect(ListedPhoto(item: PhotoItem(id: "q", displayName: "q.jpg"), date: nil, size: Int64(UInt32.max) - 2).size == Int64(UInt32.max) - 2)
        #expect(ListedPhoto(item: PhotoItem(id: "q", displayName: "q.jpg"), date: nil, size: nil).size == nil)
        // Dates and file times as far out as a damaged catalog or library can say.
        for (date, modified) in [(Int64.max, Int64.min), (Int64.min, Int64.max), (1 << 40, 0), (0, 1 << 40), (nil, 3_000_000_000), (-(1 << 39), nil)]
        {
            let row = ListedPhoto(item: PhotoItem(id: "r", displayName: "r.jpg"), date: date, size: 1, modified: modified)
            #expect(row.date == date && row.modified == modified)
        }
    }

    @Test("names that are not their id's tail are kept: long names, Apple Photos assets, accented names")
    func keptNames() {
        for item in [
            PhotoItem(id: LocalItemID.make(folder: "", name: "PXL_20240101_123456789.jpg"), displayName: "PXL_20240101_123456789.jpg"),
            PhotoItem(id: "6F1B0E52-3C1A-4D8E-9A77-2B3C4D5E6F70", displayName: "IMG_0042.HEIC"),
            PhotoItem(id: LocalItemID.make(folder: "Été", name: "café.jpg"), displayName: "café.jpg"),
            PhotoItem(id: "", displayName: ""),
            PhotoItem(id: "abc", displayName: "abc"),
        ] {
            #expect(ListedPhoto(item: item, date: 1, size: 2).item == item)
            #expect(ListedPhoto(item: item, date: 1, size: 2).item.displayName == item.displayName)
        }
    }

    @Test("companions and a Live Photo identifier, set and taken away; equality by facts")
    func extras() {
        let movie = ListedPhoto(item: PhotoItem(id: "~a.mov", displayName: "a.mov"), date: 1, size: 2, liveIdentifier: "ID-1")
        var still = ListedPhoto(item: PhotoItem(id: "~a.heic", displayName: "a.heic"), date: 1, size: 3, liveIdentifier: "ID-1")
        still.companions = [movie]
        #expect(still.companions == [movie])
        #expect(still.liveIdentifier == "ID-1")
        #expect(still.alone.companions.isEmpty && still.alone.liveIdentifier == "ID-1")
        #expect(still.files.map(\.item.id) == ["~a.heic", "~a.mov"])
        let plain = ListedPhoto(item: PhotoItem(id: "~b.jpg", displayName: "b.jpg"), date: 1, size: 3)
        var paired = plain
        paired.companions = [movie]
        #expect(paired != plain)
        paired.companions = []
        #expect(paired == plain)
        #expect(
            ListedPhoto(item: PhotoItem(id: "x", displayName: "one"), date: 1, size: 3)
                != ListedPhoto(item: PhotoItem(id: "x", displayName: "two"), date: 1, size: 3))
        #expect(plain.version == ListedPhoto(item: PhotoItem(id: "~b.jpg", displayName: "b.jpg"), date: 9, size: 3).version)
    }
}
