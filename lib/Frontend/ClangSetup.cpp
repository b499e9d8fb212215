//===- ClangSetup.cpp - the Clang command line and virtual headers --------===//
//
// Builds the device-only Clang invocation: CUDA toolkit headers through
// Clang's CUDA wrappers when a toolkit is found, else kfix's built-in fallback
// header; empty stand-ins for host-only includes (torch, ATen, c10, pybind11).
//
//===----------------------------------------------------------------------===//
#include "ClangSetup.h"

#include "clang/Basic/Stack.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Regex.h"

#include <cstdlib>
#if defined(__unix__)
#include <sys/resource.h>
#endif

using namespace llvm;
using namespace kfix::frontend;

#include "FallbackHeaders.inc"

#ifndef KFIX_CLANG_RESOURCE_DIR
#define KFIX_CLANG_RESOURCE_DIR ""
#endif

static constexpr const char *kFallbackDir = "/__kfix__/cuda";
static constexpr const char *kStubDir = "/__kfix__/stubs";
static constexpr const char *kCubDir = "/__kfix__/cub";

static bool isDir(const Twine &p) { return sys::fs::is_directory(p); }

std::string kfix::frontend::findResourceDir() {
  if (std::optional<std::string> env = sys::Process::GetEnv("KFIX_CLANG_RESOURCE_DIR"))
    if (!env->empty())
      return *env;
  std::string builtin = KFIX_CLANG_RESOURCE_DIR;
  if (!builtin.empty() && isDir(builtin + "/include"))
    return builtin;
  // A relocated (portable) binary: <bindir>/../lib/clang/<major>.
  std::string exe = sys::fs::getMainExecutable(nullptr, nullptr);
  if (!exe.empty() && !builtin.empty()) {
    SmallString<256> p(sys::path::parent_path(sys::path::parent_path(exe)));
    sys::path::append(p, "lib", "clang", sys::path::filename(builtin));
    if (isDir(p + "/include"))
      return std::string(p);
  }
  return builtin;
}

std::string kfix::frontend::findCudaToolkit(bool disabled) {
  if (disabled)
    return "";
  if (std::optional<std::string> off = sys::Process::GetEnv("KFIX_NO_CUDA_TOOLKIT"))
    if (!off->empty() && *off != "0")
      return "";
  SmallVector<std::string> candidates;
  for (const char *var : {"CUDA_HOME", "CUDA_PATH"})
    if (std::optional<std::string> v = sys::Process::GetEnv(var))
      candidates.push_back(*v);
  candidates.push_back("/usr/local/cuda");
  for (const std::string &c : candidates)
    if (!c.empty() && sys::fs::exists(c + "/include/cuda_runtime.h"))
      return c;
  return "";
}

/// Host-only include prefixes that get an empty stand-in.
static bool isHostOnlyInclude(StringRef name) {
  for (StringRef p : {"torch/", "ATen/", "c10/", "pybind11/", "caffe2/"})
    if (name.starts_with(p))
      return true;
  return name == "torch/extension.h" || name == "Python.h";
}

