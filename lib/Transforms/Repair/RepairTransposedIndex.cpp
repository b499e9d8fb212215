//===- RepairTransposedIndex.cpp - row-major index terms and strides ------===//
//
// `x[r * C + c]` where `x[c * R + r]` (a transposed operand) or `x[r * R + c]`
// (the wrong leading dimension) was meant. Aimed by `loc`, or by a declared
// shape (`shape=B[K][N]`: IndexLayout.h finds the terms that contradict it).
//
//===----------------------------------------------------------------------===//
#include "RepairUtils.h"
#include "kfix/Transforms/IndexLayout.h"
#include "kfix/Transforms/Passes.h"
#include "kfix/Transforms/Utils.h"

namespace kfix {
#define GEN_PASS_DEF_REPAIRTRANSPOSEDINDEX
#include "kfix/Transforms/RepairPasses.h.inc"
} // namespace kfix

using namespace mlir;
using namespace kfix;

namespace {

constexpr StringLiteral kPassArg = "kfix-repair-transposed-index";

/// `a * C + b`: the row term, the stride and the column term.
struct RowMajor {
  Value a, stride, b;
};

/// True when `v` looks like a stride: a constant or a kernel parameter.
bool isStrideLike(Value v) {
  v = stripCasts(v);
  return getConstInt(v).has_value() || isa<BlockArgument>(v);
}

std::optional<RowMajor> matchRowMajor(Value idx) {
  auto add = idx.getDefiningOp<arith::AddIOp>();
  if (!add)
    return std::nullopt;
  for (int side = 0; side < 2; ++side) {
    Value prod = add->getOperand(side), other = add->getOperand(1 - side);
    auto mul = prod.getDefiningOp<arith::MulIOp>();
    if (!mul)
      continue;
    Value x = mul.getLhs(), y = mul.getRhs();
    // The stride is the operand that is a parameter or a constant; `r * C`
    // when both or neither are.
    if (isStrideLike(x) && !isStrideLike(y))
      std::swap(x, y);
    return RowMajor{x, y, other};
  }
  return std::nullopt;
}

/// True when every access that `v` reaches (through integer arithmetic and
/// C locals) indexes `buffer`: rewriting `v` then changes no other buffer.
bool feedsOnly(Value v, Value buffer) {
  SmallVector<Value> work{v};
  llvm::SmallPtrSet<Operation *, 16> seen;
  while (!work.empty()) {
    Value cur = work.pop_back_val();
    for (OpOperand &use : cur.getUses()) {
      Operation *user = use.getOwner();
      if (!seen.insert(user).second)
        continue;
      if (auto st = dyn_cast<memref::StoreOp>(user); st && getVarAlloca(st.getMemref())) {
        if (use.getOperandNumber() == 0)
          for (Operation *u : st.getMemref().getUsers())
            if (auto ld = dyn_cast<memref::LoadOp>(u))
              work.push_back(ld.getResult());
        continue;
      }
      if (std::optional<MemAccess> acc = getMemAccess(user)) {
        if (llvm::is_contained(acc->indices, cur) && acc->memref != buffer)
          return false;
        continue;
      }
      if (user->getDialect() && user->getDialect()->getNamespace() == "arith" &&
          !isa<arith::CmpIOp>(user))
        for (Value r : user->getResults())
          work.push_back(r);
    }
  }
  return true;
}

struct RepairTransposedIndexPass
    : public kfix::impl::RepairTransposedIndexBase<RepairTransposedIndexPass> {
  using RepairTransposedIndexBase::RepairTransposedIndexBase;

  void runOnOperation() override {
    if (!StringRef(shape).trim().empty())
      return runWithShape();
    if (StringRef(loc).trim().empty()) {
      getOperation().emitError() << kPassArg << ": needs loc=<file:line[:col]>";
      return signalPassFailure();
    }
    if (fix != "swap" && fix != "stride") {
      getOperation().emitError() << kPassArg << ": fix must be swap or stride";
      return signalPassFailure();
    }
    if (fix == "stride" && StringRef(stride).trim().empty()) {
      getOperation().emitError() << kPassArg << ": fix=stride needs stride=<param or integer>";
      return signalPassFailure();
    }
    struct Site {
      Operation *access;
      unsigned operand;
      RowMajor rm;
    };
    SmallVector<Site> sites;
    SmallVector<Operation *> near;
    getOperation().walk([&](Operation *op) {
      std::optional<MemAccess> acc = getMemAccess(op);
      if (!acc || acc->indices.empty() || !locMatches(op->getLoc(), loc))
        return;
      near.push_back(op);
      for (OpOperand &o : op->getOpOperands()) {
        if (!llvm::is_contained(acc->indices, o.get()))
          continue;
        if (auto rm = matchRowMajor(cIndex(o.get())))
          sites.push_back({op, o.getOperandNumber(), *rm});
      }
    });
    if (sites.empty()) {
      if (near.empty())
        getOperation().emitWarning() << kPassArg << ": no memory access at " << loc;
      for (Operation *op : near)
        op->emitWarning() << kPassArg << ": not applied: the index is not `a * C + b`";
      return;
    }
    for (Site &s : sites)
      if (failed(rewrite(s.access, s.operand, s.rm)))
        return signalPassFailure();
  }

  /// `shape=` mode: the terms that contradict the declared shape.
  void runWithShape() {
    if (fix != "swap" && fix != "stride" && fix != "relayout") {
      getOperation().emitError() << kPassArg << ": fix must be swap, stride or relayout";
      return signalPassFailure();
    }
    for (auto func : getOperation().getOps<gpu::GPUFuncOp>()) {
      if (!func.isKernel())
        continue;
      std::string error;
      std::optional<DeclaredShape> decl = parseDeclaredShape(func, shape, error);
      if (!decl) {
        func.emitError() << kPassArg << ": " << error;
        return signalPassFailure();
      }
      Value buffer = getArgByName(func, decl->name);
      if (!buffer)
        continue;
      if (fix == "relayout") {
        for (Relayout &r : findRelayouts(func, *decl, loc))
          relayout(func, r);
        continue;
      }
      // One rewrite per multiply (several accesses may share it).
      llvm::SmallPtrSet<Operation *, 8> done;
      for (LayoutIssue &is : findLayoutIssues(func, *decl, loc)) {
        if (!done.insert(is.mul).second)
          continue;
        if (failed(fix == "swap" ? swapTerms(func, is, buffer) : replaceFactor(func, is, buffer)))
          return signalPassFailure();
      }
    }
  }

  /// The access's index rebuilt as the sum of its coordinates times their
  /// strides in the declared layout.
  void relayout(gpu::GPUFuncOp func, Relayout &r) {
    Operation *access = r.access;
    OpBuilder b(access);
    Location l = access->getLoc();
    Value oldIdx = access->getOperand(r.operand);
    Type ty = cIndex(oldIdx).getType();
    if (!ty.isInteger())
      return;
    SmallVector<Operation *> built;
    Value sum;
    for (auto &[x, stride] : r.terms) {
      Value xv = x;
      if (xv.getType().isIndex())
        xv = arith::IndexCastOp::create(b, l, ty, xv);
      else if (!xv.getType().isInteger())
        return;
      else if (xv.getType().getIntOrFloatBitWidth() < ty.getIntOrFloatBitWidth())
        xv = arith::ExtSIOp::create(b, l, ty, xv);
      else if (xv.getType().getIntOrFloatBitWidth() > ty.getIntOrFloatBitWidth())
        xv = arith::TruncIOp::create(b, l, ty, xv);
      if (Operation *d = xv.getDefiningOp(); d && xv != x)
        built.push_back(d);
      Value term = xv;
      if (!stride.isUnit() || stride.constant != 1) {
        Value s = buildMonomial(b, l, func, stride, ty);
        if (!s) {
          access->emitWarning() << kPassArg << ": not applied: a stride is not a parameter product";
          for (Operation *d : llvm::reverse(built))
            d->erase();
          return;
        }
        term = arith::MulIOp::create(b, l, xv, s);
      }
      sum = sum ? Value(arith::AddIOp::create(b, l, sum, term)) : term;
    }
    // Every op built since `oldIdx`'s users: mark the new index's slice.
    SmallVector<Value> work{sum};
    while (!work.empty()) {
      Operation *d = work.pop_back_val().getDefiningOp();
      if (!d || d->hasAttr("kfix.repaired") || d->getBlock() != access->getBlock() ||
          !d->isBeforeInBlock(access) || d->getLoc() != l)
        continue;
      if (d->getNumResults() == 1 &&
          llvm::any_of(r.terms, [&](auto &t) { return t.first == d->getResult(0); }))
        continue;
      markRepaired(d, kPassArg);
      for (Value o : d->getOperands())
        work.push_back(o);
    }
    Value newIdx = sum;
    if (Operation *cast = oldIdx.getDefiningOp();
        cast && isa<arith::IndexCastOp, arith::IndexCastUIOp>(cast)) {
      Operation *nc = b.clone(*cast);
      nc->setOperand(0, sum);
      markRepaired(nc, kPassArg);
      newIdx = nc->getResult(0);
    }
    access->setOperand(r.operand, newIdx);
    markRepaired(access, kPassArg);
    SmallVector<Operation *> dead{oldIdx.getDefiningOp()};
    while (!dead.empty()) {
      Operation *op = dead.pop_back_val();
      if (!op || !op->use_empty() || !isMemoryEffectFree(op) || op->getNumRegions())
        continue;
      for (Value o : op->getOperands())
        dead.push_back(o.getDefiningOp());
      op->erase();
    }
    ++numRewrites;
  }

  LogicalResult replaceFactor(gpu::GPUFuncOp func, LayoutIssue &is, Value buffer) {
    arith::MulIOp mul = is.mul;
    if (!feedsOnly(mul.getResult(), buffer)) {
      mul->emitWarning() << kPassArg
                         << ": not applied: the index term is shared with other buffers";
      return success();
    }
    OpBuilder b(mul);
    Value f = buildMonomial(b, mul.getLoc(), func, is.expectedFactor, mul.getType());
    if (!f) {
      mul->emitWarning() << kPassArg
                         << ": not applied: the expected stride is not a parameter product";
      return success();
    }
    if (Operation *d = f.getDefiningOp())
      markRepaired(d, kPassArg);
    mul->setOperand(is.strideOperand, f);
    markRepaired(mul, kPassArg);
    markRepaired(is.access, kPassArg);
    ++numRewrites;
    return success();
  }

  LogicalResult swapTerms(gpu::GPUFuncOp func, LayoutIssue &is, Value buffer) {
    arith::AddIOp add = is.add;
    if (!add)
      return success(); // no unit-stride partner: only fix=stride applies
    Value term = is.mul->getOperand(1 - is.strideOperand);
    Value partner = add.getLhs() == is.mul.getResult() ? add.getRhs() : add.getLhs();
    if (partner.getType() != term.getType() ||
        isa_and_nonnull<arith::MulIOp>(partner.getDefiningOp()) ||
        !isThreadDependentOrVarying(partner))
      return success();
    if (!feedsOnly(add.getResult(), buffer)) {
      add->emitWarning() << kPassArg << ": not applied: the index is shared with other buffers";
      return success();
    }
    OpBuilder b(add);
    Value f = buildMonomial(b, add.getLoc(), func, is.expectedFactor, add.getType());
    if (!f) {
      add->emitWarning() << kPassArg
                         << ": not applied: the expected stride is not a parameter product";
      return success();
    }
    if (Operation *d = f.getDefiningOp())
      markRepaired(d, kPassArg);
    auto mul = arith::MulIOp::create(b, add.getLoc(), partner, f);
    auto sum = arith::AddIOp::create(b, add.getLoc(), mul, term);
    markRepaired(mul, kPassArg);
    markRepaired(sum, kPassArg);
    markRepaired(is.access, kPassArg);
    add.getResult().replaceAllUsesWith(sum.getResult());
    add->erase();
    if (is.mul->use_empty())
      is.mul->erase();
    ++numRewrites;
    return success();
  }

  /// A swap partner is a variable index (not an offset such as `+ pad`).
  static bool isThreadDependentOrVarying(Value v) {
    v = stripCasts(v);
    return !getConstInt(v).has_value() && !isa<BlockArgument>(v);
  }

  FailureOr<Value> newStride(OpBuilder &b, Operation *at, Type ty) {
    StringRef spec = StringRef(stride).trim();
    Location l = at->getLoc();
    int64_t k;
    if (!spec.getAsInteger(10, k))
      return Value(arith::ConstantOp::create(b, l, b.getIntegerAttr(ty, k)));
    auto func = at->getParentOfType<gpu::GPUFuncOp>();
    Value arg = getArgByName(func, spec);
    if (!arg || !arg.getType().isInteger()) {
      at->emitError() << kPassArg << ": stride=" << spec
                      << " is neither an integer nor an integer kernel parameter";
      return failure();
    }
    if (arg.getType() == ty)
      return arg;
    bool isUnsigned = isUnsignedCType(getArgCType(func, cast<BlockArgument>(arg)));
    if (arg.getType().getIntOrFloatBitWidth() > ty.getIntOrFloatBitWidth())
      return Value(arith::TruncIOp::create(b, l, ty, arg));
    if (isUnsigned)
      return Value(arith::ExtUIOp::create(b, l, ty, arg));
    return Value(arith::ExtSIOp::create(b, l, ty, arg));
  }

  LogicalResult rewrite(Operation *access, unsigned operand, RowMajor rm) {
    OpBuilder b(access);
    Location l = access->getLoc();
    Value oldIdx = access->getOperand(operand);
    Value cIdx = cIndex(oldIdx);
    Type ty = cIdx.getType();
    Value s = rm.stride;
    if (!StringRef(stride).trim().empty()) {
      FailureOr<Value> ns = newStride(b, access, ty);
      if (failed(ns))
        return failure();
      s = *ns;
      if (Operation *def = s.getDefiningOp())
        markRepaired(def, kPassArg);
    }
    Value row = fix == "swap" ? rm.b : rm.a;
    Value col = fix == "swap" ? rm.a : rm.b;
    if (row.getType() != ty || col.getType() != ty || s.getType() != ty) {
      access->emitWarning() << kPassArg << ": not applied: index terms of mixed types";
      return success();
    }
    auto mul = arith::MulIOp::create(b, l, row, s);
    auto add = arith::AddIOp::create(b, l, mul, col);
    markRepaired(mul, kPassArg);
    markRepaired(add, kPassArg);
    Value newIdx = add;
    if (Operation *cast = oldIdx.getDefiningOp();
        cast && isa<arith::IndexCastOp, arith::IndexCastUIOp>(cast)) {
      Operation *nc = b.clone(*cast);
      nc->setOperand(0, add);
      markRepaired(nc, kPassArg);
      newIdx = nc->getResult(0);
    }
    access->setOperand(operand, newIdx);
    markRepaired(access, kPassArg);
    // The old index expression, when nothing else uses it.
    SmallVector<Operation *> dead{oldIdx.getDefiningOp()};
    while (!dead.empty()) {
      Operation *op = dead.pop_back_val();
      if (!op || !op->use_empty() || !isMemoryEffectFree(op) || op->getNumRegions())
        continue;
      for (Value o : op->getOperands())
        dead.push_back(o.getDefiningOp());
      op->erase();
    }
    ++numRewrites;
    return success();
  }
};

} // namespace
