//===- SuspectScales.cpp - a value scaled by the wrong size ---------------===//
//
// The size-scale model (SuspectModels.cpp lists every model). Every wrong
// element is off by one factor per case, and the factor changes with the
// sizes (1/1000 at D = 1000, 1/4099 at D = 4099): a value is divided or
// multiplied by a size expression other than the one meant (a 'batchmean'
// loss divided by the element count `n = B * D` where the batch `B` was
// meant; a mean over the wrong dimension's extent).
//
// The suspects are the conversions of integer size expressions to float that
// scale a value on its way to the output (`v / (float)n`, `acc * (1.0f / n)`,
// `acc * n`). Where the task's sizes give the kernel's scalar arguments at
// each case, the expression's value times the observed factor (divisors) or
// over it (multipliers) is what it should have been; an integer parameter
// holding that value at every case is the hint (`operand=0 with=arg:B`).
// Validation decides.
//
//===----------------------------------------------------------------------===//
#include "SuspectModels.h"
#include "kfix/LiftedIR/LiftedIR.h"
#include "kfix/Transforms/InductionReads.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/Support/FormatVariadic.h"
#include <cmath>
#include <set>

using namespace mlir;
using namespace kfix;
using namespace kfix::suspects;

namespace {

/// The reads of `v`: its users, and through a local it is stored into
/// (`float inv = 1.0f / n; ... s * inv`), the users of that local's loads.
SmallVector<std::pair<Operation *, Value>> readsOf(Value v) {
  SmallVector<std::pair<Operation *, Value>> out;
  for (Operation *u : v.getUsers()) {
    auto st = dyn_cast<memref::StoreOp>(u);
    if (!st || st.getValueToStore() != v || !st.getIndices().empty()) {
      out.push_back({u, v});
      continue;
    }
    for (Operation *r : st.getMemref().getUsers())
      if (auto l = dyn_cast<memref::LoadOp>(r))
        for (Operation *w : l->getUsers())
          out.push_back({w, l.getResult()});
  }
  return out;
}

/// How the float value `v` scales what it meets on the way to a store: -1 as
/// a divisor (`x / v`, `x * (1 / v)`), +1 as a multiplier (`x * v`), 0
/// otherwise (`v / x` is no scale of x).
int scaleRole(Value v) {
  for (auto [u, read] : readsOf(v)) {
    if (auto d = dyn_cast<arith::DivFOp>(u)) {
      if (d.getRhs() != read)
        continue;
      // `1.0f / v`: a reciprocal, then a product.
      auto one = d.getLhs().getDefiningOp<arith::ConstantOp>();
      auto f = one ? dyn_cast<FloatAttr>(one.getValue()) : FloatAttr();
      if (f && f.getValueAsDouble() == 1.0) {
        if (llvm::any_of(readsOf(d.getResult()),
                         [](auto &w) { return isa<arith::MulFOp>(w.first); }))
          return -1;
        continue;
      }
      return -1;
    }
    if (isa<arith::MulFOp>(u))
      return 1;
  }
  return 0;
}

/// The value of an integer expression of the kernel's scalar arguments at
/// one case (constants, + - * / %, shifts, casts, locals stored once), or
/// nullopt.
std::optional<double> evalAt(SuspectContext &ctx, Value v, const std::map<unsigned, double> &args,
                             unsigned depth = 0) {
  if (depth > 12)
    return std::nullopt;
  v = stripCasts(v);
  if (auto a = dyn_cast<BlockArgument>(v)) {
    if (a.getOwner()->getParentOp() != ctx.func.getOperation())
      return std::nullopt;
    auto it = args.find(a.getArgNumber());
    if (it == args.end())
      return std::nullopt;
    return it->second;
  }
  if (auto c = constantValue(v))
    return c;
  Operation *d = v.getDefiningOp();
  if (!d)
    return std::nullopt;
  if (auto l = dyn_cast<memref::LoadOp>(d)) {
    if (!l.getIndices().empty())
      return std::nullopt;
    Value s = ctx.mem.singleStoredValue(l.getMemref());
    return s ? evalAt(ctx, s, args, depth + 1) : std::nullopt;
  }
  if (d->getNumOperands() != 2)
    return std::nullopt;
  auto a = evalAt(ctx, d->getOperand(0), args, depth + 1);
  auto b = a ? evalAt(ctx, d->getOperand(1), args, depth + 1) : std::nullopt;
  if (!b)
    return std::nullopt;
  if (isa<arith::AddIOp>(d))
    return *a + *b;
  if (isa<arith::SubIOp>(d))
    return *a - *b;
  if (isa<arith::MulIOp>(d))
    return *a * *b;
  if (isa<arith::DivSIOp, arith::DivUIOp>(d) && *b != 0)
    return std::trunc(*a / *b);
  if (isa<arith::RemSIOp, arith::RemUIOp>(d) && *b != 0)
    return std::fmod(*a, *b);
  // Shifts by a small amount (`numel >> 2`), of values that fit in 63 bits.
  if (isa<arith::ShRSIOp, arith::ShRUIOp, arith::ShLIOp>(d) && *b >= 0 && *b < 32 &&
      std::fabs(*a) < 0x1p62) {
    int64_t x = (int64_t)*a, n = (int64_t)*b;
    if (isa<arith::ShLIOp>(d))
      return std::fabs(*a * std::ldexp(1.0, n)) < 0x1p62
                 ? std::optional<double>(*a * std::ldexp(1.0, n))
                 : std::nullopt;
    if (x < 0 && isa<arith::ShRUIOp>(d))
      return std::nullopt;
    return (double)(x >> n);
  }
  return std::nullopt;
}

bool near(double x, double want) {
  return std::fabs(x - want) <= 1e-3 * std::max(1.0, std::fabs(want));
}

} // namespace

