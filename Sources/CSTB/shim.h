#ifndef PVRC_CSTB_SHIM_H
#define PVRC_CSTB_SHIM_H
/* Debian's libstb-dev ships the stb headers in /usr/include/stb and the implementations in libstb. */
#include <stb/stb_image.h>
#endif
