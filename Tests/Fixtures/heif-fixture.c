// Writes a HEIC or AVIF test photo with libheif, shaped like a phone's: a primary image, an
// optional thumbnail item of its own colours (so a test can tell which one a decoder used), an
// optional irot/imir orientation, an optional EXIF orientation, 8 or 10 bits.
//
//   heif-fixture OUT WIDTH HEIGHT "R G B" "R G B" [options]
//
// The image is two halves side by side as stored: the first colour left, the second right.
// Colours are given on the bit depth's own scale (0–255, or 0–1023 with --bits 10).
//
//   --thumb W H "R G B" "R G B"   a thumbnail item of W × H (stored), in two other colours
//   --orientation N                irot/imir boxes for EXIF-style orientation N (1–8), on both items
//   --exif-orientation N           an EXIF block whose Orientation tag says N (HEIF says to ignore it)
//   --bits 10                      10 bits per channel, with a BT.2020 / HLG colour profile, as HDR phones write
//   --pq                           with --bits 10: the PQ transfer function (SMPTE ST 2084) instead of HLG
//   --avif                         AV1 (AVIF) instead of HEVC (HEIC)
//
// Built and run by make-fixtures.sh: cc heif-fixture.c $(pkg-config --cflags --libs libheif).
#include <libheif/heif.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void check(struct heif_error error, const char *what) {
    if (error.code != heif_error_Ok) {
        fprintf(stderr, "heif-fixture: %s: %s\n", what, error.message);
        exit(1);
    }
}

static void parse_colour(const char *text, int colour[3]) {
    if (sscanf(text, "%d %d %d", &colour[0], &colour[1], &colour[2]) != 3) {
        fprintf(stderr, "heif-fixture: a colour is three numbers, not '%s'\n", text);
        exit(2);
    }
}

// Two flat halves as planar RGB, the form libheif converts to the codec's YCbCr itself.
static struct heif_image *two_halves(int width, int height, const int left[3], const int right[3], int bits) {
    struct heif_image *image = NULL;
    check(heif_image_create(width, height, heif_colorspace_RGB, heif_chroma_444, &image), "create image");
    const enum heif_channel channels[3] = {heif_channel_R, heif_channel_G, heif_channel_B};
    for (int c = 0; c < 3; c++) {
        check(heif_image_add_plane(image, channels[c], width, height, bits), "add plane");
        int stride = 0;
        uint8_t *plane = heif_image_get_plane(image, channels[c], &stride);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int value = x < width / 2 ? left[c] : right[c];
                if (bits > 8) {
                    ((uint16_t *)(plane + (size_t)y * stride))[x] = (uint16_t)value;
                } else {
                    plane[(size_t)y * stride + x] = (uint8_t)value;
                }
            }
        }
    }
    return image;
}

// A big-endian TIFF block with one IFD entry: Orientation.
static void add_exif_orientation(struct heif_context *context, struct heif_image_handle *handle, int orientation) {
    uint8_t exif[] = {'M', 'M', 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, (uint8_t)orientation, 0, 0, 0, 0, 0, 0};
    check(heif_context_add_exif_metadata(context, handle, exif, sizeof exif), "add EXIF");
}

