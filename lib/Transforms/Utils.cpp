//===- Utils.cpp - helpers shared by instrumentation and repair passes ----===//
#include "kfix/Transforms/Utils.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;

llvm::SmallVector<gpu::GPUFuncOp> kfix::takeUnmarkedFuncs(gpu::GPUModuleOp module,
                                                          llvm::StringRef marker) {
  llvm::SmallVector<gpu::GPUFuncOp> out;
  for (auto func : module.getOps<gpu::GPUFuncOp>()) {
    if (func->hasAttr(marker))
      continue;
    func->setAttr(marker, UnitAttr::get(module.getContext()));
    out.push_back(func);
  }
  return out;
}

int64_t kfix::nextFreeSite(Operation *root) {
  int64_t next = 0;
  root->walk([&](Operation *op) {
    if (op->getDialect() && op->getDialect()->getNamespace() == "kfix")
      if (auto site = op->getAttrOfType<IntegerAttr>("site"))
        next = std::max(next, site.getInt() + 1);
  });
  return next;
}

std::optional<FileLineColLoc> kfix::findFileLineCol(Location loc) {
  if (auto flc = dyn_cast<FileLineColLoc>(loc))
    return flc;
  if (auto named = dyn_cast<NameLoc>(loc))
    return findFileLineCol(named.getChildLoc());
  if (auto call = dyn_cast<CallSiteLoc>(loc))
    return findFileLineCol(call.getCallee());
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location l : fused.getLocations())
      if (auto r = findFileLineCol(l))
        return r;
  return std::nullopt;
}

std::string kfix::formatLoc(Location loc) {
  auto flc = findFileLineCol(loc);
  if (!flc)
    return "?";
  return (flc->getFilename().getValue() + ":" + llvm::Twine(flc->getLine()) + ":" +
          llvm::Twine(flc->getColumn()))
      .str();
}

bool kfix::locMatches(Location loc, llvm::StringRef filter) {
  filter = filter.trim();
  if (filter.empty())
    return true;
  auto flc = findFileLineCol(loc);
  if (!flc)
    return false;
  llvm::SmallVector<llvm::StringRef> parts;
  filter.split(parts, ':');
  // Accept "line", "line:col", "file:line", "file:line:col".
  llvm::StringRef file;
  unsigned line = 0, col = 0;
  auto isNum = [](llvm::StringRef s) { return !s.empty() && llvm::all_of(s, llvm::isDigit); };
  if (parts.size() == 1 && isNum(parts[0])) {
    parts[0].getAsInteger(10, line);
  } else if (parts.size() == 2 && isNum(parts[0]) && isNum(parts[1])) {
    parts[0].getAsInteger(10, line);
    parts[1].getAsInteger(10, col);
  } else if (parts.size() >= 2 && isNum(parts.back()) && isNum(parts[parts.size() - 2]) &&
             parts.size() >= 3) {
    parts[parts.size() - 2].getAsInteger(10, line);
    parts.back().getAsInteger(10, col);
    file = filter.rsplit(':').first.rsplit(':').first;
  } else if (parts.size() >= 2 && isNum(parts.back())) {
    parts.back().getAsInteger(10, line);
    file = filter.rsplit(':').first;
  } else {
    return false;
  }
  if (flc->getLine() != line)
    return false;
  if (col && flc->getColumn() != col)
    return false;
  if (!file.empty() && !flc->getFilename().getValue().ends_with(file))
    return false;
  return true;
}
