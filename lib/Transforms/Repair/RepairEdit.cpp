//===- RepairEdit.cpp - small typed edits at named sites -------------------===//
//
// The generic edit search's vocabulary (include/kfix/Transforms/Edits.h):
// kfix-repair-edit applies a list of edits (what EditEnumeration.cpp lists at
// one op) so that every edit the search tries is a named, reproducible action.
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
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include <cfloat>
#include <cmath>
#include <set>

namespace kfix {
#define GEN_PASS_DEF_REPAIREDIT
#include "kfix/Transforms/RepairPasses.h.inc"
} // namespace kfix

using namespace mlir;
using namespace kfix;
using namespace kfix::edit;

namespace {
constexpr StringLiteral kPassArg = "kfix-repair-edit";
} // namespace

//===----------------------------------------------------------------------===//
// Application
//===----------------------------------------------------------------------===//

namespace {

/// `v` rebuilt before `at` with every shuffled value replaced by the value
/// the shuffle sent (this lane's own); null when none is shuffled or a
/// replacement does not reach `at`.
Value mirrorLanes(OpBuilder &b, Value v, Operation *at, DominanceInfo &dom, unsigned depth = 0) {
  if (auto sh = shuffleSource(v)) {
    Value own = sh.getValue();
    return dom.properlyDominates(own, at) ? own : Value();
  }
  Operation *d = v.getDefiningOp();
  if (!d || depth > 8 || d->getNumResults() != 1 || d->getNumRegions() ||
      !(isa<arith::ArithDialect, math::MathDialect>(d->getDialect())))
    return {};
  IRMapping map;
  bool any = false;
  for (Value o : d->getOperands())
    if (Value m = mirrorLanes(b, o, at, dom, depth + 1)) {
      map.map(o, m);
      any = true;
    }
  if (!any)
    return {};
  Operation *c = b.clone(*d, map);
  // A new subexpression of the new term (not the original's op edited): no
  // location of the file, so the delivery prints it with the term.
  c->setLoc(UnknownLoc::get(c->getContext()));
  markRepaired(c, kPassArg);
  return c->getResult(0);
}

bool applyOne(Operation *op, const EditSpec &e, std::string &error,
              SmallVectorImpl<Value> &dropped) {
  auto operandIndex = [&](unsigned &i) {
    if (e.operand.empty() || e.operand == "-")
      i = 0;
    else if (llvm::StringRef(e.operand).getAsInteger(10, i) || i >= op->getNumOperands()) {
      error = "no operand " + e.operand + " at " + e.loc;
      return false;
    }
    return true;
  };
  OpBuilder b(op);
  unsigned i = 0;
  if (e.kind == "operand") {
    if (!operandIndex(i))
      return false;
    Value old = op->getOperand(i);
    Value v = resolveValue(op, e.with, old.getType(), error);
    if (!v)
      return false;
    op->setOperand(i, v);
    dropped.push_back(old);
  } else if (e.kind == "opcode") {
    if (auto c = dyn_cast<arith::CmpIOp>(op)) {
      auto p = arith::symbolizeCmpIPredicate(e.with);
      if (!p) {
        error = "no integer predicate " + e.with;
        return false;
      }
      c.setPredicate(*p);
    } else if (auto c = dyn_cast<arith::CmpFOp>(op)) {
      auto p = arith::symbolizeCmpFPredicate(e.with);
      if (!p) {
        error = "no float predicate " + e.with;
        return false;
      }
      c.setPredicate(*p);
    } else {
      const OpClass *cls = classOf(op->getName().getStringRef());
      if (!cls || !llvm::is_contained(cls->ops, llvm::StringRef(e.with))) {
        error = e.with + " is not of the class of " + op->getName().getStringRef().str();
        return false;
      }
      OperationState st(op->getLoc(), e.with);
      st.addOperands(op->getOperands());
      st.addTypes(op->getResultTypes());
      if (cls->sameProperties)
        st.addAttributes(op->getAttrs());
      else
        for (NamedAttribute a : op->getDiscardableAttrs())
          st.addAttribute(a.getName(), a.getValue());
      Operation *n = b.create(st);
      markRepaired(n, kPassArg);
      op->replaceAllUsesWith(n->getResults());
      op->erase();
      return true;
    }
  } else if (e.kind == "swap") {
    if (op->getNumOperands() != 2) {
      error = "no two operands to swap at " + e.loc;
      return false;
    }
    Value a = op->getOperand(0), c = op->getOperand(1);
    op->setOperand(0, c);
    op->setOperand(1, a);
  } else if (e.kind == "crossswap") {
    // `w * A + (1 - w) * B` meant `w * B + (1 - w) * A`: factor J of the
    // first product exchanged with factor K of the second (new products, so
    // other readers of the old ones keep them).
    auto pick = [&](unsigned k) -> Operation * {
      Operation *d = op->getOperand(k).getDefiningOp();
      return isa_and_nonnull<arith::MulFOp, arith::MulIOp>(d) ? d : nullptr;
    };
    Operation *l = op->getNumOperands() == 2 ? pick(0) : nullptr;
    Operation *r = l ? pick(1) : nullptr;
    unsigned j = 0, k = 0;
    if (!r || e.operand.size() != 2 || (j = e.operand[0] - '0') > 1 ||
        (k = e.operand[1] - '0') > 1 || l->getOperand(j).getType() != r->getOperand(k).getType()) {
      error = "crossswap needs two products and operand=JK at " + e.loc;
      return false;
    }
    Operation *nl = b.clone(*l), *nr = b.clone(*r);
    nl->setOperand(j, r->getOperand(k));
    nr->setOperand(k, l->getOperand(j));
    markRepaired(nl, kPassArg);
    markRepaired(nr, kPassArg);
    op->setOperand(0, nl->getResult(0));
    op->setOperand(1, nr->getResult(0));
  } else if (e.kind == "ceil") {
    if (!isa<arith::DivSIOp, arith::DivUIOp>(op)) {
      error = "ceil needs an integer division at " + e.loc;
      return false;
    }
    Value a = op->getOperand(0), d = op->getOperand(1);
    Value one = arith::ConstantOp::create(b, op->getLoc(), IntegerAttr::get(d.getType(), 1));
    auto dm1 = arith::SubIOp::create(b, op->getLoc(), d, one);
    auto num = arith::AddIOp::create(b, op->getLoc(), a, dm1);
    markRepaired(dm1, kPassArg);
    markRepaired(num, kPassArg);
    op->setOperand(0, num);
    markRepaired(op, kPassArg);
    return true;
  } else if (e.kind == "safediv") {
    // A quotient over an empty set (a mean of no elements): 0 where the
    // divisor is 0 (`cnt > 0 ? acc / cnt : 0`, PyTorch's empty bag or
    // segment), not 0 / 0.
    if (!isa<arith::DivFOp>(op)) {
      error = "safediv needs a float division at " + e.loc;
      return false;
    }
    Value q = op->getResult(0), d = op->getOperand(1);
    b.setInsertionPointAfter(op);
    Value zero = arith::ConstantOp::create(b, op->getLoc(), b.getZeroAttr(q.getType()));
    auto isZero = arith::CmpFOp::create(b, op->getLoc(), arith::CmpFPredicate::OEQ, d, zero);
    auto sel = arith::SelectOp::create(b, op->getLoc(), isZero, zero, q);
    markRepaired(isZero, kPassArg);
    markRepaired(sel, kPassArg);
    q.replaceAllUsesExcept(sel.getResult(), sel);
    return true;
  } else if (e.kind == "delta") {
    int64_t d;
    if (llvm::StringRef(e.with).getAsInteger(10, d)) {
      error = "delta needs with=<integer>, not '" + e.with + "'";
      return false;
    }
    if (e.operand == "result") {
      if (op->getNumResults() != 1 || !isa<IntegerType, IndexType>(op->getResult(0).getType())) {
        error = "no integer result at " + e.loc;
        return false;
      }
      Value r = op->getResult(0);
      b.setInsertionPointAfter(op);
      Value k = arith::ConstantOp::create(b, op->getLoc(), IntegerAttr::get(r.getType(), d));
      auto add = arith::AddIOp::create(b, op->getLoc(), r, k);
      markRepaired(add, kPassArg);
      r.replaceAllUsesExcept(add.getResult(), add.getOperation());
      return true;
    }
    if (!operandIndex(i))
      return false;
    Value v = op->getOperand(i);
    if (!isa<IntegerType, IndexType>(v.getType())) {
      error = "operand " + e.operand + " at " + e.loc + " is not an integer";
      return false;
    }
    // `x - 1` moved by -1: `x - 2` (the file's constant changed in place,
    // not `x - 1 - 1`).
    Operation *def = v.getDefiningOp();
    if (def && v.hasOneUse() && isa<arith::AddIOp, arith::SubIOp>(def) &&
        def->getOperand(1).getDefiningOp<arith::ConstantOp>())
      if (auto c = getConstInt(def->getOperand(1))) {
        int64_t k = isa<arith::AddIOp>(def) ? *c + d : *c - d;
        OpBuilder db(def);
        Value old = def->getOperand(1);
        def->setOperand(
            1, arith::ConstantOp::create(db, old.getLoc(), IntegerAttr::get(old.getType(), k)));
        dropped.push_back(old);
        markRepaired(def, kPassArg);
        return true;
      }
    Value n;
    if (auto c = getConstInt(v)) {
      n = arith::ConstantOp::create(b, op->getLoc(), IntegerAttr::get(v.getType(), *c + d));
    } else {
      Value k = arith::ConstantOp::create(b, op->getLoc(), IntegerAttr::get(v.getType(), d));
      auto add = arith::AddIOp::create(b, op->getLoc(), v, k);
      if (op->hasAttr("kfix.signed"))
        add->setAttr("kfix.signed", UnitAttr::get(op->getContext()));
      markRepaired(add, kPassArg);
      n = add.getResult();
    }
    op->setOperand(i, n);
    dropped.push_back(v);
  } else if (e.kind == "bypass") {
    if (!operandIndex(i))
      return false;
    if (op->getNumResults() != 1 || op->getOperand(i).getType() != op->getResult(0).getType()) {
      error = "operand " + e.operand + " at " + e.loc + " cannot stand for the result";
      return false;
    }
    // Its readers change (an operand is another value now): delivery
    // prints them again.
    for (Operation *u : op->getResult(0).getUsers())
      markRepaired(u, kPassArg);
    op->getResult(0).replaceAllUsesWith(op->getOperand(i));
    SmallVector<Value> operands(op->getOperands());
    op->erase();
    dropped.append(operands.begin(), operands.end());
    return true;
  } else if (e.kind == "iconst") {
    if (!operandIndex(i))
      return false;
    Value v = op->getOperand(i);
    int64_t k;
    if (!isa<IntegerType, IndexType>(v.getType()) || llvm::StringRef(e.with).getAsInteger(10, k)) {
      error = "iconst needs an integer operand and with=<integer>, got '" + e.with + "'";
      return false;
    }
    if (k == 0 && isa<scf::ForOp>(op) && i == 2) {
      error = "iconst: a loop step of 0 at " + e.loc;
      return false;
    }
    op->setOperand(i, arith::ConstantOp::create(b, op->getLoc(), IntegerAttr::get(v.getType(), k)));
    dropped.push_back(v);
  } else if (e.kind == "fconst" && e.operand == "result") {
    // A constant op itself (a fallback an scf.if yields), in place.
    auto c = dyn_cast<arith::ConstantOp>(op);
    auto ft = c ? dyn_cast<FloatType>(c.getType()) : FloatType();
    auto d = parseFloatSpec(e.with);
    if (!ft || !d) {
      error = "fconst operand=result needs a float constant and a value at " + e.loc;
      return false;
    }
    APFloat x(*d);
    if (*d == double(FLT_MAX) || *d == -double(FLT_MAX))
      x = APFloat::getLargest(ft.getFloatSemantics(), *d < 0);
    else {
      bool lost;
      x.convert(ft.getFloatSemantics(), APFloat::rmNearestTiesToEven, &lost);
    }
    c.setValueAttr(FloatAttr::get(ft, x));
    markRepaired(op, kPassArg);
  } else if (e.kind == "fconst") {
    if (!operandIndex(i))
      return false;
    Value v = op->getOperand(i);
    auto ft = dyn_cast<FloatType>(v.getType());
    auto d = parseFloatSpec(e.with);
    if (!ft || !d) {
      error = "fconst needs a float operand and a value, got '" + e.with + "'";
      return false;
    }
    double x = *d;
    if (x == double(FLT_MAX) || x == -double(FLT_MAX)) {
      // The largest finite value of the operand's own type.
      APFloat m = APFloat::getLargest(ft.getFloatSemantics(), x < 0);
      op->setOperand(i, arith::ConstantOp::create(b, op->getLoc(), FloatAttr::get(ft, m)));
    } else {
      op->setOperand(i, arith::ConstantOp::create(b, op->getLoc(), FloatAttr::get(ft, x)));
    }
    dropped.push_back(v);
  } else if (e.kind == "reinit") {
    memref::AllocaOp a = findVar(op, e.operand);
    unsigned k;
    auto fors = enclosingLoops(op);
    if (!a || llvm::StringRef(e.with).getAsInteger(10, k) || k >= fors.size()) {
      error = "reinit needs operand=<local in scope> and with=<enclosing loop>, got " + e.operand +
              " / " + e.with;
      return false;
    }
    memref::StoreOp init = initStore(a, op);
    if (!init || fors[k]->isAncestor(init)) {
      error = "no initialization of " + e.operand + " outside loop " + e.with;
      return false;
    }
    OpBuilder lb = OpBuilder::atBlockBegin(loopBody(fors[k]));
    Operation *c = lb.clone(*init.getValue().getDefiningOp());
    auto st = memref::StoreOp::create(lb, init.getLoc(), c->getResult(0), a.getResult());
    markRepaired(st, kPassArg);
    if (!isa<arith::ConstantOp>(c)) // a vector seed (`make_float2(0.f, 0.f)`)
      markRepaired(c, kPassArg);
    return true;
  } else if (e.kind == "unclamp" || e.kind == "window") {
    // A window bound read after its clip, or a count of the window's valid
    // taps, where the window itself was meant (EditWindows.cpp).
    if (!operandIndex(i))
      return false;
    Value old = op->getOperand(i);
    Value n = e.kind == "unclamp" ? unclampedValue(&b, old, op) : windowCount(&b, old, op);
    if (!n || n.getType() != old.getType()) {
      error = e.kind == "unclamp"
                  ? "unclamp: operand " + e.operand + " at " + e.loc + " reads no clamped local"
                  : "window: operand " + e.operand + " at " + e.loc +
                        " is no conditional count over counting loops";
      return false;
    }
    op->setOperand(i, n);
    dropped.push_back(old);
  } else if (e.kind == "once") {
    // A term kept for one coordinate (EditOnce.cpp).
    return applyOnce(op, e, error);
  } else if (e.kind == "exchange") {
    // Two names exchanged in a formula, or two chunk numbers (EditExchanges.cpp).
    return applyExchange(op, e, b, error, dropped);
  } else if (e.kind == "posmod") {
    // `a % b` -> `((a % b) + b) % b`: the remainder in [0, b) for a negative a.
    auto rem = dyn_cast<arith::RemSIOp>(op);
    if (!rem) {
      error = "posmod needs a signed remainder at " + e.loc;
      return false;
    }
    b.setInsertionPointAfter(op);
    Value d = rem.getRhs();
    auto sum = arith::AddIOp::create(b, op->getLoc(), rem.getResult(), d);
    auto again = arith::RemSIOp::create(b, op->getLoc(), sum.getResult(), d);
    markRepaired(sum, kPassArg);
    markRepaired(again, kPassArg);
    rem.getResult().replaceAllUsesExcept(again.getResult(), sum);
    return true;
  } else if (e.kind == "dilate") {
    // A tap count used as the extent of spaced taps (EditClips.cpp).
    if (!operandIndex(i))
      return false;
    if (!dilateExtent(&b, op, i)) {
      error =
          "dilate: operand " + e.operand + " uses no bound of a loop over spaced taps at " + e.loc;
      return false;
    }
    return true;
  } else if (e.kind == "lane") {
    // Another lane of a small vector read (`yv.z` for `yv.w`).
    auto ex = dyn_cast<vector::ExtractOp>(op);
    int64_t p = -1;
    if (!ex || ex.hasDynamicPosition() || ex.getStaticPosition().size() != 1 ||
        llvm::StringRef(e.with).getAsInteger(10, p) || p < 0 ||
        p >= ex.getSourceVectorType().getNumElements()) {
      error = "lane needs a vector.extract of one static lane and with=<a lane> at " + e.loc;
      return false;
    }
    auto n = vector::ExtractOp::create(b, op->getLoc(), ex.getSource(), ArrayRef<int64_t>{p});
    markRepaired(n, kPassArg);
    ex.getResult().replaceAllUsesWith(n.getResult());
    dropped.push_back(ex.getResult());
    return true;
  } else if (e.kind == "readguard") {
    return applyReadGuard(op, e, error);
  } else if (e.kind == "wrap") {
    return applyWrap(op, e, error);
  } else if (e.kind == "callarg") {
    // One call's argument (EditCallArgs.cpp).
    return applyCallArg(op, e, error);
  } else if (e.kind == "offset") {
    // The base of a block's or group's part missing from an index
    // (EditOffsets.cpp).
    return applyOffset(b, op, e.with, error);
  } else if (e.kind == "blockloop") {
    // A guarded statement as a loop over the block's threads (EditBlockLoop.cpp).
    if (!blockLoop(&b, op)) {
      error = "blockloop: no `threadIdx < n` test guarding one statement at " + e.loc;
      return false;
    }
    return true;
  } else if (e.kind == "axis") {
    // A launch coordinate of the wrong axis (EditAxes.cpp).
    if (!operandIndex(i))
      return false;
    if (!retargetAxis(op, i, e.with)) {
      error = "axis: operand " + e.operand + " reads no " + e.with + " at " + e.loc;
      return false;
    }
    return true;
  } else if (e.kind == "distribute" || e.kind == "collect") {
    // A term on the wrong side of a min/max (EditClips.cpp).
    if (!operandIndex(i))
      return false;
    if (!(e.kind == "distribute" ? distributeTerm(&b, op, i) : collectTerm(&b, op, i))) {
      error =
          e.kind == "distribute"
              ? "distribute: no `min(a, b) +/- c` (a min/max read only there) at " + e.loc
              : "collect: operand " + e.operand + " is no `x +/- c` read only there at " + e.loc;
      return false;
    }
    return true;
  } else if (e.kind == "stable-ratio") {
    if (!stableRatio(&b, op)) {
      error = "no ratio of two sums of one term at " + e.loc;
      return false;
    }
  } else if (e.kind == "unroll-tail") {
    // An unrolled loop without its remainder (EditWindows.cpp).
    auto f = dyn_cast<scf::ForOp>(op);
    if (!f || !unrollTail(&b, f)) {
      error = "unroll-tail: the loop at " + e.loc +
              " is no `j < N - N % U` loop over an inner `u < U` loop";
      return false;
    }
    return true;
  } else if (e.kind == "mirror") {
    // A merge of this lane's value with another lane's (`l + l_o * exp(m_o -
    // m_new)`) that scales only the other's: operand I times the other term's
    // factor with each shuffled value read as this lane's own (`exp(m - m_new)`).
    if (!operandIndex(i) || op->getNumOperands() < 2)
      return false;
    Value mine = op->getOperand(i);
    auto ft = dyn_cast<FloatType>(mine.getType());
    Operation *prod = op->getOperand(i == 0 ? 1 : 0).getDefiningOp();
    if (!ft || !isa_and_nonnull<arith::MulFOp>(prod)) {
      error = "mirror needs `a + b * f` at " + e.loc;
      return false;
    }
    Value factor;
    for (int s = 0; s < 2; ++s)
      if (shuffleSource(prod->getOperand(s)))
        factor = prod->getOperand(1 - s);
    DominanceInfo dom(op->getParentOfType<gpu::GPUFuncOp>());
    Value f = factor ? mirrorLanes(b, factor, op, dom) : Value();
    if (!f) {
      error = "mirror: no factor of a shuffled value at " + e.loc;
      return false;
    }
    Value n = arith::MulFOp::create(b, op->getLoc(), mine, f);
    markRepaired(n.getDefiningOp(), kPassArg);
    op->setOperand(i, n);
  } else if (e.kind == "mulby" && !e.operand.empty() && e.operand != "result") {
    // A term of an update scaled like its siblings' (`den += s_l[w]` beside
    // `o = fmaf(acc[w], f, o)`): operand I times the value.
    if (!operandIndex(i))
      return false;
    Value t = op->getOperand(i);
    if (auto it = dyn_cast<IntegerType>(t.getType()); it && it.getWidth() > 1) {
      // An integer operand times a constant (a vector index in elements:
      // `p` -> `p * 2`) or a value of its type.
      int64_t k;
      Value f =
          !llvm::StringRef(e.with).getAsInteger(10, k)
              ? arith::ConstantOp::create(b, op->getLoc(), IntegerAttr::get(it, k)).getResult()
              : resolveValue(op, e.with, it, error);
      if (!f)
        return false;
      Value n = arith::MulIOp::create(b, op->getLoc(), t, f);
      markRepaired(n.getDefiningOp(), kPassArg);
      op->setOperand(i, n);
      return true;
    }
    auto ft = dyn_cast<FloatType>(t.getType());
    if (!ft) {
      error = "mulby operand " + e.operand + " is not a float or an integer at " + e.loc;
      return false;
    }
    Value f = resolveValue(op, e.with, ft, error);
    if (!f)
      return false;
    Value n = arith::MulFOp::create(b, op->getLoc(), t, f);
    markRepaired(n.getDefiningOp(), kPassArg);
    op->setOperand(i, n);
  } else if (e.kind == "scale") {
    // A stride short by a whole factor (`n * half` for `n * 2 * half`): the
    // product times a small constant, for every reader of the product.
    int64_t k = 0;
    if (!isa<arith::MulIOp>(op) || llvm::StringRef(e.with).getAsInteger(10, k) || k < 2 || k > 8) {
      error = "scale needs an integer product and with=2..8 at " + e.loc;
      return false;
    }
    Value v = op->getResult(0);
    b.setInsertionPointAfter(op);
    Value f = arith::ConstantOp::create(b, op->getLoc(), b.getIntegerAttr(v.getType(), k));
    Value n = arith::MulIOp::create(b, op->getLoc(), v, f);
    markRepaired(n.getDefiningOp(), kPassArg);
    v.replaceAllUsesExcept(n, n.getDefiningOp());
    return true;
  } else if (e.kind == "clamp0" || e.kind == "mulby") {
    auto ft =
        op->getNumResults() == 1 ? dyn_cast<FloatType>(op->getResult(0).getType()) : FloatType();
    if (!ft) {
      error = e.kind + " needs an op with a float result at " + e.loc;
      return false;
    }
    Value v = op->getResult(0), n;
    b.setInsertionPointAfter(op);
    if (e.kind == "clamp0") {
      Value zero = arith::ConstantOp::create(b, op->getLoc(), FloatAttr::get(ft, 0.0));
      n = arith::MaxNumFOp::create(b, op->getLoc(), v, zero);
    } else {
      Value f = resolveValue(op, e.with, ft, error);
      if (!f)
        return false;
      n = arith::MulFOp::create(b, op->getLoc(), v, f);
    }
    markRepaired(n.getDefiningOp(), kPassArg);
    // Only the stores take the new value, and the casts and products that
    // carry v to a store (`silu(g) * u`): other readers of v keep it.
    v.replaceUsesWithIf(n, [&](OpOperand &u) {
      Operation *o = u.getOwner();
      if (o == n.getDefiningOp())
        return false;
      if (isa<memref::StoreOp>(o))
        return u.getOperandNumber() == 0;
      return isa<arith::TruncFOp, arith::ExtFOp, arith::MulFOp>(o) &&
             storedAs(o->getResult(0)) >= 0;
    });
    return true;
  } else if (e.kind == "retype") {
    // An integer local that holds float values (`int max_val = -INFINITY;
    // ... max_val = v;`): every store truncates, every read converts back.
    // The local becomes a float: truncated stores keep their float, integer
    // stores convert, and reads that converted back read the float.
    memref::AllocaOp a = findVar(op, e.operand);
    auto ft = e.with == "f64"   ? FloatType(b.getF64Type())
              : e.with == "f32" ? FloatType(b.getF32Type())
                                : FloatType();
    if (!a || !ft || a.getType().getRank() != 0 || !a.getType().getElementType().isInteger() ||
        a.getType().getElementType().isInteger(1)) {
      error =
          "retype needs operand=<an integer local> with=f32|f64, got " + e.operand + " / " + e.with;
      return false;
    }
    if (!llvm::all_of(a->getUsers(),
                      [](Operation *u) { return isa<memref::LoadOp, memref::StoreOp>(u); })) {
      error = "the local " + e.operand + " is used other than by loads and stores";
      return false;
    }
    Type it = a.getType().getElementType();
    OpBuilder ab(a);
    auto fa = memref::AllocaOp::create(ab, a.getLoc(), MemRefType::get({}, ft));
    fa->setAttrs(a->getAttrs());
    markRepaired(fa, kPassArg);
    bool isSigned = true;
    for (Operation *u : llvm::make_early_inc_range(a->getUsers())) {
      OpBuilder ub(u);
      if (auto st = dyn_cast<memref::StoreOp>(u)) {
        Value v = st.getValueToStore(), fv;
        if (auto c = v.getDefiningOp<arith::FPToSIOp>())
          fv = c.getIn();
        else if (auto c = v.getDefiningOp<arith::FPToUIOp>())
          fv = c.getIn(), isSigned = false;
        if (fv && fv.getType() != ft)
          fv = fv.getType().getIntOrFloatBitWidth() < ft.getWidth()
                   ? Value(arith::ExtFOp::create(ub, st.getLoc(), ft, fv))
                   : Value(arith::TruncFOp::create(ub, st.getLoc(), ft, fv));
        if (!fv)
          fv = arith::SIToFPOp::create(ub, st.getLoc(), ft, v);
        // The statements read as before (`max_val = v;`): only the
        // declaration is marked, its type is the edit.
        memref::StoreOp::create(ub, st.getLoc(), fv, fa.getResult());
        dropped.push_back(v);
        st.erase();
        continue;
      }
      auto ld = cast<memref::LoadOp>(u);
      auto nl = memref::LoadOp::create(ub, ld.getLoc(), fa.getResult(), ValueRange{});
      Value asInt;
      for (OpOperand &use : llvm::make_early_inc_range(ld->getUses())) {
        Operation *w = use.getOwner();
        if (isa<arith::SIToFPOp, arith::UIToFPOp>(w) && w->getResult(0).getType() == ft) {
          w->getResult(0).replaceAllUsesWith(nl.getResult());
          continue;
        }
        if (isa<arith::SIToFPOp, arith::UIToFPOp>(w)) {
          OpBuilder wb(w);
          Type wt = w->getResult(0).getType();
          Value c = cast<FloatType>(wt).getWidth() < ft.getWidth()
                        ? Value(arith::TruncFOp::create(wb, w->getLoc(), wt, nl.getResult()))
                        : Value(arith::ExtFOp::create(wb, w->getLoc(), wt, nl.getResult()));
          w->getResult(0).replaceAllUsesWith(c);
          continue;
        }
        if (!asInt)
          asInt = isSigned ? Value(arith::FPToSIOp::create(ub, ld.getLoc(), it, nl.getResult()))
                           : Value(arith::FPToUIOp::create(ub, ld.getLoc(), it, nl.getResult()));
        use.set(asInt);
      }
      for (Operation *w : llvm::make_early_inc_range(ld->getUsers()))
        if (w->use_empty() && isOpTriviallyDead(w))
          w->erase();
      if (ld->use_empty())
        ld.erase();
    }
    a.erase();
    return true;
  } else if (e.kind == "delete") {
    if (!isa<memref::StoreOp>(op)) {
      error = "delete needs a store at " + e.loc;
      return false;
    }
    SmallVector<Value> operands(op->getOperands());
    op->erase();
    dropped.append(operands.begin(), operands.end());
    return true;
  } else {
    error = "unknown edit kind '" + e.kind + "'";
    return false;
  }
  markRepaired(op, kPassArg);
  return true;
}

/// Erases the definitions an edit left unused (and theirs, in turn).
void eraseDead(SmallVectorImpl<Value> &dropped) {
  while (!dropped.empty()) {
    Value v = dropped.pop_back_val();
    Operation *d = v.getDefiningOp();
    if (!d || !v.use_empty() || !isOpTriviallyDead(d))
      continue;
    SmallVector<Value> operands(d->getOperands());
    d->erase();
    dropped.append(operands.begin(), operands.end());
  }
}

/// An edit of a pointer variable's offset (`float *b = smem + n;`, operand 0
/// of the add at each access through `b`, which records the declaration's
/// place): the file writes the offset once, so every access changes with it.
void samePointerOffset(gpu::GPUModuleOp module, const EditSpec &e, std::vector<Operation *> &ops) {
  if (!(e.kind == "operand" || e.kind == "delta" || e.kind == "iconst") ||
      !(e.operand.empty() || e.operand == "0"))
    return;
  std::vector<Operation *> more;
  for (Operation *op : ops) {
    Attribute from = op->getAttr("kfix.ptr_offset");
    if (!from || op->getNumOperands() != 2)
      continue;
    module.walk([&](Operation *x) {
      if (x != op && x->getName() == op->getName() && x->getAttr("kfix.ptr_offset") == from &&
          x->getOperand(0) == op->getOperand(0) && !llvm::is_contained(ops, x) &&
          !llvm::is_contained(more, x))
        more.push_back(x);
    });
  }
  ops.insert(ops.end(), more.begin(), more.end());
}

} // namespace

