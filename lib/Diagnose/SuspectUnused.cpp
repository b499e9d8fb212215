//===- SuspectUnused.cpp - values the kernel computes and loses ------------===//
//
// The models over lost values (SuspectModels.cpp lists every model). A local
// the kernel computes and never reads (`inv_dof = 1.0f / (M - correction)`
// beside `inv_m = 1.0f / M`), or a float parameter it never reads, was meant
// somewhere: most often where a value of its type and of a like form is read
// instead (`var = ssd * inv_m`). Every read of such a value in the wrong
// outputs' slice is a candidate; the one most like the unused value (the same
// top operation, a shared name prefix, a read that no right output needs)
// becomes the suspect, with the hint that replaces the operand by the unused
// value (unused-value). An integer local that float values are stored into
// (`int max_val = -INFINITY; ... max_val = v;`) truncates each of them
// (truncated-local); its hint declares the local float (the `retype` edit).
// A threshold test of a signed value whose magnitude the code keeps in a
// local (`ad = fabsf(d)` beside `d < delta`) meant the magnitude
// (abs-compare).
//
//===----------------------------------------------------------------------===//
#include "SuspectModels.h"

#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/Support/FormatVariadic.h"
#include <map>

using namespace mlir;
using namespace kfix;
using namespace kfix::suspects;

StringRef suspects::localName(memref::AllocaOp a) {
  // A helper's by-value parameter's copy (kfix.param) is no local of the
  // kernel's code: the models see the value it copies.
  if (!a || a.getType().getRank() != 0 || a->hasAttr("kfix.param"))
    return {};
  auto n = a->getAttrOfType<StringAttr>("kfix.var");
  return n ? n.getValue() : StringRef();
}

StringRef suspects::paramCopyName(memref::AllocaOp a) {
  if (!a || a.getType().getRank() != 0 || !a->hasAttr("kfix.param"))
    return {};
  auto n = a->getAttrOfType<StringAttr>("kfix.var");
  return n ? n.getValue() : StringRef();
}

namespace {

/// The stored values of a local, when all its users are stores.
SmallVector<Value> storesOnly(memref::AllocaOp a) {
  SmallVector<Value> vals;
  for (Operation *u : a->getUsers()) {
    auto st = dyn_cast<memref::StoreOp>(u);
    if (!st || st.getMemref() != a.getResult())
      return {};
    vals.push_back(st.getValueToStore());
  }
  return vals;
}

/// The top operation of a local's (first) stored value, "" for a constant.
std::string topOp(Value v) {
  Operation *d = stripCasts(v).getDefiningOp();
  if (!d || isa<arith::ConstantOp>(d))
    return "";
  return d->getName().getStringRef().str();
}

size_t commonPrefix(StringRef a, StringRef b) {
  size_t n = 0;
  while (n < a.size() && n < b.size() && a[n] == b[n])
    ++n;
  return n;
}

struct Unused {
  std::string name; // the local's name, or the parameter's
  std::string with; // how an edit names it (var:NAME, arg:NAME)
  Type type;
  std::string top; // the top operation of its value ("" for a parameter)
};

struct Read {
  Operation *user;
  unsigned operand;
  std::string name, top;
  double similarity;
};

} // namespace

