// kfix built-in CUDA fallback header: declarations only (kfix lifts CUDA
// builtins by name). Force-included when no CUDA toolkit is used.
#ifndef KFIX_CUDA_FALLBACK_H
#define KFIX_CUDA_FALLBACK_H
#define __KFIX_CUDA_FALLBACK__ 1
#define __CUDACC__ 1
#define __NVCC__ 1
#define __CUDA_ARCH__ 900
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __restrict__ __restrict
#define __align__(n) __attribute__((aligned(n)))
#define __builtin_align__(n) __attribute__((aligned(n)))
#define __device_builtin__
#define __KFIX_DEV static __device__ __inline__
#define __KFIX_MATH static __host__ __device__ __inline__
#define warpSize 32
#define CUDART_INF_F __builtin_huge_valf()
#define CUDART_NAN_F __builtin_nanf("")
#define CUDART_INF __builtin_huge_val()
#define CUDART_PI_F 3.141592654f
#define CUDART_SQRT_2_F 1.414213562f
#ifndef INFINITY
#define INFINITY __builtin_huge_valf()
#endif
#ifndef NAN
#define NAN __builtin_nanf("")
#endif
#ifndef FLT_MAX
#define FLT_MAX 3.40282347e+38F
#endif
#ifndef FLT_MIN
#define FLT_MIN 1.17549435e-38F
#endif
#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

typedef __SIZE_TYPE__ size_t;
typedef __PTRDIFF_TYPE__ ptrdiff_t;
typedef __INT8_TYPE__ int8_t;
typedef __UINT8_TYPE__ uint8_t;
typedef __INT16_TYPE__ int16_t;
typedef __UINT16_TYPE__ uint16_t;
typedef __INT32_TYPE__ int32_t;
typedef __UINT32_TYPE__ uint32_t;
typedef __INT64_TYPE__ int64_t;
typedef __UINT64_TYPE__ uint64_t;

struct __align__(4) float1 {
  float x;
};
static __host__ __device__ float1 make_float1(float x);
struct __align__(8) float2 {
  float x, y;
};
static __host__ __device__ float2 make_float2(float x, float y);
struct __align__(4) float3 {
  float x, y, z;
};
static __host__ __device__ float3 make_float3(float x, float y, float z);
struct __align__(16) float4 {
  float x, y, z, w;
};
static __host__ __device__ float4 make_float4(float x, float y, float z, float w);
struct __align__(4) int1 {
  int x;
};
static __host__ __device__ int1 make_int1(int x);
struct __align__(8) int2 {
  int x, y;
};
static __host__ __device__ int2 make_int2(int x, int y);
struct __align__(4) int3 {
  int x, y, z;
};
static __host__ __device__ int3 make_int3(int x, int y, int z);
struct __align__(16) int4 {
  int x, y, z, w;
};
static __host__ __device__ int4 make_int4(int x, int y, int z, int w);
struct __align__(4) uint1 {
  unsigned int x;
};
static __host__ __device__ uint1 make_uint1(unsigned int x);
struct __align__(8) uint2 {
  unsigned int x, y;
};
static __host__ __device__ uint2 make_uint2(unsigned int x, unsigned int y);
struct __align__(4) uint3 {
  unsigned int x, y, z;
};
static __host__ __device__ uint3 make_uint3(unsigned int x, unsigned int y, unsigned int z);
struct __align__(16) uint4 {
  unsigned int x, y, z, w;
};
static __host__ __device__ uint4 make_uint4(unsigned int x, unsigned int y, unsigned int z,
                                            unsigned int w);
struct __align__(8) double1 {
  double x;
};
static __host__ __device__ double1 make_double1(double x);
struct __align__(16) double2 {
  double x, y;
};
static __host__ __device__ double2 make_double2(double x, double y);
struct __align__(8) double3 {
  double x, y, z;
};
static __host__ __device__ double3 make_double3(double x, double y, double z);
struct __align__(16) double4 {
  double x, y, z, w;
};
static __host__ __device__ double4 make_double4(double x, double y, double z, double w);
struct __align__(8) longlong1 {
  long long x;
};
static __host__ __device__ longlong1 make_longlong1(long long x);
struct __align__(16) longlong2 {
  long long x, y;
};
static __host__ __device__ longlong2 make_longlong2(long long x, long long y);
struct __align__(8) longlong3 {
  long long x, y, z;
};
static __host__ __device__ longlong3 make_longlong3(long long x, long long y, long long z);
struct __align__(16) longlong4 {
  long long x, y, z, w;
};
static __host__ __device__ longlong4 make_longlong4(long long x, long long y, long long z,
                                                    long long w);
struct __align__(8) ulonglong1 {
  unsigned long long x;
};
static __host__ __device__ ulonglong1 make_ulonglong1(unsigned long long x);
struct __align__(16) ulonglong2 {
  unsigned long long x, y;
};
static __host__ __device__ ulonglong2 make_ulonglong2(unsigned long long x, unsigned long long y);
struct __align__(8) ulonglong3 {
  unsigned long long x, y, z;
};
static __host__ __device__ ulonglong3 make_ulonglong3(unsigned long long x, unsigned long long y,
                                                      unsigned long long z);
