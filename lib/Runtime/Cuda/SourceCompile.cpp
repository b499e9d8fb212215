//===- SourceCompile.cpp - a CUDA source file through NVRTC or nvcc -------===//
#include "kfix/Runtime/SourceCompile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cmath>
#include <condition_variable>
#include <dlfcn.h>
#include <mutex>
#include <atomic>
#include <thread>
#include <optional>
#include <vector>

using namespace kfix;

llvm::StringRef kfix::toString(SourceCompileStatus s) {
  switch (s) {
  case SourceCompileStatus::Ok:
    return "ok";
  case SourceCompileStatus::Failed:
    return "failed";
  case SourceCompileStatus::Unavailable:
    return "unavailable";
  }
  return "unavailable";
}

std::string SourceCompileResult::firstError() const {
  llvm::SmallVector<llvm::StringRef> lines;
  llvm::StringRef(log).split(lines, '\n', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef l : lines)
    if (l.contains_insensitive("error"))
      return l.trim().str();
  for (llvm::StringRef l : lines)
    if (!l.trim().empty())
      return l.trim().str();
  return "";
}

/// The first `n` lines of `s`, and a note of how many were left out.
static std::string firstLines(llvm::StringRef s, unsigned n) {
  llvm::SmallVector<llvm::StringRef> lines;
  s.rtrim().split(lines, '\n');
  std::string out;
  for (unsigned i = 0; i < lines.size() && i < n; ++i)
    out += lines[i].rtrim().str() + "\n";
  if (lines.size() > n)
    out += "(" + std::to_string(lines.size() - n) + " more lines)\n";
  return out;
}

static std::optional<std::string> env(const char *name) {
  std::optional<std::string> v = llvm::sys::Process::GetEnv(name);
  if (v && v->empty())
    return std::nullopt;
  return v;
}

/// The toolkit roots to look in, in order.
static std::vector<std::string> toolkitRoots() {
  std::vector<std::string> roots;
  for (const char *e : {"CUDA_HOME", "CUDA_PATH"})
    if (auto v = env(e))
      roots.push_back(*v);
  roots.push_back("/usr/local/cuda");
  return roots;
}

double kfix::sourceCompileTimeout() {
  if (std::optional<std::string> v = env("KFIX_SOURCE_COMPILE_TIMEOUT")) {
    double d = 0;
    if (!llvm::StringRef(*v).trim().getAsDouble(d) && d > 0 && std::isfinite(d))
      return d;
  }
  return 30;
}

std::string kfix::cudaIncludeDir() {
  for (const std::string &r : toolkitRoots()) {
    llvm::SmallString<256> p(r);
    llvm::sys::path::append(p, "include", "cuda_runtime.h");
    if (llvm::sys::fs::exists(p))
      return (llvm::Twine(r) + "/include").str();
  }
  return "";
}

//===----------------------------------------------------------------------===//
// NVRTC
//===----------------------------------------------------------------------===//

static std::atomic<unsigned> compilesInFlight{0};

unsigned kfix::sourceCompilesInFlight() { return compilesInFlight.load(); }

namespace {

/// The part of NVRTC's C API used here, declared by hand (no CUDA headers at
/// build time): results are an int enum, 0 = NVRTC_SUCCESS; a program is an
/// opaque pointer.
using NvrtcResult = int;
using NvrtcProgram = void *;
struct NvrtcAPI {
  NvrtcResult (*createProgram)(NvrtcProgram *, const char *src, const char *name, int numHeaders,
                               const char *const *headers, const char *const *includeNames);
  NvrtcResult (*compileProgram)(NvrtcProgram, int numOptions, const char *const *options);
  NvrtcResult (*getProgramLogSize)(NvrtcProgram, size_t *);
  NvrtcResult (*getProgramLog)(NvrtcProgram, char *);
  NvrtcResult (*destroyProgram)(NvrtcProgram *);
  const char *(*getErrorString)(NvrtcResult);
  NvrtcResult (*version)(int *major, int *minor);
};

/// Host-side headers that a .cu file includes for nvcc and whose device side
/// NVRTC has built in (the runtime's types, thread indices, intrinsics): given
/// to NVRTC empty, so that including them is no reason to fail.
const char *const kBuiltinHeaders[] = {"cuda_runtime.h", "cuda_runtime_api.h",
                                       "device_launch_parameters.h"};

class NvrtcCompiler : public SourceCompiler {
public:
  llvm::StringRef name() const override { return "nvrtc"; }
  bool available() override {
    load();
    return handle != nullptr;
  }
  std::string why() override {
    load();
    return whyNot;
  }

