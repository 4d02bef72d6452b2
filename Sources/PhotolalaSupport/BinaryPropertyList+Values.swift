extension BinaryPropertyList {
    /// The top object and all it holds, after ``checkGraph(depthLimit:nodeLimit:)`` has bounded
    /// how deep and how many they are.
    /// - Throws: ``UntrustedDocument/Refusal`` for a malformed object, or a dictionary key that
    ///   is not a string.
    func topValue(depthLimit: Int, nodeLimit: Int) throws -> PropertyListValue {
        try checkGraph(depthLimit: depthLimit, nodeLimit: nodeLimit)
        let trailer = try trailer()
        return try value(of: trailer.top, trailer)
    }

    /// One object, read recursively: the graph is checked, so recursion is as deep as the
    /// depth limit at most.
    private func value(of object: Int, _ trailer: Trailer) throws -> PropertyListValue {
        let offset = try offset(of: object, trailer)
        let marker = bytes[offset]
        let nibble = Int(marker & 0x0F)
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x08: return .bool(false)
            case 0x09: return .bool(true)
            default: return .null
            }
        case 0x1:
            // Integers of 1, 2 and 4 bytes are unsigned, of 8 two's complement; 16 are refused.
            guard nibble <= 3, let raw = unsigned(at: offset + 1, size: 1 << nibble, trailer) else { throw Self.malformed }
            return .integer(nibble == 3 ? Int(truncatingIfNeeded: Int64(bitPattern: raw)) : Int(raw))
        case 0x2, 0x3:
            let size = marker == 0x33 ? 8 : 1 << nibble
            guard size == 4 || size == 8, let raw = unsigned(at: offset + 1, size: size, trailer) else { throw Self.malformed }
            let number = size == 4 ? Double(Float(bitPattern: UInt32(raw))) : Double(bitPattern: raw)
            return marker == 0x33 ? .date(number) : .real(number)
        case 0x4:
            let (count, start) = try length(at: offset, trailer)
            return .data(Array(try slice(start, count, trailer)))
        case 0x5:
            let (count, start) = try length(at: offset, trailer)
            return .string(String(decoding: try slice(start, count, trailer), as: Unicode.ASCII.self))
        case 0x6:
            let (count, start) = try length(at: offset, trailer)
            guard count <= Int.max / 2 else { throw Self.malformed }
            let units = try slice(start, count * 2, trailer)
            let utf16 = stride(from: units.startIndex, to: units.endIndex, by: 2).map { UInt16(units[$0]) << 8 | UInt16(units[$0 + 1]) }
            return .string(String(decoding: utf16, as: UTF16.self))
        case 0x8:
            guard let number = unsigned(at: offset + 1, size: nibble + 1, trailer), number <= UInt64(Int.max) else { throw Self.malformed }
            return .uid(Int(number))
        case 0xA, 0xC:
            return .array(try children(of: object, trailer).map { try value(of: $0, trailer) })
        case 0xD:
            let references = try children(of: object, trailer)
            let half = references.count / 2
            var dictionary: [String: PropertyListValue] = [:]
            for index in 0..<half {
                guard case .string(let key) = try value(of: references[index], trailer) else {
                    throw UntrustedDocument.Refusal(reason: "a dictionary has a key that is not text")
                }
                dictionary[key] = try value(of: references[half + index], trailer)
            }
            return .dictionary(dictionary)
        default:
            throw Self.malformed
        }
    }

    /// `count` bytes from `start`, all before the offset table.
    private func slice(_ start: Int, _ count: Int, _ trailer: Trailer) throws -> ArraySlice<UInt8> {
        guard count >= 0, start <= trailer.table, count <= trailer.table - start else { throw Self.malformed }
        return bytes[start..<start + count]
    }

    /// A big-endian number of `size` (1 to 8) bytes at `offset`, before the offset table.
    private func unsigned(at offset: Int, size: Int, _ trailer: Trailer) -> UInt64? {
        guard (1...8).contains(size), offset >= 0, offset + size <= trailer.table else { return nil }
        return bytes[offset..<offset + size].reduce(0) { $0 << 8 | UInt64($1) }
    }
}
