#ifndef PVRC_CZLIB_SHIM_H
#define PVRC_CZLIB_SHIM_H
#include <zlib.h>
#endif
