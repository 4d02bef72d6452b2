/// The order in which a listing is handed over: by date, oldest first, undated photos first,
/// photos of the same second (and undated ones) by name.
///
/// A folder of a million photos is sorted as it is listed, and a comparison sort of a million
/// dates takes a core a tenth of a second. The dates are sorted here by their digits instead
/// (least significant first, 11 bits a pass, as many passes as the span of the dates needs: 3
/// for photos taken within 272 years), their positions beside them, which is linear in the
/// count; the names are compared only within a run of equal dates.
enum DeliveryOrder {
    /// Below this many photos a comparison sort is as fast, and simpler to follow.
    static let radixThreshold = 4096

    /// The positions of `listing`'s photos in date order.
    static func positions(of listing: [ListedPhoto]) -> [Int] {
        let byName = { (first: Int, second: Int) in
            listing[first].item.displayName < listing[second].item.displayName
        }
        guard listing.count >= radixThreshold, listing.count <= Int32.max else {
            return listing.indices.sorted { first, second in
                let firstDate = listing[first].date ?? .min
                let secondDate = listing[second].date ?? .min
                return firstDate != secondDate ? firstDate < secondDate : byName(first, second)
            }
        }
        var undated: [Int] = []
        var keys: [UInt64] = []
        var positions: [Int32] = []
        keys.reserveCapacity(listing.count)
        positions.reserveCapacity(listing.count)
        for index in listing.indices {
            if let date = listing[index].date, date != .min {
                // Flipping the sign bit orders the dates as unsigned numbers.
                keys.append(UInt64(bitPattern: date) ^ (1 << 63))
                positions.append(Int32(index))
            } else {
                undated.append(index)
            }
        }
        sortByDigits(&keys, carrying: &positions)

        var order = undated.sorted(by: byName)
        order.reserveCapacity(listing.count)
        var start = 0
        while start < keys.count {
            var end = start + 1
            while end < keys.count, keys[end] == keys[start] { end += 1 }
            if end - start == 1 {
                order.append(Int(positions[start]))
            } else {
                order += positions[start..<end].map(Int.init).sorted(by: byName)
            }
            start = end
        }
        return order
    }

    /// Sorts `keys` ascending, moving `positions` with them: a least-significant-digit radix
    /// sort of the keys less the smallest, skipping the digits they all share above the span.
    static func sortByDigits(_ keys: inout [UInt64], carrying positions: inout [Int32]) {
        guard let smallest = keys.min(), let largest = keys.max(), smallest != largest else { return }
        let span = largest - smallest
        let digitBits = 11
        let passes = (UInt64.bitWidth - span.leadingZeroBitCount + digitBits - 1) / digitBits
        let mask = UInt64(1 << digitBits - 1)
        var otherKeys = [UInt64](repeating: 0, count: keys.count)
        var otherPositions = [Int32](repeating: 0, count: keys.count)
        var counts = [Int](repeating: 0, count: 1 << digitBits)
        for pass in 0..<passes {
            let shift = UInt64(pass * digitBits)
            for slot in counts.indices { counts[slot] = 0 }
            for key in keys { counts[Int(((key - smallest) >> shift) & mask)] += 1 }
            var next = 0
            for slot in counts.indices {
                let count = counts[slot]
                counts[slot] = next
                next += count
            }
            for index in keys.indices {
                let slot = Int(((keys[index] - smallest) >> shift) & mask)
                let place = counts[slot]
                counts[slot] = place + 1
                otherKeys[place] = keys[index]
                otherPositions[place] = positions[index]
            }
            swap(&keys, &otherKeys)
            swap(&positions, &otherPositions)
        }
    }
}