  SourceCompileResult compile(llvm::StringRef source, const SourceCompileOptions &opts) override {
    SourceCompileResult r;
    r.tool = "nvrtc";
    if (!available()) {
      r.log = whyNot;
      return r;
    }
    r.version = versionText;
    std::vector<std::string> options = {
        "--gpu-architecture=compute_" + std::to_string(opts.computeCapability), "-std=c++17"};
    if (std::string inc = cudaIncludeDir(); !inc.empty())
      options.push_back("-I" + inc);
    // The compile runs on a thread of its own that owns everything it reads,
    // so that a compile past the time limit can be abandoned (NVRTC has no
    // way to interrupt one): the caller gets "timed out", the thread finishes
    // or not on its own.
    struct Job {
      NvrtcAPI api;
      std::string src, fileName;
      std::vector<std::string> options;
      std::mutex m;
      std::condition_variable cv;
      bool done = false;
      SourceCompileStatus status = SourceCompileStatus::Failed;
      std::string log;
    };
    auto job = std::make_shared<Job>();
    job->api = api;
    job->src = source.str();
    job->fileName = opts.fileName;
    job->options = std::move(options);
    ++compilesInFlight;
    std::thread([job] {
      std::vector<const char *> argv;
      for (const std::string &o : job->options)
        argv.push_back(o.c_str());
      std::vector<const char *> headers(std::size(kBuiltinHeaders), "");
      SourceCompileStatus status = SourceCompileStatus::Failed;
      std::string log;
      NvrtcProgram prog = nullptr;
      NvrtcResult rc = job->api.createProgram(&prog, job->src.c_str(), job->fileName.c_str(),
                                              int(headers.size()), headers.data(), kBuiltinHeaders);
      if (rc != 0) {
        log = std::string("nvrtcCreateProgram: ") + job->api.getErrorString(rc);
      } else {
        rc = job->api.compileProgram(prog, int(argv.size()), argv.data());
        size_t size = 0;
        if (job->api.getProgramLogSize(prog, &size) == 0 && size > 1) {
          log.resize(size);
          if (job->api.getProgramLog(prog, log.data()) == 0)
            log.resize(size - 1); // the terminating NUL
          else
            log.clear();
        }
        job->api.destroyProgram(&prog);
        status = rc == 0 ? SourceCompileStatus::Ok : SourceCompileStatus::Failed;
        log = firstLines(log, 20);
        if (rc != 0 && log.empty())
          log = std::string("nvrtcCompileProgram: ") + job->api.getErrorString(rc) + "\n";
      }
      std::lock_guard<std::mutex> lock(job->m);
      job->status = status;
      job->log = std::move(log);
      job->done = true;
      job->cv.notify_all();
      --compilesInFlight;
    }).detach();
    double limit = opts.timeoutSec;
    std::unique_lock<std::mutex> lock(job->m);
    if (!job->cv.wait_for(lock, std::chrono::duration<double>(std::max(0.0, limit)),
                          [&] { return job->done; })) {
      r.status = SourceCompileStatus::Failed;
      r.log = llvm::formatv("nvrtc: timed out after {0:f1} s (the compile is abandoned)\n", limit)
                  .str();
      return r;
    }
    r.status = job->status;
    r.log = job->log;
    return r;
  }

private:
  void load() {
    std::call_once(once, [this] { loadOnce(); });
  }
  void loadOnce() {
    std::vector<std::string> tries;
    std::optional<std::string> explicitLib = env("KFIX_NVRTC_LIB");
    const char *names[] = {"libnvrtc.so", "libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so.11.2"};
    std::vector<std::string> roots = toolkitRoots();
    if (explicitLib) {
      tries.push_back(*explicitLib); // an explicit choice: nothing else
    } else {
      for (const char *n : names)
        tries.push_back(n);
      for (const std::string &r : roots)
        for (const char *n : names)
          tries.push_back(r + "/lib64/" + n);
    }
    std::string lastError;
    for (const std::string &t : tries) {
      void *h = dlopen(t.c_str(), RTLD_NOW | RTLD_LOCAL);
      if (!h) {
        const char *e = dlerror();
        lastError = e ? e : t + ": cannot be opened";
        continue;
      }
      if (std::string missing = resolve(h); !missing.empty()) {
        lastError = t + " has no " + missing;
        dlclose(h);
        continue;
      }
      handle = h;
      int major = 0, minor = 0;
      if (api.version(&major, &minor) == 0)
        versionText = std::to_string(major) + "." + std::to_string(minor);
      return;
    }
    whyNot = explicitLib ? "no NVRTC library: KFIX_NVRTC_LIB=" + *explicitLib + ": " + lastError
                         : "no NVRTC library (libnvrtc.so, .so.13, .so.12, .so.11.2 on the "
                           "loader's path and in " +
                               llvm::join(roots, "/lib64, ") + "/lib64)";
  }
  /// Resolves the API in `h`; the name of the first missing symbol, or "".
  std::string resolve(void *h) {
    struct {
      const char *name;
      void **slot;
    } syms[] = {{"nvrtcCreateProgram", reinterpret_cast<void **>(&api.createProgram)},
                {"nvrtcCompileProgram", reinterpret_cast<void **>(&api.compileProgram)},
                {"nvrtcGetProgramLogSize", reinterpret_cast<void **>(&api.getProgramLogSize)},
                {"nvrtcGetProgramLog", reinterpret_cast<void **>(&api.getProgramLog)},
                {"nvrtcDestroyProgram", reinterpret_cast<void **>(&api.destroyProgram)},
                {"nvrtcGetErrorString", reinterpret_cast<void **>(&api.getErrorString)},
                {"nvrtcVersion", reinterpret_cast<void **>(&api.version)}};
    for (auto &s : syms)
      if (!(*s.slot = dlsym(h, s.name)))
        return s.name;
    return "";
  }

