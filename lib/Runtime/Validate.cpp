//===- Validate.cpp - full-coverage validation of a candidate -------------===//
#include "kfix/Runtime/Validate.h"

#include "kfix/Runtime/Deadline.h"
#include "kfix/Runtime/Inputs.h"
#include "kfix/Runtime/KernelSource.h"
#include "kfix/Runtime/MemoryBudget.h"
#include "kfix/Runtime/Npy.h"
#include "kfix/Runtime/Transforms.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"
#include <chrono>
#include <map>
#include <mutex>
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/xxhash.h"
#include "llvm/Support/raw_ostream.h"

extern char **environ;

using namespace kfix;
using llvm::StringRef;

size_t ValidationResult::passed() const {
  return std::count_if(cases.begin(), cases.end(), [](const CaseResult &c) { return c.pass(); });
}

static llvm::Error makeError(const llvm::Twine &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), msg.str());
}

namespace {
/// The compiled kernels of one side (candidate or reference), by name.
struct KernelSet {
  llvm::StringMap<std::unique_ptr<CompiledKernel>> kernels;
  llvm::StringMap<unsigned> expectedArgs;
  double compileMs = 0;
  /// Kernels the executor compiled, and those a compile cache handed out.
  unsigned compiles = 0, cacheHits = 0;

  /// A launch whose parameter list does not match the kernel is a task error.
  llvm::Error checkArity(llvm::ArrayRef<KernelLaunch> launches, StringRef side) {
    for (const KernelLaunch &l : launches) {
      auto it = expectedArgs.find(l.kernel);
      if (it != expectedArgs.end() && it->second != l.params.size())
        return makeError(side + " kernel '" + l.kernel + "' takes " + llvm::Twine(it->second) +
                         " parameters, but the task passes " + llvm::Twine(l.params.size()) +
                         " (params / launches[].params)");
    }
    return llvm::Error::success();
  }

  llvm::Error compile(Executor &exec, mlir::ModuleOp module, llvm::ArrayRef<std::string> names,
                      StringRef side) {
    for (const std::string &n : names) {
      if (kernels.count(n))
        continue;
      if (auto *op = findKernel(module, n))
        if (auto f = llvm::dyn_cast<mlir::FunctionOpInterface>(op))
          expectedArgs[n] = f.getNumArguments();
      std::string err;
      std::unique_ptr<CompiledKernel> k = exec.compile(module, n, err);
      if (!k)
        return makeError(side + " kernel '" + n + "' does not compile on " + exec.name() + ": " +
                         (err.empty() ? "unknown error" : err));
      compileMs += k->compileMs();
      if (k->fromCache())
        ++cacheHits;
      else
        ++compiles;
      kernels[n] = std::move(k);
    }
    return llvm::Error::success();
  }

  /// Runs the launches in order on `bufs`; stops at the first faulting launch.
  llvm::Expected<ExecResult> run(const TaskManifest &task, llvm::ArrayRef<KernelLaunch> launches,
                                 const std::vector<ResolvedParam> &resolved,
                                 std::vector<Buffer> &bufs, const Bindings &b,
                                 const ExecOptions &opts) {
    ExecResult total;
    for (const KernelLaunch &l : launches) {
      auto cfg = l.launch.eval(b);
      if (!cfg)
        return cfg.takeError();
      std::vector<KernelArg> args = launchArgs(task, l, resolved, bufs);
      ExecResult r = kernels[l.kernel]->launch(*cfg, args, opts);
      total.runMs += r.runMs;
      total.maxBlockSteps = std::max(total.maxBlockSteps, r.maxBlockSteps);
      for (ExecFault &f : r.faults) {
        if (launches.size() > 1)
          f.message = "in launch of '" + l.kernel + "': " + f.message;
        total.faults.push_back(std::move(f));
      }
      if (!r.ok) {
        total.ok = false;
        break;
      }
    }
    return total;
  }
};
} // namespace

