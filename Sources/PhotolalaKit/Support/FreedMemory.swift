#if canImport(Glibc)
    import Glibc
#endif

/// Gives memory freed by the allocator back to the system.
///
/// Listing a folder of 100,000 photos allocates and frees tens of megabytes, in small pieces on
/// several threads and in a few large ones (the listing's response, the catalog being compared
/// with the folder). glibc keeps freed memory in its arenas; `malloc_trim` and `mallopt` live
/// in `malloc.h`, which Swift cannot import, so they are looked up by name.
public enum FreedMemory {
    /// Returns the free memory of glibc's arenas to the system.
    public static func release() {
        #if os(Linux)
            typealias Trim = @convention(c) (Int) -> Int32
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
            _ = unsafeBitCast(symbol, to: Trim.self)(0)
        #endif
    }

    /// Makes every block of a megabyte or more a mapping of its own, unmapped when freed. glibc
    /// otherwise raises that threshold after the first such block is freed, and later large
    /// blocks then stay in the arena once freed: a server answering a few 6 MB listings kept
    /// tens of megabytes it no longer used.
    public static func returnLargeBlocksAtOnce() {
        #if os(Linux)
            typealias SetOption = @convention(c) (Int32, Int32) -> Int32
            let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
            _ = unsafeBitCast(symbol, to: SetOption.self)(mmapThreshold, 1 << 20)
        #endif
    }
}
