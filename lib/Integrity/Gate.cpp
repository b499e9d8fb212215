//===- Gate.cpp - the integrity gate ---------------------------------------===//
#include "kfix/Integrity/Gate.h"

#include "kfix/Runtime/KernelSource.h"
#include "kfix/Runtime/Validate.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include <cmath>
#include <numeric>
#include <set>

using namespace mlir;
using namespace kfix;

std::string GateReport::reason() const {
  if (findings.empty())
    return "";
  return findings.front().check + ": " + findings.front().evidence;
}

llvm::json::Value GateReport::toJSON() const {
  llvm::json::Array fs, run, skip;
  for (auto &f : findings)
    fs.push_back(f.toJSON());
  for (auto &c : checksRun)
    run.push_back(c);
  for (auto &s : skipped)
    skip.push_back(s);
  llvm::json::Object o{{"passed", passed},
                       {"verdict", !passed               ? "rejected"
                                   : sizeLimited.empty() ? "accepted"
                                                         : "size-limited"},
                       {"findings", std::move(fs)},
                       {"checks_run", std::move(run)},
                       {"skipped", std::move(skip)}};
  if (!sizeLimited.empty())
    o["size_limited"] = sizeLimited;
  return o;
}

OwningOpRef<ModuleOp> kfix::makeGhost(ModuleOp module) {
  OwningOpRef<ModuleOp> ghost(cast<ModuleOp>(module->clone()));
  ghost->walk([](gpu::GPUFuncOp f) {
    Block &entry = f.getBody().front();
    // Drop every other block, then every op of the entry block, keeping the
    // block arguments (the signature and workgroup attributions).
    while (f.getBody().getBlocks().size() > 1) {
      Block &b = f.getBody().back();
      b.dropAllDefinedValueUses();
      b.erase();
    }
    for (Operation &op : llvm::make_early_inc_range(llvm::reverse(entry))) {
      op.dropAllUses();
      op.erase();
    }
    OpBuilder b(f.getContext());
    b.setInsertionPointToEnd(&entry);
    gpu::ReturnOp::create(b, f.getLoc());
  });
  return ghost;
}

static bool looksFixed(int64_t v) { return v <= 128 && (v & (v - 1)) == 0; }

