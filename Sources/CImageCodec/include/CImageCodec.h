#ifndef SEGUE_IMAGE_CODEC_H
#define SEGUE_IMAGE_CODEC_H

#include <stddef.h>
#include <stdint.h>

/// How a decode or encode ended; libjpeg and libpng errors never longjmp past these functions.
typedef enum {
    SEGUE_IMAGE_OK = 0,
    /// The library rejected the data (bad marker, CRC mismatch, invalid header...).
    SEGUE_IMAGE_CORRUPT = 1,
    /// The data ends before the image does.
    SEGUE_IMAGE_TRUNCATED = 2,
    /// Valid but not supported here (CMYK JPEG, 12-bit JPEG, arithmetic coding...).
    SEGUE_IMAGE_UNSUPPORTED = 3,
    /// Wider, taller or larger than the caller's limit.
    SEGUE_IMAGE_TOO_LARGE = 4,
    SEGUE_IMAGE_NO_MEMORY = 5,
    SEGUE_IMAGE_INVALID_ARGUMENT = 6
} segue_image_status;

/// An image's size and how its pixels are stored in the file.
typedef struct {
    int width;
    int height;
    /// Channels in the file: 1 gray, 2 gray + alpha, 3 colour, 4 colour + alpha or CMYK.
    int channels;
    int bit_depth;
    int is_palette;
    /// The size of the decoded pixels: the image's, or smaller when the decode shrank it.
    int output_width;
    int output_height;
    /// Each decoded pixel is this many source pixels on a side (1 when not shrunk); block k starts at k × shrink.
    int output_shrink;
} segue_image_info;

/// Reads a JPEG's header into `info`; `message` receives the library's text on failure.
segue_image_status segue_jpeg_probe(const uint8_t *data, size_t size, segue_image_info *info, char *message,
                                    size_t message_capacity);

/// Decodes a JPEG to 8-bit RGB (3 bytes a pixel, rows top to bottom); free `*pixels` with `segue_image_free`.
/// `shrink` ≥ 1 lets libjpeg scale down while decoding by the largest of 1, 2, 4, 8 not above it (`scale_denom`);
/// the decoded size is `info->output_width` × `info->output_height`.
segue_image_status segue_jpeg_decode_rgb(const uint8_t *data, size_t size, uint64_t max_pixels, int shrink,
                                         segue_image_info *info, uint8_t **pixels, char *message,
                                         size_t message_capacity);

/// Encodes 8-bit RGB (gray when `channels` is 1, CMYK when 4) as a baseline JPEG; free `*output` with `segue_image_free`.
segue_image_status segue_jpeg_encode(const uint8_t *pixels, int width, int height, int channels, int quality,
                                     uint8_t **output, size_t *output_size, char *message, size_t message_capacity);

/// Reads a PNG's header into `info`.
segue_image_status segue_png_probe(const uint8_t *data, size_t size, segue_image_info *info, char *message,
                                   size_t message_capacity);

/// Decodes a PNG of any colour type and depth to 8-bit RGB composited over white (3 bytes a pixel); free with
/// `segue_image_free`. `shrink` ≥ 1 averages each `shrink` × `shrink` block into one pixel as the rows arrive, so
/// only one row of the file's pixels is held (an interlaced PNG needs its whole image, at 8 bits a sample).
segue_image_status segue_png_decode_rgb(const uint8_t *data, size_t size, uint64_t max_pixels, int shrink,
                                        segue_image_info *info, uint8_t **pixels, char *message,
                                         size_t message_capacity);

void segue_image_free(void *pointer);

#endif
