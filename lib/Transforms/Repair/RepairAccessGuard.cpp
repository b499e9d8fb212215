//===- RepairAccessGuard.cpp - keep accesses inside the declared shape ----===//
//
// A kernel that lost a bounds check touches elements outside its buffers:
// past the end on a partial last block, into the next row when a row's
// length is not a multiple of the tile, past the end of a float4 / half2
// vector tail. The task declares each buffer's shape; this pass guards every
// access of the named buffers by that shape, one access at a time (see
// AccessIndex.h for how a linear index is split into rows and columns).
//
//===----------------------------------------------------------------------===//
#include "AccessIndex.h"
#include "RepairUtils.h"
#include "kfix/Transforms/Passes.h"
#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Dominance.h"
#include "llvm/ADT/SetVector.h"

namespace kfix {
#define GEN_PASS_DEF_REPAIRACCESSGUARD
#include "kfix/Transforms/RepairPasses.h.inc"
} // namespace kfix

using namespace mlir;
using namespace kfix;

namespace {

constexpr StringLiteral kPassArg = "kfix-repair-access-guard";

struct BufferShape {
  std::string name;
  std::vector<std::string> dims;
};

/// Parses `A[M][K];B[K][N]` (`,` also separates buffers).
bool parseShapes(StringRef text, std::vector<BufferShape> &out, std::string &error) {
  size_t i = 0;
  auto skip = [&] {
    while (i < text.size() &&
           (std::isspace(static_cast<unsigned char>(text[i])) || text[i] == ';' || text[i] == ','))
      ++i;
  };
  skip();
  while (i < text.size()) {
    size_t start = i;
    while (i < text.size() && (std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '_'))
      ++i;
    BufferShape s;
    s.name = text.slice(start, i).str();
    if (s.name.empty()) {
      error = "expected a buffer name at '" + text.substr(i).str() + "'";
      return false;
    }
    while (i < text.size() && text[i] == '[') {
      int depth = 0;
      size_t open = i;
      for (; i < text.size(); ++i) {
        depth += text[i] == '[' ? 1 : text[i] == ']' ? -1 : 0;
        if (!depth)
          break;
      }
      if (i >= text.size()) {
        error = "unbalanced '[' in '" + text.str() + "'";
        return false;
      }
      s.dims.push_back(text.slice(open + 1, i).trim().str());
      ++i;
    }
    if (s.dims.empty()) {
      error = "buffer '" + s.name + "' has no [dimension]";
      return false;
    }
    out.push_back(std::move(s));
    skip();
  }
  if (out.empty()) {
    error = "empty shape (expected NAME[d0][d1]...)";
    return false;
  }
  return true;
}

/// What a load outside the shape yields: the identity of the reduction its
/// value reaches (through arithmetic and local variables), else zero.
TypedAttr fillFor(Value loaded, Type elem, bool zeroOnly) {
  bool sawMax = false, sawMin = false;
  if (!zeroOnly) {
    llvm::SetVector<Value> work;
    work.insert(loaded);
    for (size_t i = 0; i < work.size() && i < 64; ++i)
      for (Operation *user : work[i].getUsers()) {
        if (isa<arith::MaxNumFOp, arith::MaximumFOp, arith::MaxSIOp, arith::MaxUIOp>(user))
          sawMax = true;
        if (isa<arith::MinNumFOp, arith::MinimumFOp, arith::MinSIOp, arith::MinUIOp>(user))
          sawMin = true;
        if (auto st = dyn_cast<memref::StoreOp>(user)) {
          if (auto var = getVarAlloca(st.getMemref()))
            for (Operation *u : var->getUsers())
              if (auto l = dyn_cast<memref::LoadOp>(u))
                work.insert(l.getResult());
          continue;
        }
        if (isa<arith::ArithDialect, vector::VectorDialect>(user->getDialect()) ||
            isa<arith::SelectOp>(user))
          for (Value r : user->getResults())
            work.insert(r);
      }
  }
  bool low = sawMax && !sawMin, high = sawMin && !sawMax;
  if (auto ft = dyn_cast<FloatType>(elem)) {
    if (low || high)
      return FloatAttr::get(ft, APFloat::getInf(ft.getFloatSemantics(), /*Negative=*/low));
    return FloatAttr::get(ft, 0.0);
  }
  auto it = cast<IntegerType>(elem);
  if (low)
    return IntegerAttr::get(it, APInt::getSignedMinValue(it.getWidth()));
  if (high)
    return IntegerAttr::get(it, APInt::getSignedMaxValue(it.getWidth()));
  return IntegerAttr::get(it, 0);
}

struct RepairAccessGuardPass : public kfix::impl::RepairAccessGuardBase<RepairAccessGuardPass> {
  using RepairAccessGuardBase::RepairAccessGuardBase;

