// EGL interop from host code comes from gpurd's prelude: the driver API's
// cudaEGL.h (registering EGLImages, CUDA as an EGLStream consumer and
// producer, mapped EGL frames, events from EGLSync objects; the CUegl* types
// are cuda.h's) and the runtime's cuda_egl_interop.h (cudaEglFrame with its
// plane descriptors, the cudaEGLStream* calls).  Both include the system's
// <EGL/egl.h> and <EGL/eglext.h>, as CUDA's do.  The colour formats have
// CUDA's values (the runtime's enumeration leaves out the three-channel
// formats).  The kernel that works on a frame is analysed as usual.
// REQUIRES: egl
// RUN: gpurd-advise --list-kernels %s -- | FileCheck %s --check-prefix=LIST
// RUN: gpurd-advise --cache-report %s -- | FileCheck %s
#include <cudaEGL.h>
#include <cuda_egl_interop.h>

static_assert(CU_EGL_COLOR_FORMAT_ARGB == 0x06, "");
static_assert(CU_EGL_COLOR_FORMAT_BAYER_RGGB == 0x2D, "");
static_assert(CU_EGL_COLOR_FORMAT_Y == 0x52, "");
static_assert(CU_EGL_COLOR_FORMAT_UYVY_2020 == 0x74, "");
static_assert(cudaEglColorFormatARGB == 6, "");
static_assert(cudaEglColorFormatYUVA_ER == 31, "");
static_assert(cudaEglColorFormatYVYU == 104, "");
static_assert(cudaEglColorFormatUYVY2020 == 116, "");
static_assert(CU_EGL_FRAME_TYPE_PITCH == 1 && cudaEglFrameTypePitch == 1, "");
static_assert(sizeof(((CUeglFrame *)0)->frame.pArray) / sizeof(CUarray) == MAX_PLANES, "");
static_assert(CUDA_EGL_MAX_PLANES == 3, "");

// Invert the first plane of a pitch-linear ARGB frame, one row per block.
__global__ void invertFrame(unsigned char *pixels, unsigned pitch, unsigned width) {
  unsigned x = threadIdx.x, y = blockIdx.x;
  if (x < width * 4)
    pixels[y * pitch + x] = 255 - pixels[y * pitch + x];
}

// Consumer side through the driver API (EGLStream_CUDA_Interop's way).
static void consume(EGLStreamKHR eglStream, CUstream stream) {
  CUeglStreamConnection conn;
  cuEGLStreamConsumerConnectWithFlags(&conn, eglStream, CU_EGL_RESOURCE_LOCATION_VIDMEM);
  CUgraphicsResource resource;
  if (cuEGLStreamConsumerAcquireFrame(&conn, &resource, &stream, CUDA_EGL_INFINITE_TIMEOUT) == CUDA_SUCCESS) {
    CUeglFrame frame;
    cuGraphicsResourceGetMappedEglFrame(&frame, resource, 0, 0);
    if (frame.frameType == CU_EGL_FRAME_TYPE_PITCH && frame.eglColorFormat == CU_EGL_COLOR_FORMAT_ARGB && frame.cuFormat == CU_AD_FORMAT_UNSIGNED_INT8)
      invertFrame<<<frame.height, 1024, 0, stream>>>((unsigned char *)frame.frame.pPitch[0], frame.pitch, frame.width);
    cuEGLStreamConsumerReleaseFrame(&conn, resource, &stream);
  }
  cuEGLStreamConsumerDisconnect(&conn);
}

// Producer side through the driver API.
static void produce(EGLStreamKHR eglStream, CUstream stream, CUdeviceptr pixels) {
  CUeglStreamConnection conn;
  cuEGLStreamProducerConnect(&conn, eglStream, 640, 480);
  CUeglFrame frame = {};
  frame.frame.pPitch[0] = (void *)pixels;
  frame.width = 640;
  frame.height = 480;
  frame.depth = 1;
  frame.pitch = 640 * 4;
  frame.planeCount = 1;
  frame.numChannels = 4;
  frame.frameType = CU_EGL_FRAME_TYPE_PITCH;
  frame.eglColorFormat = CU_EGL_COLOR_FORMAT_ARGB;
  frame.cuFormat = CU_AD_FORMAT_UNSIGNED_INT8;
  cuEGLStreamProducerPresentFrame(&conn, frame, &stream);
  cuEGLStreamProducerReturnFrame(&conn, &frame, &stream);
  cuEGLStreamProducerDisconnect(&conn);
}

