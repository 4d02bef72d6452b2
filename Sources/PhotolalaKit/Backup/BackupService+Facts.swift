extension BackupService {
    /// What this device knows of the photos a run stored or found stored, for the cloud
    /// catalog's facts (``CloudFacts``), so other devices search them by place, camera and
    /// keyword: each content's description as read here, overlaid by the photo's sidecar as
    /// its metadata plist is. A photo never read as an image here has none.
    func facts(of items: [BackupItem]) -> [String: PhotoDescription] {
        let known = files.descriptions.descriptions(ofMD5s: items.map(\.md5))
        var facts: [String: PhotoDescription] = [:]
        for (item, description) in zip(items, known) {
            guard let description else { continue }
            facts[item.md5] = files.describedWithSidecar(description, ofPhotoAt: item.path)
        }
        return facts
    }
}