std::vector<Bindings> kfix::deriveHeldOutSizes(const TaskManifest &task, int64_t maxElements) {
  std::vector<Bindings> out;
  if (task.sizes.empty())
    return out;
  // Symbols whose value differs between the task's bindings.
  std::set<std::string> varying;
  std::map<std::string, std::set<int64_t>> seen;
  for (const Bindings &b : task.sizes)
    for (auto &kv : b)
      if (!kv.second.isFloat)
        seen[kv.first().str()].insert(kv.second.i);
  for (auto &[name, values] : seen) {
    if (task.sizes.size() > 1 ? values.size() > 1 : !looksFixed(*values.begin()))
      varying.insert(name);
  }
  if (varying.empty())
    return out;
  auto totalElements = [&](const Bindings &b) -> int64_t {
    auto resolved = resolveParams(task, b);
    if (!resolved) {
      llvm::consumeError(resolved.takeError());
      return -1;
    }
    int64_t total = 0;
    for (auto &p : *resolved) {
      int64_t n = 1;
      for (int64_t d : p.shape)
        n *= d;
      total += p.shape.empty() ? 0 : n;
    }
    return total;
  };
  auto valid = [&](const Bindings &b) {
    int64_t t = totalElements(b);
    if (t <= 0 || t > maxElements)
      return false;
    for (const KernelLaunch &l : task.launches) {
      auto cfg = l.launch.eval(b);
      if (!cfg) {
        llvm::consumeError(cfg.takeError());
        return false;
      }
      int64_t threads = cfg->block[0] * cfg->block[1] * cfg->block[2];
      if (threads <= 0 || threads > 1024 || cfg->grid[0] <= 0 || cfg->grid[1] <= 0 ||
          cfg->grid[2] <= 0 || cfg->sharedBytes > 48 * 1024)
        return false;
    }
    return true;
  };
  // Small common factors of a symbol's values (even head dims, float4 widths)
  // are part of the operator's contract as the task states it: held-out
  // values keep them. Larger ones (multiples of a block size) are not kept, so
  // that a kernel which only handles full blocks is still exposed.
  std::map<std::string, int64_t> factor;
  for (auto &[name, values] : seen) {
    int64_t g = 0;
    for (int64_t v : values)
      g = std::gcd(g, v);
    factor[name] = (g > 1 && g <= 8) ? g : 1;
  }
  auto mapped = [&](const Bindings &base, auto fn) {
    Bindings b = base;
    for (auto &kv : b)
      if (varying.count(kv.first().str()) && !kv.second.isFloat) {
        int64_t f = factor[kv.first().str()];
        int64_t v = std::max<int64_t>(1, fn(kv.second.i));
        kv.second.i = (v + f - 1) / f * f;
      }
    return b;
  };
  // The largest binding of the task is the base of the held-out sizes.
  const Bindings *largest = &task.sizes.front();
  int64_t largestElems = -1;
  for (const Bindings &b : task.sizes)
    if (int64_t e = totalElements(b); e > largestElems) {
      largestElems = e;
      largest = &b;
    }
  std::vector<Bindings> candidates = {
      // Other awkward values near the task's: odd, off every power of two.
      mapped(*largest, [](int64_t v) { return v + 7 + v % 3; }),
      mapped(task.sizes.front(), [](int64_t v) { return v > 4 ? v - 3 : v + 2; }),
      // Larger.
      mapped(*largest, [](int64_t v) { return 2 * v + 3; }),
      // Small: a single partial block.
      mapped(*largest, [](int64_t v) { return v > 8 ? v / 5 + 1 : v; }),
  };
  // The two largest extents exchanged: an order between symbols the task's
  // sizes all happen to keep (more columns than rows) is no part of the
  // operator, and a repair that relies on it only fits the test.
  {
    std::vector<std::pair<int64_t, std::string>> byValue;
    for (auto &kv : *largest)
      if (varying.count(kv.first().str()) && !kv.second.isFloat)
        byValue.push_back({kv.second.i, kv.first().str()});
    llvm::sort(byValue, [](auto &x, auto &y) { return x.first > y.first; });
    if (byValue.size() >= 2 && byValue[0].first != byValue[1].first) {
      Bindings b = *largest;
      auto put = [&](const std::string &name, int64_t v) {
        int64_t f = factor[name];
        b[name].i = (v + f - 1) / f * f;
      };
      put(byValue[0].second, byValue[1].first);
      put(byValue[1].second, byValue[0].first);
      candidates.push_back(std::move(b));
    }
  }
  for (Bindings &b : candidates) {
    if (!valid(b))
      continue;
    // The sizes the task declares its kernel covers (`constraints`).
    if (!llvm::all_of(task.constraints, [&](const SizeConstraint &c) { return c.holds(b); }))
      continue;
    bool dup = llvm::any_of(task.sizes, [&](const Bindings &t) {
      return llvm::all_of(b, [&](auto &kv) { return t.lookup(kv.first()) == kv.second; });
    });
    if (!dup)
      out.push_back(std::move(b));
  }
  return out;
}

/// First failing case of a validation, as evidence.
static std::string evidence(const TaskManifest &task, const ValidationResult &r) {
  for (const CaseResult &c : r.cases) {
    if (c.pass())
      continue;
    std::string s = "at " + bindingsToString(c.sizes, task.sizeNames) + " seed " +
                    std::to_string(c.seed) + ": " + toString(c.status).str();
    if (!c.faults.empty())
      s += " (" + c.faults.front().kind + ": " + c.faults.front().message + ")";
    for (const OutputResult &o : c.outputs) {
      if (o.stats.pass())
        continue;
      s += llvm::formatv("; output '{0}': {1} of {2} elements wrong, max abs err {3:g}", o.param,
                         o.stats.mismatches, o.stats.numel, o.stats.maxAbsErr)
               .str();
      if (!o.stats.first.empty()) {
        const Mismatch &m = o.stats.first.front();
        s += llvm::formatv(
                 " (first at [{0}]: got {1:g}, want {2:g}{3})",
                 llvm::join(llvm::map_range(m.index, [](int64_t i) { return std::to_string(i); }),
                            ","),
                 m.got, m.want, m.unwritten ? ", never written" : "")
                 .str();
      }
      break;
    }
    return s;
  }
  return "";
}

