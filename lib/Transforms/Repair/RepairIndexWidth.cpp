//===- RepairIndexWidth.cpp - 64-bit index arithmetic for global accesses ===//
//
// `x[row * cols + col]` with `int` operands wraps past 2^31 elements. The
// repair recomputes such an index in i64 from the same leaves. The same
// overflow-before-widening happens when a 32-bit product is converted to a
// 64-bit value (`int64_t lin = row * ncols + col;`) or divided back into
// range (`v * levels / vmax`, `(i * step) % n`): those are recomputed in i64
// too (the quotient truncated back to i32, where it fits).
//
//===----------------------------------------------------------------------===//
#include "RepairUtils.h"
#include "kfix/Transforms/Passes.h"
#include "kfix/Transforms/Utils.h"

#include "mlir/IR/Dominance.h"

namespace kfix {
#define GEN_PASS_DEF_REPAIRINDEXWIDTH
#include "kfix/Transforms/RepairPasses.h.inc"
} // namespace kfix

using namespace mlir;
using namespace kfix;

namespace {

constexpr StringLiteral kPassArg = "kfix-repair-index-width";

struct Widener {
  Widener(gpu::GPUFuncOp func, DominanceInfo &dom) : func(func), dom(dom) {}
  gpu::GPUFuncOp func;
  DominanceInfo &dom;
  llvm::DenseMap<Value, Value> cache;

  /// The single store that every load of `var` reads, if any.
  memref::StoreOp singleStore(memref::LoadOp load) {
    auto var = getVarAlloca(load.getMemref());
    if (!var)
      return {};
    auto stores = storesTo(var);
    if (stores.size() != 1 || !dom.properlyDominates(stores[0].getOperation(), load))
      return {};
    return stores[0];
  }

  /// True when `v`'s expression holds a 32-bit multiply or shift.
  bool hasProduct(Value v, unsigned depth = 0) {
    if (depth > 16)
      return false;
    Operation *def = v.getDefiningOp();
    if (!def)
      return false;
    if (isa<arith::MulIOp, arith::ShLIOp>(def))
      return true;
    if (isa<arith::AddIOp, arith::SubIOp, arith::DivSIOp, arith::RemSIOp>(def))
      return hasProduct(def->getOperand(0), depth + 1) || hasProduct(def->getOperand(1), depth + 1);
    if (auto load = dyn_cast<memref::LoadOp>(def))
      if (auto store = singleStore(load))
        return hasProduct(store.getValue(), depth + 1);
    return false;
  }

  OpBuilder builderAfter(Value v) {
    OpBuilder b(func.getContext());
    if (Operation *def = v.getDefiningOp())
      b.setInsertionPointAfter(def);
    else
      b.setInsertionPointToStart(cast<BlockArgument>(v).getOwner());
    return b;
  }

