#ifndef NIBC_CZLIB_SHIM_H
#define NIBC_CZLIB_SHIM_H
#include <zlib.h>

/// deflateInit2 and inflateInit2 are macros and do not import into Swift.
static inline int nibc_deflateInit2(z_streamp strm, int level, int method, int windowBits, int memLevel, int strategy) {
    return deflateInit2(strm, level, method, windowBits, memLevel, strategy);
}
static inline int nibc_inflateInit2(z_streamp strm, int windowBits) {
    return inflateInit2(strm, windowBits);
}
#endif