/// Every mismatch the failing cases show is a NaN the reference left where the
/// candidate wrote a number: the reference does not cover these sizes (its
/// own launch leaves elements unwritten, the poison's NaN), so they judge
/// nothing.
static bool referenceLeavesNaN(const ValidationResult &r) {
  bool any = false;
  for (const CaseResult &c : r.cases) {
    if (c.pass())
      continue;
    if (!c.faults.empty() || c.status != CaseStatus::Mismatch)
      return false;
    for (const OutputResult &o : c.outputs) {
      if (o.stats.pass())
        continue;
      if (o.stats.first.empty())
        return false;
      for (const Mismatch &m : o.stats.first)
        if (!std::isnan(m.want) || !std::isfinite(m.got))
          return false;
      any = true;
    }
  }
  return any;
}

/// Where held-out sizes fail only past a bound that the kernel's launch
/// configuration implies (one block per row: a row at most blockDim.x long), the
/// kernel's design covers sizes up to that bound: an honest limit, not a cheat.
/// The bound: a size symbol S and a block dimension (or block size) L of some
/// launch such that every failing size has S > L, every passing size (the
/// task's and the held-out ones that pass) has S <= L, and at least one passing
/// held-out size moved S (so sizes inside the bound were tried). Returns
/// "S <= L (...)" or nullopt.
static std::optional<std::string> launchImpliedLimit(const TaskManifest &task,
                                                     const std::vector<Bindings> &passed,
                                                     const std::vector<Bindings> &failing) {
  if (failing.empty())
    return std::nullopt;
  // Candidate bounds: each launch's block dimensions and block size at the
  // failing sizes (a launch literal is the same at every size).
  std::map<int64_t, std::string> bounds;
  for (const KernelLaunch &l : task.launches) {
    auto cfg = l.launch.eval(failing.front());
    if (!cfg) {
      llvm::consumeError(cfg.takeError());
      continue;
    }
    static const char *dims[] = {"blockDim.x", "blockDim.y", "blockDim.z"};
    for (int d = 0; d < 3; ++d)
      if (cfg->block[d] > 1)
        bounds.emplace(cfg->block[d],
                       std::string(dims[d]) + " of the launch of '" + l.kernel + "'");
    int64_t threads = cfg->block[0] * cfg->block[1] * cfg->block[2];
    if (threads > 1)
      bounds.emplace(threads, "the block size of the launch of '" + l.kernel + "'");
  }
  for (const std::string &sym : task.sizeNames) {
    auto val = [&](const Bindings &b) -> std::optional<int64_t> {
      auto it = b.find(sym);
      if (it == b.end() || it->second.isFloat)
        return std::nullopt;
      return it->second.i;
    };
    for (auto &[bound, what] : bounds) {
      bool allFailAbove = llvm::all_of(failing, [&](const Bindings &b) {
        auto v = val(b);
        return v && *v > bound;
      });
      bool allPassWithin = llvm::all_of(passed, [&](const Bindings &b) {
        auto v = val(b);
        return v && *v <= bound;
      });
      bool triedWithin = false;
      for (size_t i = task.sizes.size(); i < passed.size(); ++i)
        triedWithin |=
            llvm::none_of(task.sizes, [&](const Bindings &t) { return val(t) == val(passed[i]); });
      if (allFailAbove && allPassWithin && triedWithin) {
        std::string at;
        for (const Bindings &b : failing)
          at += (at.empty() ? "" : ", ") + sym + "=" + std::to_string(*val(b));
        return sym + " <= " + std::to_string(bound) + " (" + what + "): held-out sizes with " +
               sym + " up to " + std::to_string(bound) + " pass, those past it fail (" + at +
               "); declare \"constraints\": [\"" + sym + " <= " + std::to_string(bound) +
               "\"] in the task if that is the kernel's contract";
      }
    }
  }
  return std::nullopt;
}

