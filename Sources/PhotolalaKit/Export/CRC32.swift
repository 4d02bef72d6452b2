/// The CRC-32 of ZIP, gzip and PNG (IEEE 802.3, reflected polynomial 0xEDB88320), computed eight
/// bytes at a time ("slicing by 8"), so checksumming an export keeps up with the disk.
struct CRC32: Sendable {
    private(set) var value: UInt32 = 0

    /// Adds `bytes` to the checksum.
    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        var crc = ~value
        var index = 0
        let count = bytes.count
        Self.tables.withUnsafeBufferPointer { table in
            while index + 8 <= count {
                let low =
                    crc ^ (UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2]) << 16 | UInt32(bytes[index + 3]) << 24)
                let high = UInt32(bytes[index + 4]) | UInt32(bytes[index + 5]) << 8 | UInt32(bytes[index + 6]) << 16 | UInt32(bytes[index + 7]) << 24
                crc =
                    table[7 * 256 + Int(low & 0xFF)] ^ table[6 * 256 + Int(low >> 8 & 0xFF)]
                    ^ table[5 * 256 + Int(low >> 16 & 0xFF)] ^ table[4 * 256 + Int(low >> 24)]
                    ^ table[3 * 256 + Int(high & 0xFF)] ^ table[2 * 256 + Int(high >> 8 & 0xFF)]
                    ^ table[1 * 256 + Int(high >> 16 & 0xFF)] ^ table[Int(high >> 24)]
                index += 8
            }
            while index < count {
                crc = table[Int((crc ^ UInt32(bytes[index])) & 0xFF)] ^ (crc >> 8)
                index += 1
            }
        }
        value = ~crc
    }

    mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// Eight tables of 256: the first is the classic byte table, table k advances a byte k more.
    private static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for byte in 0..<256 {
            var crc = UInt32(byte)
            for _ in 0..<8 {
                crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1
            }
            tables[byte] = crc
        }
        for byte in 0..<256 {
            for slice in 1..<8 {
                let previous = tables[(slice - 1) * 256 + byte]
                tables[slice * 256 + byte] = tables[Int(previous & 0xFF)] ^ (previous >> 8)
            }
        }
        return tables
    }()
}