  std::once_flag once;
  void *handle = nullptr;
  NvrtcAPI api{};
  std::string versionText, whyNot;
};

//===----------------------------------------------------------------------===//
// nvcc
//===----------------------------------------------------------------------===//

/// A temporary directory removed with everything in it at the end of scope.
class TempDir {
public:
  explicit TempDir(std::error_code &ec) {
    ec = llvm::sys::fs::createUniqueDirectory("kfix-nvcc", path);
  }
  ~TempDir() {
    if (!path.empty())
      llvm::sys::fs::remove_directories(path);
  }
  std::string file(llvm::StringRef name) const {
    llvm::SmallString<256> p(path);
    llvm::sys::path::append(p, name);
    return std::string(p);
  }

private:
  llvm::SmallString<256> path;
};

struct ChildRun {
  int rc = -1;
  std::string output; ///< stdout and stderr together
  std::string error;  ///< why it did not run to an exit status (not found, timeout)
};

ChildRun runChild(llvm::StringRef program, llvm::ArrayRef<std::string> args, unsigned timeoutSec,
                  const TempDir &dir, llvm::StringRef outName) {
  ChildRun r;
  // Its own file per child: a redirect appends to an existing file.
  std::string outPath = dir.file(outName);
  std::vector<llvm::StringRef> argv = {program};
  for (const std::string &a : args)
    argv.push_back(a);
  std::optional<llvm::StringRef> redirects[] = {llvm::StringRef(""), llvm::StringRef(outPath),
                                                llvm::StringRef(outPath)};
  std::string errMsg;
  bool failed = false;
  r.rc = llvm::sys::ExecuteAndWait(program, argv, std::nullopt, redirects, timeoutSec, 0, &errMsg,
                                   &failed);
  if (auto buf = llvm::MemoryBuffer::getFile(outPath))
    r.output = (*buf)->getBuffer().str();
  if (failed)
    r.error = errMsg.empty() ? "cannot run " + program.str() : errMsg;
  else if (r.rc < 0)
    r.error = errMsg.empty() ? "killed by a signal" : errMsg;
  return r;
}

class NvccCompiler : public SourceCompiler {
public:
  llvm::StringRef name() const override { return "nvcc"; }
  bool available() override {
    find();
    return !program.empty();
  }
  std::string why() override {
    find();
    return whyNot;
  }

