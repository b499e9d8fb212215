//===- Diagnosis.cpp - validation + instrumentation -> signature ----------===//
#include "kfix/Agent/Diagnosis.h"

#include "kfix/Diagnose/Detectors.h"
#include "kfix/Diagnose/SiteTable.h"
#include "kfix/Pipelines/Pipelines.h"
#include "kfix/Transforms/Passes.h"
#include "kfix/Runtime/Inputs.h"

#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Regex.h"
#include <cmath>
#include <map>
#include <set>

using namespace kfix;

double kfix::errorMeasure(const ValidationResult &r) {
  if (r.isError())
    return 1e6;
  if (r.cases.empty())
    return 1e6;
  double total = 0;
  for (const CaseResult &c : r.cases) {
    double m = 0, worstRel = 0;
    size_t outs = 0;
    for (const OutputResult &o : c.outputs) {
      ++outs;
      if (o.stats.numel)
        m += double(o.stats.mismatches) / double(o.stats.numel);
      if (!o.stats.pass()) {
        double rel = o.stats.nonFiniteMismatches ? 1e12 : o.stats.maxRelErr;
        if (o.stats.unwritten)
          rel = 1e12;
        worstRel = std::max(worstRel, rel);
      }
    }
    if (outs)
      m /= outs;
    if (c.status == CaseStatus::Fault)
      m += 1;
    if (c.status == CaseStatus::Nondeterministic)
      m += 0.5;
    if (worstRel > 0)
      m += 0.1 * std::clamp(std::log10(1 + worstRel) / 12.0, 0.0, 1.0);
    total += m;
  }
  return total / r.cases.size();
}

Evaluation Diagnosis::toEvaluation() const {
  Evaluation e;
  e.passed = passed;
  e.error = error;
  e.measure = measure;
  e.signature = signatureJSON;
  e.summary = summary;
  e.diagnosis = text;
  e.sites = sites;
  e.evaluations = evaluations;
  e.compileMs = compileMs;
  e.runMs = runMs;
  e.caseTimes = caseTimes;
  e.compiles = compiles;
  e.compileCacheHits = compileCacheHits;
  return e;
}

namespace {
/// Compiled kernels of a module, launched in the task's order on given buffers.
struct LaunchRunner {
  Session &s;
  std::map<std::string, std::unique_ptr<CompiledKernel>> kernels;
  double compileMs = 0;
  unsigned compiles = 0, cacheHits = 0;

  bool compile(mlir::ModuleOp module, std::string &err) {
    for (const std::string &k : s.task.candidateKernels()) {
      auto ck = s.executor->compile(module, k, err);
      if (!ck)
        return false;
      compileMs += ck->compileMs();
      ++(ck->fromCache() ? cacheHits : compiles);
      kernels[k] = std::move(ck);
    }
    return true;
  }