struct __align__(16) ulonglong4 {
  unsigned long long x, y, z, w;
};
static __host__ __device__ ulonglong4 make_ulonglong4(unsigned long long x, unsigned long long y,
                                                      unsigned long long z, unsigned long long w);
struct __align__(2) short1 {
  short x;
};
static __host__ __device__ short1 make_short1(short x);
struct __align__(4) short2 {
  short x, y;
};
static __host__ __device__ short2 make_short2(short x, short y);
struct __align__(2) short3 {
  short x, y, z;
};
static __host__ __device__ short3 make_short3(short x, short y, short z);
struct __align__(8) short4 {
  short x, y, z, w;
};
static __host__ __device__ short4 make_short4(short x, short y, short z, short w);
struct __align__(2) ushort1 {
  unsigned short x;
};
static __host__ __device__ ushort1 make_ushort1(unsigned short x);
struct __align__(4) ushort2 {
  unsigned short x, y;
};
static __host__ __device__ ushort2 make_ushort2(unsigned short x, unsigned short y);
struct __align__(2) ushort3 {
  unsigned short x, y, z;
};
static __host__ __device__ ushort3 make_ushort3(unsigned short x, unsigned short y,
                                                unsigned short z);
struct __align__(8) ushort4 {
  unsigned short x, y, z, w;
};
static __host__ __device__ ushort4 make_ushort4(unsigned short x, unsigned short y,
                                                unsigned short z, unsigned short w);
struct __align__(1) char1 {
  char x;
};
static __host__ __device__ char1 make_char1(char x);
struct __align__(2) char2 {
  char x, y;
};
static __host__ __device__ char2 make_char2(char x, char y);
struct __align__(1) char3 {
  char x, y, z;
};
static __host__ __device__ char3 make_char3(char x, char y, char z);
struct __align__(4) char4 {
  char x, y, z, w;
};
static __host__ __device__ char4 make_char4(char x, char y, char z, char w);
struct __align__(1) uchar1 {
  unsigned char x;
};
static __host__ __device__ uchar1 make_uchar1(unsigned char x);
struct __align__(2) uchar2 {
  unsigned char x, y;
};
static __host__ __device__ uchar2 make_uchar2(unsigned char x, unsigned char y);
struct __align__(1) uchar3 {
  unsigned char x, y, z;
};
static __host__ __device__ uchar3 make_uchar3(unsigned char x, unsigned char y, unsigned char z);
struct __align__(4) uchar4 {
  unsigned char x, y, z, w;
};
static __host__ __device__ uchar4 make_uchar4(unsigned char x, unsigned char y, unsigned char z,
                                              unsigned char w);

struct dim3 {
  unsigned int x, y, z;
  __host__ __device__ dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
};
extern const __device__ uint3 threadIdx;
extern const __device__ uint3 blockIdx;
extern const __device__ dim3 blockDim;
extern const __device__ dim3 gridDim;
typedef int cudaError_t;
typedef struct CUstream_st *cudaStream_t;
extern "C" int cudaConfigureCall(dim3, dim3, size_t = 0, cudaStream_t = 0);

struct __align__(2) __half {
  unsigned short __x;
  __host__ __device__ __half() = default;
  __host__ __device__ __half(float f);
  __host__ __device__ __half(double f);
  __host__ __device__ __half(int i);
  __host__ __device__ __half(unsigned int i);
  __host__ __device__ __half(long long i);
  __host__ __device__ operator float() const;
};
typedef __half half;
struct __align__(4) __half2 {
  __half x, y;
  __host__ __device__ __half2() = default;
  __host__ __device__ __half2(const __half &a, const __half &b);
};
typedef __half2 half2;
struct __align__(2) __nv_bfloat16 {
  unsigned short __x;
  __host__ __device__ __nv_bfloat16() = default;
  __host__ __device__ __nv_bfloat16(float f);
  __host__ __device__ __nv_bfloat16(double f);
  __host__ __device__ __nv_bfloat16(int i);
  __host__ __device__ operator float() const;
};
typedef __nv_bfloat16 nv_bfloat16;
struct __align__(4) __nv_bfloat162 {
  __nv_bfloat16 x, y;
  __host__ __device__ __nv_bfloat162() = default;
  __host__ __device__ __nv_bfloat162(const __nv_bfloat16 &a, const __nv_bfloat16 &b);
};
typedef __nv_bfloat162 nv_bfloat162;

