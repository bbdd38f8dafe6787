// texture_objects.cu: bindless textures (cudaTextureObject_t) over linear
// memory, pitched 2D memory and a CUDA array, a legacy 2D texture reference with
// normalised-float reads, and a surface object write.
// Written for the gpurd test corpus.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

texture<unsigned char, 2, cudaReadModeNormalizedFloat> texImage;

__global__ void rotate(float *out, cudaTextureObject_t tex, int w, int h, float theta) {
  unsigned int x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  float u = (float)x / (float)w - 0.5f;
  float v = (float)y / (float)h - 0.5f;
  float tu = u * cosf(theta) - v * sinf(theta) + 0.5f;
  float tv = v * cosf(theta) + u * sinf(theta) + 0.5f;
  out[y * w + x] = tex2D<float>(tex, tu, tv);
}

__global__ void gatherLinear(float4 *out, cudaTextureObject_t tex, const int *idx, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1Dfetch<float4>(tex, idx[i]);
}

__global__ void boxFilter(float *out, size_t pitch, cudaTextureObject_t tex, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  float s = 0.0f;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx)
      s += tex2D<float>(tex, x + dx + 0.5f, y + dy + 0.5f);
  float *row = (float *)((char *)out + y * pitch);
  row[x] = s / 9.0f + tex2D(texImage, (float)x, (float)y);
}

__global__ void writeSurface(cudaSurfaceObject_t surf, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h) surf2Dwrite(make_float4(x, y, 0, 1), surf, x * sizeof(float4), y);
}

int main() {
  const int w = 1024, h = 768, n = w * h;

  // Texture object over a CUDA array (2D, linear filtering, normalised coordinates).
  cudaChannelFormatDesc desc = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
  cudaArray_t array;
  cudaMallocArray(&array, &desc, w, h);
  float *h_img = new float[n];
  for (int i = 0; i < n; ++i) h_img[i] = (float)(i % 255);
  cudaMemcpy2DToArray(array, 0, 0, h_img, w * sizeof(float), w * sizeof(float), h,
                      cudaMemcpyHostToDevice);

  cudaResourceDesc res;
  memset(&res, 0, sizeof(res));
  res.resType = cudaResourceTypeArray;
  res.res.array.array = array;
  cudaTextureDesc td;
  memset(&td, 0, sizeof(td));
  td.addressMode[0] = cudaAddressModeWrap;
  td.addressMode[1] = cudaAddressModeWrap;
  td.filterMode = cudaFilterModeLinear;
  td.readMode = cudaReadModeElementType;
  td.normalizedCoords = 1;
  cudaTextureObject_t texArray = 0;
  cudaCreateTextureObject(&texArray, &res, &td, NULL);

  // Texture object over linear memory of float4.
  float4 *lin;
  cudaMalloc(&lin, n * sizeof(float4));
  cudaResourceDesc resLin = {};
  resLin.resType = cudaResourceTypeLinear;
  resLin.res.linear.devPtr = lin;
  resLin.res.linear.desc = cudaCreateChannelDesc<float4>();
  resLin.res.linear.sizeInBytes = n * sizeof(float4);
  cudaTextureDesc tdLin = {};
  tdLin.readMode = cudaReadModeElementType;
  cudaTextureObject_t texLin = 0;
  cudaCreateTextureObject(&texLin, &resLin, &tdLin, NULL);

  // Texture object over pitched memory.
  float *pitched;
  size_t pitch;
  cudaMallocPitch(&pitched, &pitch, w * sizeof(float), h);
  cudaMemcpy2D(pitched, pitch, h_img, w * sizeof(float), w * sizeof(float), h,
               cudaMemcpyHostToDevice);
  cudaResourceDesc resPitch = {};
  resPitch.resType = cudaResourceTypePitch2D;
  resPitch.res.pitch2D.devPtr = pitched;
  resPitch.res.pitch2D.desc = cudaCreateChannelDesc<float>();
  resPitch.res.pitch2D.width = w;
  resPitch.res.pitch2D.height = h;
  resPitch.res.pitch2D.pitchInBytes = pitch;
  cudaTextureObject_t texPitch = 0;
  cudaCreateTextureObject(&texPitch, &resPitch, &tdLin, NULL);

  // Legacy reference bound to a byte image in pitched memory.
  unsigned char *bytes;
  size_t bytePitch;
  cudaMallocPitch((void **)&bytes, &bytePitch, w, h);
  texImage.normalized = false;
  texImage.filterMode = cudaFilterModePoint;
  cudaBindTexture2D(0, texImage, bytes, cudaCreateChannelDesc<unsigned char>(), w, h, bytePitch);

  // Surface object over a second array.
  cudaArray_t surfArray;
  cudaChannelFormatDesc desc4 = cudaCreateChannelDesc<float4>();
  cudaMallocArray(&surfArray, &desc4, w, h, cudaArraySurfaceLoadStore);
  cudaResourceDesc resSurf = {};
  resSurf.resType = cudaResourceTypeArray;
  resSurf.res.array.array = surfArray;
  cudaSurfaceObject_t surf = 0;
  cudaCreateSurfaceObject(&surf, &resSurf);

  float *out;
  float4 *out4;
  int *idx;
  cudaMalloc(&out, n * sizeof(float));
  cudaMalloc(&out4, n * sizeof(float4));
  cudaMalloc(&idx, n * sizeof(int));

  dim3 block(16, 16);
  dim3 grid((w + block.x - 1) / block.x, (h + block.y - 1) / block.y);
  rotate<<<grid, block>>>(out, texArray, w, h, 0.5f);
  gatherLinear<<<(n + 255) / 256, 256>>>(out4, texLin, idx, n);
  boxFilter<<<grid, block>>>(pitched, pitch, texPitch, w, h);
  writeSurface<<<grid, block>>>(surf, w, h);
  cudaDeviceSynchronize();

  cudaDestroySurfaceObject(surf);
  cudaDestroyTextureObject(texArray);
  cudaDestroyTextureObject(texLin);
  cudaDestroyTextureObject(texPitch);
  cudaUnbindTexture(texImage);
  cudaFreeArray(array);
  cudaFreeArray(surfArray);
  cudaFree(lin);
  cudaFree(pitched);
  cudaFree(bytes);
  cudaFree(out);
  cudaFree(out4);
  cudaFree(idx);
  delete[] h_img;
  return 0;
}
