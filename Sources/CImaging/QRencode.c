// libqrencode, opened the first time `photolala serve` prints the QR code of its address for a
// phone, like the imaging libraries: nothing else needs it. Its two functions are declared here
// as libqrencode 4's qrencode.h declares them, so building needs no headers of it.
#include "Library.h"
#include "include/CImaging.h"

#include <stdlib.h>
#include <string.h>

typedef struct QRcode {
    int version;
    int width;
    /// width × width modules, row by row; bit 0 of each byte is set for a dark module.
    unsigned char *data;
} QRcode;

typedef enum { QR_ECLEVEL_L = 0, QR_ECLEVEL_M, QR_ECLEVEL_Q, QR_ECLEVEL_H } QRecLevel;

QRcode *QRcode_encodeString8bit(const char *string, int version, QRecLevel level);
void QRcode_free(QRcode *qrcode);

#define QRENCODE_FUNCTIONS(X) \
    X(QRcode_encodeString8bit) \
    X(QRcode_free)

CIMAGING_DEFINE_LIBRARY(qrencode, "libqrencode", 4, QRENCODE_FUNCTIONS)

#define CALL(function) CIMAGING_CALL(qrencode, function)

int cimaging_qr_code(const char *text, unsigned char **modules) {
    // Level M: a code read from a screen by a phone's camera, up to 15 % of it lost to glare.
    QRcode *code = CALL(QRcode_encodeString8bit)(text, 0, QR_ECLEVEL_M);
    if (code == NULL) return 0;
    size_t count = (size_t)code->width * (size_t)code->width;
    unsigned char *copy = malloc(count);
    if (copy == NULL) {
        CALL(QRcode_free)(code);
        return 0;
    }
    for (size_t index = 0; index < count; index++) copy[index] = code->data[index] & 1;
    int width = code->width;
    CALL(QRcode_free)(code);
    *modules = copy;
    return width;
}
