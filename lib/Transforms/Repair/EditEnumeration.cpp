//===- EditEnumeration.cpp - the edits that type check at one op ----------===//
//
// enumerateEdits (include/kfix/Transforms/Edits.h): at one op, the small typed
// edits a slip would undo, each with a prior: another operator of its class,
// swapped or dropped operands, constants moved by one or replaced by special
// values, other values in scope, a restarted accumulator, a clamp or factor
// that was left out, a deleted store.
//
//===----------------------------------------------------------------------===//
#include "EditVocabulary.h"
#include "RepairUtils.h"
#include "kfix/Transforms/Edits.h"
#include "kfix/Transforms/Passes.h"
#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include <cfloat>
#include <cmath>
#include <set>

using namespace mlir;
using namespace kfix;
using namespace kfix::edit;

//===----------------------------------------------------------------------===//
// Enumeration
//===----------------------------------------------------------------------===//

std::vector<Operation *> kfix::opsAt(Operation *module, llvm::StringRef loc, llvm::StringRef name) {
  std::vector<Operation *> out;
  if (loc.empty())
    return out;
  module->walk([&](Operation *o) {
    if ((name.empty() || o->getName().getStringRef() == name) && !isa<gpu::GPUFuncOp>(o) &&
        locMatches(o->getLoc(), loc))
      out.push_back(o);
  });
  return out;
}

/// The lane counts a loop's start is built from: P of `x & (P - 1)` (P a
/// power of two), `x % P` and `x / P` in its expression, through the locals it
/// reads (each stored at most twice). `j = start + (tid & 7); j += 32` steps
/// over a group of 8 lanes by a warp.
static std::vector<int64_t> laneCounts(Value start) {
  std::vector<int64_t> out;
  SmallVector<std::pair<Value, unsigned>> work{{start, 0}};
  llvm::SmallPtrSet<Operation *, 16> seen;
  while (!work.empty()) {
    auto [v, d] = work.pop_back_val();
    Operation *def = v.getDefiningOp();
    if (!def || d > 6 || !seen.insert(def).second)
      continue;
    if (auto ld = dyn_cast<memref::LoadOp>(def)) {
      auto var = ld.getMemRef().getDefiningOp<memref::AllocaOp>();
      if (!var || var.getType().getRank() != 0)
        continue;
      SmallVector<Value> stored;
      for (Operation *u : var->getUsers())
        if (auto st = dyn_cast<memref::StoreOp>(u); st && st.getMemRef() == var.getResult())
          stored.push_back(st.getValue());
      if (stored.size() <= 2)
        for (Value x : stored)
          work.push_back({x, d + 1});
      continue;
    }
    if (!def->getDialect() || def->getDialect()->getNamespace() != "arith")
      continue;
    std::optional<int64_t> p;
    if (isa<arith::AndIOp>(def))
      for (Value o : def->getOperands())
        if (auto m = getConstInt(o); m && *m > 0 && ((*m + 1) & *m) == 0)
          p = *m + 1;
    if (isa<arith::RemSIOp, arith::RemUIOp, arith::DivSIOp, arith::DivUIOp>(def))
      p = getConstInt(def->getOperand(1));
    if (p && *p > 1 && llvm::find(out, *p) == out.end())
      out.push_back(*p);
    for (Value o : def->getOperands())
      work.push_back({o, d + 1});
  }
  return out;
}