namespace {
struct DynamicRunner {
  const GateInput &in;
  const GateOptions &opts;
  GateReport &report;

  /// Validates the candidate (or `module`) under a modified task. Returns the
  /// result; reference failures mark the check skipped.
  std::optional<ValidationResult> run(const std::string &check, const TaskManifest &task,
                                      unsigned seedBase, ModuleOp module = nullptr,
                                      bool determinism = false) {
    ValidateOptions vo;
    // Inputs drawn outside the task's own distributions: where the reference
    // leaves its domain (NaN), there is nothing to compare against.
    vo.skipReferenceNaN =
        check == "widened-inputs" || check == "constant-inputs" || check == "perturbation";
    vo.exec = opts.exec;
    vo.seedBase = seedBase;
    vo.keepMasks = false;
    vo.keepFailingBuffers = false;
    vo.stopAtFirstFailure = true;
    vo.checkDeterminism = determinism;
    vo.caseCache = in.caseCache;
    ValidationResult r =
        validate(task, *in.executor, module ? module : in.candidate, in.reference, vo);
    report.checksRun.push_back(check);
    if (r.isError()) {
      // The reference failing (e.g. outside its domain or limits) is not the
      // candidate's fault; a candidate that does not compile is.
      if (r.errorSource == ValidationErrorSource::candidate) {
        report.findings.push_back({check, "the candidate could not be run: " + r.error, ""});
        return std::nullopt;
      }
      report.skipped.push_back(check + ": " + r.error);
      return std::nullopt;
    }
    return r;
  }

  void expectPass(const std::string &check, const std::string &what, const TaskManifest &task,
                  unsigned seedBase, bool determinism = false) {
    auto r = run(check, task, seedBase, nullptr, determinism);
    if (r && r->verdict != ValidationVerdict::Pass)
      report.findings.push_back({check, what + " " + evidence(task, *r), ""});
  }
};
} // namespace

llvm::ArrayRef<llvm::StringRef> kfix::gateCheckNames() {
  static const llvm::StringRef names[] = {"static",         "ghost-replay",       "held-out-seeds",
                                          "held-out-sizes", "widened-inputs",     "constant-inputs",
                                          "perturbation",   "element-dependence", "data-race"};
  return names;
}

llvm::Error kfix::selectGateChecks(llvm::StringRef names, GateOptions &opts) {
  bool *flags[] = {&opts.staticChecks, &opts.ghostReplay,       &opts.heldOutSeeds,
                   &opts.heldOutSizes, &opts.widenedInputs,     &opts.constantInputs,
                   &opts.perturbation, &opts.elementDependence, &opts.raceCheck};
  llvm::ArrayRef<llvm::StringRef> known = gateCheckNames();
  static_assert(sizeof(flags) / sizeof(flags[0]) == 9, "one flag per check name");
  std::vector<bool> on(known.size(), false);
  llvm::SmallVector<llvm::StringRef> parts;
  names.split(parts, ',', -1, /*KeepEmpty=*/false);
  if (parts.empty())
    return llvm::createStringError(
        "no gate check named (one or more of: " + llvm::join(known, ", ") + ")");
  for (llvm::StringRef part : parts) {
    part = part.trim();
    auto it = llvm::find(known, part);
    if (it == known.end())
      return llvm::createStringError("unknown gate check '" + part.str() +
                                     "' (one of: " + llvm::join(known, ", ") + ")");
    on[it - known.begin()] = true;
  }
  for (size_t i = 0; i < known.size(); ++i)
    *flags[i] = on[i];
  return llvm::Error::success();
}

