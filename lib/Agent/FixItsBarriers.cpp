//===- FixItsBarriers.cpp - fix-its: barriers and warp shuffles -----------===//
#include "FixIts.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;

namespace kfix::delivery {

//===----------------------------------------------------------------------===//
// Barriers and warp shuffles
//===----------------------------------------------------------------------===//

bool FixIts::barrier(Operation *op, llvm::StringRef pass) {
  Operation *next = neighbour(op, +1), *prev = neighbour(op, -1);
  // The end of the block (a loop's yield carries the loop's location): the
  // barrier goes after the statement before it.
  if (next && next->hasTrait<OpTrait::IsTerminator>())
    next = nullptr;
  std::vector<unsigned> lines; // insert before these lines
  std::string indent;
  // An early `return` just above it (`if (ox >= W) return;`, lifted as a
  // flag that the rest of the body tests): the barrier goes before that
  // statement, where every thread still runs it.
  auto isReturnFlag = [](Value m) {
    auto al = m.getDefiningOp<memref::AllocaOp>();
    auto v = al ? al->getAttrOfType<StringAttr>("kfix.var") : StringAttr();
    return v && v.getValue() == "__return";
  };
  for (Operation *p = op->getPrevNode(); p; p = p->getPrevNode()) {
    if (auto ld = dyn_cast<memref::LoadOp>(p); ld && isReturnFlag(ld.getMemref()))
      continue;
    if (isa<arith::ConstantOp, arith::XOrIOp>(p))
      continue;
    if (auto i = dyn_cast<scf::IfOp>(p)) {
      bool setsFlag = false;
      i.walk([&](memref::StoreOp st) { setsFlag |= isReturnFlag(st.getMemRef()); });
      if (auto l = fileLoc(i->getLoc(), base); setsFlag && l) {
        lines.push_back(l->first);
        indent = src.indentOf(l->first);
      }
    }
    break;
  }
  if (next) {
    unsigned l = fileLoc(next->getLoc(), base)->first;
    lines.push_back(l);
    indent = src.indentOf(l);
  }
  if (prev) {
    unsigned l = lastLine(prev) + 1;
    // The statement's own indentation (its first line: a loop's body
    // is indented further).
    if (indent.empty())
      indent = src.indentOf(fileLoc(prev->getLoc(), base)->first);
    lines.push_back(l);
    lines.push_back(fileLoc(prev->getLoc(), base)->first + 1);
  }
  if (!next && !prev) {
    // Alone in its block: after the block's opening line.
    if (auto l = fileLoc(op->getParentOp()->getLoc(), base)) {
      lines.push_back(l->first + 1);
      indent = src.indentOf(l->first) + "    ";
    }
  }
  Site s;
  std::set<unsigned> done;
  for (unsigned l : lines) {
    if (l == 0 || l > src.lineStart.size() || !done.insert(l).second)
      continue;
    // Use the indentation of the line it goes before unless that is a brace.
    std::string ind = src.indentOf(l);
    size_t b = src.lineBegin(l) + ind.size();
    if (b < src.text.size() && src.text[b] == '}')
      ind = indent;
    s.alternatives.push_back(
        {edit(src.lineBegin(l), 0, ind + "__syncthreads();\n", "insert-line", pass)});
  }
  return addSite(reinterpret_cast<size_t>(op), "barrier", std::move(s));
}

bool FixIts::shuffle(gpu::ShuffleOp sh, llvm::StringRef pass, SrcPrinter &pr) {
  auto o = at(sh);
  if (!o)
    return false;
  const std::string &t = src.text;
  size_t ne = tokenEnd(t, *o);
  llvm::StringRef name(t.data() + *o, ne - *o);
  if (!name.starts_with("__shfl"))
    return false;
  auto orig = dyn_cast_or_null<gpu::ShuffleOp>(counterpart(sh));
  if (!orig)
    return false;
  auto args = callArgs(*o);
  if (!args || args->size() < 3)
    return false;
  std::vector<SourceEdit> es;
  llvm::StringRef fn = shuffleIntrinsic(sh.getMode());
  if (sh.getMode() != orig.getMode())
    es.push_back(edit(*o, name.size(), fn.str(), "replace-token", pass));
  auto maskOf = [](Operation *x) -> std::optional<uint64_t> {
    if (auto m = x->getAttrOfType<IntegerAttr>("kfix.mask"))
      return m.getValue().getZExtValue();
    return std::nullopt;
  };
  auto replaceArg = [&](unsigned i, const std::string &text) {
    auto [b, e] = (*args)[i];
    if (t.substr(b, e - b) != text)
      es.push_back(edit(b, e - b, text, "replace-token", pass));
  };
  if (maskOf(sh) != maskOf(orig)) {
    std::string m = maskOf(sh) ? llvm::formatv("{0:x}", *maskOf(sh)).str() : fullMaskSpelling(src);
    replaceArg(0, m);
  }
  auto changed = [&](Value v) {
    Operation *d = v.getDefiningOp();
    return d && d->hasAttr("kfix.repaired");
  };
  if (changed(sh.getOffset())) {
    auto p = pr.print(sh.getOffset());
    if (!p)
      return false;
    replaceArg(2, p->text);
  }
  if (changed(sh.getWidth())) {
    auto p = pr.print(sh.getWidth());
    if (!p)
      return false;
    if (args->size() > 3)
      replaceArg(3, p->text);
    else if (p->text != "32")
      es.push_back(edit((*args)[2].second, 0, ", " + p->text, "replace-token", pass));
  }
  covered.insert(sh);
  if (es.empty())
    return true;
  Site s;
  s.alternatives.push_back(es);
  return addSite(*o, "shuffle", std::move(s));
}

} // namespace kfix::delivery
