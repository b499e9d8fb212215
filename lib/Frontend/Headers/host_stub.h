// kfix stub for a host-only header (PyTorch / pybind11): kfix lifts device
// code only; host code that needs the real header is parsed with errors that
// kfix ignores.
#pragma once
namespace at { class Tensor; }
namespace torch { using at::Tensor; }
#ifndef TORCH_EXTENSION_NAME
#define TORCH_EXTENSION_NAME kfix_extension
#endif
#define PYBIND11_MODULE(name, m) static void __kfix_pybind11_##name(void *m)
#define TORCH_CHECK(...) ((void)0)
#define AT_ASSERTM(...) ((void)0)
#define C10_CUDA_KERNEL_LAUNCH_CHECK() ((void)0)
