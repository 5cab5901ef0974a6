// PNG decode over libpng with setjmp-based error recovery, from memory, to 8-bit RGB, shrunk row by row.
#include "CImageCodec.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>

typedef struct {
    const uint8_t *data;
    size_t size;
    size_t offset;
    int hit_end;
    char *message;
    size_t message_capacity;
    png_structp png;
    png_infop info;
    uint8_t *pixels;
    png_bytep *rows;
    /// One decoded RGBA row, or the whole RGBA image when the PNG is interlaced.
    uint8_t *rgba;
    /// Per output column and channel, the sum of the composited samples of the block being read.
    uint64_t *sums;
} segue_png_state;

static void segue_png_error(png_structp png, png_const_charp text) {
    segue_png_state *state = (segue_png_state *)png_get_error_ptr(png);
    if (state->message != NULL && state->message_capacity > 0)
        snprintf(state->message, state->message_capacity, "%s", text);
    png_longjmp(png, 1);
}

static void segue_png_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

static void segue_png_read(png_structp png, png_bytep out, png_size_t length) {
    segue_png_state *state = (segue_png_state *)png_get_io_ptr(png);
    if (length > state->size - state->offset) {
        state->hit_end = 1;
        png_error(png, "unexpected end of file");
    }
    memcpy(out, state->data + state->offset, length);
    state->offset += length;
}

static void segue_png_fill_info(png_structp png, png_infop info, segue_image_info *out) {
    out->width = (int)png_get_image_width(png, info);
    out->height = (int)png_get_image_height(png, info);
    out->channels = png_get_channels(png, info);
    out->bit_depth = png_get_bit_depth(png, info);
    out->is_palette = png_get_color_type(png, info) == PNG_COLOR_TYPE_PALETTE;
    out->output_width = out->width;
    out->output_height = out->height;
    out->output_shrink = 1;
}

static segue_image_status segue_png_begin(segue_png_state *state, const uint8_t *data, size_t size, char *message,
                                          size_t capacity) {
    memset(state, 0, sizeof(*state));
    state->data = data;
    state->size = size;
    state->message = message;
    state->message_capacity = capacity;
    if (message != NULL && capacity > 0) message[0] = 0;
    if (size < 8 || png_sig_cmp(data, 0, 8) != 0) {
        if (message != NULL && capacity > 0) snprintf(message, capacity, "not a PNG signature");
        return SEGUE_IMAGE_CORRUPT;
    }
    state->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, state, segue_png_error, segue_png_warning);
    if (state->png == NULL) return SEGUE_IMAGE_NO_MEMORY;
    state->info = png_create_info_struct(state->png);
    if (state->info == NULL) {
        png_destroy_read_struct(&state->png, NULL, NULL);
        return SEGUE_IMAGE_NO_MEMORY;
    }
    png_set_read_fn(state->png, state, segue_png_read);
    return SEGUE_IMAGE_OK;
}

static void segue_png_end(segue_png_state *state) {
    png_destroy_read_struct(&state->png, &state->info, NULL);
    free(state->rows);
    state->rows = NULL;
    free(state->rgba);
    state->rgba = NULL;
    free(state->sums);
    state->sums = NULL;
}

segue_image_status segue_png_probe(const uint8_t *data, size_t size, segue_image_info *info, char *message,
                                   size_t message_capacity) {
    if (data == NULL || info == NULL) return SEGUE_IMAGE_INVALID_ARGUMENT;
    segue_png_state *state = malloc(sizeof(segue_png_state));
    if (state == NULL) return SEGUE_IMAGE_NO_MEMORY;
    segue_image_status status = segue_png_begin(state, data, size, message, message_capacity);
    if (status != SEGUE_IMAGE_OK) {
        free(state);
        return status;
    }
    if (setjmp(png_jmpbuf(state->png))) {
        status = state->hit_end ? SEGUE_IMAGE_TRUNCATED : SEGUE_IMAGE_CORRUPT;
        segue_png_end(state);
        free(state);
        return status;
    }
    png_read_info(state->png, state->info);
    segue_png_fill_info(state->png, state->info, info);
    segue_png_end(state);
    free(state);
    return SEGUE_IMAGE_OK;
}

