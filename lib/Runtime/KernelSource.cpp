//===- KernelSource.cpp - load a candidate or reference as MLIR -----------===//
#include "kfix/Runtime/KernelSource.h"
#include "llvm/ADT/StringExtras.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace kfix;
using namespace mlir;

static CudaImporter &importerSlot() {
  static CudaImporter importer;
  return importer;
}

void kfix::setCudaImporter(CudaImporter importer) { importerSlot() = std::move(importer); }
bool kfix::hasCudaImporter() { return static_cast<bool>(importerSlot()); }

static std::string kernelList(ModuleOp module) {
  std::string out;
  forEachKernel(module,
                [&](Operation *f) { out += (out.empty() ? "" : ", ") + kernelName(f).str(); });
  return out.empty() ? "none" : out;
}

/// file:line:col of the innermost file location, else MLIR's printing.
static std::string formatLocation(Location loc) {
  std::string out;
  loc->walk([&](Location l) {
    if (auto f = dyn_cast<FileLineColLoc>(l)) {
      out = (f.getFilename().getValue() + ":" + llvm::Twine(f.getLine()) + ":" +
             llvm::Twine(f.getColumn()))
                .str();
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (out.empty())
    llvm::raw_string_ostream(out) << loc;
  return out;
}

OwningOpRef<ModuleOp> kfix::loadKernelModule(MLIRContext &ctx, llvm::StringRef path,
                                             llvm::ArrayRef<std::string> kernels,
                                             std::string &error) {
  if (!llvm::sys::fs::is_regular_file(path)) {
    error = (path + ": no such file").str();
    return nullptr;
  }
  std::string diags;
  llvm::raw_string_ostream os(diags);
  ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &d) {
    if (d.getSeverity() == DiagnosticSeverity::Remark)
      return success();
    os << formatLocation(d.getLocation()) << ": "
       << (d.getSeverity() == DiagnosticSeverity::Error     ? "error: "
           : d.getSeverity() == DiagnosticSeverity::Warning ? "warning: "
                                                            : "note: ")
       << d << "\n";
    for (Diagnostic &n : d.getNotes())
      os << formatLocation(n.getLocation()) << ": note: " << n << "\n";
    return success();
  });
  OwningOpRef<ModuleOp> module;
  llvm::StringRef ext = llvm::sys::path::extension(path);
  if (ext == ".mlir") {
    module = parseSourceFile<ModuleOp>(path, &ctx);
  } else if (ext == ".cu" || ext == ".cuh" || ext == ".cpp" || ext == ".cc") {
    if (!hasCudaImporter()) {
      error = (path + ": cannot lift CUDA source: this kfix was built without the CUDA "
                      "frontend (pass a lifted .mlir instead)")
                  .str();
      return nullptr;
    }
    module = importerSlot()(ctx, path, kernels);
  } else {
    error = (path + ": unknown kernel source kind '" + ext + "' (expected .cu or .mlir)").str();
    return nullptr;
  }
  if (!module) {
    error = diags.empty() ? (path + ": failed to load").str() : diags;
    while (!error.empty() && error.back() == '\n')
      error.pop_back();
    return nullptr;
  }
  for (const std::string &k : kernels) {
    if (!findKernel(*module, k)) {
      error = (path + ": no kernel '" + k + "' (kernels: " + kernelList(*module) + ")").str();
      return nullptr;
    }
  }
  return module;
}

std::string kfix::Unliftable::message() const {
  return "not verified: " + construct + (location.empty() ? "" : " (" + location + ")");
}

std::optional<kfix::Unliftable> kfix::findUnliftable(llvm::StringRef error) {
  llvm::SmallVector<llvm::StringRef> lines;
  error.split(lines, '\n');
  for (llvm::StringRef line : lines) {
    size_t at = line.find(": error: kfix cannot lift ");
    if (at == llvm::StringRef::npos)
      continue;
    Unliftable u;
    u.location = line.substr(0, at).str();
    u.construct = line.substr(at + llvm::StringRef(": error: kfix cannot lift ").size()).str();
    // "candidate: /path/k.cu:3:7": keep the location only.
    llvm::StringRef loc = u.location;
    size_t sp = loc.rfind(' ');
    if (sp != llvm::StringRef::npos)
      u.location = loc.substr(sp + 1).str();
    return u;
  }
  return std::nullopt;
}
