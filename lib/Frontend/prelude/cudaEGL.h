/*===- cudaEGL.h - gpurd CUDA prelude: driver API EGL interop -------------===*
 *
 * The driver API's EGL interoperability: registering EGLImages, CUDA as a
 * consumer or producer of an EGLStream, mapped EGL frames, and events made
 * from EGLSync objects.  The types (CUeglFrame, CUeglStreamConnection,
 * CUeglColorFormat, ...) are cuda.h's, as in CUDA; the EGL handle types
 * come from the system's <EGL/egl.h> and <EGL/eglext.h> (Debian:
 * libegl-dev), which this header includes as CUDA's does.  Declarations
 * only; names and signatures follow NVIDIA's driver API documentation.
 *===----------------------------------------------------------------------===*/
#ifndef GPURD_CUDA_EGL_H
#define GPURD_CUDA_EGL_H

#include "cuda.h"
#include <EGL/egl.h>
#include <EGL/eglext.h>

#define CUDAEGL_H

extern "C" {
CUresult cuGraphicsEGLRegisterImage(CUgraphicsResource *pCudaResource, EGLImageKHR image, unsigned int flags);
CUresult cuGraphicsResourceGetMappedEglFrame(CUeglFrame *eglFrame, CUgraphicsResource resource, unsigned int index, unsigned int mipLevel);
CUresult cuEGLStreamConsumerConnect(CUeglStreamConnection *conn, EGLStreamKHR stream);
CUresult cuEGLStreamConsumerConnectWithFlags(CUeglStreamConnection *conn, EGLStreamKHR stream, unsigned int flags);
CUresult cuEGLStreamConsumerDisconnect(CUeglStreamConnection *conn);
CUresult cuEGLStreamConsumerAcquireFrame(CUeglStreamConnection *conn, CUgraphicsResource *pCudaResource, CUstream *pStream, unsigned int timeout);
CUresult cuEGLStreamConsumerReleaseFrame(CUeglStreamConnection *conn, CUgraphicsResource pCudaResource, CUstream *pStream);
CUresult cuEGLStreamProducerConnect(CUeglStreamConnection *conn, EGLStreamKHR stream, EGLint width, EGLint height);
CUresult cuEGLStreamProducerDisconnect(CUeglStreamConnection *conn);
CUresult cuEGLStreamProducerPresentFrame(CUeglStreamConnection *conn, CUeglFrame eglframe, CUstream *pStream);
CUresult cuEGLStreamProducerReturnFrame(CUeglStreamConnection *conn, CUeglFrame *eglframe, CUstream *pStream);
CUresult cuEventCreateFromEGLSync(CUevent *phEvent, EGLSyncKHR eglSync, unsigned int flags);
} /* extern "C" */

#endif /* GPURD_CUDA_EGL_H */