  SourceCompileResult compile(llvm::StringRef source, const SourceCompileOptions &opts) override {
    SourceCompileResult r;
    r.tool = "nvcc";
    if (!available()) {
      r.log = whyNot;
      return r;
    }
    r.status = SourceCompileStatus::Failed;
    std::error_code ec;
    TempDir dir(ec);
    if (ec) {
      r.log = "cannot make a temporary directory: " + ec.message();
      return r;
    }
    if (versionText.empty()) {
      ChildRun v = runChild(program, {"--version"}, 10, dir, "version.txt");
      llvm::SmallVector<llvm::StringRef> lines;
      llvm::StringRef(v.output).split(lines, '\n', -1, false);
      for (llvm::StringRef l : lines)
        if (size_t p = l.find("release "); p != llvm::StringRef::npos)
          versionText = l.drop_front(p).trim().str();
      if (versionText.empty() && !lines.empty())
        versionText = lines.back().trim().str();
    }
    r.version = versionText;
    std::string file = dir.file(llvm::sys::path::filename(opts.fileName));
    {
      llvm::raw_fd_ostream os(file, ec);
      if (ec) {
        r.log = "cannot write " + file + ": " + ec.message();
        return r;
      }
      os << source;
    }
    std::string arch = "-arch=sm_" + std::to_string(opts.computeCapability);
    ChildRun c = runChild(program, {"-c", "-x", "cu", arch, "-o", dir.file("out.o"), file},
                          unsigned(std::max(1.0, std::ceil(opts.timeoutSec))), dir, "compile.txt");
    // The messages name the file, not its temporary copy.
    std::string out = firstLines(c.output, 20);
    std::string prefix = llvm::sys::path::parent_path(file).str() + "/";
    for (size_t p; (p = out.find(prefix)) != std::string::npos;)
      out.erase(p, prefix.size());
    if (!c.error.empty()) {
      r.log = program + ": " + c.error + "\n" + out;
      return r;
    }
    if (c.rc == 0)
      r.status = SourceCompileStatus::Ok;
    else if (out.empty())
      out = "nvcc exited with status " + std::to_string(c.rc) + "\n";
    r.log = out;
    return r;
  }

private:
  void find() {
    std::call_once(once, [this] {
      if (auto v = env("KFIX_NVCC")) { // an explicit choice: nothing else
        if (llvm::sys::fs::can_execute(*v))
          program = *v;
        else
          whyNot = "KFIX_NVCC=" + *v + " is not an executable file";
        return;
      }
      std::vector<std::string> tried;
      for (const char *e : {"CUDA_HOME", "CUDA_PATH"})
        if (auto v = env(e)) {
          std::string p = *v + "/bin/nvcc";
          if (llvm::sys::fs::can_execute(p)) {
            program = p;
            return;
          }
          tried.push_back(p);
        }
      if (auto p = llvm::sys::findProgramByName("nvcc")) {
        program = *p;
        return;
      }
      tried.push_back("nvcc on PATH");
      if (llvm::sys::fs::can_execute("/usr/local/cuda/bin/nvcc")) {
        program = "/usr/local/cuda/bin/nvcc";
        return;
      }
      tried.push_back("/usr/local/cuda/bin/nvcc");
      whyNot = "no nvcc (tried " + llvm::join(tried, ", ") + ")";
    });
  }

  std::once_flag once;
  std::string program, versionText, whyNot;
};

} // namespace

std::unique_ptr<SourceCompiler> kfix::createNvrtcCompiler() {
  return std::make_unique<NvrtcCompiler>();
}
std::unique_ptr<SourceCompiler> kfix::createNvccCompiler() {
  return std::make_unique<NvccCompiler>();
}