  Value widen(Value v) {
    if (auto it = cache.find(v); it != cache.end())
      return it->second;
    Type i64 = IntegerType::get(func.getContext(), 64);
    Value r;
    Operation *def = v.getDefiningOp();
    if (def && isa<arith::AddIOp, arith::SubIOp, arith::MulIOp, arith::ShLIOp, arith::DivSIOp,
                   arith::RemSIOp>(def)) {
      Value l = widen(def->getOperand(0)), rr = widen(def->getOperand(1));
      OpBuilder b = builderAfter(v);
      OperationState st(def->getLoc(), def->getName());
      st.addOperands({l, rr});
      st.addTypes(i64);
      Operation *wide = b.create(st);
      if (isa<arith::MulIOp, arith::ShLIOp>(def))
        markRepaired(wide, kPassArg);
      r = wide->getResult(0);
    } else if (auto load = dyn_cast_or_null<memref::LoadOp>(def); load && singleStore(load)) {
      r = widen(singleStore(load).getValue());
    } else if (auto c = getConstInt(v)) {
      OpBuilder b = builderAfter(v);
      r = arith::ConstantOp::create(b, def->getLoc(), IntegerAttr::get(i64, *c));
    } else if (auto cast = dyn_cast_or_null<arith::IndexCastUIOp>(def)) {
      OpBuilder b = builderAfter(v);
      r = arith::IndexCastUIOp::create(b, def->getLoc(), i64, cast.getIn());
    } else if (auto cast = dyn_cast_or_null<arith::IndexCastOp>(def)) {
      OpBuilder b = builderAfter(v);
      r = arith::IndexCastOp::create(b, def->getLoc(), i64, cast.getIn());
    } else {
      OpBuilder b = builderAfter(v);
      bool isUnsigned = false;
      if (auto arg = dyn_cast<BlockArgument>(v))
        isUnsigned = isUnsignedCType(getArgCType(func, arg));
      Location l = def ? def->getLoc() : func.getLoc();
      r = isUnsigned ? Value(arith::ExtUIOp::create(b, l, i64, v))
                     : Value(arith::ExtSIOp::create(b, l, i64, v));
    }
    cache[v] = r;
    return r;
  }
};

/// A signed 32-bit division or remainder whose dividend holds a product:
/// `v * levels / vmax`, `(i * step) % n`.
bool isDivisionOfProduct(Operation *op, Widener &w) {
  if (!isa<arith::DivSIOp, arith::RemSIOp>(op))
    return false;
  auto type = dyn_cast<IntegerType>(op->getResult(0).getType());
  return type && type.getWidth() == 32 && w.hasProduct(op->getOperand(0));
}

struct RepairIndexWidthPass : public kfix::impl::RepairIndexWidthBase<RepairIndexWidthPass> {
  using RepairIndexWidthBase::RepairIndexWidthBase;

  void runOnOperation() override {
    for (auto func : getOperation().getOps<gpu::GPUFuncOp>()) {
      DominanceInfo dom(func);
      Widener w(func, dom);
      SmallVector<std::pair<Operation *, unsigned>> sites;
      SmallVector<Operation *> exts, divs;
      func.walk([&](Operation *op) {
        if (!locMatches(op->getLoc(), loc))
          return;
        // `(int64_t)(a * b)`: a 32-bit product sign-extended after the fact.
        if (auto ext = dyn_cast<arith::ExtSIOp>(op)) {
          auto from = dyn_cast<IntegerType>(ext.getIn().getType());
          if (from && from.getWidth() == 32 && ext.getType().isInteger(64) &&
              w.hasProduct(ext.getIn()))
            exts.push_back(op);
          return;
        }
        if (isDivisionOfProduct(op, w)) {
          divs.push_back(op);
          return;
        }
        auto acc = getMemAccess(op);
        if (!acc || !isGlobalMemref(acc->memref))
          return;
        unsigned first = op->getNumOperands() - acc->indices.size();
        for (unsigned i = 0; i < acc->indices.size(); ++i) {
          Value idx = acc->indices[i];
          Value c = cIndex(idx);
          auto type = dyn_cast<IntegerType>(c.getType());
          if (c != idx && type && type.getWidth() == 32 && w.hasProduct(c))
            sites.push_back({op, first + i});
        }
      });
      for (auto [op, operand] : sites) {
        Value c = cIndex(op->getOperand(operand));
        Value wide = w.widen(c);
        OpBuilder b(op);
        auto cast =
            arith::IndexCastOp::create(b, op->getOperand(operand).getLoc(), b.getIndexType(), wide);
        markRepaired(cast, kPassArg);
        op->setOperand(operand, cast);
        ++numRewrites;
      }
      for (Operation *ext : exts) {
        Value wide = w.widen(ext->getOperand(0));
        markRepaired(wide.getDefiningOp(), kPassArg);
        ext->getResult(0).replaceAllUsesWith(wide);
        ++numRewrites;
      }
      for (Operation *div : divs) {
        // Uses already rebuilt in i64 (an index above) keep theirs; the others
        // read the 64-bit quotient truncated back to 32 bits.
        if (div->use_empty())
          continue;
        Value wide = w.widen(div->getResult(0));
        OpBuilder b = w.builderAfter(wide);
        auto narrow = arith::TruncIOp::create(b, div->getLoc(), div->getResult(0).getType(), wide);
        markRepaired(narrow, kPassArg);
        div->getResult(0).replaceAllUsesExcept(narrow.getResult(), narrow.getOperation());
        ++numRewrites;
      }
    }
  }
};

} // namespace