  /// Runs every launch, each with fresh sinks from `makeSinks` (detectors
  /// reset per launch); returns the faults.
  std::vector<ExecFault> run(std::vector<Buffer> &bufs, const Bindings &b,
                             const std::function<TraceSink *(const KernelLaunch &)> &sinkFor,
                             double &runMs) {
    std::vector<ExecFault> faults;
    auto resolved = resolveParams(s.task, b);
    if (!resolved) {
      faults.push_back({"error", llvm::toString(resolved.takeError())});
      return faults;
    }
    for (const KernelLaunch &l : s.task.launches) {
      auto cfg = l.launch.eval(b);
      if (!cfg) {
        faults.push_back({"error", llvm::toString(cfg.takeError())});
        return faults;
      }
      std::vector<KernelArg> args = launchArgs(s.task, l, *resolved, bufs);
      ExecOptions eo;
      eo.sink = sinkFor(l);
      if (s.candidateStepBudget)
        eo.stepBudget = s.candidateStepBudget;
      ExecResult r = kernels[l.kernel]->launch(*cfg, args, eo);
      runMs += r.runMs;
      for (auto &f : r.faults)
        faults.push_back(f);
      if (!r.ok)
        break;
    }
    return faults;
  }
};

/// Which elements of its inputs the candidate reads, on the buffers of one
/// case: a run instrumented for the loads of the buffers it never writes
/// (kfix-instrument-races{input-reads}), separate from the diagnosis run so
/// that these records do not crowd its device trace. Inputs read only in part
/// give "partly-read-input" warnings; none when the trace lost records.
std::vector<Finding> inputReadFindings(Session &s, mlir::ModuleOp candidate, const CaseBuffers &c,
                                       const Bindings &sizes, double &runMs, LaunchRunner &runner) {
  mlir::OwningOpRef<mlir::ModuleOp> inst(llvm::cast<mlir::ModuleOp>(candidate->clone()));
  mlir::PassManager pm(s.ctx.get());
  InstrumentRacesOptions o;
  o.inputReads = true;
  pm.nest<mlir::gpu::GPUModuleOp>().addPass(createInstrumentRaces(o));
  std::string err;
  if (mlir::failed(pm.run(*inst)) || !runner.compile(*inst, err))
    return {};
  SiteTable sites = SiteTable::build(*inst);
  std::vector<Buffer> bufs = c.inputs;
  std::vector<std::unique_ptr<ReadCoverageTracker>> reads;
  std::vector<std::unique_ptr<TraceSinkMux>> muxes;
  struct Loss : TraceSink {
    uint64_t n = 0;
    void onTraceOverflow(uint64_t p, uint64_t a, uint64_t d) override { n += p + a + d; }
  } loss;
  std::vector<ExecFault> faults = runner.run(
      bufs, sizes,
      [&](const KernelLaunch &l) -> TraceSink * {
        std::vector<OutputSpec> ins;
        for (auto [ai, name] : llvm::enumerate(l.params))
          if (const ParamSpec *p = s.task.findParam(name); p && p->isBuffer() && !p->isChecked())
            ins.push_back({int32_t(ai), name, bufs[s.task.paramIndex(name)].numel()});
        reads.push_back(std::make_unique<ReadCoverageTracker>(ins, &sites));
        auto mux = std::make_unique<TraceSinkMux>();
        mux->add(reads.back().get());
        mux->add(&loss);
        muxes.push_back(std::move(mux));
        return muxes.back().get();
      },
      runMs);
  std::vector<Finding> out;
  if (loss.n)
    return out;
  for (auto &r : reads)
    for (Finding &f : r->findings())
      out.push_back(std::move(f));
  return out;
}

std::vector<std::string> locationsIn(llvm::StringRef text) {
  std::vector<std::string> out;
  llvm::Regex re("([A-Za-z0-9_./+-]+\\.(cu|cuh|mlir|h)):([0-9]+):([0-9]+)");
  llvm::SmallVector<llvm::StringRef> m;
  while (re.match(text, &m)) {
    out.push_back(m[0].str());
    text = text.substr(text.find(m[0]) + m[0].size());
  }
  return out;
}

/// The mismatch map of output `name` in case `c` (empty when it passed).
std::vector<uint8_t> mismatchMask(const CaseResult &c, llvm::StringRef name, int64_t numel) {
  std::vector<uint8_t> m;
  for (const OutputResult &o : c.outputs)
    if (o.param == name && !o.stats.mask.empty()) {
      m.assign(o.stats.mask.begin(), o.stats.mask.end());
      m.resize(std::max<int64_t>(numel, 0), 0);
    }
  if (m.empty())
    m.assign(std::max<int64_t>(numel, 0), 0);
  return m;
}

sig::OutputCase outputCase(const TaskManifest &task, const CaseResult &c, size_t paramIndex,
                           const OutputResult &o, const CaseBuffers *bufs) {
  sig::OutputCase oc;
  oc.output = o.param;
  for (auto &kv : c.sizes)
    if (!kv.second.isFloat)
      oc.sizes[kv.first().str()] = kv.second.i;
  bool exact;
  Tolerance tol = task.toleranceFor(task.params[paramIndex], exact);
  oc.atol = tol.atol;
  oc.rtol = tol.rtol;
  if (!bufs)
    return oc; // a passing case: no values, no mismatches
  const Buffer &got = bufs->candidate[paramIndex];
  const Buffer &want = bufs->reference[paramIndex];
  oc.shape = got.shape;
  int64_t n = got.numel();
  oc.candidate.resize(n);
  oc.reference.resize(n);
  oc.unwritten.resize(n);
  for (int64_t i = 0; i < n; ++i) {
    oc.candidate[i] = got.get(i);
    oc.reference[i] = want.get(i);
    oc.unwritten[i] = isPoisoned(got, i);
  }
  if (!o.stats.mask.empty()) {
    oc.mismatch.resize(n);
    for (int64_t i = 0; i < n && i < (int64_t)o.stats.mask.size(); ++i)
      oc.mismatch[i] = o.stats.mask[i];
  }
  return oc;
}

MismatchGrid gridFor(const TaskManifest &task, const CaseResult &c, size_t paramIndex,
                     const OutputResult &o, const CaseBuffers &bufs) {
  MismatchGrid g;
  const Buffer &got = bufs.candidate[paramIndex];
  const Buffer &want = bufs.reference[paramIndex];
  int64_t n = got.numel();
  g.cols = got.shape.empty() ? n : got.shape.back();
  if (got.shape.size() <= 1) {
    // A 1-D output is laid out as rows of up to 1024 elements.
    g.cols = std::min<int64_t>(n, 1024);
  }
  g.cols = std::max<int64_t>(g.cols, 1);
  g.rows = (n + g.cols - 1) / g.cols;
  g.title = o.param + "  (" + bindingsToString(c.sizes, task.sizeNames) + ", seed " +
            std::to_string(c.seed) + ")";
  bool exact;
  Tolerance tol = task.toleranceFor(task.params[paramIndex], exact);
  g.cells.resize(g.rows * g.cols, 0);
  for (int64_t i = 0; i < n; ++i) {
    double a = got.get(i), b = want.get(i);
    bool bad = i < (int64_t)o.stats.mask.size() ? o.stats.mask[i] : !elementMatches(a, b, tol);
    if (!bad)
      continue;
    if (isPoisoned(got, i) || !std::isfinite(a) || !std::isfinite(b)) {
      g.cells[i] = NAN;
      continue;
    }
    double allowed = tol.atol + tol.rtol * std::fabs(b);
    g.cells[i] = allowed > 0 ? float(std::fabs(a - b) / allowed) : 1e6f;
    if (g.cells[i] <= 0)
      g.cells[i] = 1;
  }
  return g;
}
} // namespace