  void runOnOperation() override {
    std::vector<BufferShape> shapes;
    std::string error;
    if (shape.empty())
      return; // nothing declared: nothing to guard
    if (!parseShapes(shape, shapes, error)) {
      getOperation().emitError() << kPassArg << ": bad shape: " << error;
      return signalPassFailure();
    }
    if (fill != "auto" && fill != "zero") {
      getOperation().emitError() << kPassArg << ": fill must be auto or zero, not '" << fill << "'";
      return signalPassFailure();
    }
    for (auto func : getOperation().getOps<gpu::GPUFuncOp>())
      if (failed(repair(func, shapes)))
        return signalPassFailure();
  }

  /// The i1 `every check holds` for lane `lane` of an access, from the
  /// emitted (value, bound) pairs, innermost first.
  struct EmittedCheck {
    Value value, bound;
    bool nonNegative; ///< the lower bound holds by construction
  };

  Value inside(OpBuilder &b, Location l, ArrayRef<EmittedCheck> checks, int64_t lane) {
    Type i64 = b.getI64Type();
    Value all;
    for (auto [i, c] : llvm::enumerate(checks)) {
      Value v = c.value;
      if (i == 0 && lane)
        v = arith::AddIOp::create(b, l, v, arith::ConstantIntOp::create(b, l, i64, lane));
      Value both = arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, v, c.bound);
      if (!c.nonNegative) {
        Value zero = arith::ConstantIntOp::create(b, l, i64, 0);
        Value ge = arith::CmpIOp::create(b, l, arith::CmpIPredicate::sge, v, zero);
        both = arith::AndIOp::create(b, l, ge, both);
      }
      all = all ? Value(arith::AndIOp::create(b, l, all, both)) : both;
    }
    return all;
  }

  Value laneIndex(OpBuilder &b, Location l, Value idx, int64_t lane) {
    if (!lane)
      return idx;
    return arith::AddIOp::create(b, l, idx, arith::ConstantIndexOp::create(b, l, lane));
  }

  LogicalResult repair(gpu::GPUFuncOp func, const std::vector<BufferShape> &shapes) {
    DominanceInfo dom(func);
    IndexAlgebra algebra(func, dom);
    for (const BufferShape &s : shapes) {
      Value buf = getArgByName(func, s.name);
      if (!buf)
        continue; // another kernel's buffer
      if (!isa<MemRefType>(buf.getType()))
        return func.emitError() << kPassArg << ": parameter '" << s.name << "' of @"
                                << func.getName() << " is not a buffer";
      std::vector<std::optional<Poly>> dims;
      for (const std::string &d : s.dims) {
        std::string error;
        auto p = algebra.parseDim(d, error);
        if (!error.empty())
          return func.emitError() << kPassArg << ": bad dimension '" << d << "' of '" << s.name
                                  << "': " << error;
        dims.push_back(p);
      }
      algebra.setDims(dims);
      SmallVector<Operation *> accesses;
      func.walk([&](Operation *op) {
        auto acc = getMemAccess(op);
        if (!acc || acc->memref != buf || acc->indices.size() != 1 ||
            !locMatches(op->getLoc(), loc))
          return;
        if (auto mark = op->getAttrOfType<StringAttr>("kfix.repaired");
            mark && mark.getValue() == kPassArg)
          return; // guarded already
        accesses.push_back(op);
      });
      for (Operation *op : accesses)
        guard(func, algebra, op);
    }
    return success();
  }

