// JPEG decode and encode over libjpeg with setjmp-based error recovery: libjpeg's default error_exit calls exit().
#include "CImageCodec.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jerror.h>
#include <jpeglib.h>

typedef struct {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char *message;
    size_t message_capacity;
    int saw_end_of_file;
    int saw_corrupt_data;
    int error_code;
} segue_jpeg_error;

static void segue_jpeg_copy_message(j_common_ptr info, segue_jpeg_error *error) {
    if (error->message == NULL || error->message_capacity == 0) return;
    char text[JMSG_LENGTH_MAX];
    (*info->err->format_message)(info, text);
    snprintf(error->message, error->message_capacity, "%s", text);
}

static void segue_jpeg_error_exit(j_common_ptr info) {
    segue_jpeg_error *error = (segue_jpeg_error *)info->err;
    error->error_code = info->err->msg_code;
    segue_jpeg_copy_message(info, error);
    longjmp(error->jump, 1);
}

// Warnings are silent, but a premature end or corrupt entropy data makes the decode fail afterwards.
static void segue_jpeg_emit_message(j_common_ptr info, int level) {
    if (level >= 0) return;
    segue_jpeg_error *error = (segue_jpeg_error *)info->err;
    int code = info->err->msg_code;
    if (code == JWRN_JPEG_EOF) {
        error->saw_end_of_file = 1;
        segue_jpeg_copy_message(info, error);
    } else if (code == JWRN_HIT_MARKER || code == JWRN_EXTRANEOUS_DATA || code == JWRN_MUST_RESYNC) {
        if (!error->saw_corrupt_data) segue_jpeg_copy_message(info, error);
        error->saw_corrupt_data = 1;
    }
}

static void segue_jpeg_output_message(j_common_ptr info) { (void)info; }

static void segue_jpeg_install(struct jpeg_decompress_struct *info, segue_jpeg_error *error, char *message,
                               size_t capacity) {
    memset(error, 0, sizeof(*error));
    info->err = jpeg_std_error(&error->manager);
    error->manager.error_exit = segue_jpeg_error_exit;
    error->manager.emit_message = segue_jpeg_emit_message;
    error->manager.output_message = segue_jpeg_output_message;
    error->message = message;
    error->message_capacity = capacity;
    if (message != NULL && capacity > 0) message[0] = 0;
}

static segue_image_status segue_jpeg_failure(const segue_jpeg_error *error) {
    switch (error->error_code) {
    case JERR_CONVERSION_NOTIMPL:
    case JERR_NOT_COMPILED:
    case JERR_BAD_PRECISION:
        return SEGUE_IMAGE_UNSUPPORTED;
    case JERR_OUT_OF_MEMORY:
        return SEGUE_IMAGE_NO_MEMORY;
    case JERR_IMAGE_TOO_BIG:
        return SEGUE_IMAGE_TOO_LARGE;
    default:
        return error->saw_end_of_file ? SEGUE_IMAGE_TRUNCATED : SEGUE_IMAGE_CORRUPT;
    }
}

static void segue_jpeg_fill_info(const struct jpeg_decompress_struct *info, segue_image_info *out) {
    out->width = (int)info->image_width;
    out->height = (int)info->image_height;
    out->channels = info->num_components;
    out->bit_depth = info->data_precision;
    out->is_palette = 0;
    out->output_width = out->width;
    out->output_height = out->height;
    out->output_shrink = 1;
}

segue_image_status segue_jpeg_probe(const uint8_t *data, size_t size, segue_image_info *info, char *message,
                                    size_t message_capacity) {
    if (data == NULL || size == 0 || info == NULL) return SEGUE_IMAGE_INVALID_ARGUMENT;
    struct jpeg_decompress_struct decoder;
    segue_jpeg_error error;
    segue_jpeg_install(&decoder, &error, message, message_capacity);
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&decoder);
        return segue_jpeg_failure(&error);
    }
    jpeg_create_decompress(&decoder);
    jpeg_mem_src(&decoder, data, (unsigned long)size);
    jpeg_read_header(&decoder, TRUE);
    segue_jpeg_fill_info(&decoder, info);
    int truncated = error.saw_end_of_file;
    jpeg_destroy_decompress(&decoder);
    return truncated ? SEGUE_IMAGE_TRUNCATED : SEGUE_IMAGE_OK;
}

typedef struct {
    struct jpeg_decompress_struct decoder;
    segue_jpeg_error error;
    uint8_t *pixels;
} segue_jpeg_decode_state;