/// A reciprocal `1 / s` that scales the outputs where a count over s was
/// meant (`1.0 / sum` for `dim / sum`: a sum taken for a mean): the unit
/// numerator should have been the inverse of the factor, an integer parameter
/// (of at least 2) at every case. One case is enough (a captured launch):
/// the parameter must match its exact factor.
static void reciprocalScale(SuspectContext &ctx,
                            const std::vector<std::pair<size_t, double>> &factors,
                            const std::vector<std::map<unsigned, double>> &args) {
  ctx.func.walk([&](arith::DivFOp d) {
    auto one = constantValue(d.getLhs());
    if (!one || *one != 1.0 || !ctx.bad.contains(d))
      return;
    // Through float casts (`(float)(1.0 / (double)s)`).
    Value r = d.getResult();
    while (r.hasOneUse() && isa<arith::TruncFOp, arith::ExtFOp>(*r.getUsers().begin()))
      r = r.getUsers().begin()->getResult(0);
    if (scaleRole(r) <= 0)
      return;
    for (BlockArgument a : ctx.func.getArguments()) {
      if (!isa<IntegerType>(a.getType()) || a.getType().isInteger(1))
        continue;
      bool all = true;
      for (auto &[ci, f] : factors) {
        auto it = args[ci].find(a.getArgNumber());
        all &= it != args[ci].end() && it->second >= 2 && near(it->second, 1.0 / f);
      }
      if (!all)
        continue;
      std::string meant = ctx.paramName(a.getArgNumber());
      ctx.add(d, "size-scale", 4.5,
              llvm::formatv("every wrong output is off by one factor per case ({0:g} to {1:g}), "
                            "the inverse of '{2}' at every case: this reciprocal's unit "
                            "numerator is where '{2}' was meant (a sum taken for a mean?)",
                            factors.front().second, factors.back().second, meant)
                  .str());
      ctx.setHint(d, "size-scale", "operand=0 with=arg:" + meant);
      return;
    }
  });
}

