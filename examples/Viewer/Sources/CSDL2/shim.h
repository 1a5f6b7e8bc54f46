#ifndef VIEWER_CSDL2_SHIM_H
#define VIEWER_CSDL2_SHIM_H
#include <SDL.h>
#endif
