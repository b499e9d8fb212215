//===- RepairFlatIndexSplit.cpp - coordinates of a flat index -------------===//
//
// A kernel that walks a dense row-major buffer `x[d0]...[dm]` with one flat
// index `t` recovers the coordinates with `%` and `/`: the last one is
// `t % dm`, the first `t / (d1*...*dm)`, a middle one `(t / P) % dk`. Taking
// the wrong dimension (`bias[t % rows]` for a `[rows][cols]` tensor, the
// NHWC channel `t % C` on an NCHW tensor, the column-major pair `t % n`,
// `t / n`) reads the right number of elements in the wrong order. The task's
// declared shapes say which coordinate each extracted value is: the
// dimension of the buffer it indexes (`bias[C]` wants a C coordinate). This
// pass rebuilds every extraction whose form is not the one of its
// coordinate in the flat buffer's layout.
//
//===----------------------------------------------------------------------===//
#include "RepairUtils.h"
#include "kfix/Transforms/IndexLayout.h"
#include "kfix/Transforms/Passes.h"
#include "kfix/Transforms/Utils.h"

namespace kfix {
#define GEN_PASS_DEF_REPAIRFLATINDEXSPLIT
#include "kfix/Transforms/RepairPasses.h.inc"
} // namespace kfix

using namespace mlir;
using namespace kfix;