Diagnosis kfix::diagnoseCandidate(Session &s, mlir::ModuleOp candidate,
                                  const DiagnoseOptions &opts) {
  Diagnosis d;
  const TaskManifest &task = s.task;
  TaskManifest t = task;
  if (!opts.full)
    t.seeds = 1;
  ValidateOptions vo;
  vo.exec = opts.exec;
  if (s.candidateStepBudget)
    vo.exec.stepBudget = s.candidateStepBudget;
  if (s.candidateTimeoutSeconds > 0)
    vo.exec.timeoutSeconds = std::min(vo.exec.timeoutSeconds, s.candidateTimeoutSeconds);
  vo.seedBase = opts.seedBase;
  vo.keepMasks = true;
  vo.keepFailingBuffers = true;
  vo.keepFailingCases = 8;
  vo.checkDeterminism = opts.full;
  vo.caseCache = s.caseCache.get();
  d.validation =
      validate(t, *s.executor, candidate, s.reference ? *s.reference : mlir::ModuleOp(), vo);
  const ValidationResult &v = d.validation;
  d.evaluations = 1;
  d.compileMs = v.candidateCompileMs + v.referenceCompileMs;
  d.compiles = v.compiles;
  d.compileCacheHits = v.compileCacheHits;
  for (auto &c : v.cases)
    d.runMs += c.candidateMs + c.referenceMs;
  d.caseTimes = v.times;
  if (v.isError()) {
    d.error = true;
    d.summary = "error: " + v.error;
    d.text = v.error;
    d.measure = 1e6;
    d.signatureJSON = llvm::json::Object{{"error", v.error}};
    for (auto &l : locationsIn(v.error))
      d.sites.push_back(l);
    return d;
  }
  d.passed = v.verdict == ValidationVerdict::Pass;
  d.measure = errorMeasure(v);

  // Failure signature from every case (values for the failing ones we kept).
  sig::SignatureInput in;
  if (!task.launches.empty() && !task.sizes.empty()) {
    if (auto cfg = task.launches.front().launch.eval(task.sizes.front()))
      in.block = cfg->block;
    else
      llvm::consumeError(cfg.takeError());
  }
  std::map<size_t, const CaseBuffers *> buffersOf;
  for (const CaseBuffers &cb : v.failingCases)
    buffersOf[cb.caseIndex] = &cb;
  std::set<std::string> faultKinds;
  for (size_t ci = 0; ci < v.cases.size(); ++ci) {
    const CaseResult &c = v.cases[ci];
    if (c.status == CaseStatus::Nondeterministic)
      in.nondeterministic = true;
    for (const ExecFault &f : c.faults)
      if (faultKinds.insert(f.kind + f.message).second)
        d.faults.push_back(f);
    auto it = buffersOf.find(ci);
    for (const OutputResult &o : c.outputs) {
      int pi = task.paramIndex(o.param);
      if (pi < 0)
        continue;
      const CaseBuffers *bufs = it != buffersOf.end() && !o.stats.pass() ? it->second : nullptr;
      in.cases.push_back(outputCase(task, c, pi, o, bufs));
      if (bufs && d.grids.size() < 6)
        d.grids.push_back(gridFor(task, c, pi, o, *bufs));
    }
  }
  d.signature = sig::classifyFailure(in);

  // Instrumented run on the first failing case.
  std::map<std::string, StoreEvidence> storeEvidence;
  std::optional<CaseBuffers> passingCase;
  const CaseBuffers *instCase = v.firstFailing();
  if (!instCase && d.passed && opts.instrument && opts.instrumentPassing && !v.cases.empty()) {
    const CaseResult &c0 = v.cases.front();
    auto resolved = resolveParams(task, c0.sizes);
    if (!resolved) {
      llvm::consumeError(resolved.takeError());
    } else if (auto bufs = makeCaseBuffers(task, *resolved, c0.sizeIndex, c0.seed)) {
      passingCase = CaseBuffers{0, std::move(*bufs), {}, {}};
      instCase = &*passingCase;
    } else {
      llvm::consumeError(bufs.takeError());
    }
  }
  if (opts.instrument && instCase) {
    mlir::OwningOpRef<mlir::ModuleOp> inst(llvm::cast<mlir::ModuleOp>(candidate->clone()));
    mlir::PassManager pm(s.ctx.get());
    buildDiagnosisInstrumentationPipeline(pm, DiagnosisInstrumentationOptions());
    bool ok = mlir::succeeded(pm.run(*inst));
    LaunchRunner runner{s, {}, 0, 0, 0};
    std::string cerr;
    if (ok && runner.compile(*inst, cerr)) {
      SiteTable sites = SiteTable::build(*inst);
      const CaseResult &fc = v.cases[instCase->caseIndex];
      std::vector<Buffer> bufs = instCase->inputs;
      std::vector<std::unique_ptr<RaceDetector>> races;
      std::vector<std::unique_ptr<WriteCoverageTracker>> writes;
      std::vector<std::unique_ptr<NanOriginDetector>> nans;
      std::vector<std::unique_ptr<OverflowDetector>> overflows;
      // Events the device trace had no room for: races and write coverage
      // may be incomplete, which the report must say.
      struct TraceLoss : TraceSink {
        uint64_t accesses = 0, probes = 0, dropped = 0;
        void onTraceOverflow(uint64_t p, uint64_t a, uint64_t d) override {
          probes += p, accesses += a, dropped += d;
        }
      } loss;
      std::vector<std::unique_ptr<WriteAttribution>> attributions;
      std::vector<std::unique_ptr<TraceSinkMux>> muxes;
      double runMs = 0;
      runner.run(
          bufs, fc.sizes,
          [&](const KernelLaunch &l) -> TraceSink * {
            std::vector<OutputSpec> outs;
            std::map<int32_t, std::vector<uint8_t>> masks;
            for (auto [ai, name] : llvm::enumerate(l.params)) {
              const ParamSpec *p = task.findParam(name);
              if (p && p->isChecked()) {
                outs.push_back({int32_t(ai), name, bufs[task.paramIndex(name)].numel()});
                masks[int32_t(ai)] = mismatchMask(fc, name, outs.back().numel);
              }
            }
            races.push_back(std::make_unique<RaceDetector>(&sites));
            writes.push_back(std::make_unique<WriteCoverageTracker>(outs, &sites));
            nans.push_back(std::make_unique<NanOriginDetector>(&sites));
            overflows.push_back(std::make_unique<OverflowDetector>(&sites));
            auto mux = std::make_unique<TraceSinkMux>();
            mux->add(races.back().get());
            mux->add(writes.back().get());
            mux->add(nans.back().get());
            mux->add(overflows.back().get());
            mux->add(&loss);
            attributions.push_back(std::make_unique<WriteAttribution>(std::move(masks), &sites));
            mux->add(attributions.back().get());
            muxes.push_back(std::move(mux));
            return muxes.back().get();
          },
          runMs);
      d.runMs += runMs;
      d.compileMs += runner.compileMs;
      d.compiles += runner.compiles;
      d.compileCacheHits += runner.cacheHits;
      ++d.evaluations;
      auto take = [&](std::vector<Finding> fs) {
        for (Finding &f : fs)
          if (f.severity != "info")
            d.findings.push_back(std::move(f));
      };
      for (auto &r : races)
        take(r->findings());
      // Elements a kernel leaves as they were are no error where that is their
      // expected value (an in-place output whose untouched part is already
      // right: a triangular result over a zeroed tensor).
      for (size_t li = 0; li < writes.size(); ++li) {
        std::vector<Finding> fs = writes[li]->findings();
        for (Finding &f : fs) {
          const llvm::json::Object *data = &f.data;
          if (f.kind != "unwritten-output" || !data)
            continue;
          std::optional<int64_t> arg = data->getInteger("arg");
          std::optional<llvm::StringRef> out = data->getString("output");
          if (!arg || !out)
            continue;
          std::vector<uint8_t> written = writes[li]->writtenMask(int32_t(*arg));
          std::vector<uint8_t> wrong = mismatchMask(fc, out->str(), written.size());
          bool allRight = !written.empty() && wrong.size() == written.size();
          for (size_t i = 0; allRight && i < written.size(); ++i)
            allRight = written[i] || !wrong[i];
          if (allRight) {
            f.severity = "info";
            f.message += " (each holds its expected value: the kernel leaves it as it was)";
          }
        }
        take(std::move(fs));
      }
      for (auto &n : nans)
        take(n->findings());
      for (auto &o : overflows)
        take(o->findings());
      if (loss.accesses || loss.probes || loss.dropped) {
        Finding f;
        f.kind = "trace-overflow";
        f.severity = "warning";
        f.count = int64_t(loss.accesses + loss.probes + loss.dropped);
        f.message = "the device trace had no room for " + std::to_string(loss.accesses) +
                    " access record(s) (" + std::to_string(loss.probes) + " probe(s), " +
                    std::to_string(loss.dropped) +
                    " other event(s)): races and write coverage may be incomplete "
                    "(KFIX_TRACE_ACCESSES raises the capacity)";
        d.findings.push_back(std::move(f));
      }
      for (auto &a : attributions)
        a->mergeInto(storeEvidence);
      if (!d.passed)
        for (Finding &f : inputReadFindings(s, candidate, *instCase, fc.sizes, d.runMs, runner))
          d.findings.push_back(std::move(f));
    }
  }

  // Suspect sites: the slice of the wrong outputs, ranked by bug-class models;
  // for a passing candidate too where it read shared memory no thread wrote
  // (a max over poison that happened to ignore it: the integrity gate rejects
  // it, and the uninit-read model names the load).
  if (!d.passed ||
      llvm::any_of(d.findings, [](const Finding &f) { return f.kind == "uninit-shared-read"; })) {
    SuspectInput si;
    si.signature = &d.signature;
    if (v.firstFailing() && !task.launches.empty()) {
      const CaseResult &fc = v.cases[v.firstFailing()->caseIndex];
      if (auto cfg = task.launches.front().launch.eval(fc.sizes)) {
        si.block = {int64_t(cfg->block[0]), int64_t(cfg->block[1]), int64_t(cfg->block[2])};
        si.grid = {int64_t(cfg->grid[0]), int64_t(cfg->grid[1]), int64_t(cfg->grid[2])};
      } else
        llvm::consumeError(cfg.takeError());
      if (task.launches.size() > 1)
        for (const KernelLaunch &l : task.launches) {
          auto lc = l.launch.eval(fc.sizes);
          if (!lc) {
            llvm::consumeError(lc.takeError());
            continue;
          }
          si.launchDims.try_emplace(
              l.kernel,
              std::array<int64_t, 3>{int64_t(lc->block[0]), int64_t(lc->block[1]),
                                     int64_t(lc->block[2])},
              std::array<int64_t, 3>{int64_t(lc->grid[0]), int64_t(lc->grid[1]),
                                     int64_t(lc->grid[2])});
        }
    }
    si.stores = std::move(storeEvidence);
    for (const ExecFault &f : d.faults)
      for (auto &l : locationsIn(f.message))
        si.faultLocs.push_back(l);
    for (const Finding &f : d.findings) {
      if (f.severity == "error")
        for (const SiteInfo &x : f.sites)
          si.findingLocs.push_back(x.loc());
      if (f.kind == "int-overflow")
        for (const SiteInfo &x : f.sites)
          si.overflowLocs.push_back(x.loc());
      if (f.kind == "uninit-shared-read")
        for (const SiteInfo &x : f.sites)
          si.uninitReadLocs.push_back(x.loc());
    }
    si.kernels = task.candidateKernels();
    for (const KernelLaunch &l : task.launches)
      for (auto [ai, name] : llvm::enumerate(l.params))
        if (const ParamSpec *p = task.findParam(name); p && p->isChecked())
          si.outputArgs[l.kernel].insert(unsigned(ai));
    for (const KernelLaunch &l : task.launches) {
      auto &perCase = si.caseArgs[l.kernel];
      if (!perCase.empty())
        continue;
      for (const sig::CaseSignature &c : d.signature.cases) {
        Bindings b;
        for (auto &[k, val] : c.sizes)
          b[k] = Scalar::ofInt(val);
        std::map<unsigned, double> vals;
        for (auto [ai, name] : llvm::enumerate(l.params))
          if (const ParamSpec *p = task.findParam(name); p && !p->isBuffer()) {
            if (auto x = p->value.eval(b))
              vals[unsigned(ai)] = x->asDouble();
            else
              llvm::consumeError(x.takeError());
          }
        perCase.push_back(std::move(vals));
      }
    }
    d.suspects = rankSuspects(candidate, si);
  }

  // Sites: faults (with locations), then findings, most severe first.
  std::set<std::string> seen;
  auto addSite = [&](const std::string &loc) {
    if (!loc.empty() && loc != "?" && seen.insert(loc).second)
      d.sites.push_back(loc);
  };
  for (const ExecFault &f : d.faults)
    for (auto &l : locationsIn(f.message))
      addSite(l);
  for (const Finding &f : d.findings)
    if (f.severity == "error")
      for (const SiteInfo &si : f.sites)
        addSite(si.loc());
  for (const Finding &f : d.findings) {
    // An input read in part but spread over it (a diagonal, a triangle) is
    // often so by design: its reads are no sites; a prefix read is.
    if (f.kind == "partly-read-input") {
      auto last = f.data.getInteger("last_read"), read = f.data.getInteger("read");
      if (!last || !read || *last + 1 != *read)
        continue;
    }
    for (const SiteInfo &si : f.sites)
      addSite(si.loc());
  }
  // Then the best suspects that a bug-class model named (not the models that
  // only name an edit of two reads: their read is no place for a KB repair's
  // site-aimed variants).
  unsigned suspectSites = 0;
  for (const Suspect &su : d.suspects)
    if (!su.kind.empty() && su.kind != "sibling-coordinates" && su.kind != "chunk-order" &&
        suspectSites < 3) {
      ++suspectSites;
      addSite(su.loc());
    }

  // The signature as JSON, with findings and faults.
  llvm::json::Value sj = d.signature.toJSON();
  llvm::json::Object &o = *sj.getAsObject();
  llvm::json::Array findings, faults;
  std::string text;
  llvm::raw_string_ostream ts(text);
  for (const Finding &f : d.findings) {
    findings.push_back(toJSON(f));
    ts << f.kind << ": " << f.message << "\n";
  }
  for (const ExecFault &f : d.faults) {
    faults.push_back(llvm::json::Object{{"kind", f.kind}, {"message", f.message}});
    ts << f.kind << ": " << f.message << "\n";
  }
  o["findings"] = std::move(findings);
  o["faults"] = std::move(faults);
  o["passed"] = d.passed;
  o["measure"] = d.measure;
  llvm::json::Array siteArr;
  for (auto &x : d.sites)
    siteArr.push_back(x);
  o["sites"] = std::move(siteArr);
  llvm::json::Array suspectArr;
  for (const Suspect &su : d.suspects)
    suspectArr.push_back(su.toJSON());
  o["suspects"] = std::move(suspectArr);
  // The bug-class model of the best suspect that one named: a class hint the
  // KB can weigh (`top_suspect_kind`), "" when no model matched.
  std::string topKind;
  double topScore = 0;
  for (const Suspect &su : d.suspects)
    if (!su.kind.empty()) {
      topKind = su.kind;
      topScore = std::round(su.score * 1000) / 1000;
      break;
    }
  o["top_suspect_kind"] = topKind;
  o["top_suspect_score"] = topScore;
  // Failing cases whose checked inout outputs all kept their initial values:
  // the candidate did nothing (an edit that disables the kernel looks closer
  // when half of the expected values equal the inputs).
  int64_t untouchedCases = 0;
  for (const CaseResult &c : v.cases) {
    bool any = false, all = true;
    for (const OutputResult &out : c.outputs) {
      const ParamSpec *p = task.findParam(out.param);
      if (!p || p->role != Role::inout)
        continue;
      any = true;
      all &= out.untouched;
    }
    untouchedCases += !c.pass() && any && all;
  }
  o["untouched_cases"] = untouchedCases;
  for (auto &tag : d.signature.tags)
    ts << tag << " ";
  d.text = text;
  d.signatureJSON = std::move(sj);

  size_t failingCases = 0;
  for (auto &c : v.cases)
    failingCases += !c.pass();
  if (d.passed)
    d.summary = llvm::formatv("passes ({0} cases){1}", v.cases.size(),
                              d.findings.empty()
                                  ? ""
                                  : "; the instrumented run found " + d.findings.front().kind)
                    .str();
  else
    d.summary = llvm::formatv("{0} of {1} cases fail; pattern {2}, magnitude {3}, {4:P2} of "
                              "elements wrong{5}{6}",
                              failingCases, v.cases.size(), d.signature.pattern,
                              d.signature.magnitude, d.signature.mismatchFraction,
                              d.faults.empty() ? "" : ", " + d.faults.front().kind,
                              d.findings.empty() ? "" : ", " + d.findings.front().kind)
                    .str();
  return d;
}

