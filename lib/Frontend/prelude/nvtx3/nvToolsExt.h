/*===- nvtx3/nvToolsExt.h - gpurd CUDA prelude: NVTX annotations ----------===*
 * The core NVTX v3 API (markers, ranges, domains, names) that programs use
 * to annotate their host code for profilers.  NVTX is header-only; here the
 * calls are declarations, because annotations do not change what a kernel
 * reads and writes.
 *===----------------------------------------------------------------------===*/
#ifndef GPURD_NVTOOLSEXT_H
#define GPURD_NVTOOLSEXT_H
#include <stddef.h>
#include <stdint.h>

#define NVTX_VERSION 3
#define NVTOOLSEXT_H_
#define NVTX_EVENT_ATTRIB_STRUCT_SIZE ((uint16_t)(sizeof(nvtxEventAttributes_t)))

typedef uint64_t nvtxRangeId_t;
typedef struct nvtxDomainRegistration_st *nvtxDomainHandle_t;
typedef struct nvtxStringRegistration_st *nvtxStringHandle_t;
typedef enum nvtxColorType_t { NVTX_COLOR_UNKNOWN = 0, NVTX_COLOR_ARGB = 1 } nvtxColorType_t;
typedef enum nvtxMessageType_t {
  NVTX_MESSAGE_UNKNOWN = 0, NVTX_MESSAGE_TYPE_ASCII = 1,
  NVTX_MESSAGE_TYPE_UNICODE = 2, NVTX_MESSAGE_TYPE_REGISTERED = 3
} nvtxMessageType_t;
typedef enum nvtxPayloadType_t {
  NVTX_PAYLOAD_UNKNOWN = 0, NVTX_PAYLOAD_TYPE_UNSIGNED_INT64 = 1,
  NVTX_PAYLOAD_TYPE_INT64 = 2, NVTX_PAYLOAD_TYPE_DOUBLE = 3,
  NVTX_PAYLOAD_TYPE_UNSIGNED_INT32 = 4, NVTX_PAYLOAD_TYPE_INT32 = 5,
  NVTX_PAYLOAD_TYPE_FLOAT = 6
} nvtxPayloadType_t;
typedef union nvtxMessageValue_t {
  const char *ascii;
  const wchar_t *unicode;
  nvtxStringHandle_t registered;
} nvtxMessageValue_t;
typedef struct nvtxEventAttributes_v2 {
  uint16_t version;
  uint16_t size;
  uint32_t category;
  int32_t colorType;
  uint32_t color;
  int32_t payloadType;
  int32_t reserved0;
  union payload_t {
    uint64_t ullValue;
    int64_t llValue;
    double dValue;
    uint32_t uiValue;
    int32_t iValue;
    float fValue;
  } payload;
  int32_t messageType;
  nvtxMessageValue_t message;
} nvtxEventAttributes_v2;
typedef struct nvtxEventAttributes_v2 nvtxEventAttributes_t;

#ifdef __cplusplus
extern "C" {
#endif
void nvtxInitialize(const void *reserved);
void nvtxMarkEx(const nvtxEventAttributes_t *eventAttrib);
void nvtxMarkA(const char *message);
void nvtxMarkW(const wchar_t *message);
nvtxRangeId_t nvtxRangeStartEx(const nvtxEventAttributes_t *eventAttrib);
nvtxRangeId_t nvtxRangeStartA(const char *message);
nvtxRangeId_t nvtxRangeStartW(const wchar_t *message);
void nvtxRangeEnd(nvtxRangeId_t id);
int nvtxRangePushEx(const nvtxEventAttributes_t *eventAttrib);
int nvtxRangePushA(const char *message);
int nvtxRangePushW(const wchar_t *message);
int nvtxRangePop(void);
void nvtxNameCategoryA(uint32_t category, const char *name);
void nvtxNameOsThreadA(uint32_t threadId, const char *name);
nvtxDomainHandle_t nvtxDomainCreateA(const char *name);
void nvtxDomainDestroy(nvtxDomainHandle_t domain);
nvtxStringHandle_t nvtxDomainRegisterStringA(nvtxDomainHandle_t domain, const char *string);
void nvtxDomainMarkEx(nvtxDomainHandle_t domain, const nvtxEventAttributes_t *eventAttrib);
nvtxRangeId_t nvtxDomainRangeStartEx(nvtxDomainHandle_t domain, const nvtxEventAttributes_t *eventAttrib);
void nvtxDomainRangeEnd(nvtxDomainHandle_t domain, nvtxRangeId_t id);
int nvtxDomainRangePushEx(nvtxDomainHandle_t domain, const nvtxEventAttributes_t *eventAttrib);
int nvtxDomainRangePop(nvtxDomainHandle_t domain);
#ifdef __cplusplus
}
#endif

#endif /* GPURD_NVTOOLSEXT_H */