std::vector<EditSpec> kfix::enumerateEdits(Operation *op, unsigned max, unsigned nearest) {
  std::vector<EditSpec> out;
  if (!funcOf(op))
    return out;
  std::string loc = formatLoc(op->getLoc());
  std::string name = op->getName().getStringRef().str();
  auto add = [&](std::string kind, std::string operand, std::string with, double prior,
                 std::string what) {
    out.push_back(
        {loc, name, std::move(kind), std::move(operand), std::move(with), prior, std::move(what)});
  };
  std::string self = op->getNumResults() == 1 ? show(op->getResult(0)) : name;

  // The operator.
  if (auto c = dyn_cast<arith::CmpIOp>(op)) {
    for (auto &[p, prior] : cmpiNeighbours(c.getPredicate()))
      add("opcode", "", p, prior, "predicate " + p);
  } else if (auto c = dyn_cast<arith::CmpFOp>(op)) {
    for (auto &[p, prior] : cmpfNeighbours(c.getPredicate()))
      add("opcode", "", p, prior, "predicate " + p);
  } else if (const OpClass *cls = classOf(name)) {
    for (llvm::StringRef o : cls->ops)
      if (o != name)
        add("opcode", "", o.str(), 0.7, name + " -> " + o.str());
  }
  // One element per thread where the guard's bound can exceed the block
  // (`if (tid < i) row[tid] = ...`): a loop over the block's threads.
  if (blockLoop(nullptr, op))
    add("blockloop", "", "", 0.5, "the statement guarded by " + self + " as a block-stride loop");
  // A lane of a small vector read where another was meant (`yv.z` for `yv.w`).
  if (auto ex = dyn_cast<vector::ExtractOp>(op);
      ex && !ex.hasDynamicPosition() && ex.getStaticPosition().size() == 1 &&
      ex.getSourceVectorType().getRank() == 1 && ex.getSourceVectorType().getNumElements() <= 8)
    for (int64_t p = 0; p < ex.getSourceVectorType().getNumElements(); ++p)
      if (p != ex.getStaticPosition()[0])
        add("lane", "", std::to_string(p), 0.35,
            llvm::formatv("lane {0} -> {1}", ex.getStaticPosition()[0], p).str());
  // A floor division where the ceiling was meant (a window's end, a count
  // of tiles): `a / b` -> `(a + b - 1) / b`.
  if (isa<arith::DivSIOp, arith::DivUIOp>(op) && !getConstInt(op->getOperand(0)))
    add("ceil", "", "", 0.6, name + " rounds up: (a + b - 1) / b");

  // A mean over an empty set: 0 where the divisor is 0, not 0 / 0.
  if (isa<arith::DivFOp>(op) && !getConstFloat(op->getOperand(1)))
    add("safediv", "", "", 0.4, self + " is 0 where the divisor is 0");

  // C's remainder keeps the dividend's sign (`shift % len` is negative for a
  // negative shift) where the index needs Python's: `((a % b) + b) % b`.
  if (isa<arith::RemSIOp>(op) && !getConstInt(op->getOperand(0)))
    add("posmod", "", "", 0.5, self + " kept in [0, b): ((a % b) + b) % b");

  // A term on the wrong side of a clip (`min(R, C) - k` for `min(R, C - k)`,
  // and back).
  // A tap count used as the extent of taps spaced D apart (a dilation left
  // out of a halo: `TILE + K - 1` for `TILE + (K - 1) * D`).
  if (!isa<scf::ForOp>(op))
    for (unsigned j = 0; j < op->getNumOperands(); ++j)
      if (dilateExtent(nullptr, op, j))
        add("dilate", std::to_string(j), "", 0.5,
            llvm::formatv("operand {0}'s tap count as the extent of its spaced taps", j).str());
  for (unsigned j = 0; j < 2; ++j) {
    if (distributeTerm(nullptr, op, j))
      add("distribute", std::to_string(j), "", 0.45,
          llvm::formatv("the term into operand {0} of the min/max", j).str());
    if (collectTerm(nullptr, op, j))
      add("collect", std::to_string(j), "", 0.45,
          llvm::formatv("operand {0}'s term out of the min/max", j).str());
  }

  // A launch coordinate of the wrong axis in an operand's expression
  // (`B * gridDim.y` stepping a loop over the x axis of the grid).
  for (unsigned j = 0; j < op->getNumOperands(); ++j)
    for (const std::string &spec : axisEdits(op, j))
      add("axis", std::to_string(j), spec, 0.45, llvm::formatv("operand {0}: {1}", j, spec).str());

  // A stride short by a whole factor (`x + n * half` over an input of 2 * half
  // per n): the product doubled.
  if (isa<arith::MulIOp>(op) && !getConstInt(op->getResult(0)))
    add("scale", "result", "2", 0.25, self + " -> " + self + " * 2");

  // An index over a 0-based loop of extent E missing its block's or group's
  // base (`gamma[cl]` for `gamma[g * cpg + cl]`): X * E added.
  for (const std::string &x : offsetBases(op, 4))
    add("offset", "", x, 0.2,
        self + " -> " + x.substr(x.find(':') + 1) + " * " + show(offsetExtent(op)) + " + " + self);

  // Two names of the formula this op computes the other way round: the
  // statement that stores it (within a few ops), every read of each of the
  // two in its value reads the other.
  {
    Operation *cur = op;
    memref::StoreOp st = dyn_cast<memref::StoreOp>(op);
    for (unsigned k = 0; k < 4 && !st && cur->getNumResults() == 1; ++k) {
      Operation *next = nullptr;
      for (Operation *u : cur->getResult(0).getUsers())
        if (auto s2 = dyn_cast<memref::StoreOp>(u); s2 && s2.getValueToStore() == cur->getResult(0))
          st = s2;
        else if (!next && isMemoryEffectFree(u) && u->getNumRegions() == 0)
          next = u;
      if (!next)
        break;
      cur = next;
    }
    if (st)
      for (auto &[x, y] : exchangePairs(st, 6))
        out.push_back({formatLoc(st->getLoc()), st->getName().getStringRef().str(), "exchange", x,
                       y, 0.35, llvm::formatv("{0} and {1} exchanged in the formula", x, y).str()});
  }

  // A ratio of two sums of one term (`(e - 1) / (e + 1)`): inf / inf once the
  // term overflows; the same value as one quotient.
  if (stableRatio(nullptr, op))
    add("stable-ratio", "", "", 0.6, self + " as 1 + (a - b) / (E + b), no inf / inf");
  // An unrolled loop without its remainder: up to N, the inner loop clipped.
  if (auto f = dyn_cast<scf::ForOp>(op); f && unrollTail(nullptr, f))
    add("unroll-tail", "", "", 0.6,
        "run the unrolled loop up to N, its inner loop to min(U, N - j)");

  if (isBinaryArith(op)) {
    Value r = op->getResult(0);
    // Dropping `+ c` / `- c` / `* c` / `/ c`: the result is the other operand.
    for (unsigned i = 0; i < 2; ++i) {
      Value keep = op->getOperand(i), other = op->getOperand(1 - i);
      if (keep.getType() != r.getType() || getConstInt(keep) || getConstFloat(keep))
        continue;
      if (isa<arith::SubIOp, arith::SubFOp, arith::DivSIOp, arith::DivUIOp, arith::DivFOp,
              arith::RemSIOp, arith::RemUIOp>(op) &&
          i == 1)
        continue; // `a - b` -> `b` is not a dropped term
      bool constOther = getConstInt(other) || getConstFloat(other);
      add("bypass", std::to_string(i), "", constOther ? 0.9 : 0.5, self + " -> " + show(keep));
    }
    if (isNonCommutative(op) && !constantSecondOperand(op))
      add("swap", "", "", 0.5, "swap the operands of " + self);
    // Complementary weights the other way round (`w * A + (1 - w) * B` for
    // `w * B + (1 - w) * A`): a factor of one product exchanged with one of
    // the other's, when neither is a constant.
    if (isa<arith::AddFOp, arith::SubFOp>(op)) {
      Operation *l = op->getOperand(0).getDefiningOp(), *rr = op->getOperand(1).getDefiningOp();
      if (isa_and_nonnull<arith::MulFOp>(l) && isa_and_nonnull<arith::MulFOp>(rr))
        for (unsigned j = 0; j < 2; ++j)
          for (unsigned k = 0; k < 2; ++k) {
            Value x = l->getOperand(j), y = rr->getOperand(k);
            if (x == y || getConstFloat(x) || getConstFloat(y))
              continue;
            add("crossswap", std::to_string(j) + std::to_string(k), "", 0.35,
                llvm::formatv("exchange {0} and {1} between the two products", show(x), show(y))
                    .str());
          }
    }
  } else if (isNonCommutative(op) && op->getNumOperands() == 2 && op->getNumResults() == 1) {
    // atan2(y, x), pow(b, e) with their arguments exchanged.
    add("swap", "", "", 0.6, "swap the operands of " + self);
  }

  // Operands: constants moved by one, special floats, other values in scope.
  bool isStore = isa<memref::StoreOp>(op);
  for (auto [i, v] : llvm::enumerate(op->getOperands())) {
    if (isStore && i == 1)
      continue; // the memref
    if (isa<MemRefType>(v.getType()))
      continue;
    std::string idx = std::to_string(i);
    if (auto c = getConstInt(v)) {
      if (v.getType().isInteger(1))
        continue;
      add("delta", idx, "-1", 0.8, llvm::formatv("{0} -> {1}", *c, *c - 1).str());
      add("delta", idx, "1", 0.75, llvm::formatv("{0} -> {1}", *c, *c + 1).str());
      // A step or stride of a tile size where the unit was meant (`k += 32`
      // for `k += 1`, an scf.for step): the unit, with the constant's sign.
      bool step = (isa<scf::ForOp>(op) && i == 2) || isa<arith::AddIOp, arith::SubIOp>(op);
      if (step && (*c > 2 || *c < -2)) {
        int64_t unit = *c > 0 ? 1 : -1;
        add("iconst", idx, std::to_string(unit), isa<scf::ForOp>(op) ? 0.85 : 0.45,
            llvm::formatv("{0} -> {1}", *c, unit).str());
      }
      // A loop over the lanes of a group (`j = start + lane`, lane of P)
      // stepping by another count (`j += WARP_SIZE` for `j += P`): P.
      if (auto f = dyn_cast<scf::ForOp>(op); f && i == 2 && *c > 1)
        for (int64_t p : laneCounts(f.getLowerBound()))
          if (p != *c)
            add("iconst", idx, std::to_string(p), 0.6,
                llvm::formatv("{0} -> {1} (the lanes the start counts)", *c, p).str());
      // A local started at a constant where a value in scope was meant
      // (`int k = 0` for `int k = col`).
      if (auto st = dyn_cast<memref::StoreOp>(op); st && i == 0) {
        auto var = st.getMemRef().getDefiningOp<memref::AllocaOp>();
        if (var && var.getType().getRank() == 0 && var->hasAttr("kfix.var"))
          for (auto &[cand, prior] : replacementCandidates(op, v, nearest)) {
            std::string spec = nameValue(op, cand);
            if (!spec.empty() && loadedVar(cand) != var)
              add("operand", idx, spec, prior * 0.9, show(v) + " -> " + show(cand));
          }
      }
      continue;
    }
    if (auto c = getConstFloat(v)) {
      // An initial value (stored, a min/max/select operand) is where an
      // identity goes wrong; a constant inside an expression rarely is.
      bool init = isStore || isa<arith::SelectOp, arith::MinimumFOp, arith::MaximumFOp,
                                 arith::MinNumFOp, arith::MaxNumFOp>(op);
      for (const char *s : {"0", "1", "-1", "-inf", "inf", "-max", "max", "1e-5"}) {
        double d = *parseFloatSpec(s);
        if ((float)d == (float)*c)
          continue;
        add("fconst", idx, s, init ? 0.5 : 0.3, floatSpecial(*c) + " -> " + s);
      }
      // A well-known constant written as a related one (sqrt(2) for
      // 1/sqrt(2), 2/pi for sqrt(2/pi)).
      for (double r : relatedMathConstants(*c))
        add("fconst", idx, exactFloatText(r), 0.45,
            llvm::formatv("{0} -> {1} ({2})", *c, r, mathConstantName(std::fabs(r))).str());
      // The unit numerator of a reciprocal where a count was meant
      // (`1.0 / sum` for `dim / sum`: a sum taken for a mean): an integer
      // parameter, converted as C converts it.
      if (*c == 1.0 && isa<arith::DivFOp>(op) && i == 0)
        if (auto func = funcOf(op)) {
          unsigned n = 0;
          for (BlockArgument a : func.getArguments())
            if (isa<IntegerType>(a.getType()) && !a.getType().isInteger(1) && n < 4)
              if (std::string spec = nameValue(op, a); !spec.empty()) {
                add("operand", idx, spec, 0.3, "1 -> " + spec.substr(4));
                ++n;
              }
        }
      continue;
    }
    // A window's bound read after it was clipped to the input, or the count
    // of its valid taps, where the window itself was meant (a pooling divisor
    // with count_include_pad, an end computed from the clipped start).
    if (isa<IntegerType, IndexType, FloatType>(v.getType()) && !v.getType().isInteger(1)) {
      if (unclampedValue(nullptr, v, op))
        add("unclamp", idx, "", 0.5, show(v) + " as before the clamp of its window bounds");
      if (windowCount(nullptr, v, op))
        add("window", idx, "", 0.5, show(v) + " -> the size of the window it counts in");
    }
    if (isa<IntegerType, IndexType>(v.getType()) && !v.getType().isInteger(1) &&
        !isa<arith::IndexCastOp, arith::IndexCastUIOp>(op)) {
      add("delta", idx, "-1", 0.4, show(v) + " -> " + show(v) + " - 1");
      add("delta", idx, "1", 0.38, show(v) + " -> " + show(v) + " + 1");
      // A bound test of the first element of a W-wide chunk (`tid * 4 < n`
      // guarding a float4 access) where the last one was meant: `+ (W - 1)`.
      if (isa<arith::CmpIOp>(op))
        if (auto mul = stripCasts(v).getDefiningOp<arith::MulIOp>())
          for (Value f : mul->getOperands())
            if (auto w = getConstInt(f); w && *w > 1 && *w <= 16) {
              add("delta", idx, std::to_string(*w - 1), 0.55,
                  llvm::formatv("{0} -> {0} + {1} (the chunk's last element)", show(v), *w - 1)
                      .str());
              break;
            }
    }
    // A local's stored value replaced by the local itself is no edit.
    memref::AllocaOp storedVar;
    if (auto st = dyn_cast<memref::StoreOp>(op); st && i == 0)
      storedVar = st.getMemRef().getDefiningOp<memref::AllocaOp>();
    if (isa<IntegerType, IndexType, FloatType>(v.getType()) && !v.getType().isInteger(1))
      for (auto &[cand, prior] : replacementCandidates(op, v, nearest)) {
        std::string spec = nameValue(op, cand);
        if (spec.empty() || (storedVar && loadedVar(cand) == storedVar))
          continue;
        // A comparison of a value with itself drops the test (`r == c` ->
        // `c == c`): a repair at times, less likely than a direction flipped.
        double p = prior;
        if (isa<arith::CmpIOp, arith::CmpFOp>(op)) {
          Value other = op->getOperand(1 - i);
          if (other == cand || (loadedVar(other) && loadedVar(other) == loadedVar(cand)))
            p = std::min(p, 0.3);
        }
        add("operand", idx, spec, p, show(v) + " -> " + show(cand));
        // A read of a helper's argument: the argument of one call changed
        // (the other calls' copies keep theirs).
        if (llvm::StringRef(spec).starts_with("arg:"))
          for (const std::string &site : callArgSites(op, i))
            add("callarg", site, spec, 0.8 * p,
                "argument " + show(v) + " -> " + show(cand) + " of the call at " +
                    site.substr(site.find('@') + 1));
      }
    // A narrower integer widened where it is read (`(size_t)yy * H`, an int
    // size in a 64-bit offset): the values of the narrower type in scope,
    // widened as C widens them (the parameters of the offset are ints).
    if (Operation *ext = v.getDefiningOp(); isa_and_nonnull<arith::ExtSIOp, arith::ExtUIOp>(ext)) {
      Value narrow = ext->getOperand(0);
      if (!narrow.getType().isInteger(1) && !getConstInt(narrow))
        for (auto &[cand, prior] : replacementCandidates(op, narrow, nearest)) {
          std::string spec = nameValue(op, cand);
          if (spec.empty() || llvm::StringRef(spec).starts_with("def:") ||
              cand.getType() == v.getType() || (storedVar && loadedVar(cand) == storedVar))
            continue;
          if (isa<arith::ExtUIOp>(ext))
            spec += ":u";
          add("operand", idx, spec, 0.95 * prior,
              show(narrow) + " -> " + show(cand) + " (widened)");
        }
    }
    // An integer local set from another value where a size's last index was
    // meant (`const int last = npairs;` for `n - 1`): each integer
    // parameter less one.
    if (auto st = dyn_cast<memref::StoreOp>(op); st && i == 0 && v.getType().isSignlessInteger() &&
                                                 !v.getType().isInteger(1) && !getConstInt(v)) {
      auto var = st.getMemRef().getDefiningOp<memref::AllocaOp>();
      if (var && var.getType().getRank() == 0 && var->hasAttr("kfix.var"))
        for (BlockArgument a : funcOf(op).getArguments())
          if (a.getType() == v.getType() && a != v)
            if (std::string n = nameValue(op, a); !n.empty())
              add("operand", idx, n + "-1", 0.3, show(v) + " -> " + show(a) + " - 1");
    }
  }
  // An integer local given float values (`int max_val = ...; max_val = v;`
  // with v a float): every store truncates. The local as a float.
  if (auto st = dyn_cast<memref::StoreOp>(op)) {
    Value v = st.getValueToStore();
    auto a = st.getMemRef().getDefiningOp<memref::AllocaOp>();
    Operation *conv = v.getDefiningOp();
    if (a && a.getType().getRank() == 0 && a->hasAttr("kfix.var") &&
        isa_and_nonnull<arith::FPToSIOp, arith::FPToUIOp>(conv)) {
      Type ft = conv->getOperand(0).getType();
      std::string var = a->getAttrOfType<StringAttr>("kfix.var").getValue().str();
      if (ft.isF32() || ft.isF64())
        add("retype", var, ft.isF64() ? "f64" : "f32", 0.7,
            llvm::formatv("{0} holds float values: declare it float", var).str());
    }
  }
  // An accumulator declared outside the loop it should restart in
  // (`float sum = 0.0f; for (b...) { for (k...) sum += ...; out[b] = sum; }`):
  // its initialization repeated at the start of an enclosing loop's body.
  for (memref::AllocaOp a : localsOf(op)) {
    memref::StoreOp init = initStore(a, op);
    if (!init)
      continue;
    auto loops = reinitLoops(init, op);
    std::string var = a->getAttrOfType<StringAttr>("kfix.var").getValue().str();
    for (auto [n, k] : llvm::enumerate(loops)) {
      // The outermost loop that does not hold the initialization first.
      double prior = n + 1 == loops.size() ? 0.35 : 0.2;
      add("reinit", var, std::to_string(k), prior,
          llvm::formatv("restart {0} in each iteration of loop {1}", var, k).str());
    }
  }
  // A missing term of a value that is stored (or a factor of a stored
  // product: `silu(g) * u` with the helper's `x *` left out): a clamp at zero
  // (a dropped ReLU, stored values only), or a factor in scope (`y * relu6 / 6`
  // for `y * y * relu6 / 6`).
  int stored = op->getNumResults() == 1 && isa<FloatType>(op->getResult(0).getType()) &&
                       !isa<arith::ConstantOp, memref::LoadOp>(op)
                   ? storedAs(op->getResult(0))
                   : -1;
  if (stored >= 0) {
    Value v = op->getResult(0);
    if (stored == 0)
      add("clamp0", "result", "", 0.3, show(v) + " -> max(" + show(v) + ", 0)");
    // A dropped factor is most often what the expression is built from
    // (`x * hardswish(x)` computed as `hardswish(x)`): a local read more than
    // once in the value's expression (through the locals it reads) comes first.
    // A local read under a transcendental (`x * sigmoid(x)`, `x * tanh(softplus(x))`)
    // is the gate of an activation: likelier still.
    llvm::DenseMap<Operation *, unsigned> reads;
    llvm::DenseSet<Operation *> gated;
    {
      SmallVector<std::tuple<Value, unsigned, bool>> work{{v, 0, false}};
      llvm::SmallPtrSet<Operation *, 32> seen;
      while (!work.empty()) {
        auto [x, d, underMath] = work.pop_back_val();
        Operation *def = x.getDefiningOp();
        if (!def || d > 12 || !seen.insert(def).second)
          continue;
        if (memref::AllocaOp var = loadedVar(x)) {
          ++reads[var.getOperation()];
          if (underMath)
            gated.insert(var.getOperation());
          memref::StoreOp only;
          unsigned stores = 0;
          for (Operation *u : var->getUsers())
            if (auto st = dyn_cast<memref::StoreOp>(u); st && st.getMemRef() == var.getResult())
              ++stores, only = st;
          if (stores == 1)
            work.push_back({only.getValue(), d + 1, underMath});
          continue;
        }
        bool math = underMath || (def->getDialect() && def->getDialect()->getNamespace() == "math");
        for (Value o : def->getOperands())
          work.push_back({o, d + 1, math});
      }
    }
    // The locals `v` is stored into hold nothing yet where `v` is computed.
    llvm::SmallPtrSet<Operation *, 4> assigned;
    for (OpOperand &u : v.getUses())
      if (auto st = dyn_cast<memref::StoreOp>(u.getOwner()); st && u.getOperandNumber() == 0)
        if (auto a = st.getMemRef().getDefiningOp<memref::AllocaOp>())
          assigned.insert(a.getOperation());
    for (auto &[cand, prior] : replacementCandidates(op, v, nearest)) {
      std::string spec = nameValue(op, cand);
      if (spec.empty())
        continue;
      double p = (stored == 0 ? 0.4 : 0.3) * prior;
      memref::AllocaOp var = loadedVar(cand);
      if (var && assigned.contains(var.getOperation()))
        continue;
      // An operand of `v`'s own definition: `1 / d` times `d` undoes it, `a * u`
      // times `u` squares a factor.
      bool ownOperand = llvm::any_of(
          op->getOperands(), [&](Value o) { return o == cand || (var && loadedVar(o) == var); });
      if (ownOperand)
        p *= 0.5;
      else if (var) {
        // The more the expression reads a local, the likelier it is the factor
        // (`x * sigmoid(x)`, `y * relu6(y + 3) / 6`).
        if (unsigned n = reads.lookup(var.getOperation()))
          p *= 1.5 + 0.5 * (n - 1);
        if (gated.contains(var.getOperation()))
          p *= 1.5;
      }
      add("mulby", "result", spec, p, show(v) + " -> " + show(v) + " * " + show(cand));
    }
  }
  // The term of an accumulator update scaled by a local (`den += s_l[w]`
  // where its siblings add `acc[w] * f`): `acc + t` -> `acc + t * f`.
  if (isa<arith::AddFOp, math::FmaOp>(op) && op->hasOneUse())
    if (auto st = dyn_cast<memref::StoreOp>(*op->getUsers().begin())) {
      auto acc = st.getMemRef().getDefiningOp<memref::AllocaOp>();
      int term = -1;
      if (isa<arith::AddFOp>(op)) {
        if (acc && loadedVar(op->getOperand(0)) == acc)
          term = 1;
        else if (acc && loadedVar(op->getOperand(1)) == acc)
          term = 0;
      } else if (acc && loadedVar(op->getOperand(2)) == acc) {
        term = 0;
      }
      if (term >= 0)
        for (auto &[cand, prior] : replacementCandidates(op, op->getOperand(term), nearest)) {
          std::string spec = nameValue(op, cand);
          if (spec.empty() || !llvm::StringRef(spec).starts_with("var:") || loadedVar(cand) == acc)
            continue;
          add("mulby", std::to_string(term), spec, 0.12 * prior,
              show(op->getOperand(term)) + " -> " + show(op->getOperand(term)) + " * " +
                  show(cand));
        }
    }
  if (isStore)
    add("delete", "", "", 0.05, "delete the store");
  llvm::stable_sort(out, [](const EditSpec &a, const EditSpec &b) { return a.prior > b.prior; });
  // Edits that add a statement or a term have low priors but no substitute
  // among the others: the best few keep their places when the list is cut.
  auto adds = [](const EditSpec &e) {
    return e.kind == "reinit" || e.kind == "clamp0" || e.kind == "mulby";
  };
  if (out.size() > max) {
    std::vector<EditSpec> kept, added;
    for (EditSpec &e : out)
      (adds(e) ? added : kept).push_back(std::move(e));
    unsigned room = std::min<unsigned>(added.size(), std::min(3u, max / 3));
    kept.resize(std::min<size_t>(kept.size(), max - room));
    added.resize(room);
    kept.insert(kept.end(), added.begin(), added.end());
    out = std::move(kept);
  }
  return out;
}

