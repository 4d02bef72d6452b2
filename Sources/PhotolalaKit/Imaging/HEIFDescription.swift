import CHeif
import CImaging

/// What libheif reads of a HEIF's or AVIF's boxes without decoding any image: the size of its
/// primary image's first thumbnail item (`ispe`, turned by its `irot`) and the primary's nclx
/// colour description (its `colr` box).
///
/// libvips decodes a thumbnail item to check it as soon as it opens it, so the item's size is
/// read here first: an item too small for a grid costs nothing, and one larger than the primary
/// (which alone was checked against the pixel limit) is never decoded. libvips 8.14 ignores nclx
/// descriptions, so an HDR photo's transfer function is read here too.
struct HEIFDescription {
    /// The first thumbnail item's width and height, upright; `nil` when there is none.
    let thumbnailItem: (width: Int, height: Int)?
    /// The primary's transfer characteristics and colour primaries (ITU-T H.273 codes), `nil`
    /// without an nclx `colr` box.
    let transferCharacteristics: Int?
    let colourPrimaries: Int?

    /// `nil` when libheif cannot read the boxes (or cannot be loaded).
    init?(_ buffer: UnsafeRawBufferPointer) {
        guard cimaging_open_heif() == nil, let context = heif_context_alloc() else { return nil }
        defer { heif_context_free(context) }
        guard heif_context_read_from_memory_without_copy(context, buffer.baseAddress, buffer.count, nil).code == heif_error_Ok else {
            return nil
        }
        var primary: OpaquePointer?
        guard heif_context_get_primary_image_handle(context, &primary).code == heif_error_Ok, let primary else { return nil }
        defer { heif_image_handle_release(primary) }
        thumbnailItem = Self.firstThumbnailItem(of: primary)
        var nclx: UnsafeMutablePointer<heif_color_profile_nclx>?
        if heif_image_handle_get_nclx_color_profile(primary, &nclx).code == heif_error_Ok, let nclx {
            transferCharacteristics = Int(nclx.pointee.transfer_characteristics.rawValue)
            colourPrimaries = Int(nclx.pointee.color_primaries.rawValue)
            heif_nclx_color_profile_free(nclx)
        } else {
            transferCharacteristics = nil
            colourPrimaries = nil
        }
    }

    /// How to show the photo in sRGB when it is HDR (PQ or HLG); `nil` when it is not.
    var toneMapping: HDRToneMapping? {
        HDRToneMapping(transferCharacteristics: transferCharacteristics, colourPrimaries: colourPrimaries)
    }

    private static func firstThumbnailItem(of primary: OpaquePointer) -> (width: Int, height: Int)? {
        var id: heif_item_id = 0
        guard heif_image_handle_get_list_of_thumbnail_IDs(primary, &id, 1) == 1 else { return nil }
        var item: OpaquePointer?
        guard heif_image_handle_get_thumbnail(primary, id, &item).code == heif_error_Ok, let item else { return nil }
        defer { heif_image_handle_release(item) }
        return (Int(heif_image_handle_get_width(item)), Int(heif_image_handle_get_height(item)))
    }
}