// EGLImages and EGLSync objects through both APIs.
static void images(EGLImageKHR image, EGLSyncKHR sync) {
  CUgraphicsResource resource;
  cuGraphicsEGLRegisterImage(&resource, image, CU_GRAPHICS_REGISTER_FLAGS_NONE);
  CUeglFrame frame;
  cuGraphicsResourceGetMappedEglFrame(&frame, resource, 0, 0);
  CUDA_RESOURCE_DESC desc = {};
  desc.resType = CU_RESOURCE_TYPE_ARRAY;
  desc.res.array.hArray = frame.frame.pArray[0];
  CUsurfObject surface;
  cuSurfObjectCreate(&surface, &desc);
  CUevent event;
  cuEventCreateFromEGLSync(&event, sync, CU_EVENT_DEFAULT);
  cuStreamWaitEvent(nullptr, event, 0);
  cuGraphicsUnregisterResource(resource);

  cudaGraphicsResource_t runtimeResource;
  cudaGraphicsEGLRegisterImage(&runtimeResource, image, cudaGraphicsRegisterFlagsNone);
  cudaEglFrame eglFrame;
  cudaGraphicsResourceGetMappedEglFrame(&eglFrame, runtimeResource, 0, 0);
  cudaArray_t plane = eglFrame.frame.pArray[0];
  (void)plane;
  cudaEvent_t runtimeEvent;
  cudaEventCreateFromEGLSync(&runtimeEvent, sync, cudaEventBlockingSync);
  cudaGraphicsUnregisterResource(runtimeResource);
}

int main() {
  EGLDisplay display = EGL_NO_DISPLAY;
  EGLStreamKHR eglStream = EGL_NO_STREAM_KHR;
  (void)display;
  cuInit(0);
  CUdevice device;
  cuDeviceGet(&device, 0);
  CUctxCreateParams params = {};
  CUcontext context;
  cuCtxCreate(&context, &params, 0, device);
  CUstream stream;
  cuStreamCreate(&stream, CU_STREAM_DEFAULT);
  consume(eglStream, stream);
  CUdeviceptr pixels;
  cuMemAlloc(&pixels, 640 * 480 * 4);
  produce(eglStream, stream, pixels);
  images(EGL_NO_IMAGE_KHR, EGL_NO_SYNC_KHR);

  // The runtime's EGLStream producer and consumer.
  cudaEglStreamConnection producer, consumer;
  cudaEGLStreamProducerConnect(&producer, eglStream, 640, 480);
  cudaEGLStreamConsumerConnect(&consumer, eglStream);
  cudaEglFrame frame = {};
  cudaMalloc(&frame.frame.pPitch[0].ptr, 640 * 480 * 4);
  frame.frame.pPitch[0].pitch = 640 * 4;
  frame.planeDesc[0].width = 640;
  frame.planeDesc[0].height = 480;
  frame.planeDesc[0].numChannels = 4;
  frame.planeDesc[0].channelDesc = cudaCreateChannelDesc<uchar4>();
  frame.planeCount = 1;
  frame.frameType = cudaEglFrameTypePitch;
  frame.eglColorFormat = cudaEglColorFormatARGB;
  cudaStream_t runtimeStream = nullptr;
  cudaEGLStreamProducerPresentFrame(&producer, frame, &runtimeStream);
  cudaGraphicsResource_t resource;
  cudaEGLStreamConsumerAcquireFrame(&consumer, &resource, &runtimeStream, 16000);
  cudaEGLStreamConsumerReleaseFrame(&consumer, resource, &runtimeStream);
  cudaEGLStreamProducerReturnFrame(&producer, &frame, &runtimeStream);
  cudaEGLStreamConsumerDisconnect(&consumer);
  cudaEGLStreamProducerDisconnect(&producer);
  return 0;
}
// LIST: egl-interop.cu: 1 kernel, 1 launch site
// LIST: kernel invertFrame(unsigned char *pixels, unsigned int pitch, unsigned int width)
// The frame's size is not in this file: gpurd assumes it, and says so.
// CHECK: kernel invertFrame: grid ({{[0-9]+}}, 1, 1), block (1024, 1, 1)
// CHECK: note: assumed grid {{.*}}the grid size (the launch at {{.*}}egl-interop.cu:43) is 'frame.height'
// CHECK: kernel invertFrame on {{.*}} blocks
// CHECK: S0 {{.*}}egl-interop.cu:31:35 'pixels[y * pitch + x]': L1 {{[0-9]+}} reads
// CHECK: S1 {{.*}}egl-interop.cu:31:27 'pixels[y * pitch + x]': L1 {{[0-9]+}} writes
