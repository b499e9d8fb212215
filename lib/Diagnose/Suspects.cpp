//===- Suspects.cpp - ranking the ops that may carry a value bug ----------===//
//
// See kfix/Diagnose/Suspects.h for the method. The bug-class models live in
// SuspectModels.cpp; this file seeds the slices, applies the differential
// weighting and ranks.
//
//===----------------------------------------------------------------------===//
#include "kfix/Diagnose/Suspects.h"
#include "kfix/LiftedIR/LiftedIR.h"

#include "SuspectModels.h"
#include "SuspectSlice.h"
#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include <algorithm>
#include <cmath>

using namespace mlir;
using namespace kfix;
using namespace kfix::suspects;

std::string Suspect::loc() const {
  return (llvm::Twine(file) + ":" + llvm::Twine(line) + ":" + llvm::Twine(col)).str();
}

llvm::json::Value Suspect::toJSON() const {
  llvm::json::Array w;
  for (auto &s : why)
    w.push_back(s);
  llvm::json::Object o{{"loc", loc()},
                       {"file", file},
                       {"line", int64_t(line)},
                       {"col", int64_t(col)},
                       {"op", op},
                       {"kind", kind},
                       {"score", std::round(score * 1000) / 1000},
                       {"why", std::move(w)}};
  if (!hint.empty())
    o["hint"] = hint;
  return o;
}

void WriteAttribution::onAccess(int64_t site, TraceAccessKind kind, int32_t arg, int64_t linear,
                                const ThreadCoord &) {
  if (kind == TraceAccessKind::read)
    return;
  auto it = masks.find(arg);
  if (it == masks.end() || linear < 0 || linear >= int64_t(it->second.size()))
    return;
  StoreEvidence &e = perSite[site];
  if (it->second[linear])
    ++e.badWrites;
  else
    ++e.goodWrites;
}

void WriteAttribution::mergeInto(std::map<std::string, StoreEvidence> &out) const {
  for (auto &[site, e] : perSite) {
    std::string loc = sites ? sites->get(site).loc() : "?";
    if (loc == "?")
      continue;
    out[loc].badWrites += e.badWrites;
    out[loc].goodWrites += e.goodWrites;
  }
}

//===----------------------------------------------------------------------===//
// Scoring context
//===----------------------------------------------------------------------===//

static std::string lineColKey(Location loc) {
  auto flc = findFileLineCol(loc);
  if (!flc)
    return "";
  return (llvm::Twine(flc->getLine()) + ":" + llvm::Twine(flc->getColumn())).str();
}

/// "line:col" of a "file:line:col" string.
static std::string lineColKey(llvm::StringRef loc) {
  auto [rest, col] = loc.rsplit(':');
  auto [file, line] = rest.rsplit(':');
  (void)file;
  return (line + ":" + col).str();
}

SuspectContext::SuspectContext(const SuspectInput &in, gpu::GPUFuncOp func)
    : in(in), func(func), mem(func), bad(mem), good(mem) {
  if (in.signature) {
    for (auto &t : in.signature->tags)
      tags.insert(t);
    magnitude = in.signature->magnitude;
    pattern = in.signature->pattern;
  }
  threadsPerBlock = 1;
  for (int64_t b : in.block)
    threadsPerBlock *= std::max<int64_t>(b, 1);
  if (in.block[0] <= 0)
    threadsPerBlock = 0;
}

bool SuspectContext::isOutput(Value memref) {
  auto arg = dyn_cast<BlockArgument>(memRoot(memref));
  if (!arg || arg.getOwner()->getParentOp() != func.getOperation())
    return false;
  if (!isa<MemRefType>(arg.getType()))
    return false;
  auto it = in.outputArgs.find(kernelName(func).str());
  return it == in.outputArgs.end() || it->second.count(arg.getArgNumber());
}

std::string SuspectContext::paramName(unsigned i) {
  if (auto names = func->getAttrOfType<ArrayAttr>("kfix.arg_names"))
    if (i < names.size())
      if (auto s = dyn_cast<StringAttr>(names[i]))
        return s.str();
  return "arg" + std::to_string(i);
}

void SuspectContext::seed() {
  // Output stores, split by what they wrote.
  std::vector<Operation *> all, badStores, goodStores;
  func.walk([&](Operation *op) {
    Value m = writtenMemref(op);
    if (!m || !isOutput(m))
      return;
    all.push_back(op);
    if (in.stores.empty())
      return;
    auto it = in.stores.find(formatLoc(op->getLoc()));
    if (it == in.stores.end())
      return;
    if (it->second.badWrites > 0)
      badStores.push_back(op);
    else if (it->second.goodWrites > 0)
      goodStores.push_back(op);
  });
  haveEvidence = !badStores.empty();
  for (Operation *op : haveEvidence ? badStores : all)
    bad.addSeed(op);
  for (Operation *op : goodStores)
    good.addSeed(op);
  // Faulting accesses and findings: the ops at those locations.
  std::set<std::string> at;
  for (auto &l : in.faultLocs)
    at.insert(lineColKey(llvm::StringRef(l)));
  for (auto &l : in.findingLocs)
    at.insert(lineColKey(llvm::StringRef(l)));
  if (!at.empty())
    func.walk([&](Operation *op) {
      if ((writtenMemref(op) || readMemref(op)) && at.count(lineColKey(op->getLoc()))) {
        bad.addSeed(op);
        findingOps.insert(op);
      }
    });
}