__KFIX_MATH float expf(float);
__KFIX_MATH double exp(double);
__KFIX_MATH float exp2f(float);
__KFIX_MATH double exp2(double);
__KFIX_MATH float exp10f(float);
__KFIX_MATH double exp10(double);
__KFIX_MATH float expm1f(float);
__KFIX_MATH double expm1(double);
__KFIX_MATH float logf(float);
__KFIX_MATH double log(double);
__KFIX_MATH float log2f(float);
__KFIX_MATH double log2(double);
__KFIX_MATH float log10f(float);
__KFIX_MATH double log10(double);
__KFIX_MATH float log1pf(float);
__KFIX_MATH double log1p(double);
__KFIX_MATH float sqrtf(float);
__KFIX_MATH double sqrt(double);
__KFIX_MATH float rsqrtf(float);
__KFIX_MATH double rsqrt(double);
__KFIX_MATH float cbrtf(float);
__KFIX_MATH double cbrt(double);
__KFIX_MATH float tanhf(float);
__KFIX_MATH double tanh(double);
__KFIX_MATH float erff(float);
__KFIX_MATH double erf(double);
__KFIX_MATH float erfcf(float);
__KFIX_MATH double erfc(double);
__KFIX_MATH float sinf(float);
__KFIX_MATH double sin(double);
__KFIX_MATH float cosf(float);
__KFIX_MATH double cos(double);
__KFIX_MATH float tanf(float);
__KFIX_MATH double tan(double);
__KFIX_MATH float asinf(float);
__KFIX_MATH double asin(double);
__KFIX_MATH float acosf(float);
__KFIX_MATH double acos(double);
__KFIX_MATH float atanf(float);
__KFIX_MATH double atan(double);
__KFIX_MATH float sinhf(float);
__KFIX_MATH double sinh(double);
__KFIX_MATH float coshf(float);
__KFIX_MATH double cosh(double);
__KFIX_MATH float floorf(float);
__KFIX_MATH double floor(double);
__KFIX_MATH float ceilf(float);
__KFIX_MATH double ceil(double);
__KFIX_MATH float roundf(float);
__KFIX_MATH double round(double);
__KFIX_MATH float truncf(float);
__KFIX_MATH double trunc(double);
__KFIX_MATH float rintf(float);
__KFIX_MATH double rint(double);
__KFIX_MATH float nearbyintf(float);
__KFIX_MATH double nearbyint(double);
__KFIX_MATH float fabsf(float);
__KFIX_MATH double fabs(double);
__KFIX_MATH float powf(float, float);
__KFIX_MATH double pow(double, double);
__KFIX_MATH float atan2f(float, float);
__KFIX_MATH double atan2(double, double);
__KFIX_MATH float fmaxf(float, float);
__KFIX_MATH double fmax(double, double);
__KFIX_MATH float fminf(float, float);
__KFIX_MATH double fmin(double, double);
__KFIX_MATH float copysignf(float, float);
__KFIX_MATH double copysign(double, double);
__KFIX_MATH float fmodf(float, float);
__KFIX_MATH double fmod(double, double);
__KFIX_MATH float fdividef(float, float);
__KFIX_MATH float fmaf(float, float, float);
__KFIX_MATH double fma(double, double, double);
__KFIX_MATH float __expf(float);
__KFIX_MATH float __exp10f(float);
__KFIX_MATH float __logf(float);
__KFIX_MATH float __log2f(float);
__KFIX_MATH float __log10f(float);
__KFIX_MATH float __sinf(float);
__KFIX_MATH float __cosf(float);
__KFIX_MATH float __tanf(float);
__KFIX_MATH float __saturatef(float);
__KFIX_MATH float __frsqrt_rn(float);
__KFIX_MATH float __fsqrt_rn(float);
__KFIX_MATH float __frcp_rn(float);
__KFIX_MATH float __powf(float, float);
__KFIX_MATH float __fdividef(float, float);
__KFIX_MATH float __fdiv_rn(float, float);
__KFIX_MATH float __fmul_rn(float, float);
__KFIX_MATH float __fadd_rn(float, float);
__KFIX_MATH float __fsub_rn(float, float);
__KFIX_MATH float __fmaf_rn(float, float, float);
__KFIX_MATH double __dmul_rn(double, double);
__KFIX_MATH double __dadd_rn(double, double);
__KFIX_MATH int max(int, int);
__KFIX_MATH int min(int, int);
__KFIX_MATH unsigned int max(unsigned int, unsigned int);
__KFIX_MATH unsigned int min(unsigned int, unsigned int);
__KFIX_MATH long long max(long long, long long);
__KFIX_MATH long long min(long long, long long);
__KFIX_MATH unsigned long long max(unsigned long long, unsigned long long);
__KFIX_MATH unsigned long long min(unsigned long long, unsigned long long);
__KFIX_MATH long max(long, long);
__KFIX_MATH long min(long, long);
__KFIX_MATH unsigned long max(unsigned long, unsigned long);
__KFIX_MATH unsigned long min(unsigned long, unsigned long);
__KFIX_MATH float max(float, float);
__KFIX_MATH float min(float, float);
__KFIX_MATH double max(double, double);
__KFIX_MATH double min(double, double);
__KFIX_MATH unsigned int max(int, unsigned int);
__KFIX_MATH unsigned int max(unsigned int, int);
__KFIX_MATH unsigned int min(int, unsigned int);
__KFIX_MATH unsigned int min(unsigned int, int);
__KFIX_MATH int abs(int);
__KFIX_MATH long long llabs(long long);
__KFIX_MATH int isnan(float);
__KFIX_MATH int isnan(double);
__KFIX_MATH int isinf(float);
__KFIX_MATH int isinf(double);
__KFIX_MATH int isfinite(float);
__KFIX_MATH int isfinite(double);
__KFIX_MATH int __float_as_int(float);
__KFIX_MATH unsigned int __float_as_uint(float);
__KFIX_MATH float __int_as_float(int);
__KFIX_MATH float __uint_as_float(unsigned int);
__KFIX_MATH long long __double_as_longlong(double);
__KFIX_MATH double __longlong_as_double(long long);
__KFIX_MATH int __popc(unsigned int);
__KFIX_MATH int __popcll(unsigned long long);
__KFIX_MATH int __clz(int);
__KFIX_MATH int __clzll(long long);
__KFIX_MATH int __mul24(int, int);
__KFIX_MATH unsigned int __umul24(unsigned int, unsigned int);
__KFIX_MATH int __float2int_rn(float);
__KFIX_MATH int __float2int_rz(float);
__KFIX_MATH unsigned int __float2uint_rn(float);
__KFIX_MATH float __int2float_rn(int);
__KFIX_MATH float __uint2float_rn(unsigned int);