void suspects::unusedModels(SuspectContext &ctx) {
  std::vector<Unused> unused;
  ctx.func.walk([&](memref::AllocaOp a) {
    // A helper's by-value parameter's named copy is never read by design;
    // it counts only when the helper's code never names the parameter.
    StringRef n = a->hasAttr("kfix.unread") ? paramCopyName(a) : localName(a);
    if (n.empty())
      return;
    SmallVector<Value> vals = storesOnly(a);
    // A computed value: a local only ever given constants is a leftover, not
    // a value someone meant to use.
    if (vals.empty() || llvm::all_of(vals, [](Value v) { return constantValue(v).has_value(); }))
      return;
    unused.push_back({n.str(), "var:" + n.str(), a.getType().getElementType(), topOp(vals[0])});
  });
  for (BlockArgument arg : ctx.func.getArguments())
    if (isa<FloatType>(arg.getType()) && arg.use_empty()) {
      std::string n = ctx.paramName(arg.getArgNumber());
      if (!n.empty())
        unused.push_back({n, "arg:" + n, arg.getType(), ""});
    }
  if (unused.empty())
    return;

  for (const Unused &u : unused) {
    std::vector<Read> reads;
    // Reads of another local of the type, and direct uses of another
    // parameter of the type, in the wrong outputs' slice.
    ctx.func.walk([&](memref::LoadOp ld) {
      auto a = ld.getMemref().getDefiningOp<memref::AllocaOp>();
      StringRef n = localName(a);
      if (n.empty() || n == u.name || a.getType().getElementType() != u.type ||
          !ctx.bad.contains(ld))
        return;
      std::string top;
      for (Operation *w : a->getUsers())
        if (auto st = dyn_cast<memref::StoreOp>(w); st && st.getMemref() == a.getResult()) {
          top = topOp(st.getValueToStore());
          break;
        }
      for (OpOperand &use : ld->getUses())
        if (ctx.bad.contains(use.getOwner()) && !isa<memref::StoreOp>(use.getOwner()))
          reads.push_back({use.getOwner(), use.getOperandNumber(), n.str(), top, 0});
    });
    // Reads of a helper's by-value parameter: its value where the helper's
    // body uses it (the parameter's named copy records the body's scope).
    ctx.func.walk([&](memref::AllocaOp a) {
      StringRef n = paramCopyName(a);
      if (n.empty() || n == u.name || a.getType().getElementType() != u.type)
        return;
      for (Operation *w : a->getUsers())
        if (auto st = dyn_cast<memref::StoreOp>(w))
          for (OpOperand &use : st.getValueToStore().getUses())
            if (ctx.bad.contains(use.getOwner()) && !isa<memref::StoreOp>(use.getOwner()) &&
                inLocalScope(a, use.getOwner()))
              reads.push_back({use.getOwner(), use.getOperandNumber(), n.str(), "", 0});
    });
    for (BlockArgument arg : ctx.func.getArguments()) {
      if (arg.getType() != u.type)
        continue;
      std::string n = ctx.paramName(arg.getArgNumber());
      if (n.empty() || n == u.name)
        continue;
      for (OpOperand &use : arg.getUses())
        if (ctx.bad.contains(use.getOwner()) && !isa<memref::StoreOp>(use.getOwner()))
          reads.push_back({use.getOwner(), use.getOperandNumber(), n, "", 0});
    }
    if (reads.empty())
      continue;
    for (Read &r : reads) {
      r.similarity = (!u.top.empty() && r.top == u.top) ? 2.0 : 0.0;
      size_t p = commonPrefix(u.name, r.name);
      if (p >= 2)
        r.similarity += std::min<double>(p, 4) / 4.0;
      // A read the right outputs need too is less likely the slip.
      if (!ctx.good.contains(r.user))
        r.similarity += 1.0;
    }
    llvm::stable_sort(reads,
                      [](const Read &a, const Read &b) { return a.similarity > b.similarity; });
    // The best read, and a second one only when it is as likely.
    for (size_t i = 0; i < reads.size() && i < 2; ++i) {
      const Read &r = reads[i];
      if (i == 1 && r.similarity < reads[0].similarity)
        break;
      ctx.add(r.user, "unused-value", i == 0 ? 3.0 : 2.4,
              llvm::formatv("'{0}' is computed and never read; '{1}' (read here) is a value of "
                            "its type and form",
                            u.name, r.name)
                  .str());
      ctx.setHint(r.user, "unused-value",
                  llvm::formatv("operand={0} with={1}", r.operand, u.with).str(),
                  /*keepFirst=*/true);
    }
  }
}

void suspects::truncatedLocals(SuspectContext &ctx) {
  ctx.func.walk([&](memref::StoreOp st) {
    auto a = st.getMemref().getDefiningOp<memref::AllocaOp>();
    StringRef n = localName(a);
    Operation *conv = st.getValueToStore().getDefiningOp();
    if (n.empty() || !isa_and_nonnull<arith::FPToSIOp, arith::FPToUIOp>(conv) ||
        !ctx.bad.contains(st))
      return;
    Type ft = conv->getOperand(0).getType();
    if (!ft.isF32() && !ft.isF64())
      return;
    // Its reads convert back to float: the value was a float all along.
    // (Not a local also used as an integer, an index: `i0 = (int)src; ...
    // x[i0 * W]; w = src - i0;` floors on purpose.)
    bool readAsFloat = false, readAsInt = false;
    for (Operation *u : a->getUsers())
      if (auto ld = dyn_cast<memref::LoadOp>(u))
        for (Operation *w : ld->getUsers())
          (isa<arith::SIToFPOp, arith::UIToFPOp>(w) ? readAsFloat : readAsInt) = true;
    if (!readAsFloat || readAsInt)
      return;
    ctx.add(st, "truncated-local", 3.5,
            llvm::formatv("float values are stored into the integer local '{0}' (each truncated) "
                          "and read back as floats",
                          n)
                .str());
    ctx.setHint(
        st, "truncated-local",
        llvm::formatv("kind=retype operand={0} with={1}", n, ft.isF64() ? "f64" : "f32").str());
  });
}

