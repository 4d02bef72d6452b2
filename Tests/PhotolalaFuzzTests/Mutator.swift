import Foundation

/// Derives hostile inputs from a valid seed, the way a coverage-blind fuzzer would: bit flips,
/// bytes set to boundary values, chunks deleted, duplicated or truncated, and runs of a
/// structural byte (`<`, `,`, `"`, `\n`, `[`) inserted where they break nesting or quoting.
///
/// Deterministic for a seed, so a failure prints the seed and iteration that reproduce it.
struct Mutator {
    private var random: SplitMix64

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    /// One mutation of `input`, never longer than `limit` bytes.
    mutating func mutate(_ input: [UInt8], limit: Int = 1 << 20) -> [UInt8] {
        var bytes = input
        let rounds = 1 + Int(random.next() % 4)
        for _ in 0..<rounds {
            bytes = apply(to: bytes)
        }
        return bytes.count > limit ? Array(bytes.prefix(limit)) : bytes
    }

    /// A number in `0..<bound`; 0 when `bound` is 0.
    mutating func index(below bound: Int) -> Int {
        bound <= 0 ? 0 : Int(random.next() % UInt64(bound))
    }

    /// `items` in an order this mutator picks.
    mutating func shuffled<T>(_ items: [T]) -> [T] {
        var items = items
        for position in items.indices.dropLast() {
            items.swapAt(position, position + index(below: items.count - position))
        }
        return items
    }

    private static let interesting: [UInt8] = [0x00, 0x01, 0x7F, 0x80, 0xFF, 0xFE, 0x20, 0x2C, 0x22, 0x0A, 0x0D, 0x3C, 0x3E, 0x5B, 0x7B]
    private static let structural: [[UInt8]] = [
        Array("<array>".utf8), Array("<dict>".utf8), Array(",".utf8), Array("\"".utf8), Array("\n".utf8),
        Array("[".utf8), Array("{".utf8), Array("\u{FEFF}".utf8), Array("%".utf8), Array("../".utf8),
    ]

    private mutating func apply(to input: [UInt8]) -> [UInt8] {
        var bytes = input
        switch random.next() % 8 {
        case 0 where !bytes.isEmpty:
            let at = index(below: bytes.count)
            bytes[at] ^= UInt8(1 << (random.next() % 8))
        case 1 where !bytes.isEmpty:
            bytes[index(below: bytes.count)] = Self.interesting[index(below: Self.interesting.count)]
        case 2 where !bytes.isEmpty:
            let start = index(below: bytes.count)
            let length = min(bytes.count - start, 1 + index(below: 64))
            bytes.removeSubrange(start..<(start + length))
        case 3 where !bytes.isEmpty:
            let start = index(below: bytes.count)
            let length = min(bytes.count - start, 1 + index(below: 256))
            bytes.insert(contentsOf: bytes[start..<(start + length)], at: index(below: bytes.count + 1))
        case 4:
            bytes = Array(bytes.prefix(index(below: bytes.count + 1)))
        case 5:
            let token = Self.structural[index(below: Self.structural.count)]
            let repeats = 1 + index(below: 2_000)
            let run = Array([[UInt8]](repeating: token, count: repeats).joined())
            bytes.insert(contentsOf: run, at: index(below: bytes.count + 1))
        case 6 where bytes.count >= 4:
            // A length or offset field set to a boundary: 0, -1, or just past the end.
            let at = index(below: bytes.count - 3)
            let value: UInt32 = [0, .max, UInt32(bytes.count), 0x7FFF_FFFF][index(below: 4)]
            withUnsafeBytes(of: value.bigEndian) { bytes.replaceSubrange(at..<(at + 4), with: $0) }
        default:
            bytes.append(contentsOf: (0..<(1 + index(below: 32))).map { _ in UInt8(truncatingIfNeeded: random.next()) })
        }
        return bytes
    }
}

/// A small, fast, seedable generator (Steele, Lea and Flood's SplitMix64).
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