int main(int argc, char **argv) {
    if (argc < 6) {
        fprintf(stderr, "usage: heif-fixture OUT WIDTH HEIGHT \"R G B\" \"R G B\" [--thumb W H C1 C2] [--orientation N] "
                        "[--exif-orientation N] [--bits 10] [--avif]\n");
        return 2;
    }
    const char *out = argv[1];
    int width = atoi(argv[2]), height = atoi(argv[3]);
    int left[3], right[3];
    parse_colour(argv[4], left);
    parse_colour(argv[5], right);
    int thumb_width = 0, thumb_height = 0, thumb_left[3] = {0}, thumb_right[3] = {0};
    int orientation = 1, exif_orientation = 0, bits = 8, avif = 0, pq = 0;
    for (int i = 6; i < argc; i++) {
        if (strcmp(argv[i], "--thumb") == 0 && i + 4 < argc) {
            thumb_width = atoi(argv[i + 1]);
            thumb_height = atoi(argv[i + 2]);
            parse_colour(argv[i + 3], thumb_left);
            parse_colour(argv[i + 4], thumb_right);
            i += 4;
        } else if (strcmp(argv[i], "--orientation") == 0 && i + 1 < argc) {
            orientation = atoi(argv[++i]);
        } else if (strcmp(argv[i], "--exif-orientation") == 0 && i + 1 < argc) {
            exif_orientation = atoi(argv[++i]);
        } else if (strcmp(argv[i], "--bits") == 0 && i + 1 < argc) {
            bits = atoi(argv[++i]);
        } else if (strcmp(argv[i], "--pq") == 0) {
            pq = 1;
        } else if (strcmp(argv[i], "--avif") == 0) {
            avif = 1;
        } else {
            fprintf(stderr, "heif-fixture: unknown option '%s'\n", argv[i]);
            return 2;
        }
    }

    struct heif_context *context = heif_context_alloc();
    struct heif_encoder *encoder = NULL;
    check(heif_context_get_encoder_for_format(context, avif ? heif_compression_AV1 : heif_compression_HEVC, &encoder), "encoder");
    heif_encoder_set_lossy_quality(encoder, 90);
    if (avif) {
        // Flat colours need no effort; the fastest speed keeps fixture making quick.
        heif_encoder_set_parameter(encoder, "speed", "9");
        // libaom 3.6 asserts on 10-bit 4:4:4 from libheif 1.15; phones write 4:2:0 anyway.
        heif_encoder_set_parameter(encoder, "chroma", "420");
    }

    struct heif_encoding_options *options = heif_encoding_options_alloc();
    options->image_orientation = (enum heif_orientation)orientation;
    struct heif_color_profile_nclx *nclx = NULL;
    if (bits > 8) {
        nclx = heif_nclx_color_profile_alloc();
        nclx->color_primaries = heif_color_primaries_ITU_R_BT_2020_2_and_2100_0;
        nclx->transfer_characteristics =
            pq ? heif_transfer_characteristic_ITU_R_BT_2100_0_PQ : heif_transfer_characteristic_ITU_R_BT_2100_0_HLG;
        nclx->matrix_coefficients = heif_matrix_coefficients_ITU_R_BT_2020_2_non_constant_luminance;
        nclx->full_range_flag = 1;
        options->output_nclx_profile = nclx;
        // Written as a 'colr' box, where readers look for it (libheif leaves it out by default
        // for old macOS).
        options->macOS_compatibility_workaround_no_nclx_profile = 0;
    }

    struct heif_image *image = two_halves(width, height, left, right, bits);
    if (nclx) check(heif_image_set_nclx_color_profile(image, nclx), "colour profile");
    struct heif_image_handle *primary = NULL;
    check(heif_context_encode_image(context, image, encoder, options, &primary), "encode primary");
    if (exif_orientation) add_exif_orientation(context, primary, exif_orientation);

    if (thumb_width > 0) {
        // Drawn at twice the size and scaled into a W-wide box by libheif, which encodes it as
        // the primary's thumbnail item ('thmb' reference), the way heif-enc --thumb does.
        struct heif_image *thumb = two_halves(thumb_width * 2, thumb_height * 2, thumb_left, thumb_right, bits);
        if (nclx) check(heif_image_set_nclx_color_profile(thumb, nclx), "thumbnail colour profile");
        int box = thumb_width > thumb_height ? thumb_width : thumb_height;
        check(heif_context_encode_thumbnail(context, thumb, primary, encoder, options, box, NULL), "encode thumbnail");
        heif_image_release(thumb);
    }

    check(heif_context_write_to_file(context, out), "write");
    heif_image_handle_release(primary);
    heif_image_release(image);
    if (nclx) heif_nclx_color_profile_free(nclx);
    heif_encoding_options_free(options);
    heif_encoder_release(encoder);
    heif_context_free(context);
    return 0;
}