void SuspectContext::add(Operation *op, llvm::StringRef kind, double score, llvm::StringRef why,
                         Operation *anchor) {
  auto flc = findFileLineCol(op->getLoc());
  if (!flc)
    return;
  addAt(flc->getFilename().str(), flc->getLine(), flc->getColumn(), op->getName().getStringRef(),
        kind, score, why, anchor ? anchor : op);
}

void SuspectContext::setHint(Operation *op, llvm::StringRef kind, llvm::StringRef hint,
                             bool keepFirst) {
  auto flc = findFileLineCol(op->getLoc());
  if (!flc)
    return;
  std::string key = (llvm::Twine(flc->getFilename()) + ":" + llvm::Twine(flc->getLine()) + ":" +
                     llvm::Twine(flc->getColumn()))
                        .str();
  auto it = out.find(key);
  if (it != out.end() && it->second.kind == kind && !(keepFirst && !it->second.hint.empty()))
    it->second.hint = hint.str();
}

void SuspectContext::addAt(const std::string &file, unsigned line, unsigned col,
                           llvm::StringRef opName, llvm::StringRef kind, double score,
                           llvm::StringRef why, Operation *anchor) {
  std::vector<std::string> reasons{why.str()};
  // The differential slice.
  if (anchor && !bad.contains(anchor)) {
    score *= 0.5;
    reasons.push_back("outside the slice of the wrong outputs");
  } else if (anchor && haveEvidence && !good.ops().empty() && !good.contains(anchor)) {
    score *= 1.25;
    reasons.push_back("reaches only stores that wrote wrong elements");
  }
  Suspect s;
  s.file = file;
  s.line = line;
  s.col = col;
  s.op = opName.str();
  s.kind = kind.str();
  s.score = score;
  s.why = std::move(reasons);
  std::string key = s.loc();
  auto it = out.find(key);
  if (it == out.end()) {
    out.emplace(key, std::move(s));
    return;
  }
  Suspect &cur = it->second;
  // Several models at one site: the best names it; evidence adds up a little.
  if (s.score > cur.score) {
    double prev = cur.score;
    std::vector<std::string> w = std::move(s.why);
    for (auto &r : cur.why)
      if (llvm::find(w, r) == w.end())
        w.push_back(r);
    cur = std::move(s);
    cur.why = std::move(w);
    cur.score += 0.1 * prev;
  } else {
    cur.score += 0.1 * s.score;
    for (auto &r : s.why)
      if (llvm::find(cur.why, r) == cur.why.end())
        cur.why.push_back(r);
  }
}

//===----------------------------------------------------------------------===//
// Ranking
//===----------------------------------------------------------------------===//

std::vector<Suspect> kfix::rankSuspects(ModuleOp module, const SuspectInput &in) {
  std::vector<Suspect> all;
  module.walk([&](gpu::GPUFuncOp func) {
    if (!func.isKernel())
      return;
    if (!in.kernels.empty()) {
      std::string n = kernelName(func).str();
      if (llvm::find(in.kernels, n) == in.kernels.end())
        return;
    }
    // A kernel of a later launch runs with its own block and grid.
    std::optional<SuspectInput> own;
    if (auto it = in.launchDims.find(kernelName(func).str()); it != in.launchDims.end()) {
      own = in;
      own->block = it->second.first;
      own->grid = it->second.second;
    }
    SuspectContext ctx(own ? *own : in, func);
    ctx.seed();
    applyModels(ctx);
    // Every arithmetic op of the slice is a (weak) suspect: the closer to a
    // wrong store, the likelier.
    // In program order (not the slice map's pointer order): where several ops
    // share a location, which one names it must not change from run to run.
    std::vector<std::pair<Operation *, unsigned>> sliceOps;
    func.walk([&](Operation *op) {
      if (ctx.bad.contains(op))
        sliceOps.push_back({op, ctx.bad.distance(op)});
    });
    for (auto [op, d] : sliceOps) {
      if (!isArithmetic(op))
        continue;
      double base = 0.1 + 0.3 / (1.0 + d / 4.0);
      if (ctx.findingOps.count(op))
        base += 0.5;
      ctx.add(op, "", base,
              llvm::formatv("in the slice of the wrong outputs ({0} steps)", d).str());
    }
    for (auto &[k, s] : ctx.out)
      all.push_back(std::move(s));
  });
  llvm::sort(all, [](const Suspect &a, const Suspect &b) {
    if (a.score != b.score)
      return a.score > b.score;
    return std::tie(a.file, a.line, a.col) < std::tie(b.file, b.line, b.col);
  });
  if (all.size() > in.maxSuspects)
    all.resize(in.maxSuspects);
  return all;
}
