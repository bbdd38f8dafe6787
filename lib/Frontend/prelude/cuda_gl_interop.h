/*===- cuda_gl_interop.h - gpurd CUDA prelude: OpenGL interop -------------===*
 * Registering OpenGL buffers and images with CUDA, as the CUDA samples' host
 * code does.  Declarations; GL names are taken as the integers OpenGL
 * defines them as, so no GL header is needed here.  Mapping and unmapping
 * registered resources (cudaGraphicsMapResources, ...) and the
 * cudaGraphics* flags are the runtime's, in gpurd_cuda_prelude.h.
 *===----------------------------------------------------------------------===*/
#ifndef GPURD_CUDA_GL_INTEROP_H
#define GPURD_CUDA_GL_INTEROP_H
#include "gpurd_cuda_prelude.h"

#define __CUDA_GL_INTEROP_H__

enum cudaGLDeviceList {
  cudaGLDeviceListAll = 1, cudaGLDeviceListCurrentFrame = 2,
  cudaGLDeviceListNextFrame = 3
};

extern "C" {
cudaError_t cudaGraphicsGLRegisterBuffer(struct cudaGraphicsResource **resource, unsigned int buffer, unsigned int flags);
cudaError_t cudaGraphicsGLRegisterImage(struct cudaGraphicsResource **resource, unsigned int image, unsigned int target, unsigned int flags);
cudaError_t cudaGLGetDevices(unsigned int *pCudaDeviceCount, int *pCudaDevices, unsigned int cudaDeviceCount, enum cudaGLDeviceList deviceList);
cudaError_t cudaGLSetGLDevice(int device);
cudaError_t cudaGLRegisterBufferObject(unsigned int bufObj);
cudaError_t cudaGLUnregisterBufferObject(unsigned int bufObj);
cudaError_t cudaGLMapBufferObject(void **devPtr, unsigned int bufObj);
cudaError_t cudaGLUnmapBufferObject(unsigned int bufObj);
}

#endif /* GPURD_CUDA_GL_INTEROP_H */