bool kfix::applyEdits(gpu::GPUModuleOp module, const std::vector<EditSpec> &edits,
                      std::string &error) {
  // Resolve every target first: an edit may replace the op another one names.
  std::vector<std::vector<Operation *>> targets;
  for (const EditSpec &e : edits) {
    if (e.loc.empty() || e.op.empty()) {
      error = "an edit needs loc= and op=";
      return false;
    }
    auto ops = opsAt(module, e.loc, e.op);
    if (ops.empty()) {
      error = "no " + e.op + " at " + e.loc;
      return false;
    }
    samePointerOffset(module, e, ops);
    targets.push_back(std::move(ops));
  }
  SmallVector<Value> dropped;
  // An edit may erase more than its own op (a retype rewrites every store of
  // the local, a second target at the same location among them, as where an
  // inlined helper's statement appears twice): the targets still in the
  // module, looked up again after each edit.
  llvm::DenseSet<Operation *> live;
  auto refresh = [&] {
    live.clear();
    module.walk([&](Operation *o) { live.insert(o); });
  };
  refresh();
  for (auto [e, ops] : llvm::zip(edits, targets))
    for (Operation *op : ops) {
      if (!live.contains(op))
        continue;
      if (!applyOne(op, e, error, dropped))
        return false;
      refresh();
    }
  // Values dropped by one edit may be read by another's new op: only the
  // unused ones go.
  eraseDead(dropped);
  return true;
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

namespace {
struct RepairEditPass : public kfix::impl::RepairEditBase<RepairEditPass> {
  using RepairEditBase::RepairEditBase;

  void runOnOperation() override {
    size_t n = loc.size();
    auto sameLength = [&](const ListOption<std::string> &l, llvm::StringRef name) {
      if (l.empty() || l.size() == n)
        return true;
      getOperation().emitError() << kPassArg << ": " << name << " has " << l.size()
                                 << " elements, loc has " << n;
      return false;
    };
    if (n == 0 || kind.size() != n || op.size() != n) {
      getOperation().emitError() << kPassArg
                                 << ": needs loc=, kind= and op= with one element per edit";
      return signalPassFailure();
    }
    if (!sameLength(operand, "operand") || !sameLength(with, "with"))
      return signalPassFailure();
    std::vector<EditSpec> edits;
    for (size_t i = 0; i < n; ++i) {
      EditSpec e;
      e.loc = loc[i];
      e.kind = kind[i];
      e.op = op[i];
      e.operand = operand.empty() || operand[i] == "-" ? "" : operand[i];
      e.with = with.empty() || with[i] == "-" ? "" : with[i];
      edits.push_back(std::move(e));
    }
    std::string error;
    if (!applyEdits(getOperation(), edits, error)) {
      getOperation().emitError() << kPassArg << ": " << error;
      return signalPassFailure();
    }
    numRewrites += n;
  }
};
} // namespace
