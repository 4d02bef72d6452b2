import Testing

@testable import PhotolalaKit

/// The order a listing is handed over in: by date, undated first, ties by name.
@Suite("A listing's date order")
struct DeliveryOrderTests {
    /// The order by comparing every pair, as the radix sort must give it.
    private func compared(_ listing: [ListedPhoto]) -> [String] {
        listing.sorted { first, second in
            let firstDate = first.date ?? .min
            let secondDate = second.date ?? .min
            return firstDate != secondDate ? firstDate < secondDate : first.item.displayName < second.item.displayName
        }.map(\.item.displayName)
    }

    /// Expects `DeliveryOrder` to order `photos` as comparing every pair does, naming the first
    /// place where it does not (rather than printing thousands of names).
    private func expectComparisonOrder(_ photos: [ListedPhoto], sourceLocation: SourceLocation = #_sourceLocation) {
        let ordered = DeliveryOrder.positions(of: photos).map { photos[$0].item.displayName }
        let expected = compared(photos)
        #expect(ordered.count == expected.count, sourceLocation: sourceLocation)
        let difference = zip(ordered, expected).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(
            difference == nil, "first difference at \(difference?.offset ?? -1): \(difference?.element.0 ?? "") for \(difference?.element.1 ?? "")",
            sourceLocation: sourceLocation)
    }

    private func listing(dates: [Int64?]) -> [ListedPhoto] {
        dates.enumerated().map { index, date in
            // Names that do not follow the positions, so that ties show whether they were ordered.
            let name = "IMG_\(String((index * 7919) % 100_003, radix: 36)).jpg"
            return ListedPhoto(item: PhotoItem(id: "~" + name, displayName: name), date: date, size: 1)
        }
    }

    @Test("dates over centuries, before 1970, undated and shared by many photos come out as a comparison sort orders them")
    func radixMatchesComparison() {
        var generator = SystemRandomNumberGenerator()
        let count = DeliveryOrder.radixThreshold * 5
        let dates: [Int64?] = (0..<count).map { index in
            switch index % 10 {
            case 0: nil  // undated
            case 1: 1_700_000_000  // a burst: many photos of the same second
            case 2: Int64.random(in: -5_000_000_000...(-1), using: &generator)  // before 1970, back to 1811
            case 3: Int64.random(in: 1_000_000_000...1_000_000_100, using: &generator)  // a few seconds: one digit's span
            default: Int64.random(in: 0...4_000_000_000, using: &generator)
            }
        }
        expectComparisonOrder(listing(dates: dates))
    }

    @Test("a listing whose dates span one second, or none, keeps every photo, by name")
    func narrowSpans() {
        for dates in [[Int64?](repeating: 42, count: DeliveryOrder.radixThreshold), [Int64?](repeating: nil, count: DeliveryOrder.radixThreshold)] {
            expectComparisonOrder(listing(dates: dates))
        }
    }

    @Test("small listings are ordered the same way")
    func small() {
        expectComparisonOrder(listing(dates: [3, nil, 1, 3, -2, nil, 1]))
    }
}
