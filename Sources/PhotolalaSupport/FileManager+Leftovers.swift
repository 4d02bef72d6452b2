package import Foundation
package import Logging

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension FileManager {
    /// Removes a leftover (a staging folder, a retired copy) if there is one. A leftover that
    /// cannot be removed costs only disk space, so the failure is logged, not thrown: the
    /// operator learns why the space is not freed, and the work goes on.
    package func removeLeftover(atPath path: String, logger: Logger) {
        // lstat, not fileExists: a dangling link is a leftover too.
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        do {
            try removeItem(atPath: path)
        } catch {
            logger.warning("A leftover could not be removed; it takes space until it is.", metadata: ["path": "\(path)", "error": .error(error)])
        }
    }
}
