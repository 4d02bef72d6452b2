import Foundation
import PhotolalaKit

/// The JSON shapes of the API, kept in one place because the web UI depends on them.
enum API {
    struct Sources: Encodable {
        let sources: [Source]
    }

    struct Source: Encodable {
        let id: String
        let kind: String
        let name: String
        let configured: Bool
        /// What the source offers beyond listing and showing photos (`sorting`, `grouping`,
        /// `star`, `restore`, …): the page shows the controls for these only.
        var capabilities: [String] = []
        var rootFolder: String?
        var message: String?
        /// For the Cloud: whether originals must be restored from Deep Archive before they are
        /// read (S3), or are readable at once (a backup folder).
        var archived: Bool?
        /// For an Apple Photos library: what the reader could not make sense of, with what the
        /// user misses (a column not found, so every photo is treated as hidden); absent when none.
        var problems: [String]?

        init(id: String, kind: String, name: String, configured: Bool, message: String? = nil) {
            self.id = id
            self.kind = kind
            self.name = name
            self.configured = configured
            self.message = message
        }

        /// Source `id` as its summary describes it.
        init(id: String, _ summary: PhotoSourceSummary) {
            self.init(id: id, kind: summary.kind, name: summary.name, configured: summary.configured, message: summary.message)
            capabilities = API.names(of: summary.capabilities)
            rootFolder = summary.rootFolder
            archived = summary.archived
            problems = summary.problems
        }
    }

    /// The names the page knows capabilities by.
    static func names(of capabilities: PhotoSourceCapabilities) -> [String] {
        let named: [(PhotoSourceCapabilities, String)] = [
            (.albums, "albums"), (.search, "search"), (.sorting, "sorting"), (.grouping, "grouping"), (.preview, "preview"), (.star, "star"),
            (.restore, "restore"), (.folders, "folders"), (.describe, "describe"),
        ]
        return named.filter { capabilities.contains($0.0) }.map(\.1)
    }

    struct FolderRef: Encodable, Equatable {
        let id: String
        let name: String
        /// What a subfolder is, for its tile's icon: `folder`, or in Apple Photos `album`,
        /// `smartAlbum` (the built-in views too), `sharedAlbum`, `project` or `folder`; absent in
        /// breadcrumbs.
        var kind: String? = nil

        init(id: String, name: String, kind: String? = nil) {
            self.id = id
            self.name = name
            self.kind = kind
        }

        init(_ reference: PhotoFolder.Reference) {
            self.init(id: reference.id, name: reference.name, kind: reference.kind)
        }
    }

    /// A subfolder's tile: its photos (`count`), its own subfolders or albums (`folders`) and the
    /// photo whose thumbnail stands for it (`cover`, addressed in that subfolder, or in the
    /// folder beneath it its `folder` names), absent when empty.
    struct FolderSummary: Encodable {
        struct Cover: Encodable {
            let id: String
            let version: String?
            /// The part of the photo the tile frames (a person's face), as fractions of it.
            let region: FaceRegion?
            /// The folder the photo is in, when it lies beneath the tile's folder.
            let folder: String?
        }

        let count: Int
        let folders: Int
        let cover: Cover?

        init(_ summary: PhotolalaKit.FolderSummary) {
            count = summary.photoCount
            folders = summary.folderCount
            cover = summary.cover.map { Cover(id: $0.item.id, version: $0.version, region: summary.coverRegion, folder: summary.coverFolder) }
        }
    }

    /// A folder's `folder` event (its subfolders now) or `closed` event (no longer followed:
    /// a page showing it opens it again).
    struct FolderEvent: Encodable {
        let source: String
        let folder: String
        var folders: [FolderRef]?
    }

    struct Folder: Encodable {
        let id: String
        let name: String
        let breadcrumb: [FolderRef]
        let folders: [FolderRef]
        /// What the folder is (the same names as ``FolderRef/kind``; `library` for an Apple Photos
        /// library's All Photos), so an empty album says so.
        var kind: String = "folder"
    }

    /// The columns of a compact row; `version` changes when the file does, so the page can put it
    /// in the thumbnail's address.
    static let rowFields = ["id", "name", "date", "size", "width", "height", "version", "dateSource", "offset", "kind", "duration", "companions"]

    /// One photo as a compact row: `[id, name, date, size, width, height, version, dateSource, offset, kind, duration, companions]`;
    /// `kind` is `photo` or `video`, `duration` a video's seconds (else `null`); `companions`
    /// the files shown as part of the item (`null` for most), each `[id, name, role, size,
    /// version]` with `role` `raw` (a RAW beside the JPEG shown) or `live` (a Live Photo's movie).
    struct Row: Encodable {
        let photo: ListedPhoto

        func encode(to encoder: any Encoder) throws {
            var row = encoder.unkeyedContainer()
            try row.encode(photo.item.id)
            try row.encode(photo.item.displayName)
            try row.encode(photo.date)
            try row.encode(photo.size)
            try row.encode(photo.width)
            try row.encode(photo.height)
            try row.encode(photo.version)
            try row.encode(photo.dateSource?.rawValue)
            try row.encode(photo.offset)
            try row.encode(photo.kind.rawValue)
            try row.encode(photo.duration)
            try row.encode(photo.companions.isEmpty ? nil : photo.companions.map(Companion.init))
        }
    }

    /// A file shown as part of an item: `[id, name, role, size, version]`.
    struct Companion: Encodable {
        let file: ListedPhoto

