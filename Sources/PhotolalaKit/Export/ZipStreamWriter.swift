#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A ZIP archive of stored (uncompressed) entries, written front to back as it goes, so an
/// export of any size is streamed to a client without a temporary copy: each entry's checksum
/// and size follow its bytes in a data descriptor (general purpose flag bit 3), and the central
/// directory comes at the end.
///
/// Photos and videos are compressed already, so storing costs nothing in size and leaves the
/// CPU free. Entries of 4 GiB or more, offsets past 4 GiB and more than 65,535 entries use
/// Zip64 (APPNOTE 6.3.10, section 4.5.3), as Go's `archive/zip` does; names are UTF-8 (bit 11).
///
/// ```swift
/// var zip = ZipStreamWriter()
/// send(zip.beginEntry(named: "IMG_0001.jpg", modified: 1_700_000_000))
/// zip.append(chunk); send(chunk)
/// send(zip.endEntry())
/// send(zip.finish())
/// ```
public struct ZipStreamWriter: Sendable {
    private struct Entry: Sendable {
        let name: [UInt8]
        let modified: Int64
        let offset: UInt64
        var crc = UInt32(0)
        var size = UInt64(0)

        var needsZip64: Bool { size >= 0xFFFF_FFFF || offset >= 0xFFFF_FFFF }
    }

    private var entries: [Entry] = []
    private var current: Entry?
    private var checksum = CRC32()
    /// Bytes of the archive handed out so far: where the next record starts.
    private var written = UInt64(0)

    public init() {}

    /// The local header of a new entry named `name` (a path inside the archive, `/` between
    /// folders), last modified at `modified` (Unix seconds).
    public mutating func beginEntry(named name: String, modified: Int64) -> [UInt8] {
        let entry = Entry(name: Array(name.utf8), modified: modified, offset: written)
        current = entry
        checksum = CRC32()
        var header = ZipRecord(signature: 0x0403_4B50)
        header.u16(20)  // version needed: stored entries; Zip64 is announced in the directory
        header.u16(Self.flags)
        header.u16(0)  // stored
        header.dosDateTime(entry.modified)
        header.u32(0)  // checksum and sizes follow the data
        header.u32(0)
        header.u32(0)
        header.u16(UInt16(clamping: entry.name.count))
        let extra = Self.timestampField(entry.modified)
        header.u16(UInt16(extra.count))
        header.append(entry.name)
        header.append(extra)
        return emit(header.bytes)
    }

