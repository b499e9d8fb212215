// Runs a rewritten host.cpp without CUDA: kfix_rt_launch prints what the
// harness would receive.
#include "kfix_rt.h"
#include <cstdio>

extern "C" void kfix_rt_launch(int site, const char *key, kfix_rt::Dim grid,
                               kfix_rt::Dim block, size_t shmem, void *stream,
                               const kfix_rt::Arg *args, int nargs) {
  std::printf("site=%d key=%s grid=%lld,%lld,%lld block=%lld shmem=%zu args=", site, key,
              grid.x, grid.y, grid.z, block.x, shmem);
  for (int i = 0; i < nargs; ++i)
    std::printf("%s%d", i ? "," : "", args[i].kind);
  std::printf(" n=%lld\n", nargs > 1 ? args[1].i : -1);
}

void run(void *p, int n, bool isDouble);
template <typename T> void launch_templated(T *p, int n);

int main() {
  double d[4];
  run(d, 300, true);
  run(d, 300, false);
  launch_templated<float>(reinterpret_cast<float *>(d), 4);
  return 0;
}