/// Clang's parser and Sema recurse once per level of an expression: a sum of
/// 150000 terms overflowed the 8 MiB main-thread stack (found by fuzz/), which
/// Clang's own driver survives because it raises the stack limit first and notes
/// the bottom of the stack (Sema then moves deep recursions to a new stack). Do
/// the same, once: the main thread's stack grows on demand up to the soft limit.
static void ensureClangStack() {
  static bool done = [] {
    clang::noteBottomOfStack();
#if defined(__unix__)
    constexpr rlim_t want = rlim_t(64) << 20;
    struct rlimit rl;
    if (getrlimit(RLIMIT_STACK, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < want) {
      rl.rlim_cur = (rl.rlim_max == RLIM_INFINITY || rl.rlim_max >= want) ? want : rl.rlim_max;
      (void)setrlimit(RLIMIT_STACK, &rl);
    }
#endif
    return true;
  }();
  (void)done;
}

ClangSetup kfix::frontend::buildClangSetup(StringRef mainPath, StringRef source,
                                           const kfix::ImportOptions &opts) {
  ensureClangStack();
  ClangSetup s;
  s.resourceDir = findResourceDir();
  s.toolkit = findCudaToolkit(opts.noCudaToolkit);
  bool haveWrappers = !s.resourceDir.empty() &&
                      sys::fs::exists(s.resourceDir + "/include/__clang_cuda_runtime_wrapper.h");
  if (!haveWrappers)
    s.toolkit.clear();

  // Virtual files: the fallback CUDA headers and the host-only stubs.
  if (s.toolkit.empty()) {
    s.files.push_back({std::string(kFallbackDir) + "/__kfix_cuda_fallback.h", kFallbackHeader});
    for (const char *name :
         {"cuda_runtime.h", "cuda.h", "cuda_runtime_api.h", "cuda_fp16.h", "cuda_bf16.h",
          "cuda_fp16.hpp", "cuda_bf16.hpp", "device_launch_parameters.h", "device_functions.h",
          "vector_types.h", "math_constants.h", "cuda_device_runtime_api.h",
          "sm_60_atomic_functions.h", "builtin_types.h"})
      s.files.push_back({std::string(kFallbackDir) + "/" + name,
                         "// kfix fallback: see __kfix_cuda_fallback.h\n"});
    // cub's block and warp reductions and the functors they take, declared.
    for (const char *name :
         {"cub/cub.cuh", "cub/block/block_reduce.cuh", "cub/warp/warp_reduce.cuh",
          "cub/thread/thread_operators.cuh", "cuda/functional", "cuda/std/functional"})
      s.files.push_back({std::string(kFallbackDir) + "/" + name, kCubFallbackHeader});
  }
  // Kernel launches (`k<<<g, b>>>(...)`) in host code need the launch
  // configuration function declared; a device-only parse does not see it.
  s.files.push_back({std::string(kStubDir) + "/__kfix_cuda_prelude.h",
                     "extern \"C\" int cudaConfigureCall(dim3, dim3, size_t = 0, "
                     "cudaStream_t = 0);\n"});
  // PyTorch's tensor accessors: declared by the host stubs, and force-included
  // when the source names them without a torch include (a task's kernel.cu has
  // its torch includes blanked). Only then: the declarations claim the names
  // `at` and `torch`.
  s.files.push_back({std::string(kStubDir) + "/__kfix_torch_accessors.h", kTorchAccessorsHeader});
  bool forceAccessors = source.contains("TensorAccessor");
  StringSet<> stubs;
  for (const char *name : {"torch/extension.h", "torch/torch.h", "torch/types.h", "torch/python.h",
                           "ATen/ATen.h", "ATen/cuda/CUDAContext.h", "ATen/cuda/CUDAUtils.h",
                           "c10/cuda/CUDAGuard.h", "c10/cuda/CUDAStream.h", "c10/util/Half.h",
                           "pybind11/pybind11.h", "pybind11/stl.h", "Python.h"})
    stubs.insert(name);
  Regex inc("^[ \t]*#[ \t]*include[ \t]*[<\"]([^>\"]+)[>\"]");
  SmallVector<StringRef> lines;
  source.split(lines, '\n');
  for (StringRef line : lines) {
    SmallVector<StringRef, 2> m;
    if (inc.match(line, &m) && isHostOnlyInclude(m[1]))
      stubs.insert(m[1]);
  }
  for (const auto &st : stubs)
    s.files.push_back({std::string(kStubDir) + "/" + st.getKey().str(), kHostStubHeader});

  std::vector<std::string> &a = s.args;
  a = {"clang", "-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=sm_90", "-fsyntax-only",
       "-std=c++17", "-nocudalib", "-ferror-limit=0", "-w", "-Wno-unknown-cuda-version",
       "-fno-caret-diagnostics", "-D__KFIX__=1",
       // Clang's parser recurses once per nested bracket: 3000 nested '(' overflowed
       // the stack (fuzz/); 256 is Clang's documented limit, an error past it.
       "-fbracket-depth=256"};
  if (!s.resourceDir.empty())
    a.push_back("-resource-dir=" + s.resourceDir);
  a.push_back(std::string("-I") + kStubDir);
  if (!s.toolkit.empty()) {
    a.push_back("--cuda-path=" + s.toolkit);
    // CUDA 12+ keeps cub/thrust/libcu++ under include/cccl (nvcc adds it).
    if (isDir(s.toolkit + "/include/cccl"))
      a.push_back("-isystem" + s.toolkit + "/include/cccl");
    a.push_back("-include");
    a.push_back(std::string(kStubDir) + "/__kfix_cuda_prelude.h");
  } else {
    a.push_back("-nocudainc");
    a.push_back(std::string("-isystem") + kFallbackDir);
    a.push_back("-include");
    a.push_back("__kfix_cuda_fallback.h");
  }
  // cub::Sum/Max/Min, which CCCL 3 removed, for kernels written before it.
  if (!s.toolkit.empty() && source.contains("cub::")) {
    s.files.push_back({std::string(kCubDir) + "/__kfix_cub_compat.h", kCubCompatHeader});
    a.push_back("-include");
    a.push_back(std::string(kCubDir) + "/__kfix_cub_compat.h");
  }
  if (forceAccessors) {
    a.push_back("-include");
    a.push_back(std::string(kStubDir) + "/__kfix_torch_accessors.h");
  }
  for (const std::string &d : opts.includeDirs)
    a.push_back("-I" + d);
  for (const std::string &d : opts.defines)
    a.push_back("-D" + d);
  for (const std::string &x : opts.extraArgs)
    a.push_back(x);
  a.push_back(mainPath.str());
  return s;
}