namespace {

constexpr StringLiteral kPassArg = "kfix-repair-flat-index-split";

bool sameMonomial(const Monomial &a, const Monomial &b) {
  return a.constant == b.constant && a.sameAtoms(b);
}

/// `v` through casts and single-store C locals.
Value resolve(Value v) {
  for (unsigned i = 0; i < 16; ++i) {
    v = stripCasts(v);
    Value s = singleStoredValue(v);
    if (!s)
      break;
    v = s;
  }
  return v;
}

/// A declared buffer: its kernel argument and dims (monomials; only the
/// leading one may be unknown, `out[?][D]`).
struct Buffer {
  Value arg;
  SmallVector<std::optional<Monomial>> dims;
  /// Suffix product of the dims after `k`.
  Monomial after(size_t k) const {
    Monomial m;
    for (size_t j = k + 1; j < dims.size(); ++j)
      m = m.times(*dims[j]);
    return m;
  }
  bool hasDim(size_t k, const Monomial &extent) const {
    return dims[k] && sameMonomial(*dims[k], extent);
  }
};

/// `t % s` or `t / s` with an invariant `s`.
struct Extraction {
  Operation *op = nullptr;
  bool isRem = false;
  Monomial divisor;
  /// Extents of the coordinates it is used as (the dimension it indexes).
  SmallVector<Monomial, 2> roles;
};

/// Erases ops created for an abandoned rewrite (users first).
void eraseAll(ArrayRef<Operation *> ops) {
  for (Operation *op : llvm::reverse(ops))
    op->erase();
}

/// Collects the ops a builder creates, to mark them repaired.
struct Created : public OpBuilder::Listener {
  SmallVector<Operation *> ops;
  void notifyOperationInserted(Operation *op, OpBuilder::InsertPoint) override {
    ops.push_back(op);
  }
};

struct RepairFlatIndexSplitPass
    : public kfix::impl::RepairFlatIndexSplitBase<RepairFlatIndexSplitPass> {
  using RepairFlatIndexSplitBase::RepairFlatIndexSplitBase;

  void runOnOperation() override {
    if (shape.empty()) {
      getOperation().emitError() << kPassArg << ": needs shape=NAME[d0][d1]...;...";
      return signalPassFailure();
    }
    for (auto func : getOperation().getOps<gpu::GPUFuncOp>())
      if (failed(repair(func)))
        return signalPassFailure();
  }

  LogicalResult repair(gpu::GPUFuncOp func) {
    // Declared buffers whose dims are all parameter products.
    SmallVector<Buffer> buffers;
    SmallVector<StringRef> texts;
    StringRef(shape).split(texts, ';', -1, /*KeepEmpty=*/false);
    for (StringRef t : texts) {
      std::string error;
      auto s = parseDeclaredShape(func, t, error);
      if (!s) {
        func.emitError() << kPassArg << ": bad shape: " << error;
        return failure();
      }
      Value arg = getArgByName(func, s->name);
      if (!arg || !isa<MemRefType>(arg.getType()) ||
          llvm::any_of(llvm::drop_begin(s->dims), [](const auto &d) { return !d; }))
        continue;
      buffers.push_back(Buffer{arg, s->dims});
    }
    auto bufferOf = [&](Value memref) -> const Buffer * {
      for (const Buffer &b : buffers)
        if (b.arg == memref)
          return &b;
      return nullptr;
    };

    // Flat indices (the whole index of a rank >= 2 buffer) and
    // extractions used as coordinates of declared buffers.
    SmallVector<std::pair<Value, const Buffer *>> flats;
    llvm::MapVector<Operation *, Extraction> extractions;
    func.walk([&](Operation *op) {
      std::optional<MemAccess> acc = getMemAccess(op);
      if (!acc || acc->indices.size() != 1)
        return;
      const Buffer *b = bufferOf(acc->memref);
      if (!b)
        return;
      Value index = cIndex(acc->indices.front());
      if (b->dims.size() >= 2)
        flats.push_back({resolve(index), b});
      SmallVector<IndexTerm> terms = indexTerms(func, index);
      for (const IndexTerm &t : terms) {
        Operation *def = resolve(t.var).getDefiningOp();
        if (!isa_and_nonnull<arith::RemSIOp, arith::RemUIOp, arith::DivSIOp, arith::DivUIOp>(def))
          continue;
        auto d = invariantMonomial(func, def->getOperand(1));
        if (!d || invariantMonomial(func, def->getOperand(0)))
          continue;
        // Which dimension of `b` has this term's stride.
        for (size_t k = 0; k < b->dims.size(); ++k)
          if (sameMonomial(b->after(k), t.stride)) {
            if (!b->dims[k])
              break;
            Extraction &e = extractions[def];
            e.op = def;
            e.isRem = isa<arith::RemSIOp, arith::RemUIOp>(def);
            e.divisor = *d;
            if (llvm::none_of(e.roles, [&](const Monomial &r) { return b->hasDim(k, r); }))
              e.roles.push_back(*b->dims[k]);
            break;
          }
      }
    });

    for (auto &[op, e] : extractions) {
      if (e.roles.size() != 1 || (!loc.empty() && !locMatches(op->getLoc(), loc)))
        continue;
      Value t = op->getOperand(0);
      Value flat = resolve(t);
      // The coordinate `k` of the flat buffer with that extent; every flat
      // buffer walked by `t` must agree on its form.
      std::optional<std::pair<Monomial, Monomial>> want; // (divide by, modulo) ; unit = none
      bool conflict = false;
      for (auto [v, b] : flats) {
        if (!sameExpr(v, flat))
          continue;
        SmallVector<size_t> ks;
        for (size_t k = 0; k < b->dims.size(); ++k)
          if (b->hasDim(k, e.roles.front()))
            ks.push_back(k);
        if (ks.size() != 1) {
          conflict = true;
          break;
        }
        size_t k = ks.front();
        Monomial div = b->after(k);
        Monomial mod = k == 0 ? Monomial() : *b->dims[k];
        if (want && !(sameMonomial(want->first, div) && sameMonomial(want->second, mod))) {
          conflict = true;
          break;
        }
        want = {div, mod};
      }
      if (!want || conflict)
        continue;
      auto [div, mod] = *want;
      bool divUnit = sameMonomial(div, Monomial()), modUnit = sameMonomial(mod, Monomial());
      // Already the right form: `t % dm` for the last, `t / P` for the first.
      if ((divUnit && e.isRem && sameMonomial(e.divisor, mod)) ||
          (modUnit && !e.isRem && sameMonomial(e.divisor, div)))
        continue;
      Created created;
      OpBuilder b(op, &created);
      Location l = op->getLoc();
      Type type = t.getType();
      bool isUnsigned = isa<arith::RemUIOp, arith::DivUIOp>(op);
      Value cur = t;
      if (!divUnit) {
        Value d = buildMonomial(b, l, func, div, type);
        if (!d) {
          eraseAll(created.ops);
          continue;
        }
        Operation *q = isUnsigned ? arith::DivUIOp::create(b, l, cur, d).getOperation()
                                  : arith::DivSIOp::create(b, l, cur, d).getOperation();
        cur = q->getResult(0);
      }
      if (!modUnit) {
        Value m = buildMonomial(b, l, func, mod, type);
        if (!m) {
          eraseAll(created.ops);
          continue;
        }
        Operation *r = isUnsigned ? arith::RemUIOp::create(b, l, cur, m).getOperation()
                                  : arith::RemSIOp::create(b, l, cur, m).getOperation();
        cur = r->getResult(0);
      }
      for (Operation *c : created.ops)
        markRepaired(c, kPassArg);
      op->getResult(0).replaceAllUsesWith(cur);
      op->erase();
      ++numRewrites;
    }
    return success();
  }
};

} // namespace
