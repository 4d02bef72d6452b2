#if canImport(Glibc)
    import Glibc
#endif

/// Gives memory freed by the allocator back to the system.
///
/// Listing a folder of 100,000 photos allocates and frees tens of megabytes in small pieces on
/// several threads; glibc keeps such memory in its arenas unless asked with `malloc_trim`,
/// which Swift cannot import (it lives in `malloc.h`), so it is looked up by name.
enum FreedMemory {
    static func release() {
        #if os(Linux)
            typealias Trim = @convention(c) (Int) -> Int32
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
            _ = unsafeBitCast(symbol, to: Trim.self)(0)
        #endif
    }
}
