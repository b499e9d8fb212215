//===- TaskWriter.cpp - sizes, weights, manifest and reference files -------===//
#include "TaskWriter.h"

#include "kfix/Runtime/Manifest.h"
#include "kfix/Runtime/Npy.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include <cmath>

using namespace kfix;
using namespace kfix::kb;
using llvm::StringRef;
namespace json = llvm::json;

static const char kReferenceScript[] =
#include "ReferenceScript.inc"
    ;

StringRef kfix::kernelBenchReferenceScript() { return kReferenceScript; }

static json::Value exprJSON(const SymP &s) {
  if (auto c = constInt(s))
    return *c;
  return print(s);
}

static std::optional<int64_t> numelAt(const Buf &b, const llvm::StringMap<int64_t> &env) {
  double n = 1;
  for (const SymP &d : b.shape) {
    auto v = evalSym(d, env);
    if (!v)
      return std::nullopt;
    n *= *v;
  }
  return int64_t(n);
}

namespace {
/// Deterministic weights: splitmix64 and Box-Muller.
struct Rng {
  uint64_t s;
  uint64_t next() {
    uint64_t z = (s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  double uniform() { return (next() >> 11) * (1.0 / 9007199254740992.0); }
  double normal() {
    double u1 = uniform(), u2 = uniform();
    if (u1 < 1e-300)
      u1 = 1e-300;
    return std::sqrt(-2 * std::log(u1)) * std::cos(6.283185307179586 * u2);
  }
};
} // namespace

/// The candidate's kernels with the torch wrappers, torch includes and PYBIND11_MODULE
/// blanked (newlines kept, so lines match the CUDA string).
static std::string kernelSource(const CudaUnit &u) {
  std::string s = u.src.text;
  auto blank = [&](size_t b, size_t e) {
    for (size_t i = b; i < e && i < s.size(); ++i)
      if (s[i] != '\n')
        s[i] = ' ';
  };
  for (const cpp::Function &f : u.fns)
    if (f.usesTorch && !f.isGlobal && !f.isDevice)
      blank(f.declBegin, f.end);
  for (const cpp::Tok &t : u.toks)
    if (t.kind == cpp::Tok::PP) {
      StringRef x(t.text);
      if (x.contains("torch/") || x.contains("ATen/") || x.contains("c10/") ||
          x.contains("pybind11") || x.contains("TORCH_EXTENSION"))
        blank(t.begin, t.end);
    }
  // Declarations of wrappers without a body (`torch::Tensor f(torch::Tensor x);`).
  for (size_t i = 0; i < u.toks.size(); ++i)
    if (u.toks[i].text == "torch" || u.toks[i].text == "at") {
      // Blank the statement around a leftover torch reference at top level.
      size_t b = i, e = i;
      while (b > 0 && u.toks[b - 1].text != ";" && u.toks[b - 1].text != "}" &&
             u.toks[b - 1].kind != cpp::Tok::PP && u.toks[b - 1].text != "{")
        --b;
      while (e < u.toks.size() && u.toks[e].text != ";" && u.toks[e].text != "{")
        ++e;
      if (e < u.toks.size() && u.toks[e].text == ";" &&
          s.substr(u.toks[b].begin, 1) != " ")
        blank(u.toks[b].begin, u.toks[e].end);
    }
  return s;
}

bool kfix::kb::writeTask(const KernelBenchImportOptions &opts, const py::Module &prob,
                         const py::Module &cand, ImportResult &res, KernelBenchImport &out) {
  TaskModel &task = *res.task;
  auto err = [&](const std::string &m) {
    out.errors.push_back(opts.candidate + ": error: " + m);
    return false;
  };
  // Roles and order.
  std::vector<int> order;
  std::vector<Role> roles(task.bufs.size(), Role::scratch);
  for (size_t i = 0; i < task.bufs.size(); ++i) {
    Buf &b = task.bufs[i];
    b.returned = std::find(res.outputs.begin(), res.outputs.end(), int(i)) != res.outputs.end();
    if (b.origin == Buf::Input || b.origin == Buf::Weight)
      roles[i] = b.returned ? Role::inout : Role::input;
    else if (b.origin == Buf::Null) // a null pointer: no elements, not a forward input
      roles[i] = Role::input;
    else if (b.returned)
      roles[i] = b.init ? Role::inout : Role::output;
  }
  for (size_t i = 0; i < task.bufs.size(); ++i)
    if (task.bufs[i].origin == Buf::Input)
      order.push_back(int(i));
  for (size_t i = 0; i < task.bufs.size(); ++i)
    if (task.bufs[i].origin == Buf::Weight)
      order.push_back(int(i));
  for (size_t i = 0; i < task.bufs.size(); ++i)
    if (task.bufs[i].origin == Buf::Null)
      order.push_back(int(i));
  for (int o : res.outputs)
    if (std::find(order.begin(), order.end(), o) == order.end())
      order.push_back(o);
  for (size_t i = 0; i < task.bufs.size(); ++i)
    if (std::find(order.begin(), order.end(), int(i)) == order.end())
      order.push_back(int(i));

  // Symbols and sizes.
  // Fixed symbols: those of weight shapes (the weights are written once) and of
  // input value ranges (`randint(0, num_classes, ...)`: the bounds are numbers).
  std::vector<std::string> syms, shapeSyms, weightSyms, rangeSyms;
  for (const Buf &b : task.bufs)
    for (const std::string &r : b.rangeSyms)
      if (std::find(rangeSyms.begin(), rangeSyms.end(), r) == rangeSyms.end())
        rangeSyms.push_back(r);
  for (const Buf &b : task.bufs)
    for (const SymP &d : b.shape) {
      symbolsOf(d, syms);
      symbolsOf(d, shapeSyms);
      if (b.origin == Buf::Weight)
        symbolsOf(d, weightSyms);
    }
  for (const ScalarParam &s : task.scalars)
    symbolsOf(s.value, syms);
  for (size_t i = 0; i < task.bufs.size(); ++i) {
    const Buf &b = task.bufs[i];
    if (b.epilogue.empty() || (roles[i] != Role::output && roles[i] != Role::inout))
      continue; // host arithmetic on a buffer nobody reads afterwards
    if (!isFloat(b.dtype))
      return err("host arithmetic on '" + b.name + "' (" + b.epilogueWhere + "), which holds " +
                 dtypeName(b.dtype).str() + " values: the task's epilogues apply to float "
                 "outputs");
    for (const EpiRec &r : b.epilogue)
      symbolsOf(r.value, syms);
  }
  for (const LaunchRec &l : task.launches) {
    for (int k = 0; k < 3; ++k) {
      symbolsOf(l.grid[k], syms);
      symbolsOf(l.block[k], syms);
    }
    symbolsOf(l.smem, syms);
  }
  llvm::StringMap<int64_t> orig;
  for (const std::string &s : syms) {
    auto it = res.symbolValues.find(s);
    if (it == res.symbolValues.end())
      return err("size symbol '" + s + "' has no value in the problem");
    orig[s] = it->second;
  }
  auto isIn = [](const std::vector<std::string> &v, const std::string &s) {
    return std::find(v.begin(), v.end(), s) != v.end();
  };
  const int64_t workCap = int64_t(1) << 24;
  auto fits = [&](const llvm::StringMap<int64_t> &env) {
    for (const Buf &b : task.bufs) {
      auto n = numelAt(b, env);
      if (!n || *n > opts.maxElements || *n < 0)
        return false;
    }
    double work = 1;
    for (const std::string &s : shapeSyms)
      work *= double(env.lookup(s));
    return work <= double(workCap);
  };
  auto valid = [&](const llvm::StringMap<int64_t> &env) {
    for (const LaunchRec &l : task.launches)
      for (int k = 0; k < 3; ++k) {
        auto g = evalSym(l.grid[k], env), bl = evalSym(l.block[k], env);
        if (!g || !bl || *g < 1 || *bl < 1)
          return false;
      }
    for (const Buf &b : task.bufs)
      if (!numelAt(b, env))
        return false;
    return true;
  };
  llvm::StringMap<int64_t> main = orig;
  while (!fits(main)) {
    std::string pick;
    for (const std::string &s : shapeSyms)
      if (main[s] > kFixedSymbolMax && !isIn(rangeSyms, s) &&
          (pick.empty() || main[s] > main[pick]))
        pick = s;
    if (pick.empty())
      return err("cannot scale the problem below " + std::to_string(opts.maxElements) +
                 " elements per buffer");
    main[pick] = std::max<int64_t>(kFixedSymbolMax, main[pick] / 2);
  }
  auto bindingText = [&](const llvm::StringMap<int64_t> &env) {
    std::string s;
    for (const std::string &k : syms)
      s += (s.empty() ? "" : " ") + k + "=" + std::to_string(env.lookup(k));
    return s;
  };
  std::vector<llvm::StringMap<int64_t>> sizes = {main};
  if (main != orig)
    out.notes.push_back("the problem's sizes (" + bindingText(orig) + ") exceed the task cap (" +
                        std::to_string(opts.maxElements) +
                        " elements per buffer, 2^24 for the product of the size symbols); "
                        "scaled to " + bindingText(main));
  // Guards (branches followed on conditions over sizes) that hold at `b`.
  auto guardsHeld = [&](const llvm::StringMap<int64_t> &b) {
    int n = 0;
    for (const Guard &g : task.guards) {
      llvm::StringMap<int64_t> env = res.symbolValues;
      for (const auto &kv : b)
        env[kv.getKey()] = kv.getValue();
      std::optional<double> v = evalSym(g.cond, env);
      n += v && (*v != 0) == g.taken;
    }
    return n;
  };
  const int allGuards = int(task.guards.size());
  for (double f : {0.75, 1.0 / 3}) {
    llvm::StringMap<int64_t> b = main;
    std::vector<std::string> changed;
    for (const std::string &s : shapeSyms) {
      if (isIn(weightSyms, s) || isIn(rangeSyms, s) || main[s] <= kFixedSymbolMax)
        continue;
      int64_t v = std::max<int64_t>(3, int64_t(main[s] * f)) | 1;
      if (v == main[s])
        v -= 2;
      b[s] = v;
      changed.push_back(s);
    }
    // A held-out size where a followed branch would not be taken (the
    // candidate's `if (H % 4 == 0)` vector path at odd sizes) moves its
    // symbols to the nearest values that keep every branch: a local search,
    // symbol by symbol, within an eighth of each value.
    if (!changed.empty() && guardsHeld(b) < allGuards) {
      llvm::StringMap<int64_t> start = b;
      for (int pass = 0; pass < 3 && guardsHeld(b) < allGuards; ++pass)
        for (const std::string &s : changed) {
          int64_t v0 = b[s], reach = std::max<int64_t>(8, v0 / 8);
          int64_t best = v0;
          int bestHeld = guardsHeld(b);
          for (int64_t d = 1; d <= reach && bestHeld < allGuards; ++d)
            for (int64_t v : {v0 + d, v0 - d}) {
              if (v < 3 || v == main[s])
                continue;
              b[s] = v;
              int held = guardsHeld(b);
              if (held > bestHeld && valid(b) && fits(b))
                best = v, bestHeld = held;
            }
          b[s] = best;
        }
      if (guardsHeld(b) == allGuards && b != start)
        out.notes.push_back("held-out sizes " + bindingText(start) + " moved to " +
                            bindingText(b) + " so that every branch the importer followed on "
                            "sizes is taken there too");
    }
    if (!changed.empty() && valid(b) && fits(b) &&
        std::find(sizes.begin(), sizes.end(), b) == sizes.end())
      sizes.push_back(b);
  }
  if (!valid(main))
    return err("the launch geometry is empty at sizes " + bindingText(main));
  // Branches followed on conditions over sizes: every task size must take them.
  for (const Guard &g : task.guards)
    for (const auto &b : sizes) {
      llvm::StringMap<int64_t> env = res.symbolValues;
      for (const auto &kv : b)
        env[kv.getKey()] = kv.getValue();
      std::optional<double> v = evalSym(g.cond, env);
      if (v && (*v != 0) == g.taken)
        continue;
      out.errors.push_back(
          g.where + ": error: the condition '" + g.text + "' is " +
          (g.taken ? "true" : "false") + " at the problem's sizes but " +
          (v ? (g.taken ? "false" : "true") : "not known") + " at the task sizes " +
          bindingText(b) +
          "; a task runs one launch sequence, so every size must take the same branch");
      return false;
    }
  for (const Guard &g : task.guards)
    out.notes.push_back(g.where + ": the condition '" + g.text + "' depends on sizes the task "
                        "changes; it is " + (g.taken ? "true" : "false") +
                        " at every task size, and the importer followed the branch taken there");
  if (!weightSyms.empty())
    out.notes.push_back("weights are generated once, so the symbols of their shapes stay fixed "
                        "across sizes");
  for (const std::string &r : rangeSyms)
    if (isIn(shapeSyms, r) && orig.lookup(r) > kFixedSymbolMax)
      out.notes.push_back("'" + r + "' bounds the values of an input (randint), so it stays "
                          "fixed across sizes");

  // Weights: generate, and map to the problem Model's parameters.
  json::Object weightMap;
  std::vector<std::pair<std::string, Buffer>> weightFiles;
  for (size_t wi = 0; wi < task.bufs.size(); ++wi) {
    const Buf &b = task.bufs[wi];
    if (b.origin != Buf::Weight)
      continue;
    std::vector<int64_t> shape;
    for (const SymP &d : b.shape)
      shape.push_back(int64_t(*evalSym(d, main)));
    std::string modelKey;
    for (const ParamDecl &p : res.modelParams)
      if (p.key == b.weightKey)
        modelKey = p.key;
    if (modelKey.empty()) { // same position among the parameters, same shape
      size_t idx = 0;
      for (; idx < res.newParams.size(); ++idx)
        if (res.newParams[idx].key == b.weightKey)
          break;
      if (idx < res.modelParams.size()) {
        const ParamDecl &p = res.modelParams[idx];
        bool sameShape = p.shape.size() == shape.size();
        for (size_t k = 0; sameShape && k < shape.size(); ++k)
          sameShape = evalSym(p.shape[k], main) == double(shape[k]);
        if (sameShape)
          modelKey = p.key;
      }
    }
    if (modelKey.empty())
      return err("weight '" + b.weightKey + "' of ModelNew (" + b.where +
                 ") matches no parameter of the problem's Model by name or by position and "
                 "shape");
    Buffer buf(b.dtype, shape);
    uint64_t h = 0xcbf29ce484222325ULL ^ opts.seed;
    for (char c : b.weightKey)
      h = (h ^ uint8_t(c)) * 0x100000001b3ULL;
    Rng rng{h};
    for (int64_t i = 0; i < buf.numel(); ++i) {
      double v = b.dist == "normal"    ? b.a + b.b * rng.normal()
                 : b.dist == "const"   ? b.a
                                       : b.a + (b.b - b.a) * rng.uniform();
      buf.set(i, v);
    }
    std::string rel = "weights/" + b.name + ".npy";
    weightMap[modelKey] = rel;
    weightFiles.push_back({rel, std::move(buf)});
  }

  // The manifest.
  json::Array params;
  json::Object inputs;
  for (int i : order) {
    const Buf &b = task.bufs[i];
    json::Array shape;
    for (const SymP &d : b.shape)
      shape.push_back(exprJSON(d));
    params.push_back(json::Object{{"name", b.name},
                                  {"role", roleName(roles[i])},
                                  {"dtype", dtypeName(b.dtype)},
                                  {"shape", std::move(shape)}});
    if (!b.epilogue.empty() && (roles[i] == Role::output || roles[i] == Role::inout)) {
      json::Array ep;
      for (const EpiRec &r : b.epilogue)
        ep.push_back(json::Object{{"op", epilogueKindName(r.kind)}, {"value", exprJSON(r.value)}});
      (*params.back().getAsObject())["epilogue"] = std::move(ep);
    }
    if (b.origin == Buf::Weight) {
      inputs[b.name] = json::Object{{"dist", "file"}, {"path", "weights/" + b.name + ".npy"}};
    } else if (b.origin == Buf::Input) {
      if (b.dist == "normal")
        inputs[b.name] = json::Object{{"dist", "normal"}, {"mean", b.a}, {"std", b.b}};
      else if (b.dist == "uniform")
        inputs[b.name] = json::Object{{"dist", "uniform"}, {"low", b.a}, {"high", b.b}};
      else if (b.dist == "randint")
        inputs[b.name] = json::Object{{"dist", "randint"}, {"low", b.a}, {"high", b.b}};
      else
        inputs[b.name] = json::Object{{"dist", "const"}, {"value", b.a}};
      if (!b.transforms.empty()) {
        json::Array ts;
        for (const InputTransform &t : b.transforms)
          ts.push_back(toJSON(t));
        (*inputs.getObject(b.name))["transform"] = std::move(ts);
      }
    } else if (roles[i] == Role::inout || (roles[i] == Role::scratch && b.init)) {
      if (b.init == 3)
        inputs[b.name] = json::Object{{"dist", "const"}, {"value", b.fill}};
      else
        inputs[b.name] = json::Object{{"dist", "const"}, {"value", b.init == 2 ? 1 : 0}};
    }
  }
  for (const ScalarParam &s : task.scalars)
    params.push_back(json::Object{{"name", s.name},
                                  {"role", "scalar"},
                                  {"dtype", dtypeName(s.dtype)},
                                  {"value", exprJSON(s.value)}});
  json::Array launches;
  for (const LaunchRec &l : task.launches) {
    json::Array grid, block, ps;
    for (int k = 0; k < 3; ++k) {
      grid.push_back(exprJSON(l.grid[k]));
      block.push_back(exprJSON(l.block[k]));
    }
    for (const std::string &p : l.params)
      ps.push_back(p);
    launches.push_back(json::Object{
        {"kernel", l.kernel},
        {"params", std::move(ps)},
        {"launch", json::Object{{"grid", std::move(grid)},
                                {"block", std::move(block)},
                                {"shared_bytes", exprJSON(l.smem)}}}});
  }
  json::Array sizesJ;
  for (const auto &b : sizes) {
    json::Object o;
    for (const std::string &s : syms)
      o[s] = b.lookup(s);
    sizesJ.push_back(std::move(o));
  }
  std::string name = llvm::sys::path::stem(opts.candidate).str();
  json::Object manifest{
      {"kfix_task", 1},
      {"name", name},
      {"source", "kernel.cu"},
      {"kernel", task.launches.front().kernel},
      {"params", std::move(params)},
      {"launches", std::move(launches)},
      {"sizes", std::move(sizesJ)},
      {"inputs", std::move(inputs)},
      {"reference", json::Object{{"kind", "command"},
                                 {"argv", json::Array{opts.python, "kernelbench_reference.py"}},
                                 {"timeout_s", 600}}},
      {"tolerance", json::Object{{"atol", 1e-2}, {"rtol", 1e-2}}},
      {"seeds", 2}};
  json::Value manifestV(std::move(manifest));
  auto checked = parseManifest(manifestV, "task.json", opts.outDir, /*checkFiles=*/false);
  if (!checked)
    return err("the generated manifest does not check: " + llvm::toString(checked.takeError()));

  // The reference's configuration.
  json::Array fwdInputs, outs, symsJ;
  size_t inputIdx = 0;
  for (const InputItem &in : res.inputs) {
    if (!in.tensor) {
      fwdInputs.push_back(nullptr);
      continue;
    }
    // Inputs are created in forward-parameter order.
    size_t seen = 0;
    std::string nm;
    for (const Buf &b : task.bufs)
      if (b.origin == Buf::Input && seen++ == inputIdx)
        nm = b.name;
    ++inputIdx;
    fwdInputs.push_back(nm);
  }
  for (int o : res.outputs)
    outs.push_back(task.bufs[o].name);
  for (const std::string &s : syms)
    symsJ.push_back(s);
  json::Value refCfg(json::Object{{"problem", "problem.py"},
                                  {"symbols", std::move(symsJ)},
                                  {"forward_inputs", std::move(fwdInputs)},
                                  {"outputs", std::move(outs)},
                                  {"weights", std::move(weightMap)}});

  // Write.
  std::string dir = opts.outDir;
  if (std::error_code ec = llvm::sys::fs::create_directories(dir + "/weights"))
    return err("cannot create " + opts.outDir + "/weights: " + ec.message());
  auto write = [&](const std::string &rel, StringRef bytes) {
    if (llvm::Error e = writeFileAtomically(dir + "/" + rel, bytes)) {
      err(llvm::toString(std::move(e)));
      return false;
    }
    return true;
  };
  std::string kernel;
  for (size_t i = 0; i < res.units.size(); ++i)
    kernel += (i ? "\n// ---- next extension ----\n" : "") + kernelSource(*res.units[i]);
  if (res.units.size() > 1)
    out.notes.push_back("kernel.cu joins the sources of " + std::to_string(res.units.size()) +
                        " extensions; lines after the first match no longer");
  for (auto &[rel, buf] : weightFiles)
    if (llvm::Error e = writeNpy(dir + "/" + rel, buf))
      return err(llvm::toString(std::move(e)));
  std::string refText, manifestText;
  llvm::raw_string_ostream(refText) << llvm::formatv("{0:2}", refCfg) << "\n";
  llvm::raw_string_ostream(manifestText) << llvm::formatv("{0:2}", manifestV) << "\n";
  if (!write("kernel.cu", kernel) || !write("problem.py", prob.text) ||
      !write("kernelbench_reference.py", kernelBenchReferenceScript()) ||
      !write("reference.json", refText) || !write("task.json", manifestText))
    return false;
  (void)cand;
  out.report["task"] = dir + "/task.json";
  json::Array sz;
  for (const auto &b : sizes)
    sz.push_back(bindingText(b));
  out.report["sizes"] = std::move(sz);
  return true;
}

void kfix::kb::writeImportReport(const KernelBenchImportOptions &opts, KernelBenchImport &out,
                                 const ImportResult *res) {
  json::Array errs, findings, notes;
  for (const std::string &e : out.errors)
    errs.push_back(e);
  for (const KernelBenchFinding &f : out.findings)
    findings.push_back(json::Object{
        {"kind", f.kind}, {"where", f.where}, {"message", f.message}, {"class", "INTEGRITY"}});
  for (const std::string &n : out.notes)
    notes.push_back(n);
  out.report["ok"] = out.ok;
  out.report["problem"] = opts.problem;
  out.report["candidate"] = opts.candidate;
  out.report["errors"] = std::move(errs);
  out.report["findings"] = std::move(findings);
  out.report["notes"] = std::move(notes);
  if (res && res->task) {
    json::Array ls;
    for (const LaunchRec &l : res->task->launches)
      ls.push_back(json::Object{{"kernel", l.kernel}, {"where", l.where}});
    out.report["launches"] = std::move(ls);
  }
  if (opts.outDir.empty())
    return;
  if (std::error_code ec = llvm::sys::fs::create_directories(opts.outDir)) {
    out.errors.push_back(opts.outDir + ": cannot create: " + ec.message());
    return;
  }
  std::string text;
  llvm::raw_string_ostream(text) << llvm::formatv("{0:2}", json::Value(json::Object(out.report)))
                                 << "\n";
  if (llvm::Error e = writeFileAtomically(opts.outDir + "/import-report.json", text))
    out.errors.push_back(llvm::toString(std::move(e)));
}
