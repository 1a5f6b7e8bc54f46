#ifndef PVRC_CEGL_SHIM_H
#define PVRC_CEGL_SHIM_H
#include <EGL/egl.h>
#include <EGL/eglext.h>
#endif