__KFIX_DEV int __shfl_sync(unsigned int mask, int var, int lane, int width = 32);
__KFIX_DEV int __shfl_up_sync(unsigned int mask, int var, unsigned int lane, int width = 32);
__KFIX_DEV int __shfl_down_sync(unsigned int mask, int var, unsigned int lane, int width = 32);
__KFIX_DEV int __shfl_xor_sync(unsigned int mask, int var, int lane, int width = 32);
__KFIX_DEV unsigned int __shfl_sync(unsigned int mask, unsigned int var, int lane, int width = 32);
__KFIX_DEV unsigned int __shfl_up_sync(unsigned int mask, unsigned int var, unsigned int lane,
                                       int width = 32);
__KFIX_DEV unsigned int __shfl_down_sync(unsigned int mask, unsigned int var, unsigned int lane,
                                         int width = 32);
__KFIX_DEV unsigned int __shfl_xor_sync(unsigned int mask, unsigned int var, int lane,
                                        int width = 32);
__KFIX_DEV long long __shfl_sync(unsigned int mask, long long var, int lane, int width = 32);
__KFIX_DEV long long __shfl_up_sync(unsigned int mask, long long var, unsigned int lane,
                                    int width = 32);
__KFIX_DEV long long __shfl_down_sync(unsigned int mask, long long var, unsigned int lane,
                                      int width = 32);
__KFIX_DEV long long __shfl_xor_sync(unsigned int mask, long long var, int lane, int width = 32);
__KFIX_DEV unsigned long long __shfl_sync(unsigned int mask, unsigned long long var, int lane,
                                          int width = 32);
__KFIX_DEV unsigned long long __shfl_up_sync(unsigned int mask, unsigned long long var,
                                             unsigned int lane, int width = 32);
__KFIX_DEV unsigned long long __shfl_down_sync(unsigned int mask, unsigned long long var,
                                               unsigned int lane, int width = 32);
__KFIX_DEV unsigned long long __shfl_xor_sync(unsigned int mask, unsigned long long var, int lane,
                                              int width = 32);
__KFIX_DEV float __shfl_sync(unsigned int mask, float var, int lane, int width = 32);
__KFIX_DEV float __shfl_up_sync(unsigned int mask, float var, unsigned int lane, int width = 32);
__KFIX_DEV float __shfl_down_sync(unsigned int mask, float var, unsigned int lane, int width = 32);
__KFIX_DEV float __shfl_xor_sync(unsigned int mask, float var, int lane, int width = 32);
__KFIX_DEV double __shfl_sync(unsigned int mask, double var, int lane, int width = 32);
__KFIX_DEV double __shfl_up_sync(unsigned int mask, double var, unsigned int lane, int width = 32);
__KFIX_DEV double __shfl_down_sync(unsigned int mask, double var, unsigned int lane,
                                   int width = 32);
__KFIX_DEV double __shfl_xor_sync(unsigned int mask, double var, int lane, int width = 32);
__KFIX_DEV __half __shfl_sync(unsigned int mask, __half var, int lane, int width = 32);
__KFIX_DEV __half __shfl_up_sync(unsigned int mask, __half var, unsigned int lane, int width = 32);
__KFIX_DEV __half __shfl_down_sync(unsigned int mask, __half var, unsigned int lane,
                                   int width = 32);
__KFIX_DEV __half __shfl_xor_sync(unsigned int mask, __half var, int lane, int width = 32);
__KFIX_DEV __nv_bfloat16 __shfl_sync(unsigned int mask, __nv_bfloat16 var, int lane,
                                     int width = 32);
__KFIX_DEV __nv_bfloat16 __shfl_up_sync(unsigned int mask, __nv_bfloat16 var, unsigned int lane,
                                        int width = 32);
__KFIX_DEV __nv_bfloat16 __shfl_down_sync(unsigned int mask, __nv_bfloat16 var, unsigned int lane,
                                          int width = 32);
__KFIX_DEV __nv_bfloat16 __shfl_xor_sync(unsigned int mask, __nv_bfloat16 var, int lane,
                                         int width = 32);

