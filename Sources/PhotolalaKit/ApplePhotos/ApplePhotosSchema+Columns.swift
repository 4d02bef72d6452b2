extension ApplePhotosSchema {
    /// The tables the reader reads columns of.
    enum Table: Sendable, CaseIterable {
        /// `ZGENERICASSET` or `ZASSET` (``ApplePhotosSchema/assetTable``).
        case asset
        case attributes
        case album
        case resource
        case keyword
        case typeIdentifier
        /// `ZDETECTEDFACE`: a face Photos found, and the person it is.
        case face
        /// `ZPERSON`: a person the user named (or Photos grouped).
        case person
        /// `ZASSETDESCRIPTION`: an asset's caption.
        case description
    }

    /// Whether a library is expected to have a column.
    enum Presence: Sendable {
        /// Every Photos 5+ library has it: its absence is a problem.
        case always
        /// Libraries of this model version and later have it.
        case since(model: Int)
        /// Some releases have it (10.15 and 11's type identifier table): read when present,
        /// its absence is no problem.
        case optional
    }

    /// What a reader misses when columns are not found, in the words of the problem reported.
    enum Loss: String, Sendable {
        case noPhotos = "no photo can be listed"
        case hidden =
            "Photolala cannot tell which photos are hidden, so it treats every photo as hidden: All Photos, Favorites and albums list none (only a listing that asks for hidden photos shows them)"
        case trashed =
            "Photolala cannot tell which photos were deleted, so it treats every photo as recently deleted: All Photos, Favorites and albums list none (only a listing that asks for deleted photos shows them)"
        case kind = "whether an item is a photo or a video is guessed from its file type"
        case kindSubtype = "live photos, panoramas and screenshots are not told apart"
        case duration = "videos are listed without their duration"
        case favorite = "no photo shows as a favourite (Favorites is empty)"
        case originalFile = "the originals' files cannot be found: every photo counts as not local and cannot be exported or backed up"
        case dateTaken = "photos show no date taken and are listed last"
        case otherDates = "photos show no import or modification date, and an edit made in Photos does not refresh their thumbnails"
        case size = "photos show no pixel size or orientation"
        case burst = "every frame of a burst is listed, not only its key and selected frames"
        case location = "photos show no location"
        case type = "file types are guessed from file names"
        case adjustments = "edits made in Photos are not shown: the originals are shown instead"
        case reference = "photos whose originals were left outside the library are looked for inside it"
        case shared = "photos received through shared albums are looked for among the library's own originals"
        case outside = "photos of iCloud links or received in Messages and not saved may be listed"
        case attributes = "photos show no original filename, file size, time zone, title or keywords"
        case originalFilename = "photos show their name inside the library (a uuid) instead of their original filename"
        case fileSize = "photos show no file size"
        case timeZone = "dates are shown without the time zone the photo was taken in"
        case title = "photos show no title, and search does not find them by title"
        case keywords = "no photo shows keywords, and search does not find them by keyword"
        case noAlbums = "no album is listed"
        case albumTitle = "albums show without their titles"
        case albumFolder = "albums show at the top level instead of in their folders"
        case albumTrashed =
            "Photolala cannot tell which albums were deleted, so it treats every album as deleted and lists none"
        case albumOrder = "albums are listed in the order they were made, and their photos in the order the user arranged them"
        case resources = "whether an original is in iCloud only is judged by its file alone, and RAW+JPEG pairs are not told"
        case people = "photos show no named people, and search does not find them by person"
        case faces = "the People view shows each person's photo without framing their face"
        case descriptions = "photos show no description, and search does not find them by it"
        case places = "photos show no place Photos named: search finds them by the place of their position instead"
    }

    /// One column's entry in the table: where it is, when a library has it, the SQL read in its
    /// place when it is missing, and what the user then misses.
    struct Definition: Sendable {
        let table: Table
        /// Its names in the releases that have it; the first the library has is read.
        let names: [String]
        let presence: Presence
        /// An expression of the same meaning that keeps every query valid and the reader safe:
        /// `1` (hidden, deleted) where an unknown value must hide a photo rather than show it.
        let fallback: String
        let loss: Loss
        /// Text, read through ``ApplePhotosSchema/value(_:_:)`` cut at ``ApplePhotosRow/textLimit``.
        let isText: Bool

        init(_ table: Table, _ names: String..., presence: Presence = .always, fallback: String = "NULL", loss: Loss, text: Bool = false) {
            self.table = table
            self.names = names
            self.presence = presence
            self.fallback = fallback
            self.loss = loss
            isText = text
        }
    }

    /// Every column the reader reads, checked when a library opens: a query names a column only
    /// through this table, so the check and the queries cannot drift apart.
    /// Its raw value is its place in a statement's ``ApplePhotosRow/Indexes``.
    enum Column: Int, Sendable, CaseIterable {
        case assetKey, assetUUID, filename, directory, dateCreated, addedDate, modificationDate, width, height, orientation
        case kind, kindSubtype, favorite, hidden, trashed, burstUUID, burstPickType, latitude, longitude, typeIdentifier, duration
        case adjustments, savedAssetType, cloudBatchPublishDate, momentShare
        case attributesKey, attributesAsset, originalFilename, originalFileSize, timeZoneOffset, timeZoneName, title
        case syndicationIdentifier, syndicationHistory
        case albumKey, albumUUID, albumTitle, albumKind, albumParent, albumTrashed, albumSortKey, albumSortAscending, albumPosition
        case resourceAsset, resourceSubtype, resourceAvailability, resourceTypeIdentifier, resourceCompactType, resourceDataLength
        case keywordKey, keywordTitle
        case typeIdentifierKey, typeIdentifierName
        case faceAsset, facePerson, personKey, personFullName, faceCenterX, faceCenterY, faceSize
        case attributesDescription, descriptionKey, descriptionText
        case reverseLocation

        // swift-format-ignore
        var definition: Definition {
            switch self {
            case .assetKey: Definition(.asset, "Z_PK", loss: .noPhotos)
            case .assetUUID: Definition(.asset, "ZUUID", loss: .noPhotos, text: true)
            case .filename: Definition(.asset, "ZFILENAME", loss: .originalFile, text: true)
            case .directory: Definition(.asset, "ZDIRECTORY", loss: .originalFile, text: true)
            case .dateCreated: Definition(.asset, "ZDATECREATED", loss: .dateTaken)
            case .addedDate: Definition(.asset, "ZADDEDDATE", loss: .otherDates)
            case .modificationDate: Definition(.asset, "ZMODIFICATIONDATE", loss: .otherDates)
            case .width: Definition(.asset, "ZWIDTH", loss: .size)
            case .height: Definition(.asset, "ZHEIGHT", loss: .size)
            case .orientation: Definition(.asset, "ZORIENTATION", loss: .size)
            case .kind: Definition(.asset, "ZKIND", loss: .kind)
            case .kindSubtype: Definition(.asset, "ZKINDSUBTYPE", loss: .kindSubtype)
            case .favorite: Definition(.asset, "ZFAVORITE", loss: .favorite)
            case .hidden: Definition(.asset, "ZHIDDEN", fallback: "1", loss: .hidden)
            case .trashed: Definition(.asset, "ZTRASHEDSTATE", fallback: "1", loss: .trashed)
            case .burstUUID: Definition(.asset, "ZAVALANCHEUUID", loss: .burst, text: true)
            case .burstPickType: Definition(.asset, "ZAVALANCHEPICKTYPE", loss: .burst)
            case .latitude: Definition(.asset, "ZLATITUDE", loss: .location)
            case .longitude: Definition(.asset, "ZLONGITUDE", loss: .location)
            case .typeIdentifier: Definition(.asset, "ZUNIFORMTYPEIDENTIFIER", loss: .type, text: true)
            case .duration: Definition(.asset, "ZDURATION", loss: .duration)
            // ZHASADJUSTMENTS became ZADJUSTMENTSSTATE in Photos 10 (macOS 15).
            case .adjustments: Definition(.asset, "ZHASADJUSTMENTS", "ZADJUSTMENTSSTATE", loss: .adjustments)
            case .savedAssetType: Definition(.asset, "ZSAVEDASSETTYPE", loss: .reference)
            case .cloudBatchPublishDate: Definition(.asset, "ZCLOUDBATCHPUBLISHDATE", loss: .shared)
            case .momentShare: Definition(.asset, "ZMOMENTSHARE", loss: .outside)
            case .attributesKey: Definition(.attributes, "Z_PK", loss: .keywords)
            case .attributesAsset: Definition(.attributes, "ZASSET", loss: .attributes)
            case .originalFilename: Definition(.attributes, "ZORIGINALFILENAME", loss: .originalFilename, text: true)
            case .originalFileSize: Definition(.attributes, "ZORIGINALFILESIZE", loss: .fileSize)
            case .timeZoneOffset: Definition(.attributes, "ZTIMEZONEOFFSET", loss: .timeZone)
            case .timeZoneName: Definition(.attributes, "ZTIMEZONENAME", loss: .timeZone, text: true)
            case .title: Definition(.attributes, "ZTITLE", loss: .title, text: true)
            // "Shared with You" arrived with 12.0.1; 12.0 previews used these names for something else.
            case .syndicationIdentifier:
                Definition(.attributes, "ZSYNDICATIONIDENTIFIER", presence: .since(model: 15323), loss: .outside, text: true)
            case .syndicationHistory: Definition(.attributes, "ZSYNDICATIONHISTORY", presence: .since(model: 15323), loss: .outside)
            case .albumKey: Definition(.album, "Z_PK", loss: .noAlbums)
            case .albumUUID: Definition(.album, "ZUUID", loss: .noAlbums, text: true)
            case .albumTitle: Definition(.album, "ZTITLE", loss: .albumTitle, text: true)
            case .albumKind: Definition(.album, "ZKIND", loss: .noAlbums)
            case .albumParent: Definition(.album, "ZPARENTFOLDER", loss: .albumFolder)
            case .albumTrashed: Definition(.album, "ZTRASHEDSTATE", fallback: "1", loss: .albumTrashed)
            case .albumSortKey: Definition(.album, "ZCUSTOMSORTKEY", loss: .albumOrder)
            case .albumSortAscending: Definition(.album, "ZCUSTOMSORTASCENDING", loss: .albumOrder)
            case .albumPosition: Definition(.album, "Z_FOK_PARENTFOLDER", loss: .albumOrder)
            case .resourceAsset: Definition(.resource, "ZASSET", loss: .resources)
            case .resourceSubtype: Definition(.resource, "ZDATASTORESUBTYPE", loss: .resources)
            case .resourceAvailability: Definition(.resource, "ZLOCALAVAILABILITY", loss: .resources)
            // 10.15 and 11 join resources to a table of identifiers; 12 and later store a compact code.
            case .resourceTypeIdentifier: Definition(.resource, "ZUNIFORMTYPEIDENTIFIER", presence: .optional, loss: .type)
            case .resourceCompactType: Definition(.resource, "ZCOMPACTUTI", presence: .optional, loss: .type)
            case .resourceDataLength: Definition(.resource, "ZDATALENGTH", presence: .optional, loss: .fileSize)
            case .keywordKey: Definition(.keyword, "Z_PK", loss: .keywords)
            case .keywordTitle: Definition(.keyword, "ZTITLE", loss: .keywords, text: true)
            case .typeIdentifierKey: Definition(.typeIdentifier, "Z_PK", presence: .optional, loss: .type)
            case .typeIdentifierName: Definition(.typeIdentifier, "ZIDENTIFIER", presence: .optional, loss: .type, text: true)
            // Photos 9 (macOS 14) renamed a face's asset and person columns (osxphotos reads both).
            case .faceAsset: Definition(.face, "ZASSETFORFACE", "ZASSET", loss: .people)
            case .facePerson: Definition(.face, "ZPERSONFORFACE", "ZPERSON", loss: .people)
            case .personKey: Definition(.person, "Z_PK", loss: .people)
            case .personFullName: Definition(.person, "ZFULLNAME", loss: .people, text: true)
            case .faceCenterX: Definition(.face, "ZCENTERX", loss: .faces)
            case .faceCenterY: Definition(.face, "ZCENTERY", loss: .faces)
            case .faceSize: Definition(.face, "ZSIZE", loss: .faces)
            case .attributesDescription: Definition(.attributes, "ZASSETDESCRIPTION", loss: .descriptions)
            case .descriptionKey: Definition(.description, "Z_PK", loss: .descriptions)
            case .descriptionText: Definition(.description, "ZLONGDESCRIPTION", loss: .descriptions, text: true)
            // A keyed archive of PLRevGeoLocationInfo; its validity flag is left aside, as osxphotos does.
            case .reverseLocation: Definition(.attributes, "ZREVERSELOCATIONDATA", loss: .places)
            }
        }
    }
}