void suspects::scaleModels(SuspectContext &ctx) {
  const sig::Signature *s = ctx.in.signature;
  if (!s)
    return;
  auto perCase = ctx.in.caseArgs.find(kernelName(ctx.func).str());
  bool haveArgs = perCase != ctx.in.caseArgs.end() && perCase->second.size() == s->cases.size();
  // The factor of each wrong case whose elements all share one.
  std::vector<std::pair<size_t, double>> factors;
  for (auto [i, c] : llvm::enumerate(s->cases))
    if (c.mismatches > 0 && c.magnitude.kind == "factor" && c.magnitude.inlierFraction >= 0.9 &&
        std::isfinite(c.magnitude.factor) && c.magnitude.factor != 0)
      factors.push_back({i, c.magnitude.factor});
  if (haveArgs && !factors.empty())
    reciprocalScale(ctx, factors, perCase->second);
  if (factors.size() < 2)
    return;
  // One constant factor for every size is other models' business, unless a
  // size parameter accounts for it at every case (`/ (float)n4` with `n4 =
  // numel >> 2`: 4.0001 at one size, 4.0003 at another, numel at each).
  bool varies = llvm::any_of(
      factors, [&](auto &f) { return std::fabs(f.second / factors.front().second - 1) > 1e-3; });
  if (!varies && !haveArgs)
    return;
  ctx.func.walk([&](Operation *op) {
    if (!isa<arith::SIToFPOp, arith::UIToFPOp>(op) || !ctx.bad.contains(op))
      return;
    Value x = op->getOperand(0);
    if (constantValue(x))
      return;
    int role = scaleRole(op->getResult(0));
    if (!role)
      return;
    // The scalar integer parameter that holds, at every case, what the
    // expression should have been.
    std::string hint, meant;
    if (haveArgs) {
      std::vector<double> want;
      for (auto &[ci, f] : factors) {
        auto xv = evalAt(ctx, x, perCase->second[ci]);
        if (!xv)
          break;
        want.push_back(role < 0 ? *xv * f : *xv / f);
      }
      if (want.size() == factors.size())
        for (BlockArgument a : ctx.func.getArguments()) {
          if (!a.getType().isIntOrIndex() || a == stripCasts(x))
            continue;
          bool all = true;
          for (auto [k, f] : llvm::enumerate(factors)) {
            auto it = perCase->second[f.first].find(a.getArgNumber());
            all &= it != perCase->second[f.first].end() && near(it->second, want[k]);
          }
          if (all) {
            meant = ctx.paramName(a.getArgNumber());
            hint = "operand=0 with=arg:" + meant;
            break;
          }
        }
    }
    if (!varies && meant.empty())
      return;
    std::string range =
        varies ? llvm::formatv("that changes with the sizes ({0:g} to {1:g})",
                               factors.front().second, factors.back().second)
                     .str()
               : llvm::formatv("(about {0:g} at every size)", factors.front().second).str();
    std::string why = llvm::formatv("every wrong output is off by one factor {0}, and this size "
                                    "expression {1} it",
                                    range, role < 0 ? "divides" : "multiplies")
                          .str();
    if (!meant.empty())
      why += "; '" + meant + "' holds at every size the value that gives the expected outputs";
    ctx.add(op, "size-scale", meant.empty() ? 2.5 : 4.5, why);
    if (!hint.empty())
      ctx.setHint(op, "size-scale", hint);
  });
}

//===----------------------------------------------------------------------===//
// negative-remainder: a remainder taken of a value a parameter makes negative
//===----------------------------------------------------------------------===//
//
// The cases fail exactly where an integer parameter is negative (a roll or
// shift by -7, an offset below zero), and a signed remainder `a % b` reads a
// value computed from that parameter: C's remainder keeps the dividend's sign
// where the index needs the one in [0, b) (Python's, torch's). The hint is the
// `posmod` edit (`((a % b) + b) % b`).

