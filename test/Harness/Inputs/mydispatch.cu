// A self-written dispatch macro: the lambda body is expanded twice with a
// different `using scalar_t`, and nothing but the macro instantiates the kernel.
template <typename scalar_t> __global__ void neg(scalar_t *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = -x[i];
}

#define MY_DISPATCH(IS_DOUBLE, ...)                                            \
  do {                                                                         \
    if (IS_DOUBLE) {                                                           \
      using scalar_t = double;                                                 \
      __VA_ARGS__                                                              \
    } else {                                                                   \
      using scalar_t = float;                                                  \
      __VA_ARGS__                                                              \
    }                                                                          \
  } while (0)

void run(void *p, int n, bool isDouble) {
  MY_DISPATCH(isDouble, {
    neg<scalar_t><<<(n + 127) / 128, 128>>>(static_cast<scalar_t *>(p), n);
  });
}

template <typename T> void launch_templated(T *p, int n) {
  neg<<<1, n>>>(p, n);
}
template void launch_templated<float>(float *, int);