        func encode(to encoder: any Encoder) throws {
            var row = encoder.unkeyedContainer()
            try row.encode(file.item.id)
            try row.encode(file.item.displayName)
            try row.encode(file.companionRole.rawValue)
            try row.encode(file.size)
            try row.encode(file.version)
        }

        /// The same as JSON text, for ``Items``.
        static func append(_ companions: [ListedPhoto], to out: inout [UInt8]) {
            guard !companions.isEmpty else {
                out += "null".utf8
                return
            }
            out.append(UInt8(ascii: "["))
            for (index, file) in companions.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                out.append(UInt8(ascii: "["))
                JSONText.appendString(file.item.id, to: &out)
                out.append(UInt8(ascii: ","))
                JSONText.appendString(file.item.displayName, to: &out)
                out.append(UInt8(ascii: ","))
                JSONText.appendString(file.companionRole.rawValue, to: &out)
                out.append(UInt8(ascii: ","))
                JSONText.appendInteger(file.size, to: &out)
                out.append(UInt8(ascii: ","))
                JSONText.appendString(file.version, to: &out)
                out.append(UInt8(ascii: "]"))
            }
            out.append(UInt8(ascii: "]"))
        }
    }

    /// A page of a folder's listing. Written by hand rather than through `JSONEncoder`: a
    /// folder of 100,000 photos is 6 MB of JSON, which the encoder would build as a tree of
    /// boxed values first.
    struct Items {
        let count: Int
        let complete: Bool
        let offset: Int
        let photos: ArraySlice<ListedPhoto>

        var json: [UInt8] {
            var out: [UInt8] = []
            out.reserveCapacity(160 + photos.count * 96)
            out += "{\"count\":\(count),\"complete\":\(complete),\"offset\":\(offset),\"fields\":[".utf8
            for (index, field) in rowFields.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONText.appendString(field, to: &out)
            }
            out += "],\"items\":[".utf8
            for (index, photo) in photos.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                out.append(UInt8(ascii: "["))
                JSONText.appendString(photo.item.id, to: &out)
                out.append(UInt8(ascii: ","))
                JSONText.appendString(photo.item.displayName, to: &out)
                out.append(UInt8(ascii: ","))
                JSONText.appendInteger(photo.date, to: &out)
                out.append(UInt8(ascii: ","))
                JSONText.appendInteger(photo.size, to: &out)
                out.append(UInt8(ascii: ","))
                JSONText.appendInteger(photo.width.map(Int64.init), to: &out)
                out.append(UInt8(ascii: ","))
                JSONText.appendInteger(photo.height.map(Int64.init), to: &out)
                out.append(UInt8(ascii: ","))
                JSONText.appendString(photo.version, to: &out)
                out.append(UInt8(ascii: ","))
                JSONText.appendString(photo.dateSource?.rawValue, to: &out)
                out.append(UInt8(ascii: ","))
                JSONText.appendInteger(photo.offset.map(Int64.init), to: &out)
                out.append(UInt8(ascii: ","))
                JSONText.appendString(photo.kind.rawValue, to: &out)
                out.append(UInt8(ascii: ","))
                if let duration = photo.duration {
                    out += String(duration).utf8
                } else {
                    out += "null".utf8
                }
                out.append(UInt8(ascii: ","))
                Companion.append(photo.companions, to: &out)
                out.append(UInt8(ascii: "]"))
            }
            out += "]}".utf8
            return out
        }
    }

    struct Listing: Encodable {
        let source: String
        let folder: String
        let count: Int
        let complete: Bool
    }

    /// How far the search index is brought up to date with the served sources: `done` of the
    /// `found` photos so far (a tree's count grows as it is walked), until `complete`.
    struct Indexing: Encodable {
        let found: Int
        let done: Int
        let complete: Bool
    }

    struct Change: Encodable {
        let source: String
        let folder: String
        let added: [Row]
        let removed: [String]
        let updated: [Row]
    }

    /// `photolala info --json`'s object, for the inspector, with what only its source knows
    /// (an Apple Photos album, a backup date) as `details`, shown as they are.
    struct Metadata: Encodable {
        let json: PhotoMetadataJSON
        var details: [Detail] = []

        func encode(to encoder: any Encoder) throws {
            try json.encode(to: encoder)
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(details, forKey: .details)
        }

        private enum Key: String, CodingKey {
            case details
        }
    }

    /// One line of the inspector: `field` names it for tests and styles.
    struct Detail: Encodable {
        let field: String
        let label: String
        /// The line as text; a date in it in the server's words.
        let value: String
        /// For a line naming a date: `value` with `{date}` in its place, so the page writes the
        /// date as it writes every other date (in the browser's zone and locale).
        var template: String? = nil
        /// That date, ISO 8601.
        var date: String? = nil
        /// `day` for a day alone ("14 Jul 2023"), `time` for a moment.
        var dateStyle: String? = nil

    }
}

extension API.Folder {
    init(_ folder: PhotoFolder) {
        self.init(
            id: folder.id, name: folder.name, breadcrumb: folder.breadcrumb.map(API.FolderRef.init), folders: folder.folders.map(API.FolderRef.init),
            kind: folder.kind)
    }
}

extension API.Detail {
    init(_ detail: PhotoDetail) {
        self.init(
            field: detail.field, label: detail.label, value: detail.value, template: detail.template, date: detail.date?.formatted(.iso8601),
            dateStyle: detail.date == nil ? nil : detail.dayOnly ? "day" : "time")
    }
}

extension API.Items {
    init(_ page: FolderSession.Page) {
        self.init(count: page.count, complete: page.complete, offset: page.offset, photos: page.photos)
    }
}
