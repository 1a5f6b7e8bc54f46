#ifndef PVRC_CPNG_SHIM_H
#define PVRC_CPNG_SHIM_H
#include <png.h>
#endif