namespace {

/// Whether `v` is computed from `arg` (through arithmetic and locals).
bool dependsOn(Value v, BlockArgument arg) {
  SmallVector<Value> work{v};
  llvm::SmallPtrSet<Operation *, 32> seen;
  while (!work.empty()) {
    Value x = work.pop_back_val();
    if (x == arg)
      return true;
    Operation *d = x.getDefiningOp();
    if (!d || !seen.insert(d).second || seen.size() > 64)
      continue;
    if (auto ld = dyn_cast<memref::LoadOp>(d)) {
      auto a = ld.getMemRef().getDefiningOp<memref::AllocaOp>();
      if (a && a.getType().getRank() == 0)
        for (Operation *u : a->getUsers())
          if (auto st = dyn_cast<memref::StoreOp>(u); st && st.getMemRef() == a.getResult())
            work.push_back(st.getValueToStore());
      continue;
    }
    if (d->getDialect() && d->getDialect()->getNamespace() == "arith")
      work.append(d->operand_begin(), d->operand_end());
  }
  return false;
}

/// The kernel's scalar arguments at each case of the signature (same order),
/// or null when the task did not give them.
const std::vector<std::map<unsigned, double>> *caseArgsOf(SuspectContext &ctx) {
  const sig::Signature *s = ctx.in.signature;
  auto it = ctx.in.caseArgs.find(kernelName(ctx.func).str());
  if (!s || it == ctx.in.caseArgs.end() || it->second.size() != s->cases.size())
    return nullptr;
  return &it->second;
}

/// Whether the cases split on argument `arg`: every case where `fails(value)`
/// holds fails, every other case passes, and there are cases of both kinds.
bool casesSplitBy(SuspectContext &ctx, unsigned arg, llvm::function_ref<bool(double)> fails) {
  const auto *perCase = caseArgsOf(ctx);
  if (!perCase)
    return false;
  bool someFail = false, somePass = false;
  for (auto [i, c] : llvm::enumerate(ctx.in.signature->cases)) {
    auto it = (*perCase)[i].find(arg);
    if (it == (*perCase)[i].end())
      return false;
    bool expectFail = fails(it->second), failed = c.mismatches > 0;
    if (expectFail != failed)
      return false;
    (failed ? someFail : somePass) = true;
  }
  return someFail && somePass;
}

} // namespace

void suspects::signModels(SuspectContext &ctx) {
  if (!caseArgsOf(ctx))
    return;
  for (BlockArgument a : ctx.func.getArguments()) {
    if (!a.getType().isSignlessInteger() || a.getType().isInteger(1))
      continue;
    // Every case where the parameter is negative fails, every other passes.
    if (!casesSplitBy(ctx, a.getArgNumber(), [](double v) { return v < 0; }))
      continue;
    std::string name = ctx.paramName(a.getArgNumber());
    ctx.func.walk([&](arith::RemSIOp rem) {
      if (!dependsOn(rem.getLhs(), a))
        return;
      ctx.add(rem, "negative-remainder", 3.0,
              llvm::formatv("the cases fail exactly where '{0}' is negative, and this remainder "
                            "of a value computed from it keeps the sign (C's %)",
                            name)
                  .str());
      ctx.setHint(rem, "negative-remainder", "kind=posmod operand= with=");
    });
  }
}

//===----------------------------------------------------------------------===//
// tie-order: the values are right, the positions of ties are not
//===----------------------------------------------------------------------===//
//
// Every float output is right and only integer outputs (indices) are wrong:
// the extreme was found, but among equal candidates the other one was kept
// (torch's cummax keeps the last tie, argmax the first). The comparisons that
// choose are the suspects, with the strictness flipped as the hint
// (`cand > cur` -> `cand >= cur`).