__KFIX_DEV void __syncwarp(unsigned int mask = 0xffffffffu);
__KFIX_DEV unsigned int __ballot_sync(unsigned int mask, int pred);
__KFIX_DEV int __any_sync(unsigned int mask, int pred);
__KFIX_DEV int __all_sync(unsigned int mask, int pred);
__KFIX_DEV unsigned int __activemask();
__KFIX_DEV void __threadfence();
__KFIX_DEV void __threadfence_block();
template <typename T> __KFIX_DEV T __ldg(const T *p);
__KFIX_DEV int atomicAdd(int *address, int val);
__KFIX_DEV unsigned int atomicAdd(unsigned int *address, unsigned int val);
__KFIX_DEV unsigned long long atomicAdd(unsigned long long *address, unsigned long long val);
__KFIX_DEV float atomicAdd(float *address, float val);
__KFIX_DEV double atomicAdd(double *address, double val);
__KFIX_DEV int atomicSub(int *address, int val);
__KFIX_DEV unsigned int atomicSub(unsigned int *address, unsigned int val);
__KFIX_DEV int atomicMax(int *address, int val);
__KFIX_DEV unsigned int atomicMax(unsigned int *address, unsigned int val);
__KFIX_DEV long long atomicMax(long long *address, long long val);
__KFIX_DEV unsigned long long atomicMax(unsigned long long *address, unsigned long long val);
__KFIX_DEV float atomicMax(float *address, float val);
__KFIX_DEV int atomicMin(int *address, int val);
__KFIX_DEV unsigned int atomicMin(unsigned int *address, unsigned int val);
__KFIX_DEV long long atomicMin(long long *address, long long val);
__KFIX_DEV unsigned long long atomicMin(unsigned long long *address, unsigned long long val);
__KFIX_DEV float atomicMin(float *address, float val);
__KFIX_DEV int atomicExch(int *address, int val);
__KFIX_DEV unsigned int atomicExch(unsigned int *address, unsigned int val);
__KFIX_DEV unsigned long long atomicExch(unsigned long long *address, unsigned long long val);
__KFIX_DEV float atomicExch(float *address, float val);
__KFIX_DEV int atomicAnd(int *address, int val);
__KFIX_DEV unsigned int atomicAnd(unsigned int *address, unsigned int val);
__KFIX_DEV unsigned long long atomicAnd(unsigned long long *address, unsigned long long val);
__KFIX_DEV int atomicOr(int *address, int val);
__KFIX_DEV unsigned int atomicOr(unsigned int *address, unsigned int val);
__KFIX_DEV unsigned long long atomicOr(unsigned long long *address, unsigned long long val);
__KFIX_DEV int atomicXor(int *address, int val);
__KFIX_DEV unsigned int atomicXor(unsigned int *address, unsigned int val);
__KFIX_DEV unsigned long long atomicXor(unsigned long long *address, unsigned long long val);
__KFIX_DEV int atomicCAS(int *address, int compare, int val);
__KFIX_DEV unsigned int atomicCAS(unsigned int *address, unsigned int compare, unsigned int val);
__KFIX_DEV unsigned long long atomicCAS(unsigned long long *address, unsigned long long compare,
                                        unsigned long long val);
__KFIX_DEV unsigned short atomicCAS(unsigned short *address, unsigned short compare,
                                    unsigned short val);
