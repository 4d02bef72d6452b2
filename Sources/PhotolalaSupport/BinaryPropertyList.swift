/// The object graph of a `bplist00` file, read just far enough to bound it.
///
/// Arrays, sets and dictionaries hold references to other objects by number, so a binary
/// property list can nest as deeply as an XML one, refer to itself in a loop, or share one
/// object so often that parsing it out builds millions of values. ``checkGraph(depthLimit:nodeLimit:)``
/// walks the graph without recursion, each object once, and refuses all three.
struct BinaryPropertyList {
    static let magic = Array("bplist00".utf8)

    let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    private typealias Refusal = UntrustedDocument.Refusal

    static let malformed = UntrustedDocument.Refusal(reason: "it is not a well-formed binary property list")

    /// Refuses a graph deeper than `depthLimit`, with a loop, or whose values, expanded as a
    /// parser expands them, number more than `nodeLimit`.
    /// - Throws: ``UntrustedDocument/Refusal``.
    func checkGraph(depthLimit: Int, nodeLimit: Int) throws {
        let trailer = try trailer()
        let count = trailer.count
        let top = trailer.top
        var height = [Int](repeating: 0, count: count)
        var expanded = [Int](repeating: 0, count: count)
        var state = [UInt8](repeating: 0, count: count)  // 0 unseen, 1 on the path, 2 done
        var path: [(object: Int, children: [Int], next: Int)] = [
            (top, try children(of: top, trailer), 0)
        ]
        state[top] = 1
        while let frame = path.last {
            if frame.next < frame.children.count {
                let child = frame.children[frame.next]
                path[path.count - 1].next += 1
                switch state[child] {
                case 1: throw Refusal(reason: "it refers to itself in a loop")
                case 2: continue
                default:
                    guard path.count < depthLimit else { throw UntrustedDocument.Refusal(reason: "it nests more than \(depthLimit) levels deep") }
                    state[child] = 1
                    path.append((child, try children(of: child, trailer), 0))
                }
            } else {
                path.removeLast()
                let object = frame.object
                height[object] = 1 + (frame.children.map { height[$0] }.max() ?? 0)
                expanded[object] = frame.children.reduce(1) { total, child in min(nodeLimit + 1, total + expanded[child]) }
                guard height[object] <= depthLimit else { throw Refusal(reason: "it nests more than \(depthLimit) levels deep") }
                guard expanded[object] <= nodeLimit else { throw Refusal(reason: "its shared values expand to more than \(nodeLimit) values") }
                state[object] = 2
            }
        }
    }

    /// Where the objects are: read from the last 32 bytes.
    struct Trailer {
        /// The size of an offset in the offset table, and of a reference in a container.
        let offsetSize, referenceSize: Int
        let count, top: Int
        /// Where the offset table starts; every object lies before it.
        let table: Int
    }

    /// The trailer: 6 unused bytes, offset size, reference size, object count, top object,
    /// offset table position.
    /// - Throws: ``UntrustedDocument/Refusal`` when it does not describe objects inside the file.
    func trailer() throws -> Trailer {
        guard bytes.count >= Self.magic.count + 32 else { throw Self.malformed }
        let end = bytes.count - 32
        let offsetSize = Int(bytes[end + 6])
        let referenceSize = Int(bytes[end + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
            let count = integer(at: end + 8, size: 8), let top = integer(at: end + 16, size: 8), let table = integer(at: end + 24, size: 8),
            count > 0, top < count, table >= Self.magic.count, table <= end, count <= (end - table) / offsetSize
        else { throw Self.malformed }
        return Trailer(offsetSize: offsetSize, referenceSize: referenceSize, count: count, top: top, table: table)
    }

    /// Where `object` starts.
    func offset(of object: Int, _ trailer: Trailer) throws -> Int {
        guard let offset = integer(at: trailer.table + object * trailer.offsetSize, size: trailer.offsetSize), offset < trailer.table else {
            throw Self.malformed
        }
        return offset
    }

    /// How many entries the object whose marker is at `offset` has, and where they start: the
    /// marker's low nibble, or 15 and an integer object after it.
    func length(at offset: Int, _ trailer: Trailer) throws -> (count: Int, start: Int) {
        let nibble = Int(bytes[offset] & 0x0F)
        let start = offset + 1
        guard nibble == 0x0F else { return (nibble, start) }
        // The count follows as an integer object: marker 0x1n, then 2^n bytes.
        guard start < trailer.table, bytes[start] >> 4 == 0x1, bytes[start] & 0x0F <= 3 else { throw Self.malformed }
        let size = 1 << Int(bytes[start] & 0x0F)
        guard let value = integer(at: start + 1, size: size) else { throw Self.malformed }
        return (value, start + 1 + size)
    }

    /// The objects a container refers to; none for other objects.
    func children(of object: Int, _ trailer: Trailer) throws -> [Int] {
        let offset = try offset(of: object, trailer)
        let perEntry: Int
        switch bytes[offset] >> 4 {
        case 0xA, 0xC: perEntry = 1  // array, set
        case 0xD: perEntry = 2  // dictionary: keys, then values
        default: return []
        }
        let (entries, start) = try length(at: offset, trailer)
        guard entries <= (trailer.table - start) / (perEntry * trailer.referenceSize) else { throw Self.malformed }
        return try (0..<entries * perEntry).map { position in
            guard let reference = integer(at: start + position * trailer.referenceSize, size: trailer.referenceSize), reference < trailer.count
            else { throw Self.malformed }
            return reference
        }
    }

    /// A big-endian unsigned integer of `size` bytes at `offset`; `nil` past the end or beyond `Int`.
    func integer(at offset: Int, size: Int) -> Int? {
        guard offset >= 0, offset + size <= bytes.count else { return nil }
        var value: UInt64 = 0
        for byte in bytes[offset..<offset + size] {
            value = value << 8 | UInt64(byte)
        }
        return value <= UInt64(Int.max) ? Int(value) : nil
    }
}