static std::vector<std::string> orderedKeys(const Bindings &b, llvm::ArrayRef<std::string> order) {
  std::vector<std::string> keys;
  for (const std::string &k : order)
    if (b.count(k))
      keys.push_back(k);
  std::vector<std::string> rest;
  for (const auto &kv : b)
    if (std::find(keys.begin(), keys.end(), kv.first().str()) == keys.end())
      rest.push_back(kv.first().str());
  std::sort(rest.begin(), rest.end());
  keys.insert(keys.end(), rest.begin(), rest.end());
  return keys;
}

llvm::json::Value kfix::bindingsToJSON(const Bindings &b, llvm::ArrayRef<std::string> order) {
  llvm::json::Object o;
  for (const std::string &k : orderedKeys(b, order)) {
    const Scalar &v = b.lookup(k);
    if (v.isFloat)
      o[k] = jsonNumber(v.f);
    else
      o[k] = v.i;
  }
  return o;
}

std::string kfix::bindingsToString(const Bindings &b, llvm::ArrayRef<std::string> order) {
  std::string s;
  for (const std::string &k : orderedKeys(b, order))
    s += (s.empty() ? "" : " ") + k + "=" + b.lookup(k).str();
  return s;
}

//===----------------------------------------------------------------------===//
// The command reference (.npy protocol)
//===----------------------------------------------------------------------===//

static std::string tail(StringRef path, size_t n) {
  auto mb = llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!mb)
    return "";
  StringRef s = (*mb)->getBuffer().rtrim();
  return s.size() > n ? ("..." + s.take_back(n)).str() : s.str();
}

namespace {
/// Outputs of command references by (task, command, sizes, inputs): a
/// repair search validates many candidates against the same cases, and a
/// command reference (a Python process importing torch) costs seconds a case.
/// The command must be a function of its inputs, as the .npy protocol says.
/// Bounded; KFIX_REFERENCE_CACHE=0 turns it off.
class ReferenceCache {
public:
  static ReferenceCache &get() {
    static ReferenceCache cache;
    return cache;
  }
  static std::string key(const TaskManifest &task, const std::string &sizesJson,
                         const std::vector<Buffer> &bufs) {
    std::string k = task.dir + "\n" + sizesJson;
    for (const std::string &a : task.reference.argv)
      k += "\n" + a;
    for (size_t i = 0; i < task.params.size(); ++i)
      if (task.params[i].isFilled())
        k += "\n" + task.params[i].name + ":" + std::to_string(bufs[i].bytes()) + ":" +
             llvm::utohexstr(llvm::xxh3_64bits(llvm::ArrayRef<uint8_t>(bufs[i].data)));
    return k;
  }
  bool lookup(const std::string &k, const TaskManifest &task, std::vector<Buffer> &bufs) {
    std::lock_guard<std::mutex> lock(m);
    auto it = entries.find(k);
    if (it == entries.end())
      return false;
    for (auto &[i, data] : it->second)
      bufs[i].data = data;
    return true;
  }
  void store(const std::string &k, const TaskManifest &task, const std::vector<Buffer> &bufs) {
    std::vector<std::pair<size_t, std::vector<uint8_t>>> outs;
    size_t n = 0;
    for (size_t i = 0; i < task.params.size(); ++i)
      if (task.params[i].isChecked()) {
        outs.push_back({i, bufs[i].data});
        n += bufs[i].bytes();
      }
    std::lock_guard<std::mutex> lock(m);
    if (bytes + n > kMaxBytes) {
      entries.clear();
      bytes = 0;
    }
    if (n > kMaxBytes)
      return;
    bytes += n;
    entries[k] = std::move(outs);
  }
  static bool enabled() {
    auto v = llvm::sys::Process::GetEnv("KFIX_REFERENCE_CACHE");
    return !v || (*v != "0" && *v != "off");
  }

private:
  static constexpr size_t kMaxBytes = size_t(1) << 30;
  std::mutex m;
  std::map<std::string, std::vector<std::pair<size_t, std::vector<uint8_t>>>> entries;
  size_t bytes = 0;
};
} // namespace