GateReport kfix::runGate(const GateInput &in, const GateOptions &opts) {
  GateReport report;
  const TaskManifest &task = *in.task;

  if (opts.staticChecks) {
    report.checksRun.push_back("static");
    // One static check per candidate launch (roles seen through its params).
    // An output an earlier launch wrote is this launch's to read (a second
    // pass in place: a column scan over the row scan's result).
    std::set<std::string> writtenBefore;
    for (const KernelLaunch &l : task.launches) {
      StaticCheckInput sc;
      sc.candidate = findKernelFunc(in.candidate, l.kernel);
      if (!sc.candidate)
        continue;
      if (in.original)
        sc.original = findKernelFunc(in.original, l.kernel);
      for (const std::string &name : l.params) {
        const ParamSpec *p = task.findParam(name);
        ParamRole role{name, p ? roleName(p->role).str() : "scalar", std::nullopt};
        if (p && p->role == Role::output && writtenBefore.count(name))
          role.role = roleName(Role::inout).str();
        // An integer scalar with one value in every size (a flag such as
        // return_indices = 0): the static checks may rule out branches with it.
        int idx = task.paramIndex(name);
        if (p && !p->isBuffer() && !isFloat(p->dtype) && idx >= 0) {
          std::optional<int64_t> common;
          bool same = true;
          for (const Bindings &b : task.sizes) {
            auto resolved = resolveParams(task, b);
            if (!resolved) {
              llvm::consumeError(resolved.takeError());
              same = false;
              break;
            }
            int64_t v = (*resolved)[idx].value.i;
            if (common && *common != v)
              same = false;
            common = v;
          }
          if (same)
            role.constant = common;
        }
        sc.params.push_back(std::move(role));
      }
      if (task.reference.kind == ReferenceSpec::cuda && in.reference &&
          task.reference.launches.size() == 1 && task.launches.size() == 1) {
        sc.reference = findKernelFunc(in.reference, task.reference.launches[0].kernel);
        sc.referenceParams = task.reference.launches[0].params;
      }
      for (const Bindings &b : task.sizes) {
        for (auto &kv : b)
          if (!kv.second.isFloat)
            sc.sizeValues.insert(kv.second.i);
        if (auto resolved = resolveParams(task, b)) {
          for (auto &rp : *resolved) {
            int64_t n = 1;
            for (int64_t d : rp.shape) {
              sc.sizeValues.insert(d);
              n *= d;
            }
            if (!rp.shape.empty())
              sc.sizeValues.insert(n);
            else if (!rp.value.isFloat)
              sc.sizeValues.insert(rp.value.i);
          }
        } else {
          llvm::consumeError(resolved.takeError());
        }
        if (auto cfg = l.launch.eval(b)) {
          for (int64_t d : cfg->block)
            sc.launchConstants.insert(d);
        } else {
          llvm::consumeError(cfg.takeError());
        }
      }
      sc.originalSource = in.originalSource;
      sc.candidateSource = in.candidateSource;
      sc.diffBudgetLines = opts.diffBudgetLines;
      for (IntegrityFinding &f : runStaticChecks(sc))
        report.findings.push_back(std::move(f));
      for (const std::string &name : l.params)
        if (const ParamSpec *p = task.findParam(name);
            p && (p->role == Role::output || p->role == Role::inout))
          writtenBefore.insert(name);
    }
  }

  DynamicRunner dyn{in, opts, report};
  if (opts.ghostReplay) {
    TaskManifest t = task;
    t.seeds = 1;
    auto ghost = makeGhost(in.candidate);
    auto r = dyn.run("ghost-replay", t, 0, *ghost);
    if (r && r->verdict == ValidationVerdict::Pass)
      report.findings.push_back(
          {"ghost-replay",
           "the kernel with its body removed still passes validation: the harness, not the "
           "kernel, produced the answer",
           ""});
  }
  if (opts.heldOutSeeds) {
    TaskManifest t = task;
    t.seeds = 2;
    dyn.expectPass("held-out-seeds", "fails on fresh input draws:", t, 7919, /*determinism=*/true);
  }
  if (opts.heldOutSizes) {
    std::vector<Bindings> sizes = deriveHeldOutSizes(task, opts.maxElements);
    if (sizes.empty()) {
      report.skipped.push_back("held-out-sizes: no size symbol can be varied");
    } else {
      // One size at a time: which sizes fail tells a design limit from a cheat.
      std::vector<Bindings> passed(task.sizes.begin(), task.sizes.end());
      std::vector<std::pair<Bindings, std::string>> failed;
      for (const Bindings &b : sizes) {
        TaskManifest t = task;
        t.sizes = {b};
        t.seeds = 1;
        auto r = dyn.run("held-out-sizes", t, 104729);
        if (!r)
          continue;
        if (r->verdict == ValidationVerdict::Pass)
          passed.push_back(b);
        else if (referenceLeavesNaN(*r))
          report.skipped.push_back("held-out-sizes " + bindingsToString(b, task.sizeNames) +
                                   ": the reference leaves NaN where the candidate writes "
                                   "numbers (the reference does not cover this size)");
        else
          failed.push_back({b, evidence(t, *r)});
      }
      if (!failed.empty()) {
        std::vector<Bindings> failing;
        for (auto &f : failed)
          failing.push_back(f.first);
        if (std::optional<std::string> limit = launchImpliedLimit(task, passed, failing)) {
          report.sizeLimited = *limit;
        } else {
          report.findings.push_back(
              {"held-out-sizes", "fails on sizes it was not tested on: " + failed.front().second,
               ""});
        }
      }
    }
  }
  // Input distributions for the widened and constant checks: the first and the
  // last size of the task.
  TaskManifest base = task;
  base.seeds = 1;
  if (task.sizes.size() > 2)
    base.sizes = {task.sizes.front(), task.sizes.back()};
  if (opts.widenedInputs) {
    TaskManifest t = base;
    bool changed = false;
    for (const ParamSpec &p : task.params) {
      if (!p.isFilled() || !isFloat(p.dtype))
        continue;
      InputSpec &s = t.inputs[p.name];
      if (s.dist == InputSpec::normal) {
        s.a = s.a + 2 * s.b + 1; // shift the mean
        s.b = s.b * 4;           // and widen
        changed = true;
      } else if (s.dist == InputSpec::uniform) {
        double w = s.b - s.a;
        s.a -= w;
        s.b += w;
        changed = true;
      }
    }
    if (changed) {
      auto r = dyn.run("widened-inputs", t, 31337);
      if (r && r->verdict != ValidationVerdict::Pass) {
        // Wider inputs grow rounding error where the computation amplifies it
        // (a triangular solve, a long recurrence): a few elements (at most one
        // in a thousand) off by little (at most 100 times the
        // tolerance: atol + rtol * |want|), all finite and written, are no sign of a kernel fitted
        // to the test's inputs.
        bool rounding = r->error.empty();
        for (const CaseResult &c : r->cases)
          for (const OutputResult &o : c.outputs)
            if (!o.stats.pass()) {
              const CompareStats &st = o.stats;
              rounding &= c.faults.empty() && st.nonFiniteMismatches == 0 && st.unwritten == 0 &&
                          !st.exact && st.mismatches <= std::max<int64_t>(1, st.numel / 1000) &&
                          st.mismatches <= int64_t(st.first.size());
              for (const Mismatch &m : st.first)
                rounding &= std::fabs(m.got - m.want) <=
                            100 * (st.tol.atol + st.tol.rtol * std::fabs(m.want));
            }
        if (rounding)
          report.skipped.push_back("widened-inputs: " + evidence(t, *r) +
                                   " (rounding of a computation that amplifies it, not counted)");
        else
          report.findings.push_back(
              {"widened-inputs", "fails with larger, shifted inputs: " + evidence(t, *r), ""});
      }
    }
  }
  if (opts.constantInputs) {
    TaskManifest t = base;
    bool changed = false;
    for (const ParamSpec &p : task.params) {
      if (!p.isFilled() || !isFloat(p.dtype))
        continue;
      InputSpec &s = t.inputs[p.name];
      if (s.dist == InputSpec::file || s.dist == InputSpec::constant)
        continue;
      s.dist = InputSpec::constant;
      s.a = 0.75;
      changed = true;
    }
    if (changed)
      dyn.expectPass("constant-inputs", "fails on constant inputs:", t, 0);
  }
  if (opts.perturbation) {
    for (const ParamSpec &p : task.params) {
      if (!p.isFilled())
        continue;
      TaskManifest t = base;
      InputSpec &s = t.inputs[p.name];
      if (s.dist == InputSpec::normal) {
        s.a += 0.5 * s.b + 0.25;
        s.b *= 1.5;
      } else if (s.dist == InputSpec::uniform || s.dist == InputSpec::randint) {
        // Redraw within the same range (a different seed below does that).
      } else {
        continue;
      }
      dyn.expectPass("perturbation",
                     "input '" + p.name + "' redrawn: the outputs do not follow the reference's;",
                     t, 65537);
    }
  }
  if (opts.elementDependence) {
    // Single elements of each float input moved (file and constant inputs
    // included: a model's statistics, scales and shifts are often all equal,
    // so redrawing a distribution never exposes a kernel that reads only their
    // first element). Where the reference's outputs follow, the candidate's
    // must too. The task's first size, the seed the loop validated with.
    TaskManifest t = task;
    t.seeds = 1;
    t.sizes = {task.sizes.front()};
    auto resolved = resolveParams(t, t.sizes.front());
    if (!resolved) {
      report.skipped.push_back("element-dependence: " + llvm::toString(resolved.takeError()));
    } else {
      for (size_t i = 0; i < task.params.size(); ++i) {
        const ParamSpec &p = task.params[i];
        if (!p.isFilled() || !isFloat(p.dtype))
          continue;
        // A command reference may replay an output recorded for exactly these
        // file contents (a task captured from the harness): it cannot follow
        // a changed element, so the check cannot judge such an input.
        if (task.reference.kind == ReferenceSpec::command &&
            task.inputs.lookup(p.name).dist == InputSpec::file) {
          report.skipped.push_back("element-dependence: input '" + p.name +
                                   "' is a file and the reference a command (it may replay a "
                                   "recorded output)");
          continue;
        }
        // An output the kernel accumulates into, filled with a constant by
        // the task (`out` zero-filled by the caller before an atomicAdd):
        // that value is part of the kernel's contract, not data to follow.
        if (p.role == Role::inout && task.inputs.lookup(p.name).dist == InputSpec::constant) {
          report.skipped.push_back("element-dependence: output '" + p.name +
                                   "' starts from a constant the task fixes");
          continue;
        }
        int64_t n = 1;
        for (int64_t d : (*resolved)[i].shape)
          n *= d;
        if (n < 2)
          continue;
        TaskManifest tp = t;
        // Away from element 0 (the one a shortcut reads), spread over the buffer.
        std::set<int64_t> picks = {n - 1, n / 2, n / 3 + 1};
        tp.inputs[p.name].bumpElements.assign(picks.begin(), picks.end());
        std::string which;
        for (int64_t k : picks)
          which += (which.empty() ? "" : ", ") + std::to_string(k);
        dyn.expectPass("element-dependence",
                       "elements [" + which + "] of input '" + p.name +
                           "' changed: the outputs do not follow the reference's;",
                       tp, 0);
      }
    }
  }
  if (opts.raceCheck)
    runRaceCheck(in, opts, report);
  report.checksRun.erase(std::unique(report.checksRun.begin(), report.checksRun.end()),
                         report.checksRun.end());
  report.passed = report.findings.empty();
  return report;
}
