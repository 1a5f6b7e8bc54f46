#ifndef PVRC_CZSTD_SHIM_H
#define PVRC_CZSTD_SHIM_H
#include <zstd.h>
#endif
