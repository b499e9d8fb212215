// kfix's stand-in for cub's block and warp reductions, served as <cub/cub.cuh>
// (and the headers below) when no CUDA toolkit is used. Declarations only: the
// lifter expands BlockReduce/WarpReduce calls itself (lib/Frontend/LiftCub.cpp)
// and matches these classes and functors by name, as it does cub's own.
#ifndef KFIX_CUB_FALLBACK_H
#define KFIX_CUB_FALLBACK_H
namespace cuda {
namespace std {
template <class T = void> struct plus {
  __host__ __device__ constexpr T operator()(const T &a, const T &b) const { return a + b; }
};
template <> struct plus<void> {
  template <class T, class U>
  __host__ __device__ constexpr auto operator()(const T &a, const U &b) const {
    return a + b;
  }
};
} // namespace std
template <class T = void> struct maximum {
  __host__ __device__ constexpr T operator()(const T &a, const T &b) const { return a < b ? b : a; }
};
template <> struct maximum<void> {
  template <class T> __host__ __device__ constexpr T operator()(const T &a, const T &b) const {
    return a < b ? b : a;
  }
};
template <class T = void> struct minimum {
  __host__ __device__ constexpr T operator()(const T &a, const T &b) const { return a < b ? a : b; }
};
template <> struct minimum<void> {
  template <class T> __host__ __device__ constexpr T operator()(const T &a, const T &b) const {
    return a < b ? a : b;
  }
};
} // namespace cuda
namespace cub {
struct Sum {
  template <class T> __host__ __device__ T operator()(const T &a, const T &b) const {
    return a + b;
  }
};
struct Max {
  template <class T> __host__ __device__ T operator()(const T &a, const T &b) const {
    return a < b ? b : a;
  }
};
struct Min {
  template <class T> __host__ __device__ T operator()(const T &a, const T &b) const {
    return a < b ? a : b;
  }
};
enum BlockReduceAlgorithm {
  BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY,
  BLOCK_REDUCE_RAKING,
  BLOCK_REDUCE_WARP_REDUCTIONS
};
template <class T, int BLOCK_DIM_X, BlockReduceAlgorithm ALGORITHM = BLOCK_REDUCE_WARP_REDUCTIONS,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockReduce {
public:
  struct TempStorage {
    char bytes[1];
  };
  __device__ BlockReduce();
  __device__ BlockReduce(TempStorage &temp_storage);
  __device__ T Sum(T input);
  __device__ T Sum(T input, int num_valid);
  template <int ITEMS_PER_THREAD> __device__ T Sum(T (&inputs)[ITEMS_PER_THREAD]);
  template <class ReductionOp> __device__ T Reduce(T input, ReductionOp reduction_op);
  template <class ReductionOp>
  __device__ T Reduce(T input, ReductionOp reduction_op, int num_valid);
  template <int ITEMS_PER_THREAD, class ReductionOp>
  __device__ T Reduce(T (&inputs)[ITEMS_PER_THREAD], ReductionOp reduction_op);
};
template <class T, int LOGICAL_WARP_THREADS = 32, int LEGACY_PTX_ARCH = 0> class WarpReduce {
public:
  struct TempStorage {
    char bytes[1];
  };
  __device__ WarpReduce(TempStorage &temp_storage);
  __device__ T Sum(T input);
  __device__ T Sum(T input, int valid_items);
  template <class ReductionOp> __device__ T Reduce(T input, ReductionOp reduction_op);
  template <class ReductionOp>
  __device__ T Reduce(T input, ReductionOp reduction_op, int valid_items);
};
} // namespace cub
#endif