__KFIX_DEV __half operator+(const __half &a, const __half &b);
__KFIX_DEV __half &operator+=(__half &a, const __half &b);
__KFIX_DEV __half2 operator+(const __half2 &a, const __half2 &b);
__KFIX_DEV __half2 &operator+=(__half2 &a, const __half2 &b);
__KFIX_DEV __half operator-(const __half &a, const __half &b);
__KFIX_DEV __half &operator-=(__half &a, const __half &b);
__KFIX_DEV __half2 operator-(const __half2 &a, const __half2 &b);
__KFIX_DEV __half2 &operator-=(__half2 &a, const __half2 &b);
__KFIX_DEV __half operator*(const __half &a, const __half &b);
__KFIX_DEV __half &operator*=(__half &a, const __half &b);
__KFIX_DEV __half2 operator*(const __half2 &a, const __half2 &b);
__KFIX_DEV __half2 &operator*=(__half2 &a, const __half2 &b);
__KFIX_DEV __half operator/(const __half &a, const __half &b);
__KFIX_DEV __half &operator/=(__half &a, const __half &b);
__KFIX_DEV __half2 operator/(const __half2 &a, const __half2 &b);
__KFIX_DEV __half2 &operator/=(__half2 &a, const __half2 &b);
__KFIX_DEV __half operator-(const __half &a);
__KFIX_DEV __half2 operator-(const __half2 &a);
__KFIX_DEV bool operator==(const __half &a, const __half &b);
__KFIX_DEV bool operator!=(const __half &a, const __half &b);
__KFIX_DEV bool operator<(const __half &a, const __half &b);
__KFIX_DEV bool operator>(const __half &a, const __half &b);
__KFIX_DEV bool operator<=(const __half &a, const __half &b);
__KFIX_DEV bool operator>=(const __half &a, const __half &b);
__KFIX_DEV __half __hadd(__half a, __half b);
__KFIX_DEV __half __hsub(__half a, __half b);
__KFIX_DEV __half __hmul(__half a, __half b);
__KFIX_DEV __half __hdiv(__half a, __half b);
__KFIX_DEV __half __hmax(__half a, __half b);
__KFIX_DEV __half __hmin(__half a, __half b);
__KFIX_DEV __half __hmax_nan(__half a, __half b);
__KFIX_DEV __half __hmin_nan(__half a, __half b);
__KFIX_DEV __half2 __hadd2(__half2 a, __half2 b);
__KFIX_DEV __half2 __hsub2(__half2 a, __half2 b);
__KFIX_DEV __half2 __hmul2(__half2 a, __half2 b);
__KFIX_DEV __half2 __h2div(__half2 a, __half2 b);
__KFIX_DEV __half2 __hmax2(__half2 a, __half2 b);
__KFIX_DEV __half2 __hmin2(__half2 a, __half2 b);
__KFIX_DEV bool __heq(__half a, __half b);
__KFIX_DEV bool __hne(__half a, __half b);
__KFIX_DEV bool __hlt(__half a, __half b);
__KFIX_DEV bool __hle(__half a, __half b);
__KFIX_DEV bool __hgt(__half a, __half b);
__KFIX_DEV bool __hge(__half a, __half b);
__KFIX_DEV __half __hfma(__half a, __half b, __half c);
__KFIX_DEV __half2 __hfma2(__half2 a, __half2 b, __half2 c);
__KFIX_DEV __half __hneg(__half a);
__KFIX_DEV __half __habs(__half a);
__KFIX_DEV bool __hisnan(__half a);
__KFIX_DEV __half2 __hneg2(__half2 a);
__KFIX_DEV __half2 __habs2(__half2 a);
__KFIX_DEV __half hexp(__half a);
__KFIX_DEV __half2 h2exp(__half2 a);
__KFIX_DEV __half hexp2(__half a);
__KFIX_DEV __half2 h2exp2(__half2 a);
__KFIX_DEV __half hlog(__half a);
__KFIX_DEV __half2 h2log(__half2 a);
__KFIX_DEV __half hlog2(__half a);
__KFIX_DEV __half2 h2log2(__half2 a);
__KFIX_DEV __half hsqrt(__half a);
__KFIX_DEV __half2 h2sqrt(__half2 a);
__KFIX_DEV __half hrsqrt(__half a);
__KFIX_DEV __half2 h2rsqrt(__half2 a);
__KFIX_DEV __half hrcp(__half a);
__KFIX_DEV __half2 h2rcp(__half2 a);
__KFIX_DEV __half hsin(__half a);
__KFIX_DEV __half2 h2sin(__half2 a);
__KFIX_DEV __half hcos(__half a);
__KFIX_DEV __half2 h2cos(__half2 a);
__KFIX_DEV __half htanh(__half a);
__KFIX_DEV __half2 h2tanh(__half2 a);
__KFIX_DEV __half hfloor(__half a);
__KFIX_DEV __half2 h2floor(__half2 a);
__KFIX_DEV __half hceil(__half a);
__KFIX_DEV __half2 h2ceil(__half2 a);
__KFIX_DEV __half htrunc(__half a);
__KFIX_DEV __half2 h2trunc(__half2 a);
__KFIX_DEV __half hrint(__half a);
__KFIX_DEV __half2 h2rint(__half2 a);
__KFIX_DEV __nv_bfloat16 operator+(const __nv_bfloat16 &a, const __nv_bfloat16 &b);
__KFIX_DEV __nv_bfloat16 &operator+=(__nv_bfloat16 &a, const __nv_bfloat16 &b);
__KFIX_DEV __nv_bfloat162 operator+(const __nv_bfloat162 &a, const __nv_bfloat162 &b);
__KFIX_DEV __nv_bfloat162 &operator+=(__nv_bfloat162 &a, const __nv_bfloat162 &b);
__KFIX_DEV __nv_bfloat16 operator-(const __nv_bfloat16 &a, const __nv_bfloat16 &b);
__KFIX_DEV __nv_bfloat16 &operator-=(__nv_bfloat16 &a, const __nv_bfloat16 &b);
__KFIX_DEV __nv_bfloat162 operator-(const __nv_bfloat162 &a, const __nv_bfloat162 &b);
__KFIX_DEV __nv_bfloat162 &operator-=(__nv_bfloat162 &a, const __nv_bfloat162 &b);
__KFIX_DEV __nv_bfloat16 operator*(const __nv_bfloat16 &a, const __nv_bfloat16 &b);
__KFIX_DEV __nv_bfloat16 &operator*=(__nv_bfloat16 &a, const __nv_bfloat16 &b);
__KFIX_DEV __nv_bfloat162 operator*(const __nv_bfloat162 &a, const __nv_bfloat162 &b);
__KFIX_DEV __nv_bfloat162 &operator*=(__nv_bfloat162 &a, const __nv_bfloat162 &b);
__KFIX_DEV __nv_bfloat16 operator/(const __nv_bfloat16 &a, const __nv_bfloat16 &b);
__KFIX_DEV __nv_bfloat16 &operator/=(__nv_bfloat16 &a, const __nv_bfloat16 &b);
__KFIX_DEV __nv_bfloat162 operator/(const __nv_bfloat162 &a, const __nv_bfloat162 &b);
__KFIX_DEV __nv_bfloat162 &operator/=(__nv_bfloat162 &a, const __nv_bfloat162 &b);
__KFIX_DEV __nv_bfloat16 operator-(const __nv_bfloat16 &a);
__KFIX_DEV __nv_bfloat162 operator-(const __nv_bfloat162 &a);
__KFIX_DEV bool operator==(const __nv_bfloat16 &a, const __nv_bfloat16 &b);
__KFIX_DEV bool operator!=(const __nv_bfloat16 &a, const __nv_bfloat16 &b);
__KFIX_DEV bool operator<(const __nv_bfloat16 &a, const __nv_bfloat16 &b);
__KFIX_DEV bool operator>(const __nv_bfloat16 &a, const __nv_bfloat16 &b);
__KFIX_DEV bool operator<=(const __nv_bfloat16 &a, const __nv_bfloat16 &b);
__KFIX_DEV bool operator>=(const __nv_bfloat16 &a, const __nv_bfloat16 &b);
__KFIX_DEV __nv_bfloat16 __hadd(__nv_bfloat16 a, __nv_bfloat16 b);
__KFIX_DEV __nv_bfloat16 __hsub(__nv_bfloat16 a, __nv_bfloat16 b);
__KFIX_DEV __nv_bfloat16 __hmul(__nv_bfloat16 a, __nv_bfloat16 b);
__KFIX_DEV __nv_bfloat16 __hdiv(__nv_bfloat16 a, __nv_bfloat16 b);
__KFIX_DEV __nv_bfloat16 __hmax(__nv_bfloat16 a, __nv_bfloat16 b);
__KFIX_DEV __nv_bfloat16 __hmin(__nv_bfloat16 a, __nv_bfloat16 b);
__KFIX_DEV __nv_bfloat16 __hmax_nan(__nv_bfloat16 a, __nv_bfloat16 b);
__KFIX_DEV __nv_bfloat16 __hmin_nan(__nv_bfloat16 a, __nv_bfloat16 b);
__KFIX_DEV __nv_bfloat162 __hadd2(__nv_bfloat162 a, __nv_bfloat162 b);
__KFIX_DEV __nv_bfloat162 __hsub2(__nv_bfloat162 a, __nv_bfloat162 b);
__KFIX_DEV __nv_bfloat162 __hmul2(__nv_bfloat162 a, __nv_bfloat162 b);
__KFIX_DEV __nv_bfloat162 __h2div(__nv_bfloat162 a, __nv_bfloat162 b);
__KFIX_DEV __nv_bfloat162 __hmax2(__nv_bfloat162 a, __nv_bfloat162 b);
__KFIX_DEV __nv_bfloat162 __hmin2(__nv_bfloat162 a, __nv_bfloat162 b);
__KFIX_DEV bool __heq(__nv_bfloat16 a, __nv_bfloat16 b);
__KFIX_DEV bool __hne(__nv_bfloat16 a, __nv_bfloat16 b);
__KFIX_DEV bool __hlt(__nv_bfloat16 a, __nv_bfloat16 b);
__KFIX_DEV bool __hle(__nv_bfloat16 a, __nv_bfloat16 b);
__KFIX_DEV bool __hgt(__nv_bfloat16 a, __nv_bfloat16 b);
__KFIX_DEV bool __hge(__nv_bfloat16 a, __nv_bfloat16 b);
__KFIX_DEV __nv_bfloat16 __hfma(__nv_bfloat16 a, __nv_bfloat16 b, __nv_bfloat16 c);
__KFIX_DEV __nv_bfloat162 __hfma2(__nv_bfloat162 a, __nv_bfloat162 b, __nv_bfloat162 c);
__KFIX_DEV __nv_bfloat16 __hneg(__nv_bfloat16 a);
__KFIX_DEV __nv_bfloat16 __habs(__nv_bfloat16 a);
__KFIX_DEV bool __hisnan(__nv_bfloat16 a);
__KFIX_DEV __nv_bfloat162 __hneg2(__nv_bfloat162 a);
__KFIX_DEV __nv_bfloat162 __habs2(__nv_bfloat162 a);
__KFIX_DEV __nv_bfloat16 hexp(__nv_bfloat16 a);
__KFIX_DEV __nv_bfloat162 h2exp(__nv_bfloat162 a);
__KFIX_DEV __nv_bfloat16 hexp2(__nv_bfloat16 a);
__KFIX_DEV __nv_bfloat162 h2exp2(__nv_bfloat162 a);
__KFIX_DEV __nv_bfloat16 hlog(__nv_bfloat16 a);
__KFIX_DEV __nv_bfloat162 h2log(__nv_bfloat162 a);
__KFIX_DEV __nv_bfloat16 hlog2(__nv_bfloat16 a);
__KFIX_DEV __nv_bfloat162 h2log2(__nv_bfloat162 a);
__KFIX_DEV __nv_bfloat16 hsqrt(__nv_bfloat16 a);
__KFIX_DEV __nv_bfloat162 h2sqrt(__nv_bfloat162 a);
__KFIX_DEV __nv_bfloat16 hrsqrt(__nv_bfloat16 a);
__KFIX_DEV __nv_bfloat162 h2rsqrt(__nv_bfloat162 a);
__KFIX_DEV __nv_bfloat16 hrcp(__nv_bfloat16 a);
__KFIX_DEV __nv_bfloat162 h2rcp(__nv_bfloat162 a);
__KFIX_DEV __nv_bfloat16 hsin(__nv_bfloat16 a);
__KFIX_DEV __nv_bfloat162 h2sin(__nv_bfloat162 a);
__KFIX_DEV __nv_bfloat16 hcos(__nv_bfloat16 a);
__KFIX_DEV __nv_bfloat162 h2cos(__nv_bfloat162 a);
__KFIX_DEV __nv_bfloat16 htanh(__nv_bfloat16 a);
__KFIX_DEV __nv_bfloat162 h2tanh(__nv_bfloat162 a);
__KFIX_DEV __nv_bfloat16 hfloor(__nv_bfloat16 a);
__KFIX_DEV __nv_bfloat162 h2floor(__nv_bfloat162 a);
__KFIX_DEV __nv_bfloat16 hceil(__nv_bfloat16 a);
__KFIX_DEV __nv_bfloat162 h2ceil(__nv_bfloat162 a);
__KFIX_DEV __nv_bfloat16 htrunc(__nv_bfloat16 a);
__KFIX_DEV __nv_bfloat162 h2trunc(__nv_bfloat162 a);
__KFIX_DEV __nv_bfloat16 hrint(__nv_bfloat16 a);
__KFIX_DEV __nv_bfloat162 h2rint(__nv_bfloat162 a);
__KFIX_DEV __half __float2half(float);
__KFIX_DEV __half __float2half_rn(float);
__KFIX_DEV __half __float2half_rz(float);
__KFIX_DEV float __half2float(__half);
__KFIX_DEV __half __double2half(double);
__KFIX_DEV __half __int2half_rn(int);
__KFIX_DEV int __half2int_rn(__half);
__KFIX_DEV int __half2int_rz(__half);
__KFIX_DEV __half2 __float2half2_rn(float);
__KFIX_DEV __half2 __half2half2(__half);
__KFIX_DEV __half2 __floats2half2_rn(float, float);
__KFIX_DEV __half2 __halves2half2(__half, __half);
__KFIX_DEV __half __low2half(__half2);
__KFIX_DEV __half __high2half(__half2);
__KFIX_DEV float __low2float(__half2);
__KFIX_DEV float __high2float(__half2);
__KFIX_DEV float2 __half22float2(__half2);
__KFIX_DEV __half2 __float22half2_rn(float2);
__KFIX_DEV __nv_bfloat16 __float2bfloat16(float);
__KFIX_DEV __nv_bfloat16 __float2bfloat16_rn(float);
__KFIX_DEV float __bfloat162float(__nv_bfloat16);
__KFIX_DEV __nv_bfloat162 __float2bfloat162_rn(float);
__KFIX_DEV __nv_bfloat162 __floats2bfloat162_rn(float, float);
__KFIX_DEV __nv_bfloat162 __halves2bfloat162(__nv_bfloat16, __nv_bfloat16);
__KFIX_DEV __nv_bfloat16 __low2bfloat16(__nv_bfloat162);
__KFIX_DEV __nv_bfloat16 __high2bfloat16(__nv_bfloat162);
__KFIX_DEV float2 __bfloat1622float2(__nv_bfloat162);
__KFIX_DEV __nv_bfloat162 __float22bfloat162_rn(float2);
__KFIX_DEV float __low2float(__nv_bfloat162);
__KFIX_DEV float __high2float(__nv_bfloat162);
__KFIX_DEV short __half_as_short(__half);
__KFIX_DEV unsigned short __half_as_ushort(__half);
__KFIX_DEV __half __short_as_half(short);
__KFIX_DEV __half __ushort_as_half(unsigned short);

// The symbol API, for host code that sets __constant__ memory (the lifter
// reads which variables it names).
enum cudaMemcpyKind {
  cudaMemcpyHostToHost = 0,
  cudaMemcpyHostToDevice = 1,
  cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3,
  cudaMemcpyDefault = 4
};
template <class T>
static __host__ int cudaMemcpyToSymbol(const T &symbol, const void *src, size_t count,
                                       size_t offset = 0,
                                       cudaMemcpyKind kind = cudaMemcpyHostToDevice);
template <class T>
static __host__ int
cudaMemcpyToSymbolAsync(const T &symbol, const void *src, size_t count, size_t offset = 0,
                        cudaMemcpyKind kind = cudaMemcpyHostToDevice, void *stream = 0);
template <class T>
static __host__ int cudaMemcpyFromSymbol(void *dst, const T &symbol, size_t count,
                                         size_t offset = 0,
                                         cudaMemcpyKind kind = cudaMemcpyDeviceToHost);
template <class T> static __host__ int cudaGetSymbolAddress(void **dev, const T &symbol);

#endif
