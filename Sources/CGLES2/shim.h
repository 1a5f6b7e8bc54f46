#ifndef PVRC_CGLES2_SHIM_H
#define PVRC_CGLES2_SHIM_H
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>
#endif