std::vector<std::string> kfix::twinLocs(Operation *op) {
  std::vector<std::string> out;
  auto func = funcOf(op);
  auto flc = findFileLineCol(op->getLoc());
  if (!func || !flc || op->getNumResults() != 1)
    return out;
  std::string self = formatLoc(op->getLoc());
  func.walk([&](Operation *o) {
    if (o == op || o->getName() != op->getName() || o->getNumResults() != 1)
      return;
    auto f = findFileLineCol(o->getLoc());
    if (!f || f->getLine() != flc->getLine() || f->getFilename() != flc->getFilename())
      return;
    std::string l = formatLoc(o->getLoc());
    if (l != self && !llvm::is_contained(out, l) && sameExpr(o->getResult(0), op->getResult(0)))
      out.push_back(l);
  });
  return out;
}

bool kfix::sameResultExpr(Operation *a, Operation *b) {
  return a != b && a->getName() == b->getName() && a->getNumResults() == 1 &&
         b->getNumResults() == 1 && sameExpr(a->getResult(0), b->getResult(0));
}

bool kfix::touchesHalf(Operation *op) {
  auto half = [](Type t) { return t.isF16() || t.isBF16(); };
  return llvm::any_of(op->getOperandTypes(), half) || llvm::any_of(op->getResultTypes(), half);
}
