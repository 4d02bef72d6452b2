import PhotolalaKit

extension API {
    /// `POST /api/describe`: an edit of the listed photos of a folder (``DescriptionEdit``).
    /// Keys as `info --json` names them: `rating`, `colorLabel`, `title`, `description`, and the
    /// keywords to add and take away.
    struct DescribeRequest: Decodable {
        let source: String
        let folder: String
        let ids: [String]
        let rating: Int?
        let colorLabel: String?
        let title: String?
        let description: String?
        let addKeywords: [String]?
        let removeKeywords: [String]?

        var edit: DescriptionEdit {
            DescriptionEdit(
                rating: rating, colorLabel: colorLabel, title: title, caption: description, addedKeywords: addKeywords ?? [],
                removedKeywords: removeKeywords ?? [])
        }
    }

    /// What a photo's sidecar says after an edit, or why it was not edited (the others of the
    /// request still were).
    struct Described: Encodable {
        var rating: Int?
        var colorLabel: String?
        var title: String?
        var description: String?
        var keywords: [String]?
        var error: String?

        init(_ description: PhotoDescription) {
            rating = description.rating
            colorLabel = description.colorLabel
            title = description.title
            self.description = description.caption
            keywords = description.keywords
        }

        init(error: String) {
            self.error = error
        }
    }

    /// Each photo's answer by its id.
    struct DescribedItems: Encodable {
        let items: [String: Described]
    }
}