segue_image_status segue_jpeg_decode_rgb(const uint8_t *data, size_t size, uint64_t max_pixels, int shrink,
                                         segue_image_info *info, uint8_t **pixels, char *message,
                                         size_t message_capacity) {
    if (data == NULL || size == 0 || info == NULL || pixels == NULL) return SEGUE_IMAGE_INVALID_ARGUMENT;
    *pixels = NULL;
    // On the heap so nothing the longjmp returns to lives in a register.
    segue_jpeg_decode_state *state = calloc(1, sizeof(segue_jpeg_decode_state));
    if (state == NULL) return SEGUE_IMAGE_NO_MEMORY;
    segue_jpeg_install(&state->decoder, &state->error, message, message_capacity);
    if (setjmp(state->error.jump)) {
        segue_image_status status = segue_jpeg_failure(&state->error);
        jpeg_destroy_decompress(&state->decoder);
        free(state->pixels);
        free(state);
        return status;
    }
    jpeg_create_decompress(&state->decoder);
    jpeg_mem_src(&state->decoder, data, (unsigned long)size);
    jpeg_read_header(&state->decoder, TRUE);
    segue_jpeg_fill_info(&state->decoder, info);
    uint64_t count = (uint64_t)state->decoder.image_width * (uint64_t)state->decoder.image_height;
    if (count == 0 || count > max_pixels) {
        if (message != NULL && message_capacity > 0)
            snprintf(message, message_capacity, "%u x %u pixels is more than the limit of %llu",
                     state->decoder.image_width, state->decoder.image_height, (unsigned long long)max_pixels);
        jpeg_destroy_decompress(&state->decoder);
        free(state);
        return count == 0 ? SEGUE_IMAGE_CORRUPT : SEGUE_IMAGE_TOO_LARGE;
    }
    state->decoder.out_color_space = JCS_RGB;
    // libjpeg decodes at 1/2, 1/4 or 1/8 by skipping DCT coefficients: far less work and memory than the whole.
    state->decoder.scale_num = 1;
    state->decoder.scale_denom = shrink >= 8 ? 8 : shrink >= 4 ? 4 : shrink >= 2 ? 2 : 1;
    jpeg_start_decompress(&state->decoder);
    info->output_width = (int)state->decoder.output_width;
    info->output_height = (int)state->decoder.output_height;
    info->output_shrink = (int)state->decoder.scale_denom;
    size_t stride = (size_t)state->decoder.output_width * 3;
    state->pixels = malloc(stride * state->decoder.output_height);
    if (state->pixels == NULL) {
        jpeg_destroy_decompress(&state->decoder);
        free(state);
        return SEGUE_IMAGE_NO_MEMORY;
    }
    while (state->decoder.output_scanline < state->decoder.output_height) {
        JSAMPROW row = state->pixels + stride * state->decoder.output_scanline;
        jpeg_read_scanlines(&state->decoder, &row, 1);
    }
    jpeg_finish_decompress(&state->decoder);
    segue_image_status status = SEGUE_IMAGE_OK;
    if (state->error.saw_end_of_file) status = SEGUE_IMAGE_TRUNCATED;
    else if (state->error.saw_corrupt_data) status = SEGUE_IMAGE_CORRUPT;
    jpeg_destroy_decompress(&state->decoder);
    if (status == SEGUE_IMAGE_OK) {
        *pixels = state->pixels;
    } else {
        free(state->pixels);
    }
    free(state);
    return status;
}

typedef struct {
    struct jpeg_compress_struct encoder;
    segue_jpeg_error error;
    unsigned char *buffer;
    unsigned long buffer_size;
} segue_jpeg_encode_state;

segue_image_status segue_jpeg_encode(const uint8_t *pixels, int width, int height, int channels, int quality,
                                     uint8_t **output, size_t *output_size, char *message, size_t message_capacity) {
    if (pixels == NULL || output == NULL || output_size == NULL || width <= 0 || height <= 0 ||
        (channels != 1 && channels != 3 && channels != 4) || quality < 1 || quality > 100)
        return SEGUE_IMAGE_INVALID_ARGUMENT;
    if (width > JPEG_MAX_DIMENSION || height > JPEG_MAX_DIMENSION) return SEGUE_IMAGE_TOO_LARGE;
    *output = NULL;
    *output_size = 0;
    segue_jpeg_encode_state *state = calloc(1, sizeof(segue_jpeg_encode_state));
    if (state == NULL) return SEGUE_IMAGE_NO_MEMORY;
    memset(&state->error, 0, sizeof(state->error));
    state->encoder.err = jpeg_std_error(&state->error.manager);
    state->error.manager.error_exit = segue_jpeg_error_exit;
    state->error.manager.output_message = segue_jpeg_output_message;
    state->error.message = message;
    state->error.message_capacity = message_capacity;
    if (setjmp(state->error.jump)) {
        segue_image_status status = segue_jpeg_failure(&state->error);
        jpeg_destroy_compress(&state->encoder);
        free(state->buffer);
        free(state);
        return status;
    }
    jpeg_create_compress(&state->encoder);
    jpeg_mem_dest(&state->encoder, &state->buffer, &state->buffer_size);
    state->encoder.image_width = (JDIMENSION)width;
    state->encoder.image_height = (JDIMENSION)height;
    state->encoder.input_components = channels;
    state->encoder.in_color_space = channels == 1 ? JCS_GRAYSCALE : channels == 3 ? JCS_RGB : JCS_CMYK;
    jpeg_set_defaults(&state->encoder);
    jpeg_set_quality(&state->encoder, quality, TRUE);
    jpeg_start_compress(&state->encoder, TRUE);
    size_t stride = (size_t)width * (size_t)channels;
    while (state->encoder.next_scanline < state->encoder.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + stride * state->encoder.next_scanline);
        jpeg_write_scanlines(&state->encoder, &row, 1);
    }
    jpeg_finish_compress(&state->encoder);
    jpeg_destroy_compress(&state->encoder);
    *output = state->buffer;
    *output_size = (size_t)state->buffer_size;
    free(state);
    return SEGUE_IMAGE_OK;
}

void segue_image_free(void *pointer) { free(pointer); }
