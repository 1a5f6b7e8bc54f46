#ifndef PVRC_CTURBOJPEG_SHIM_H
#define PVRC_CTURBOJPEG_SHIM_H
#include <turbojpeg.h>
#endif