void suspects::tieModels(SuspectContext &ctx) {
  const sig::Signature *s = ctx.in.signature;
  if (!s || s->cases.empty())
    return;
  std::map<std::string, int64_t> wrong;
  for (const sig::CaseSignature &c : s->cases)
    wrong[c.output] += c.mismatches;
  bool floatRight = false, onlyIntWrong = true, anyWrong = false;
  for (auto &[name, n] : wrong) {
    Type elem;
    for (BlockArgument a : ctx.func.getArguments())
      if (ctx.paramName(a.getArgNumber()) == name)
        if (auto mt = dyn_cast<MemRefType>(a.getType()))
          elem = mt.getElementType();
    if (!elem)
      return; // an output the kernel does not name: no judgement
    if (n > 0) {
      anyWrong = true;
      onlyIntWrong &= isa<IntegerType, IndexType>(elem);
    } else if (isa<FloatType>(elem)) {
      floatRight = true;
    }
  }
  if (!anyWrong || !onlyIntWrong || !floatRight)
    return;
  using P = arith::CmpFPredicate;
  ctx.func.walk([&](arith::CmpFOp c) {
    std::optional<P> flip;
    switch (c.getPredicate()) {
    case P::OGT:
      flip = P::OGE;
      break;
    case P::OGE:
      flip = P::OGT;
      break;
    case P::OLT:
      flip = P::OLE;
      break;
    case P::OLE:
      flip = P::OLT;
      break;
    case P::UGT:
      flip = P::UGE;
      break;
    case P::UGE:
      flip = P::UGT;
      break;
    case P::ULT:
      flip = P::ULE;
      break;
    case P::ULE:
      flip = P::ULT;
      break;
    default:
      break;
    }
    if (!flip)
      return;
    ctx.add(c, "tie-order", 2.5,
            "every float output is right and only integer outputs (positions) are wrong: "
            "this comparison decides which of equal candidates is kept");
    ctx.setHint(c, "tie-order",
                "kind=opcode operand= with=" + arith::stringifyCmpFPredicate(*flip).str());
  });
}

//===----------------------------------------------------------------------===//
// missing-dilation: a tap count used as an extent where the taps are spaced
//===----------------------------------------------------------------------===//
//
// A loop `for (k = 0; k < K; ++k)` reads taps `k * D` apart, and the cases
// pass exactly where D is 1: an extent computed from K alone (`L - K + 1`
// outputs, `TILE + K - 1` staged inputs) where the taps span `(K - 1) * D + 1`.
// The additions and subtractions that read K outside the tap loop are the
// suspects, with the `dilate` edit of that operand as the hint.

/// Every case fails and none has unit spacing `d` (a missing dilation shows
/// at every case then).
static bool allFailNoUnit(SuspectContext &ctx, unsigned d) {
  const auto *perCase = caseArgsOf(ctx);
  if (!perCase || ctx.in.signature->cases.empty())
    return false;
  for (auto [i, c] : llvm::enumerate(ctx.in.signature->cases)) {
    auto it = (*perCase)[i].find(d);
    if (it == (*perCase)[i].end() || it->second == 1 || c.mismatches == 0)
      return false;
  }
  return true;
}

/// The buffers (roots) read at an index computed from `v` (through integer
/// arithmetic and casts, a few steps).
static void readsIndexedBy(Value v, std::set<const void *> &out) {
  SmallVector<std::pair<Value, unsigned>> work{{v, 0}};
  while (!work.empty()) {
    auto [x, depth] = work.pop_back_val();
    for (OpOperand &use : x.getUses()) {
      Operation *u = use.getOwner();
      if (auto ld = dyn_cast<memref::LoadOp>(u)) {
        if (use.getOperandNumber() > 0)
          if (Value r = memRoot(ld.getMemRef()))
            out.insert(r.getAsOpaquePointer());
        continue;
      }
      if (depth < 6 && u->getNumResults() == 1 && u->getResult(0).getType().isIntOrIndex() &&
          isa_and_nonnull<arith::ArithDialect>(u->getDialect()))
        work.push_back({u->getResult(0), depth + 1});
    }
  }
}

