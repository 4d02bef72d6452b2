import Foundation
import Logging

extension FileManager {
    /// Removes a leftover (a staging folder, a retired copy) if there is one. A leftover that
    /// cannot be removed costs only disk space, so the failure is logged, not thrown: the
    /// operator learns why the space is not freed, and the work goes on.
    func removeLeftover(atPath path: String, logger: Logger) {
        guard fileExists(atPath: path) else { return }
        do {
            try removeItem(atPath: path)
        } catch {
            logger.warning("A leftover could not be removed; it takes space until it is.", metadata: ["path": "\(path)", "error": .error(error)])
        }
    }
}
