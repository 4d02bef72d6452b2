import Foundation
import Logging

extension BackupService {
    /// What this device knows of the photos a run stored or found stored, for the cloud
    /// catalog's facts (``CloudFacts``), so other devices search them by place, camera, person
    /// and keyword: each content's description as read here, overlaid by the photo's sidecar as
    /// its metadata plist is, and for an original of an Apple Photos library the people and
    /// scene labels the library knows of it. A photo never read as an image here has none.
    func facts(of items: [BackupItem]) -> [String: PhotoDescription] {
        let known = files.descriptions.descriptions(ofMD5s: items.map(\.md5))
        let libraries = libraryFacts(of: items)
        var facts: [String: PhotoDescription] = [:]
        for (item, description) in zip(items, known) {
            guard let description else { continue }
            var described = files.describedWithSidecar(description, ofPhotoAt: item.path)
            if let uuid = item.applePhotoID, let library = Self.library(containing: item.path), let known = libraries[library] {
                described.people = known.people[uuid] ?? []
                described.labels = known.labels[uuid] ?? []
            }
            facts[item.md5] = described
        }
        return facts
    }

    /// What each library the Apple Photos originals among `items` come from knows of its
    /// assets, read once a run; a library that cannot be read is logged, and its photos'
    /// facts go without people and labels.
    private func libraryFacts(of items: [BackupItem]) -> [String: ApplePhotosFacts] {
        let libraries = Set(items.compactMap { $0.applePhotoID == nil ? nil : Self.library(containing: $0.path) })
        var facts: [String: ApplePhotosFacts] = [:]
        for path in libraries {
            do {
                facts[path] = try ApplePhotosLibrary(path: path, logger: logger).facts()
            } catch {
                logger.warning(
                    "The people and labels of the backed-up photos of an Apple Photos library could not be read; other devices will not find them by person.",
                    metadata: ["library": "\(path)", "error": "\(error)"])
            }
        }
        return facts
    }

    /// The library an original's path is inside: the nearest folder above it that holds
    /// `database/Photos.sqlite` (`originals/7/UUID.jpeg`, or `Masters/2019/…` of older ones).
    static func library(containing path: String) -> String? {
        var folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        for _ in 0..<8 where folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.path + "/database/Photos.sqlite") { return folder.path }
            folder.deleteLastPathComponent()
        }
        return nil
    }
}
