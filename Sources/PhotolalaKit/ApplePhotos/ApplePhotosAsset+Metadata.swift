extension ApplePhotosAsset {
    /// The asset's metadata as Photos records it; a video's also from its file's `header`
    /// (codec, camera), where Photos' own date, place and size win.
    func metadata(header: VideoHeader? = nil) -> PhotoMetadata {
        var metadata = PhotoMetadata()
        header?.apply(to: &metadata)
        if isMovie {
            metadata.kind = .video
            metadata.duration = duration ?? metadata.duration
        }
        metadata.fileSize = fileSize
        metadata.creationDate = addedDate
        metadata.modificationDate = modificationDate
        if creationDate != nil || header?.date == nil {
            metadata.photoDate = creationDate
            metadata.photoDateOffsetSeconds = timeZoneOffset
            metadata.photoDateSource = creationDate == nil ? nil : .photos
        }
        metadata.width = width ?? metadata.width
        metadata.height = height ?? metadata.height
        metadata.orientation = orientation ?? metadata.orientation
        if let latitude, let longitude {
            (metadata.latitude, metadata.longitude) = (latitude, longitude)
        }
        metadata.format = originalUTI.flatMap(Self.format(uti:)) ?? metadata.format
        metadata.originalFilename = originalFilename
        return metadata
    }

    private static func format(uti: String) -> ImageFormat? {
        switch uti {
        case "public.jpeg": .jpeg
        case "public.png": .png
        case "public.heic", "public.heif": .heif
        case "public.avif": .avif
        case "public.tiff": .tiff
        case "com.compuserve.gif": .gif
        case "org.webmproject.webp", "public.webp": .webp
        case "com.microsoft.bmp": .bmp
        case "com.apple.quicktime-movie": .mov
        case "public.mpeg-4": .mp4
        case "com.apple.m4v-video": .m4v
        case "public.3gpp": .threeGPP
        default: nil
        }
    }
}
