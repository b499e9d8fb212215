//===- SuspectShared.cpp - shared arrays smaller or emptier than used ----===//
//
// The models over `__shared__` buffers (SuspectModels.cpp lists every model):
// shared-extent (an array smaller than the threads that index it, suspect at
// its declaration), uninit-shared (a buffer only ever updated atomically,
// never set) and uninit-read (a load the race detector saw read elements no
// thread of the block had written: 32 lanes reading the partials of 8 warps;
// the hint guards it by the extent the stores cover, `readguard`).
//
//===----------------------------------------------------------------------===//
#include "SuspectModels.h"

#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include <set>

using namespace mlir;
using namespace kfix;
using namespace kfix::suspects;

/// file:line:col of the `__shared__` declaration of `name` in the kernel source.
static bool findSharedDecl(SuspectContext &ctx, llvm::StringRef name, std::string &file,
                           unsigned &line, unsigned &col) {
  auto flc = findFileLineCol(ctx.func.getLoc());
  if (!flc)
    return false;
  file = flc->getFilename().str();
  auto buf = llvm::MemoryBuffer::getFile(file);
  if (!buf)
    return false;
  llvm::SmallVector<llvm::StringRef> lines;
  (*buf)->getBuffer().split(lines, '\n');
  auto isIdent = [](char c) { return llvm::isAlnum(c) || c == '_'; };
  for (auto [i, text] : llvm::enumerate(lines)) {
    if (!text.contains("__shared__"))
      continue;
    for (size_t pos = text.find(name); pos != llvm::StringRef::npos;
         pos = text.find(name, pos + 1)) {
      bool startOk = pos == 0 || !isIdent(text[pos - 1]);
      size_t end = pos + name.size();
      bool endOk = end >= text.size() || !isIdent(text[end]);
      if (startOk && endOk) {
        line = i + 1;
        col = pos + 1;
        return true;
      }
    }
  }
  return false;
}

static bool plainThreadIndex(Value v, unsigned depth = 0) {
  v = stripCasts(v);
  Operation *def = v.getDefiningOp();
  if (!def || depth > 8)
    return false;
  if (isa<gpu::ThreadIdOp>(def))
    return true;
  if (auto l = dyn_cast<memref::LoadOp>(def)) {
    (void)l;
    return false; // resolved by the caller through single stores
  }
  if (isa<arith::AddIOp, arith::MulIOp>(def))
    return llvm::any_of(def->getOperands(),
                        [&](Value o) { return plainThreadIndex(o, depth + 1); });
  return false;
}

void suspects::sharedBufferModels(SuspectContext &ctx) {
  for (BlockArgument buf : ctx.func.getWorkgroupAttributions()) {
    auto type = dyn_cast<MemRefType>(buf.getType());
    if (!type)
      continue;
    std::string name = bufferName(ctx, buf);
    const auto &writers = ctx.mem.writersOf(buf);
    const auto &readers = ctx.mem.readersOf(buf);
    std::string file;
    unsigned line = 0, col = 0;
    bool haveDecl = findSharedDecl(ctx, name, file, line, col);
    Operation *anchor = !readers.empty() ? readers.front() : nullptr;
    // Never initialized: only atomic read-modify-writes.
    bool plainWrite = llvm::any_of(writers, [](Operation *w) {
      return isa<memref::StoreOp, vector::StoreOp, vector::MaskedStoreOp>(w);
    });
    if (!plainWrite && !writers.empty()) {
      std::string why = "__shared__ '" + name +
                        "' is only updated atomically and never initialized (shared "
                        "memory starts undefined)";
      if (haveDecl)
        ctx.addAt(file, line, col, "__shared__ " + name, "uninit-shared", 3.5, why,
                  writers.front());
      for (Operation *w : writers)
        ctx.add(w, "uninit-shared", 2.0, why);
    }
    // Smaller than the threads that index it.
    if (!type.hasStaticShape() || ctx.threadsPerBlock <= 0 ||
        type.getNumElements() >= ctx.threadsPerBlock)
      continue;
    bool byThread = false;
    for (Operation *acc : llvm::concat<Operation *const>(writers, readers)) {
      for (Value idx : acc->getOperands().drop_front(acc->getNumOperands() > 0 ? 1 : 0)) {
        if (!isa<IndexType>(idx.getType()))
          continue;
        Value v = stripCasts(idx);
        if (auto l = v.getDefiningOp<memref::LoadOp>(); l && l.getIndices().empty())
          if (Value s = ctx.mem.singleStoredValue(l.getMemref()))
            v = s;
        if (plainThreadIndex(v))
          byThread = true;
      }
    }
    if (!byThread)
      continue;
    std::string why = llvm::formatv("__shared__ '{0}' has {1} elements but is indexed by the "
                                    "thread index of a {2}-thread block",
                                    name, type.getNumElements(), ctx.threadsPerBlock)
                          .str();
    double s = 3.5 + (ctx.in.faultLocs.empty() ? 0 : 1.0);
    if (haveDecl)
      ctx.addAt(file, line, col, "__shared__ " + name, "shared-extent", s, why, anchor);
  }
}

//===----------------------------------------------------------------------===//

/// The identity of what combines `v` (a few steps down its uses, through a
/// local it is stored into): -inf under a max, inf under a min, 1 under a
/// product, 0 otherwise.
static std::string identityFor(SuspectContext &ctx, Value v, unsigned depth = 0) {
  if (depth > 4)
    return "0";
  for (Operation *u : v.getUsers()) {
    if (isa<arith::MaximumFOp, arith::MaxNumFOp, arith::MaxSIOp, arith::MaxUIOp>(u))
      return "-inf";
    if (isa<arith::MinimumFOp, arith::MinNumFOp, arith::MinSIOp, arith::MinUIOp>(u))
      return "inf";
    if (isa<arith::MulFOp>(u))
      return "1";
    if (auto st = dyn_cast<memref::StoreOp>(u); st && st.getIndices().empty()) {
      for (Operation *r : st.getMemref().getUsers())
        if (auto l = dyn_cast<memref::LoadOp>(r); l && l != v.getDefiningOp()) {
          std::string id = identityFor(ctx, l.getResult(), depth + 1);
          if (id != "0")
            return id;
        }
      continue;
    }
    if (u->getNumResults() == 1 && isa<arith::ArithDialect>(u->getDialect()) &&
        !isa<arith::SelectOp, arith::CmpFOp, arith::CmpIOp>(u)) {
      std::string id = identityFor(ctx, u->getResult(0), depth + 1);
      if (id != "0")
        return id;
    }
  }
  return "0";
}

void suspects::uninitReadModels(SuspectContext &ctx) {
  if (ctx.in.uninitReadLocs.empty())
    return;
  // "line:col" of each finding's "file:line:col".
  std::set<std::string> at;
  for (llvm::StringRef l : ctx.in.uninitReadLocs) {
    auto [rest, col] = l.rsplit(':');
    at.insert((rest.rsplit(':').second + ":" + col).str());
  }
  ctx.func.walk([&](memref::LoadOp ld) {
    auto flc = findFileLineCol(ld->getLoc());
    if (!flc || !at.count(std::to_string(flc->getLine()) + ":" + std::to_string(flc->getColumn())))
      return;
    if (!isShared(memRoot(ld.getMemref())))
      return;
    ctx.add(ld, "uninit-read", 4.2,
            "this load reads shared elements that no thread of the block had written (the "
            "race detector saw it): its threads read more elements than the block's stores "
            "cover");
    ctx.setHint(ld, "uninit-read", "kind=readguard with=" + identityFor(ctx, ld.getResult()));
  });
}