static std::string sourceLine(const Session &s, llvm::StringRef loc) {
  // loc = file:line:col; quote the line from the file when we can read it.
  auto parts = loc.rsplit(':').first.rsplit(':');
  unsigned line = 0;
  if (parts.second.getAsInteger(10, line) || !line)
    return "";
  std::string text = readTextFile(parts.first);
  if (text.empty())
    return "";
  llvm::SmallVector<llvm::StringRef> lines;
  llvm::StringRef(text).split(lines, '\n');
  if (line > lines.size())
    return "";
  return llvm::formatv("    {0,5} | {1}\n", line, lines[line - 1].rtrim()).str();
}

std::string kfix::renderDiagnosisText(const Session &s, const Diagnosis &d) {
  std::string out;
  llvm::raw_string_ostream os(out);
  const auto &task = s.task;
  os << "task " << task.name << " (" << s.candidatePath << ", target " << s.executor->name()
     << "): "
     << (d.error    ? "ERROR"
         : d.passed ? "PASS"
                    : "FAIL")
     << "\n";
  if (d.error) {
    os << "  " << d.validation.error << "\n";
    return out;
  }
  os << "  " << d.summary << "\n";
  auto printFindings = [&] {
    if (d.findings.empty())
      return;
    os << "\ninstrumentation findings:\n";
    for (const Finding &f : d.findings) {
      os << "  [" << f.severity << "] " << f.kind << ": " << f.message << "\n";
      std::set<std::string> quoted;
      for (const SiteInfo &si : f.sites)
        if (quoted.insert(si.loc()).second)
          os << sourceLine(s, si.loc());
    }
  };
  if (d.passed) {
    // The outputs matched; what the instrumented run still found.
    printFindings();
    return out;
  }
  os << "\nwhere the outputs are wrong:\n";
  for (const CaseResult &c : d.validation.cases)
    for (const OutputResult &o : c.outputs)
      os << llvm::formatv(
          "  {0,-24} {1,-8} {2}\n", bindingsToString(c.sizes, task.sizeNames), o.param,
          o.stats.pass()
              ? std::string("ok")
              : llvm::formatv("{0} of {1} wrong, max abs err {2:g}{3}", o.stats.mismatches,
                              o.stats.numel, o.stats.maxAbsErr,
                              o.stats.unwritten
                                  ? llvm::formatv(", {0} never written", o.stats.unwritten).str()
                                  : "")
                    .str());
  const sig::Signature &sg = d.signature;
  os << "\nsignature:\n  pattern " << sg.pattern << ", magnitude " << sg.magnitude;
  if (sg.nondeterministic)
    os << ", nondeterministic";
  os << "\n";
  for (const sig::CaseSignature &cs : sg.cases) {
    if (!cs.mismatches)
      continue;
    os << "  " << cs.output << " @ ";
    for (auto &[k, val] : cs.sizes)
      os << k << "=" << val << " ";
    os << ": " << cs.pattern.kind;
    if (cs.pattern.k >= 0)
      os << " from index " << cs.pattern.k;
    if (cs.pattern.period)
      os << " (period " << cs.pattern.period << ")";
    os << ", " << cs.magnitude.kind;
    if (cs.magnitude.kind == "factor")
      os << " x" << cs.magnitude.factor;
    if (cs.magnitude.kind == "offset")
      os << " +" << cs.magnitude.offset;
    os << "\n";
  }
  for (auto &r : sg.sizeRules)
    os << "  sizes: " << r << "\n";
  for (auto &p : sg.precision)
    os << "  precision: " << p << "\n";
  if (!d.faults.empty()) {
    os << "\nfaults:\n";
    for (const ExecFault &f : d.faults) {
      os << "  " << f.kind << ": " << f.message << "\n";
      for (auto &l : locationsIn(f.message))
        os << sourceLine(s, l);
    }
  }
  if (!d.suspects.empty()) {
    os << "\nsuspect sites (the slice of the wrong outputs, ranked):\n";
    unsigned shown = 0;
    for (const Suspect &su : d.suspects) {
      if (shown++ == 5)
        break;
      os << llvm::formatv("  {0,5:f2}  {1}  {2}{3}: {4}\n", su.score, su.loc(), su.op,
                          su.kind.empty() ? "" : " [" + su.kind + "]",
                          su.why.empty() ? "" : su.why.front());
      os << sourceLine(s, su.loc());
    }
  }
  printFindings();
  return out;
}

llvm::json::Value kfix::diagnosisToJSON(const Session &s, const Diagnosis &d) {
  return llvm::json::Object{
      {"kfix_report", 1},
      {"command", "diagnose"},
      {"task", s.task.name},
      {"candidate", s.candidatePath},
      {"target", s.executor->name()},
      {"verdict", d.error    ? "error"
                  : d.passed ? "pass"
                             : "fail"},
      {"summary", d.summary},
      {"measure", d.measure},
      {"signature", d.signatureJSON},
      {"validation", toJSON(d.validation, s.task.sizeNames)},
  };
}