void suspects::negativeTruncation(SuspectContext &ctx) {
  // `src = (dst + 0.5f) * scale - 0.5f; i0 = (int)src; w = src - i0;`: a
  // source coordinate below zero truncates towards zero (i0 = 0 for src =
  // -0.3) and leaves a negative weight; torch clamps the coordinate at 0
  // first. The float's definition is the suspect, the clamp its hint.
  ctx.func.walk([&](arith::FPToSIOp conv) {
    Value src = conv.getIn();
    auto ld = src.getDefiningOp<memref::LoadOp>();
    memref::AllocaOp a = ld ? localOf(src) : memref::AllocaOp();
    if (!a || !ctx.bad.contains(conv))
      return;
    memref::StoreOp def;
    for (Operation *u : a->getUsers())
      if (auto st = dyn_cast<memref::StoreOp>(u); st && st.getMemref() == a.getResult()) {
        if (def)
          return;
        def = st;
      }
    // Defined as something minus a positive constant.
    auto sub = def ? def.getValueToStore().getDefiningOp<arith::SubFOp>() : arith::SubFOp();
    auto c = sub ? constantValue(sub.getRhs()) : std::nullopt;
    if (!c || *c <= 0 || *c >= 1)
      return;
    // The float is read again beside its truncation (the fraction).
    bool fraction = llvm::any_of(a->getUsers(), [&](Operation *u) {
      return isa<memref::LoadOp>(u) && u != ld.getOperation() &&
             llvm::any_of(u->getUsers(), [](Operation *w) { return isa<arith::SubFOp>(w); });
    });
    if (!fraction)
      return;
    ctx.add(sub, "negative-truncation", 2.5,
            llvm::formatv("'{0}' (less {1}) can be negative at the first elements, and (int) "
                          "truncates it towards zero while the fraction goes negative: clamp it "
                          "at 0?",
                          localName(a), *c)
                .str());
    ctx.setHint(sub, "negative-truncation", "kind=clamp0 operand=result with=", true);
  });
}

//===----------------------------------------------------------------------===//
// abs-compare: a signed value compared where its magnitude was meant
//===----------------------------------------------------------------------===//

namespace {

/// What `v` reads: the local a load reads, else the value itself.
const void *readKey(Value v) {
  v = stripCasts(v);
  if (auto ld = v.getDefiningOp<memref::LoadOp>())
    if (auto a = ld.getMemref().getDefiningOp<memref::AllocaOp>(); a && a.getType().getRank() == 0)
      return a.getOperation();
  return v.getAsOpaquePointer();
}

} // namespace

void suspects::absCompareModels(SuspectContext &ctx) {
  // |x| kept in a named local: `const float ad = fabsf(d);`.
  std::map<const void *, std::string> magnitude;
  ctx.func.walk([&](memref::StoreOp st) {
    auto a = st.getMemref().getDefiningOp<memref::AllocaOp>();
    StringRef n = localName(a);
    if (n.empty())
      return;
    if (auto abs = stripCasts(st.getValueToStore()).getDefiningOp<math::AbsFOp>())
      magnitude.try_emplace(readKey(abs.getOperand()), n.str());
  });
  if (magnitude.empty())
    return;
  // The comparisons of each value (a two-sided test `-t < x && x < t` reads
  // it twice, as a signed value on purpose).
  std::map<const void *, unsigned> tests;
  ctx.func.walk([&](arith::CmpFOp c) {
    for (Value v : c->getOperands())
      ++tests[readKey(v)];
  });
  ctx.func.walk([&](arith::CmpFOp c) {
    if (!ctx.bad.contains(c))
      return;
    for (unsigned j = 0; j < 2; ++j) {
      auto it = magnitude.find(readKey(c->getOperand(j)));
      if (it == magnitude.end() || tests[it->first] != 1)
        continue;
      // A sign test (`x < 0`) means the sign.
      if (auto k = constantValue(c->getOperand(1 - j)); k && *k == 0)
        continue;
      ctx.add(c, "abs-compare", 2.6,
              llvm::formatv("compares the signed value whose magnitude is '{0}' against a "
                            "threshold (|x| meant?)",
                            it->second)
                  .str());
      ctx.setHint(c, "abs-compare", llvm::formatv("operand={0} with=var:{1}", j, it->second).str());
    }
  });
}
