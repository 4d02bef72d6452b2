import Foundation
import PhotolalaKit
import Testing

@testable import PhotolalaServer

@Suite("The listing's hand-written JSON")
struct ListingJSONTests {
    /// Names are whatever the file system allows; dates before 1970 are negative.
    @Test("rows read back as written: escaped names, negative and missing numbers")
    func rowsRoundTrip() throws {
        let names = ["plain.jpg", "quote \" and \\ backslash.jpg", "tab\tnew\nline\r.jpg", "bell\u{07}.jpg", "été 📷.heic"]
        let photos = names.enumerated().map { index, name in
            ListedPhoto(
                item: PhotoItem(id: "~" + name, displayName: name), date: index == 0 ? -86_400 : Int64(index) * 1_000_000_007,
                size: index == 1 ? nil : Int64(index), modified: 1_700_000_000, width: index == 2 ? nil : 4000, height: 3000)
        }
        let items = API.Items(count: photos.count, complete: true, offset: 0, photos: photos[...])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(items.json)) as? [String: Any])
        let rows = try #require(object["items"] as? [[Any]])
        #expect(rows.count == names.count)
        for (row, photo) in zip(rows, photos) {
            #expect(row[0] as? String == photo.item.id)
            #expect(row[1] as? String == photo.item.displayName)
            #expect((row[2] as? NSNumber)?.int64Value == photo.date)
            #expect((row[3] as? NSNumber)?.int64Value == photo.size)
            #expect((row[4] as? NSNumber)?.intValue == photo.width)
            #expect((row[5] as? NSNumber)?.intValue == photo.height)
            #expect(row[6] as? String == photo.version)
        }
        #expect(rows[1][3] is NSNull)
        #expect(rows[2][4] is NSNull)
    }
}