    /// Counts `bytes` into the current entry, as they are sent.
    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        checksum.update(bytes)
        current?.size += UInt64(bytes.count)
        written += UInt64(bytes.count)
    }

    public mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// The data descriptor that ends the current entry: its checksum and size.
    public mutating func endEntry() -> [UInt8] {
        guard var entry = current else { return [] }
        entry.crc = checksum.value
        current = nil
        entries.append(entry)
        var descriptor = ZipRecord(signature: 0x0807_4B50)
        descriptor.u32(entry.crc)
        if entry.needsZip64 {
            descriptor.u64(entry.size)
            descriptor.u64(entry.size)
        } else {
            descriptor.u32(UInt32(entry.size))
            descriptor.u32(UInt32(entry.size))
        }
        return emit(descriptor.bytes)
    }

    /// The central directory and its end records: the archive's last bytes.
    public mutating func finish() -> [UInt8] {
        if current != nil {
            _ = endEntry()
        }
        let directoryOffset = written
        var directory: [UInt8] = []
        for entry in entries {
            directory += Self.directoryHeader(entry)
        }
        let directorySize = UInt64(directory.count)
        let zip64 = entries.count >= 0xFFFF || directoryOffset >= 0xFFFF_FFFF || directorySize >= 0xFFFF_FFFF || entries.contains(where: \.needsZip64)
        var end = ZipRecord()
        if zip64 {
            let recordOffset = directoryOffset + directorySize
            end.u32(0x0606_4B50)
            end.u64(44)  // the record's size after this field
            end.u16(Self.versionMadeBy)
            end.u16(45)
            end.u32(0)
            end.u32(0)
            end.u64(UInt64(entries.count))
            end.u64(UInt64(entries.count))
            end.u64(directorySize)
            end.u64(directoryOffset)
            end.u32(0x0706_4B50)  // the locator of the record above
            end.u32(0)
            end.u64(recordOffset)
            end.u32(1)
        }
        end.u32(0x0605_4B50)
        end.u16(0)
        end.u16(0)
        end.u16(UInt16(clamping: zip64 ? 0xFFFF : entries.count))
        end.u16(UInt16(clamping: zip64 ? 0xFFFF : entries.count))
        end.u32(zip64 ? 0xFFFF_FFFF : UInt32(directorySize))
        end.u32(zip64 ? 0xFFFF_FFFF : UInt32(directoryOffset))
        end.u16(0)
        return emit(directory + end.bytes)
    }

    /// Data descriptor follows (bit 3), names in UTF-8 (bit 11).
    private static let flags: UInt16 = 0x0008 | 0x0800
    /// Made on Unix (3), by a writer of version 4.5.
    private static let versionMadeBy: UInt16 = 3 << 8 | 45

    private mutating func emit(_ bytes: [UInt8]) -> [UInt8] {
        written += UInt64(bytes.count)
        return bytes
    }

    private static func directoryHeader(_ entry: Entry) -> [UInt8] {
        var zip64Field = ZipRecord()
        if entry.size >= 0xFFFF_FFFF {
            zip64Field.u64(entry.size)
            zip64Field.u64(entry.size)
        }
        if entry.offset >= 0xFFFF_FFFF {
            zip64Field.u64(entry.offset)
        }
        var extra = timestampField(entry.modified)
        if !zip64Field.bytes.isEmpty {
            var field = ZipRecord()
            field.u16(0x0001)
            field.u16(UInt16(zip64Field.bytes.count))
            extra += field.bytes + zip64Field.bytes
        }
        var header = ZipRecord(signature: 0x0201_4B50)
        header.u16(versionMadeBy)
        header.u16(entry.needsZip64 ? 45 : 20)
        header.u16(flags)
        header.u16(0)
        header.dosDateTime(entry.modified)
        header.u32(entry.crc)
        let size = entry.size >= 0xFFFF_FFFF ? 0xFFFF_FFFF : UInt32(entry.size)
        header.u32(size)
        header.u32(size)
        header.u16(UInt16(clamping: entry.name.count))
        header.u16(UInt16(extra.count))
        header.u16(0)  // no comment
        header.u16(0)  // disk
        header.u16(0)  // internal attributes
        header.u32(0o100644 << 16)  // a regular file, rw-r--r--
        header.u32(entry.offset >= 0xFFFF_FFFF ? 0xFFFF_FFFF : UInt32(entry.offset))
        header.append(entry.name)
        header.append(extra)
        return header.bytes
    }

    /// The "UT" extended timestamp (0x5455): the modification time in Unix seconds, which unzip
    /// and 7-Zip prefer to the DOS time, a local time without a zone.
    private static func timestampField(_ modified: Int64) -> [UInt8] {
        guard let seconds = UInt32(exactly: modified) else { return [] }
        var field = ZipRecord()
        field.u16(0x5455)
        field.u16(5)
        field.append([1])
        field.u32(seconds)
        return field.bytes
    }
}

/// A little-endian record under construction.
private struct ZipRecord {
    var bytes: [UInt8] = []

    init() {}

    init(signature: UInt32) {
        u32(signature)
    }

    mutating func u16(_ value: UInt16) {
        bytes += [UInt8(value & 0xFF), UInt8(value >> 8)]
    }

    mutating func u32(_ value: UInt32) {
        u16(UInt16(value & 0xFFFF))
        u16(UInt16(value >> 16))
    }

    mutating func u64(_ value: UInt64) {
        u32(UInt32(value & 0xFFFF_FFFF))
        u32(UInt32(value >> 32))
    }

    mutating func append(_ more: [UInt8]) {
        bytes += more
    }

    /// MS-DOS time and date, in this machine's time zone as ZIP tools write them; a time before
    /// 1980, which DOS cannot say, is written as 1980-01-01.
    mutating func dosDateTime(_ seconds: Int64) {
        var time = time_t(seconds)
        var parts = tm()
        guard localtime_r(&time, &parts) != nil, parts.tm_year >= 80, parts.tm_year < 80 + 128 else {
            u16(0)
            u16(1 << 5 | 1)
            return
        }
        u16(UInt16(parts.tm_hour) << 11 | UInt16(parts.tm_min) << 5 | UInt16(parts.tm_sec / 2))
        u16(UInt16(parts.tm_year - 80) << 9 | UInt16(parts.tm_mon + 1) << 5 | UInt16(parts.tm_mday))
    }
}