/// A loop bounded by a value computed from `op` (a few steps) that stores
/// into one of `bufs`: the extent of a tile the taps read.
static bool boundsFillOf(Operation *op, const std::set<const void *> &bufs) {
  SmallVector<std::pair<Value, unsigned>> work{{op->getResult(0), 0}};
  while (!work.empty()) {
    auto [x, depth] = work.pop_back_val();
    for (Operation *u : x.getUsers()) {
      if (auto loop = dyn_cast<scf::ForOp>(u)) {
        if (loop.getUpperBound() != x)
          continue;
        bool fills = false;
        loop.getBody()->walk([&](memref::StoreOp st) {
          if (Value r = memRoot(st.getMemRef()))
            fills |= bufs.count(r.getAsOpaquePointer()) > 0;
        });
        if (fills)
          return true;
        continue;
      }
      if (depth < 4 && u->getNumResults() == 1 &&
          (isa<arith::IndexCastOp, arith::ExtSIOp, arith::AddIOp, arith::SubIOp>(u)))
        work.push_back({u->getResult(0), depth + 1});
    }
  }
  return false;
}

void suspects::dilationModels(SuspectContext &ctx) {
  if (!caseArgsOf(ctx))
    return;
  // (K, D) pairs: loops bounded by parameter K whose taps are D apart, and
  // the buffers the taps read.
  std::map<std::pair<unsigned, unsigned>, std::set<const void *>> pairs;
  ctx.func.walk([&](scf::ForOp loop) {
    auto k = dyn_cast<BlockArgument>(stripCasts(loop.getUpperBound()));
    if (!k || k.getOwner()->getParentOp() != ctx.func.getOperation())
      return;
    for (Value iv : inductionReads(loop))
      for (Operation *u : iv.getUsers())
        if (isa<arith::MulIOp>(u)) {
          Value other = u->getOperand(0) == iv ? u->getOperand(1) : u->getOperand(0);
          if (auto d = dyn_cast<BlockArgument>(stripCasts(other));
              d && d.getOwner()->getParentOp() == ctx.func.getOperation())
            readsIndexedBy(u->getResult(0), pairs[{k.getArgNumber(), d.getArgNumber()}]);
        }
  });
  for (auto &[kd, bufs] : pairs) {
    auto [k, d] = kd;
    // The cases with unit spacing pass, every other fails; or no case has
    // unit spacing and every one fails, and the extent bounds the loop that
    // fills the buffer the taps read (a halo of `K - 1` rows for `(K - 1) *
    // D`).
    bool split = casesSplitBy(ctx, d, [](double v) { return v != 1; });
    if (!split && !allFailNoUnit(ctx, d))
      continue;
    Value kv = ctx.func.getArgument(k);
    std::string kn = ctx.paramName(k), dn = ctx.paramName(d);
    ctx.func.walk([&](Operation *op) {
      if (!isa<arith::AddIOp, arith::SubIOp>(op))
        return;
      if (!split && !boundsFillOf(op, bufs))
        return;
      for (unsigned j = 0; j < 2; ++j)
        if (stripCasts(op->getOperand(j)) == kv) {
          ctx.add(op, "missing-dilation", 3.0,
                  split ? llvm::formatv("the cases pass exactly where '{0}' is 1, and this extent "
                                        "reads the tap count '{1}' whose taps are '{0}' apart",
                                        dn, kn)
                              .str()
                        : llvm::formatv("this extent bounds the loop that fills the buffer the "
                                        "taps read '{0}' apart, with the tap count '{1}' (every "
                                        "case fails, none has '{0}' = 1)",
                                        dn, kn)
                              .str());
          ctx.setHint(op, "missing-dilation",
                      llvm::formatv("kind=dilate operand={0} with=", j).str());
        }
    });
  }
}