  void guard(gpu::GPUFuncOp func, IndexAlgebra &algebra, Operation *op) {
    MemAccess acc = *getMemAccess(op);
    Value idx = acc.indices[0];
    std::vector<IndexCheck> checks = algebra.decompose(algebra.build(idx));
    if (checks.empty())
      return;
    int64_t lanes = 1;
    if (auto vl = dyn_cast<vector::LoadOp>(op)) {
      if (vl.getVectorType().getRank() != 1)
        return;
      lanes = vl.getVectorType().getNumElements();
    } else if (auto vs = dyn_cast<vector::StoreOp>(op)) {
      if (vs.getVectorType().getRank() != 1)
        return;
      lanes = vs.getVectorType().getNumElements();
    }
    OpBuilder b(op);
    Location l = op->getLoc();
    SmallVector<EmittedCheck> emitted;
    for (const IndexCheck &c : checks) {
      Value v = algebra.emit(b, l, c.value, op), bound = algebra.emit(b, l, c.bound, op);
      if (!v || !bound) {
        if (!loc.empty())
          op->emitWarning() << kPassArg << ": index of this access not available here";
        return; // the dead arithmetic is harmless and folds away
      }
      emitted.push_back({v, bound, algebra.nonNegative(c.value)});
    }
    // A contiguous vector is inside when its first and last lanes are.
    Value cond = inside(b, l, emitted, 0);
    if (lanes > 1)
      cond = arith::AndIOp::create(b, l, cond, inside(b, l, emitted, lanes - 1));
    markRepaired(cond.getDefiningOp(), kPassArg);

    Type elem = cast<MemRefType>(acc.memref.getType()).getElementType();
    bool zeroOnly = fill == "zero";
    scf::IfOp ifOp;
    if (op->getNumResults() == 0) {
      auto perLane = [&](OpBuilder &eb, Location el) {
        auto vs = cast<vector::StoreOp>(op);
        for (int64_t lane = 0; lane < lanes; ++lane) {
          Value ok = inside(eb, el, emitted, lane);
          scf::IfOp::create(eb, el, ok, [&](OpBuilder &lb, Location ll) {
            Value e = vector::ExtractOp::create(lb, ll, vs.getValueToStore(), lane);
            auto st =
                memref::StoreOp::create(lb, ll, e, vs.getBase(), laneIndex(lb, ll, idx, lane));
            markRepaired(st, kPassArg);
            scf::YieldOp::create(lb, ll);
          });
        }
        scf::YieldOp::create(eb, el);
      };
      ifOp = scf::IfOp::create(
          b, l, cond,
          [&](OpBuilder &tb, Location tl) {
            markRepaired(tb.clone(*op), kPassArg);
            scf::YieldOp::create(tb, tl);
          },
          lanes == 1 ? function_ref<void(OpBuilder &, Location)>()
                     : function_ref<void(OpBuilder &, Location)>(perLane));
    } else {
      Type resultType = op->getResult(0).getType();
      TypedAttr fillAttr = fillFor(op->getResult(0), elem, zeroOnly);
      ifOp = scf::IfOp::create(
          b, l, cond,
          [&](OpBuilder &tb, Location tl) {
            Operation *clone = tb.clone(*op);
            markRepaired(clone, kPassArg);
            scf::YieldOp::create(tb, tl, clone->getResults());
          },
          [&](OpBuilder &eb, Location el) {
            if (lanes == 1) {
              Value f = arith::ConstantOp::create(eb, el, fillAttr);
              scf::YieldOp::create(eb, el, f);
              return;
            }
            auto vt = cast<VectorType>(resultType);
            Value vec = arith::ConstantOp::create(eb, el, DenseElementsAttr::get(vt, fillAttr));
            for (int64_t lane = 0; lane < lanes; ++lane) {
              Value ok = inside(eb, el, emitted, lane);
              auto laneIf = scf::IfOp::create(
                  eb, el, ok,
                  [&](OpBuilder &lb, Location ll) {
                    auto ld = memref::LoadOp::create(lb, ll, acc.memref,
                                                     ValueRange{laneIndex(lb, ll, idx, lane)});
                    markRepaired(ld, kPassArg);
                    scf::YieldOp::create(lb, ll, ld.getResult());
                  },
                  [&](OpBuilder &lb, Location ll) {
                    Value f = arith::ConstantOp::create(lb, ll, fillAttr);
                    scf::YieldOp::create(lb, ll, f);
                  });
              vec = vector::InsertOp::create(eb, el, laneIf.getResult(0), vec, lane);
            }
            scf::YieldOp::create(eb, el, vec);
          });
      op->replaceAllUsesWith(ifOp.getResults());
    }
    markRepaired(ifOp, kPassArg);
    op->erase();
    ++numGuards;
  }
};

} // namespace
