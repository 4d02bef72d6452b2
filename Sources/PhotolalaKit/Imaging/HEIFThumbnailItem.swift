import CHeif

/// The first thumbnail item of a HEIF's primary image as the file's boxes describe it (`ispe`,
/// turned by its `irot`), read by libheif without decoding any image.
///
/// libvips decodes a thumbnail item to check it as soon as it opens it, so its size is read here
/// first: an item too small for a grid costs nothing, and one larger than the primary (which
/// alone was checked against the pixel limit) is never decoded.
struct HEIFThumbnailItem {
    let width: Int
    let height: Int

    /// `nil` when the primary image has no thumbnail item, or libheif cannot read the boxes.
    init?(firstOf buffer: UnsafeRawBufferPointer) {
        guard let context = heif_context_alloc() else { return nil }
        defer { heif_context_free(context) }
        guard heif_context_read_from_memory_without_copy(context, buffer.baseAddress, buffer.count, nil).code == heif_error_Ok else {
            return nil
        }
        var primary: OpaquePointer?
        guard heif_context_get_primary_image_handle(context, &primary).code == heif_error_Ok, let primary else { return nil }
        defer { heif_image_handle_release(primary) }
        var id: heif_item_id = 0
        guard heif_image_handle_get_list_of_thumbnail_IDs(primary, &id, 1) == 1 else { return nil }
        var item: OpaquePointer?
        guard heif_image_handle_get_thumbnail(primary, id, &item).code == heif_error_Ok, let item else { return nil }
        defer { heif_image_handle_release(item) }
        width = Int(heif_image_handle_get_width(item))
        height = Int(heif_image_handle_get_height(item))
    }
}