llvm::Error kfix::runCommandReference(const TaskManifest &task, const Bindings &sizes,
                                      std::vector<Buffer> &bufs) {
  std::string cacheKey;
  if (ReferenceCache::enabled()) {
    std::string sj;
    llvm::raw_string_ostream(sj) << bindingsToJSON(sizes, task.sizeNames);
    cacheKey = ReferenceCache::key(task, sj, bufs);
    if (ReferenceCache::get().lookup(cacheKey, task, bufs))
      return llvm::Error::success();
  }
  if (llvm::Error e = runCommandReferenceUncached(task, sizes, bufs))
    return e;
  if (!cacheKey.empty())
    ReferenceCache::get().store(cacheKey, task, bufs);
  return llvm::Error::success();
}

llvm::Error kfix::runCommandReferenceUncached(const TaskManifest &task, const Bindings &sizes,
                                              std::vector<Buffer> &bufs) {
  llvm::SmallString<128> io;
  if (std::error_code ec = llvm::sys::fs::createUniqueDirectory("kfix-ref", io))
    return makeError("reference: cannot create a temporary directory: " + ec.message());
  struct Cleanup {
    llvm::SmallString<128> dir;
    ~Cleanup() { llvm::sys::fs::remove_directories(dir); }
  } cleanup{io};
  auto inDir = [&](StringRef name) { return (io + "/" + name).str(); };

  std::string sizesJson;
  llvm::raw_string_ostream(sizesJson) << bindingsToJSON(sizes, task.sizeNames);
  if (llvm::Error e = writeFileAtomically(inDir("sizes.json"), sizesJson + "\n"))
    return e;
  for (size_t i = 0; i < task.params.size(); ++i) {
    const ParamSpec &p = task.params[i];
    if (p.isFilled())
      if (llvm::Error e = writeNpy(inDir(p.name + ".npy"), bufs[i]))
        return e;
  }

  // cwd = the task's directory, so relative paths in argv work as written.
  std::vector<std::string> args = {"/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", task.dir};
  args.insert(args.end(), task.reference.argv.begin(), task.reference.argv.end());
  std::vector<StringRef> argRefs(args.begin(), args.end());
  std::vector<std::string> env;
  for (char **e = environ; e && *e; ++e)
    if (!StringRef(*e).starts_with("KFIX_IO_DIR="))
      env.push_back(*e);
  env.push_back("KFIX_IO_DIR=" + io.str().str());
  std::vector<StringRef> envRefs(env.begin(), env.end());
  std::string outPath = inDir("stdout.txt"), errPath = inDir("stderr.txt");
  std::optional<StringRef> redirects[] = {StringRef(""), StringRef(outPath), StringRef(errPath)};
  std::string errMsg;
  bool failedToRun = false;
  // The task's own limit, clamped to what is left of the run's time budget.
  double limit =
      clampToDeadline(task.reference.timeoutSeconds > 0 ? task.reference.timeoutSeconds : 0.0);
  unsigned timeout = limit > 0 ? static_cast<unsigned>(limit + 0.999) : 0;
  int rc = llvm::sys::ExecuteAndWait("/bin/sh", argRefs, envRefs, redirects, timeout, 0, &errMsg,
                                     &failedToRun);
  std::string cmd;
  for (const std::string &a : task.reference.argv)
    cmd += (cmd.empty() ? "" : " ") + a;
  if (failedToRun)
    return makeError("reference command '" + cmd + "' could not run: " + errMsg);
  if (rc != 0) {
    std::string why = rc == -2 ? "timed out after " + std::to_string(timeout) + " s"
                      : rc < 0 ? "crashed (" + errMsg + ")"
                               : "exited with status " + std::to_string(rc);
    std::string err = tail(errPath, 2000);
    return makeError("reference command '" + cmd + "' failed: " + why +
                     (err.empty() ? "" : "; its stderr:\n" + err));
  }
  for (size_t i = 0; i < task.params.size(); ++i) {
    const ParamSpec &p = task.params[i];
    if (!p.isChecked())
      continue;
    std::string f = inDir(p.name + ".npy");
    if (!llvm::sys::fs::exists(f))
      return makeError("reference command '" + cmd + "' did not write " + p.name +
                       ".npy into KFIX_IO_DIR");
    auto got = readNpy(f);
    if (!got)
      return makeError("reference output: " + llvm::toString(got.takeError()));
    if (got->numel() != bufs[i].numel())
      return makeError("reference output " + p.name + ".npy has " + llvm::Twine(got->numel()) +
                       " elements, expected " + llvm::Twine(bufs[i].numel()) + " (the shape of '" +
                       p.name +
                       "' in the task; in a task imported from KernelBench that shape is "
                       "the candidate wrapper's, so the candidate computes an output of "
                       "another shape than the Model)");
    Buffer c = convertBuffer(*got, p.dtype);
    bufs[i].data = std::move(c.data);
  }
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Validation
//===----------------------------------------------------------------------===//

using Clock = std::chrono::steady_clock;

/// What the reference is, for CaseCache keys: each launch's kernel as its
/// compile cache knows it (empty when one does not) and parameters, or a
/// command's argv.
static std::string referenceKey(const TaskManifest &task, KernelSet &ref, bool cudaRef) {
  std::string k;
  llvm::raw_string_ostream os(k);
  if (!cudaRef) {
    os << "command";
    for (const std::string &a : task.reference.argv)
      os << '\x1f' << a;
    return k;
  }
  for (const KernelLaunch &l : task.reference.launches) {
    auto it = ref.kernels.find(l.kernel);
    if (it == ref.kernels.end() || !it->second)
      return {};
    std::string content = it->second->contentKey();
    if (content.empty())
      return {};
    os << "launch\x1f" << content;
    for (const std::string &p : l.params)
      os << '\x1f' << p;
    os << '\x1e';
  }
  return k;
}

/// One case of the task under `refKey`: everything its inputs and the
/// reference's outputs depend on. Empty when a launch's geometry does not
/// evaluate (the case is then not cached; the run reports the error).
static std::string caseKey(const TaskManifest &task, const std::vector<ResolvedParam> &resolved,
                           const std::string &refKey, unsigned si, unsigned seed,
                           const Bindings &b) {
  std::string k = refKey;
  llvm::raw_string_ostream os(k);
  os << "\x1d"
        "case "
     << si << ' ' << seed;
  for (const KernelLaunch &l : task.reference.launches) {
    auto cfg = l.launch.eval(b);
    if (!cfg) {
      llvm::consumeError(cfg.takeError());
      return {};
    }
    os << " g" << cfg->grid[0] << ',' << cfg->grid[1] << ',' << cfg->grid[2] << " b"
       << cfg->block[0] << ',' << cfg->block[1] << ',' << cfg->block[2] << " s" << cfg->sharedBytes;
  }
  os << " [" << bindingsToString(b, task.sizeNames) << ']';
  for (size_t i = 0; i < task.params.size(); ++i) {
    const ParamSpec &p = task.params[i];
    os << '\x1f' << p.name << ' ' << int(p.role) << ' ' << int(p.dtype);
    if (!p.isBuffer()) {
      const Scalar &v = resolved[i].value;
      os << (v.isFloat ? " f" : " i");
      if (v.isFloat)
        os << llvm::format("%a", v.f);
      else
        os << v.i;
      continue;
    }
    for (int64_t d : resolved[i].shape)
      os << ' ' << d;
    if (!p.isFilled() && !(p.role == Role::scratch && task.inputs.count(p.name)))
      continue;
    auto it = task.inputs.find(p.name);
    if (it == task.inputs.end()) {
      os << " default";
      continue;
    }
    const InputSpec &in = it->second;
    os << " d" << int(in.dist) << ' ' << llvm::format("%a %a", in.a, in.b) << ' ' << in.path;
    for (const InputTransform &t : in.transforms)
      os << ' ' << llvm::formatv("{0}", toJSON(t));
    for (int64_t e : in.bumpElements)
      os << " +" << e;
  }
  return k;
}

llvm::Expected<std::vector<Buffer>>
kfix::makeCaseBuffers(const TaskManifest &task, const std::vector<ResolvedParam> &resolved,
                      unsigned sizeIndex, unsigned seed) {
  // Validation holds about five copies of a case's buffers at once (the inputs,
  // the reference's, two candidate runs, the failing case kept for diagnosis):
  // a size the machine cannot hold is a named error before anything is allocated.
  uint64_t total = 0;
  for (size_t i = 0; i < task.params.size(); ++i) {
    const ParamSpec &p = task.params[i];
    if (!p.isBuffer())
      continue;
    std::optional<uint64_t> n = bufferBytes(resolved[i].shape, dtypeSize(p.dtype));
    if (!n || *n > UINT64_MAX / 8 - total)
      return makeError("sizes[" + std::to_string(sizeIndex) + "]: buffer " + p.name +
                       " has a size that does not fit in 64 bits");
    total += *n;
  }
  constexpr uint64_t copies = 5;
  std::string what =
      "sizes[" + std::to_string(sizeIndex) + "] " +
      bindingsToString(task.sizes.size() > sizeIndex ? task.sizes[sizeIndex] : Bindings{},
                       task.sizeNames) +
      ": validating one case (" + std::to_string(copies) + " copies of " + formatBytes(total) +
      " of buffers)";
  if (llvm::Error e = checkHostBytes(total * copies, what))
    return std::move(e);
  std::vector<Buffer> bufs(task.params.size());
  for (size_t i = 0; i < task.params.size(); ++i) {
    const ParamSpec &p = task.params[i];
    if (!p.isBuffer())
      continue;
    bufs[i] = Buffer(p.dtype, resolved[i].shape);
    // Outputs and scratch are poisoned, except scratch given a start value.
    if (!p.isFilled() && !(p.role == Role::scratch && task.inputs.count(p.name))) {
      poison(bufs[i]);
      continue;
    }
    if (llvm::Error e =
            fillInput(bufs[i], task.inputs.lookup(p.name), inputSeed(sizeIndex, seed, p.name)))
      return makeError("inputs." + p.name + ": " + llvm::toString(std::move(e)));
  }
  return bufs;
}

std::vector<KernelArg> kfix::launchArgs(const TaskManifest &task, const KernelLaunch &launch,
                                        const std::vector<ResolvedParam> &resolved,
                                        std::vector<Buffer> &bufs) {
  std::vector<KernelArg> args;
  for (const std::string &name : launch.params) {
    int i = task.paramIndex(name);
    const ParamSpec &p = task.params[i];
    if (p.isBuffer())
      args.push_back(KernelArg::ofBuffer(bufs[i]));
    else if (isFloat(p.dtype))
      args.push_back(KernelArg::ofFloat(resolved[i].value.asDouble()));
    else
      args.push_back(KernelArg::ofInt(resolved[i].value.i));
  }
  return args;
}

llvm::StringRef kfix::toString(CaseStatus s) {
  switch (s) {
  case CaseStatus::Pass:
    return "pass";
  case CaseStatus::Mismatch:
    return "mismatch";
  case CaseStatus::Nondeterministic:
    return "nondeterministic";
  case CaseStatus::Fault:
    return "fault";
  }
  return "pass";
}

std::optional<CaseStatus> kfix::parseCaseStatus(llvm::StringRef s) {
  return llvm::StringSwitch<std::optional<CaseStatus>>(s)
      .Case("pass", CaseStatus::Pass)
      .Case("mismatch", CaseStatus::Mismatch)
      .Case("nondeterministic", CaseStatus::Nondeterministic)
      .Case("fault", CaseStatus::Fault)
      .Default(std::nullopt);
}

llvm::StringRef kfix::toString(ValidationVerdict v) {
  switch (v) {
  case ValidationVerdict::Pass:
    return "pass";
  case ValidationVerdict::Fail:
    return "fail";
  case ValidationVerdict::Error:
    return "error";
  case ValidationVerdict::NotVerified:
    return "not-verified";
  }
  return "error";
}

std::optional<ValidationVerdict> kfix::parseValidationVerdict(llvm::StringRef s) {
  return llvm::StringSwitch<std::optional<ValidationVerdict>>(s)
      .Case("pass", ValidationVerdict::Pass)
      .Case("fail", ValidationVerdict::Fail)
      .Case("error", ValidationVerdict::Error)
      .Case("not-verified", ValidationVerdict::NotVerified)
      .Default(std::nullopt);
}

llvm::StringRef kfix::validationErrorSourceName(ValidationErrorSource s) {
  switch (s) {
  case ValidationErrorSource::none:
    return "none";
  case ValidationErrorSource::candidate:
    return "candidate";
  case ValidationErrorSource::reference:
    return "reference";
  case ValidationErrorSource::task:
    return "task";
  }
  return "none";
}

ValidationResult kfix::validate(const TaskManifest &task, Executor &exec, mlir::ModuleOp candidate,
                                mlir::ModuleOp reference, const ValidateOptions &opts) {
  ValidationResult res;
  res.target = exec.name().str();
  auto failAs = [&](ValidationErrorSource src, const std::string &msg) {
    res.verdict = ValidationVerdict::Error;
    res.error = msg;
    res.errorSource = src;
    return res;
  };
  using Src = ValidationErrorSource;
  KernelSet cand, ref;
  if (llvm::Error e = cand.compile(exec, candidate, task.candidateKernels(), "candidate"))
    return failAs(Src::candidate, llvm::toString(std::move(e)));
  if (llvm::Error e = cand.checkArity(task.launches, "candidate"))
    return failAs(Src::candidate, "task: " + llvm::toString(std::move(e)));
  res.candidateCompileMs = cand.compileMs;
  res.compiles = cand.compiles;
  res.compileCacheHits = cand.cacheHits;
  bool cudaRef = task.reference.kind == ReferenceSpec::cuda;
  if (cudaRef) {
    if (!reference)
      return failAs(Src::reference, "reference: no reference module to run");
    if (llvm::Error e = ref.compile(exec, reference, task.referenceKernels(), "reference"))
      return failAs(Src::reference, llvm::toString(std::move(e)));
    if (llvm::Error e = ref.checkArity(task.reference.launches, "reference"))
      return failAs(Src::reference, "task: " + llvm::toString(std::move(e)));
    res.referenceCompileMs = ref.compileMs;
    res.compiles += ref.compiles;
    res.compileCacheHits += ref.cacheHits;
  }

  // Cases are cached only under a reference whose content is known.
  std::string refKey = opts.caseCache && opts.caseCache->enabled()
                           ? referenceKey(task, ref, cudaRef)
                           : std::string();
  for (unsigned si = 0; si < task.sizes.size(); ++si) {
    const Bindings &b = task.sizes[si];
    auto resolved = resolveParams(task, b);
    if (!resolved)
      return failAs(Src::task, llvm::toString(resolved.takeError()));
    for (unsigned k = 0; k < task.seeds; ++k) {
      unsigned seed = opts.seedBase + k;
      CaseResult cr;
      cr.sizeIndex = si;
      cr.seed = seed;
      cr.sizes = b;
      std::string at = " (sizes[" + std::to_string(si) + "] " +
                       bindingsToString(b, task.sizeNames) + ", seed " + std::to_string(seed) + ")";
      // Fresh inputs (outputs and scratch poisoned) and the reference's
      // outputs, or both as a CaseCache kept them.
      std::string key;
      std::shared_ptr<const CachedCase> cached;
      if (!refKey.empty()) {
        key = caseKey(task, *resolved, refKey, si, seed, b);
        if (!key.empty())
          cached = opts.caseCache->find(key);
      }
      if (!cached) {
        auto stageStart = Clock::now();
        auto made = std::make_shared<CachedCase>();
        auto bufs = makeCaseBuffers(task, *resolved, si, seed);
        if (!bufs)
          return failAs(Src::task, llvm::toString(bufs.takeError()));
        made->inputs = std::move(*bufs);
        res.times.inputsMs += msSince(stageStart);
        stageStart = Clock::now();
        made->reference = made->inputs;
        if (cudaRef) {
          auto r = ref.run(task, task.reference.launches, *resolved, made->reference, b, opts.exec);
          if (!r)
            return failAs(Src::reference, "reference: " + llvm::toString(r.takeError()) + at);
          if (!r->ok) {
            std::string why;
            for (const ExecFault &f : r->faults)
              why += "\n  " + f.kind + ": " + f.message;
            return failAs(Src::reference, "the reference faulted" + at + ":" + why);
          }
          made->referenceMs = r->runMs;
        } else if (llvm::Error e = runCommandReference(task, b, made->reference)) {
          return failAs(Src::reference, llvm::toString(std::move(e)) + at);
        }
        res.times.referenceMs += msSince(stageStart);
        if (!key.empty())
          opts.caseCache->insert(key, made);
        cached = std::move(made);
      } else {
        ++res.times.fromCache;
      }
      const std::vector<Buffer> &base = cached->inputs;
      const std::vector<Buffer> &refBufs = cached->reference;
      cr.referenceMs = cached->referenceMs;
      auto candStart = Clock::now();
      // The candidate, twice. On the GPU a candidate that hangs (a loop whose
      // step became 0) is killed long before the default launch limit: after
      // 200 times the reference kernel's time at this size, at least 3 s.
      ExecOptions candExec = opts.exec;
      if (cudaRef && exec.name() == "cuda" && cr.referenceMs > 0)
        candExec.timeoutSeconds =
            std::min(candExec.timeoutSeconds, std::max(3.0, 0.2 * cr.referenceMs));
      std::vector<Buffer> run1 = base;
      auto r1 = cand.run(task, task.launches, *resolved, run1, b, candExec);
      if (!r1)
        return failAs(Src::candidate, "candidate: " + llvm::toString(r1.takeError()) + at);
      // The candidate's results are final after its host epilogue (`loss / n`).
      if (llvm::Error e = applyEpilogues(task, b, run1))
        return failAs(Src::task, "task: " + llvm::toString(std::move(e)) + at);
      cr.candidateMs = r1->runMs;
      cr.candidateSteps = r1->maxBlockSteps;
      cr.faults = r1->faults;
      bool faulted = !r1->ok;
      std::vector<Buffer> run2;
      bool nondet = false;
      if (opts.checkDeterminism && !faulted) {
        run2 = base;
        auto r2 = cand.run(task, task.launches, *resolved, run2, b, candExec);
        if (!r2)
          return failAs(Src::candidate, "candidate: " + llvm::toString(r2.takeError()) + at);
        if (llvm::Error e = applyEpilogues(task, b, run2))
          return failAs(Src::task, "task: " + llvm::toString(std::move(e)) + at);
        if (!r2->ok) {
          faulted = true;
          for (const ExecFault &f : r2->faults)
            cr.faults.push_back(f);
        }
      }
      res.times.candidateMs += msSince(candStart);
      auto compareStart = Clock::now();
      bool mismatch = false;
      for (size_t i = 0; i < task.params.size(); ++i) {
        const ParamSpec &p = task.params[i];
        if (!p.isChecked())
          continue;
        OutputResult o;
        o.param = p.name;
        bool exact;
        Tolerance tol = task.toleranceFor(p, exact);
        if (opts.skipReferenceNaN && isFloat(refBufs[i].dtype) && isFloat(run1[i].dtype)) {
          // The candidate's element taken as NaN where the reference's is.
          Buffer got = run1[i];
          for (int64_t k = 0, n = std::min(got.numel(), refBufs[i].numel()); k < n; ++k)
            if (std::isnan(refBufs[i].get(k)))
              got.set(k, std::nan(""));
          o.stats =
              compareBuffers(got, refBufs[i], tol, exact, opts.keepFirstMismatches, opts.keepMasks);
        } else {
          o.stats = compareBuffers(run1[i], refBufs[i], tol, exact, opts.keepFirstMismatches,
                                   opts.keepMasks);
        }
        if (o.stats.pass())
          o.stats.mask.clear();
        if (p.role == Role::inout && run1[i].numel() > 0)
          o.untouched = countBitwiseDifferences(run1[i], base[i]) == 0;
        if (!run2.empty()) {
          o.nondeterministic = countBitwiseDifferences(run1[i], run2[i]);
          // Runs that differ only within the tolerance (a float atomicAdd
          // reduction, whose order the hardware picks) are reported, not
          // failed; a second run outside the tolerance fails the case.
          if (o.nondeterministic &&
              !compareBuffers(run2[i], refBufs[i], tol, exact, 0, false).pass())
            nondet = true;
        }
        mismatch |= !o.stats.pass();
        cr.outputs.push_back(std::move(o));
      }
      res.times.compareMs += msSince(compareStart);
      cr.status = faulted    ? CaseStatus::Fault
                  : nondet   ? CaseStatus::Nondeterministic
                  : mismatch ? CaseStatus::Mismatch
                             : CaseStatus::Pass;
      if (!cr.pass()) {
        res.verdict = ValidationVerdict::Fail;
        // Each copy is of every buffer of the launch (a captured launch can
        // hold millions of elements a buffer): the first failing case is kept
        // once, in failingCases when that keeps any (firstFailing()), and the
        // run's own buffers are moved, not copied.
        bool inCases = res.failingCases.size() < opts.keepFailingCases;
        if (inCases) {
          CaseBuffers cb;
          cb.caseIndex = res.cases.size();
          cb.inputs = base;
          cb.candidate = std::move(run1);
          cb.reference = refBufs;
          res.failingCases.push_back(std::move(cb));
        }
        if (opts.keepFailingBuffers && !res.firstFailing()) {
          CaseBuffers cb;
          cb.caseIndex = res.cases.size();
          cb.inputs = base;
          cb.candidate = std::move(run1);
          cb.reference = refBufs;
          res.failing = std::move(cb);
        }
      }
      bool hung = llvm::any_of(cr.faults, [](const ExecFault &f) { return f.kind == "timeout"; });
      res.cases.push_back(std::move(cr));
      if (!res.cases.back().pass() && opts.stopAtFirstFailure)
        return res;
      // A candidate that hung at one size is not run at the others: each
      // would cost the whole time limit again.
      if (hung)
        return res;
    }
  }
  return res;
}

//===----------------------------------------------------------------------===//
// JSON
//===----------------------------------------------------------------------===//

llvm::json::Value kfix::toJSON(const CaseResult &c, llvm::ArrayRef<std::string> sizeNames) {
  llvm::json::Array faults, outputs;
  for (const ExecFault &f : c.faults)
    faults.push_back(llvm::json::Object{{"kind", f.kind}, {"message", f.message}});
  for (const OutputResult &o : c.outputs) {
    llvm::json::Value v = toJSON(o.stats);
    llvm::json::Object &obj = *v.getAsObject();
    obj["param"] = o.param;
    obj["nondeterministic_elements"] = o.nondeterministic;
    if (o.untouched)
      obj["untouched"] = true;
    outputs.push_back(std::move(v));
  }
  return llvm::json::Object{{"size_index", c.sizeIndex},
                            {"sizes", bindingsToJSON(c.sizes, sizeNames)},
                            {"seed", c.seed},
                            {"status", toString(c.status)},
                            {"faults", std::move(faults)},
                            {"candidate_ms", c.candidateMs},
                            {"reference_ms", c.referenceMs},
                            {"outputs", std::move(outputs)}};
}

llvm::json::Value kfix::toJSON(const ValidationResult &r, llvm::ArrayRef<std::string> sizeNames) {
  llvm::json::Array cases;
  for (const CaseResult &c : r.cases)
    cases.push_back(toJSON(c, sizeNames));
  llvm::json::Object o{{"verdict", toString(r.verdict)},
                       {"target", r.target},
                       {"passed", static_cast<int64_t>(r.passed())},
                       {"total", static_cast<int64_t>(r.cases.size())},
                       {"candidate_compile_ms", r.candidateCompileMs},
                       {"reference_compile_ms", r.referenceCompileMs},
                       {"compiles", static_cast<int64_t>(r.compiles)},
                       {"compile_cache_hits", static_cast<int64_t>(r.compileCacheHits)},
                       {"cases", std::move(cases)}};
  if (!r.error.empty()) {
    o["error"] = r.error;
    o["error_source"] = validationErrorSourceName(r.errorSource);
  }
  if (const CaseBuffers *f = r.firstFailing())
    o["first_failing_case"] = static_cast<int64_t>(f->caseIndex);
  return o;
}