/// Adds one RGBA row, composited over white, to the block sums; after a block's last row writes its output row.
static void segue_png_accumulate(segue_png_state *state, const uint8_t *row, png_uint_32 y, png_uint_32 width,
                                 png_uint_32 height, png_uint_32 shrink, png_uint_32 output_width) {
    for (png_uint_32 x = 0; x < width; x++) {
        const uint8_t *pixel = row + (size_t)x * 4;
        uint32_t alpha = pixel[3];
        uint64_t *sum = state->sums + (size_t)(x / shrink) * 3;
        for (int channel = 0; channel < 3; channel++)
            sum[channel] += (pixel[channel] * alpha + 255 * (255 - alpha) + 127) / 255;
    }
    if ((y + 1) % shrink != 0 && y + 1 != height) return;
    png_uint_32 rows = y % shrink + 1;
    uint8_t *out = state->pixels + (size_t)(y / shrink) * output_width * 3;
    for (png_uint_32 column = 0; column < output_width; column++) {
        png_uint_32 columns = width - column * shrink < shrink ? width - column * shrink : shrink;
        uint64_t count = (uint64_t)columns * rows;
        for (int channel = 0; channel < 3; channel++) {
            size_t index = (size_t)column * 3 + channel;
            out[index] = (uint8_t)((state->sums[index] + count / 2) / count);
            state->sums[index] = 0;
        }
    }
}

segue_image_status segue_png_decode_rgb(const uint8_t *data, size_t size, uint64_t max_pixels, int shrink,
                                        segue_image_info *info, uint8_t **pixels, char *message,
                                        size_t message_capacity) {
    if (data == NULL || info == NULL || pixels == NULL) return SEGUE_IMAGE_INVALID_ARGUMENT;
    *pixels = NULL;
    segue_png_state *state = malloc(sizeof(segue_png_state));
    if (state == NULL) return SEGUE_IMAGE_NO_MEMORY;
    segue_image_status status = segue_png_begin(state, data, size, message, message_capacity);
    if (status != SEGUE_IMAGE_OK) {
        free(state);
        return status;
    }
    if (setjmp(png_jmpbuf(state->png))) {
        status = state->hit_end ? SEGUE_IMAGE_TRUNCATED : SEGUE_IMAGE_CORRUPT;
        free(state->pixels);
        segue_png_end(state);
        free(state);
        return status;
    }
    png_read_info(state->png, state->info);
    segue_png_fill_info(state->png, state->info, info);
    png_uint_32 width = png_get_image_width(state->png, state->info);
    png_uint_32 height = png_get_image_height(state->png, state->info);
    if ((uint64_t)width * (uint64_t)height > max_pixels) {
        if (message != NULL && message_capacity > 0)
            snprintf(message, message_capacity, "%u x %u pixels is more than the limit of %llu", width, height,
                     (unsigned long long)max_pixels);
        segue_png_end(state);
        free(state);
        return SEGUE_IMAGE_TOO_LARGE;
    }
    png_uint_32 factor = shrink < 1 ? 1 : (png_uint_32)shrink;
    png_uint_32 longer = width > height ? width : height;
    if (factor > longer) factor = longer;
    png_uint_32 output_width = (width + factor - 1) / factor;
    png_uint_32 output_height = (height + factor - 1) / factor;
    int color_type = png_get_color_type(state->png, state->info);
    png_set_expand(state->png);
    png_set_strip_16(state->png);
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(state->png);
    png_set_add_alpha(state->png, 0xFF, PNG_FILLER_AFTER);
    int passes = png_set_interlace_handling(state->png);
    png_read_update_info(state->png, state->info);
    size_t stride = png_get_rowbytes(state->png, state->info);
    if (stride != (size_t)width * 4) png_error(state->png, "unexpected row size after conversion to RGBA");
    state->pixels = malloc((size_t)output_width * output_height * 3);
    state->sums = calloc((size_t)output_width * 3, sizeof(uint64_t));
    // Adam7 fills every row over seven passes, so only an interlaced PNG keeps its whole (8-bit) image.
    state->rgba = malloc(passes > 1 ? stride * height : stride);
    if (state->pixels == NULL || state->sums == NULL || state->rgba == NULL) png_error(state->png, "out of memory");
    if (passes > 1) {
        state->rows = malloc(sizeof(png_bytep) * height);
        if (state->rows == NULL) png_error(state->png, "out of memory");
        for (png_uint_32 y = 0; y < height; y++) state->rows[y] = state->rgba + stride * y;
        png_read_image(state->png, state->rows);
        for (png_uint_32 y = 0; y < height; y++)
            segue_png_accumulate(state, state->rows[y], y, width, height, factor, output_width);
    } else {
        for (png_uint_32 y = 0; y < height; y++) {
            png_read_row(state->png, state->rgba, NULL);
            segue_png_accumulate(state, state->rgba, y, width, height, factor, output_width);
        }
    }
    png_read_end(state->png, NULL);
    info->output_width = (int)output_width;
    info->output_height = (int)output_height;
    info->output_shrink = (int)factor;
    *pixels = state->pixels;
    state->pixels = NULL;
    segue_png_end(state);
    free(state);
    return SEGUE_IMAGE_OK;
}
