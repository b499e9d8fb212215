//===- Prepare.cpp - `kfix harness-prepare` -------------------------------===//
//
// Two parses of the candidate's source:
//  - the lifter's (device side, kfix::importCUDASource), which gives
//    kernels.mlir; template instantiations that only the host parse sees
//    (AT_DISPATCH lambdas under real PyTorch headers) are lifted on their own
//    and added, as `kfix run` does for the kernels a task names;
//  - a host parse (-x cuda --cuda-host-only, the lifter's Clang setup with the
//    torch stand-ins replaced by the harness's or by the real headers), whose
//    AST drives a clang::Rewriter: launches become ::kfix_rt::launch calls,
//    device bodies become `{}`, is_cuda()/kCUDA go through kfix_rt.
//
// Rewrites happen at spelling locations in the main file: an expression
// written in a macro argument is rewritten where it was written (once, however
// often the macro expands it); one written in a #define body is rewritten in
// the #define.
//
//===----------------------------------------------------------------------===//
#include "kfix/Harness/Prepare.h"
#include "kfix/LiftedIR/LiftedIR.h"
#include "kfix/Harness/ExecServer.h"
#include "kfix/Frontend/ImportCUDA.h"
#include "kfix/Report/Report.h"
#include "kfix/Runtime/KernelSource.h"

#include "ClangSetup.h"
#include "HostHeaders.h"
#include "HostRewriter.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Lexer.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include "clang/Tooling/Tooling.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <set>

using namespace llvm;
using namespace kfix;
using namespace kfix::harness;

namespace kfix::harness {

std::string jsonString(StringRef s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    switch (c) {
    case '"':
      out += "\\\"";
      break;
    case '\\':
      out += "\\\\";
      break;
    case '\n':
      out += "\\n";
      break;
    case '\t':
      out += "\\t";
      break;
    case '\r':
      out += "\\r";
      break;
    default:
      if (c < 0x20) {
        char buf[8];
        snprintf(buf, sizeof(buf), "\\u%04x", c);
        out += buf;
      } else {
        out += static_cast<char>(c);
      }
    }
  }
  return out + "\"";
}

std::string cString(StringRef s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\')
      out += '\\';
    out += c;
  }
  return out + "\"";
}

} // namespace kfix::harness

namespace {

std::string stripSpaces(StringRef s) {
  std::string out;
  for (char c : s)
    if (!isspace(static_cast<unsigned char>(c)))
      out += c;
  return out;
}

/// Errors of the host parse, FILE:LINE:COL: error: ...
class HostDiags : public clang::DiagnosticConsumer {
public:
  std::vector<std::string> errors;
  void HandleDiagnostic(clang::DiagnosticsEngine::Level level,
                        const clang::Diagnostic &info) override {
    clang::DiagnosticConsumer::HandleDiagnostic(level, info);
    if (level < clang::DiagnosticsEngine::Error)
      return;
    SmallString<128> msg;
    info.FormatDiagnostic(msg);
    std::string where;
    if (info.hasSourceManager() && info.getLocation().isValid()) {
      const clang::SourceManager &sm = info.getSourceManager();
      clang::PresumedLoc p = sm.getPresumedLoc(sm.getFileLoc(info.getLocation()));
      if (p.isValid())
        where =
            (Twine(p.getFilename()) + ":" + Twine(p.getLine()) + ":" + Twine(p.getColumn()) + ": ")
                .str();
    }
    errors.push_back(where + "error: " + msg.str().str());
  }
};

class HostVisitor : public clang::RecursiveASTVisitor<HostVisitor> {
public:
  explicit HostVisitor(HostRewriter &hr) : hr(hr) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitCUDAKernelCallExpr(clang::CUDAKernelCallExpr *e) {
    if (!inDevice())
      hr.addLaunch(e);
    return true;
  }
  bool VisitCallExpr(clang::CallExpr *e) {
    if (inDevice() || isa<clang::CUDAKernelCallExpr>(e))
      return true;
    if (const clang::FunctionDecl *fd = e->getDirectCallee()) {
      if (fd->getIdentifier() && fd->getName().starts_with("cudaLaunch") &&
          !fd->getName().starts_with("cudaLaunchHostFunc"))
        hr.addRuntimeLaunch(e, fd->getName());
      if (fd->getIdentifier() && fd->getName().starts_with("cudaMemcpy") &&
          fd->getName().contains("Symbol"))
        hr.addSymbolCopy(e, fd->getName());
    }
    return true;
  }
  bool VisitCXXMemberCallExpr(clang::CXXMemberCallExpr *e) {
    if (!inDevice())
      hr.addIsCuda(e);
    return true;
  }
  bool VisitDeclRefExpr(clang::DeclRefExpr *e) {
    if (!inDevice())
      hr.addDeviceType(e);
    return true;
  }
  bool VisitVarDecl(clang::VarDecl *vd) {
    hr.addDeviceGlobal(vd);
    return true;
  }
  bool TraverseFunctionDecl(clang::FunctionDecl *fd) {
    return traverseFn(fd, [&] { return RecursiveASTVisitor::TraverseFunctionDecl(fd); });
  }
  bool TraverseCXXMethodDecl(clang::CXXMethodDecl *fd) {
    return traverseFn(fd, [&] { return RecursiveASTVisitor::TraverseCXXMethodDecl(fd); });
  }

private:
  HostRewriter &hr;
  unsigned deviceDepth = 0;
  bool inDevice() const { return deviceDepth > 0; }
  template <typename F> bool traverseFn(clang::FunctionDecl *fd, F &&f) {
    bool dev = HostRewriter::isDeviceOnly(fd);
    if (dev)
      hr.addBody(fd);
    deviceDepth += dev;
    bool r = f();
    deviceDepth -= dev;
    return r;
  }
};

class HostConsumer : public clang::ASTConsumer {
public:
  explicit HostConsumer(HostResult &out) : out(out) {}
  void HandleTranslationUnit(clang::ASTContext &ast) override {
    out.ran = true;
    HostRewriter hr(ast, out);
    HostVisitor v(hr);
    v.TraverseDecl(ast.getTranslationUnitDecl());
    hr.finish();
  }

private:
  HostResult &out;
};

class HostAction : public clang::ASTFrontendAction {
public:
  explicit HostAction(HostResult &out) : out(out) {}
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance &ci,
                                                        StringRef) override {
    ci.getDiagnostics().setFatalsAsError(true);
    return std::make_unique<HostConsumer>(out);
  }

private:
  HostResult &out;
};

constexpr const char *kHarnessDir = "/__kfix__/harness";

/// The host parse: the lifter's setup with --cuda-host-only and the harness's
/// headers (or the real torch headers).
void parseHost(StringRef mainPath, StringRef source, const PrepareOptions &o, HostResult &out,
               std::vector<std::string> &hostErrors) {
  ImportOptions io;
  io.includeDirs = o.includeDirs;
  io.defines = o.defines;
  io.noCudaToolkit = o.noCudaToolkit;
  frontend::ClangSetup setup = frontend::buildClangSetup(mainPath, source, io);
  bool realTorch = !o.torchIncludes.empty();
  std::vector<frontend::VirtualFile> files;
  for (frontend::VirtualFile &f : setup.files) {
    StringRef p(f.path);
    if (p.consume_front("/__kfix__/stubs/") && p != "__kfix_cuda_prelude.h" &&
        p != "__kfix_torch_accessors.h") {
      if (realTorch)
        continue; // the real header is found through --torch-include
      f.contents = kHostTorchStub;
    }
    files.push_back(f);
  }
  files.push_back({std::string(kHarnessDir) + "/__kfix_harness_prelude.h", kHostPrelude});
  std::vector<std::string> args;
  for (const std::string &a : setup.args) {
    if (a == "--cuda-device-only") {
      args.push_back("--cuda-host-only");
      continue;
    }
    if (a == mainPath)
      continue;
    args.push_back(a);
  }
  args.push_back("-D__KFIX_HARNESS_HOST__=1");
  for (const std::string &d : o.torchIncludes)
    args.push_back("-I" + d);
  args.push_back("-include");
  args.push_back(std::string(kHarnessDir) + "/__kfix_harness_prelude.h");
  args.push_back(mainPath.str());

  auto overlay = makeIntrusiveRefCnt<vfs::OverlayFileSystem>(vfs::getRealFileSystem());
  auto mem = makeIntrusiveRefCnt<vfs::InMemoryFileSystem>();
  overlay->pushOverlay(mem);
  mem->addFile(mainPath, 0, MemoryBuffer::getMemBufferCopy(source, mainPath));
  for (const frontend::VirtualFile &f : files)
    mem->addFile(f.path, 0, MemoryBuffer::getMemBufferCopy(f.contents, f.path));
  auto fm = makeIntrusiveRefCnt<clang::FileManager>(clang::FileSystemOptions(), overlay);
  HostDiags diags;
  clang::tooling::ToolInvocation inv(args, std::make_unique<HostAction>(out), fm.get());
  inv.setDiagnosticConsumer(&diags);
  (void)inv.run(); // host errors (missing torch pieces) do not stop the rewrite
  hostErrors = diags.errors;
}

/// Lifts the file; adds the instantiations that the host parse launches and
/// the file does not instantiate for the device parse.
mlir::OwningOpRef<mlir::ModuleOp> liftKernels(mlir::MLIRContext &ctx, StringRef path,
                                              StringRef source, const PrepareOptions &o,
                                              const std::set<std::string> &wanted,
                                              std::string &errors) {
  ImportOptions io;
  io.includeDirs = o.includeDirs;
  io.defines = o.defines;
  io.noCudaToolkit = o.noCudaToolkit;
  mlir::OwningOpRef<mlir::ModuleOp> module = importCUDASource(ctx, path, source, io, errors);
  if (!module) {
    // Every kernel a template that only the host side instantiates (an
    // AT_DISPATCH lambda under real PyTorch headers): lift one by name first.
    for (const std::string &k : wanted) {
      ImportOptions one = io;
      one.kernel = k;
      std::string err;
      module = importCUDASource(ctx, path, source, one, err);
      if (module) {
        errors.clear();
        break;
      }
    }
    if (!module)
      return nullptr;
  }
  for (const std::string &k : wanted) {
    if (findKernel(*module, k))
      continue;
    bool known = false;
    module->walk([&](mlir::gpu::GPUFuncOp f) {
      if (auto n = f->getAttrOfType<mlir::StringAttr>("kfix.name"))
        known |= stripSpaces(n.getValue()) == stripSpaces(k);
    });
    if (known)
      continue;
    ImportOptions one = io;
    one.kernel = k;
    std::string err;
    mlir::OwningOpRef<mlir::ModuleOp> extra = importCUDASource(ctx, path, source, one, err);
    if (!extra) {
      errors += err;
      continue;
    }
    auto dst = *module->getOps<mlir::gpu::GPUModuleOp>().begin();
    for (auto src : extra->getOps<mlir::gpu::GPUModuleOp>())
      for (mlir::Operation &op : llvm::make_early_inc_range(src.getBody()->getOperations()))
        if (auto f = dyn_cast<mlir::gpu::GPUFuncOp>(op))
          if (!dst.lookupSymbol(f.getName()))
            f->moveBefore(dst.getBody(), dst.getBody()->end());
  }
  return module;
}

std::string jsonList(const std::vector<std::string> &items, bool quote, StringRef indent) {
  if (items.empty())
    return "[]";
  std::string s = "[";
  for (size_t i = 0; i < items.size(); ++i)
    s += (i ? ",\n" : "\n") + indent.str() + "  " + (quote ? jsonString(items[i]) : items[i]);
  return s + "\n" + indent.str() + "]";
}

} // namespace

std::string kfix::harness::hostPrologue(StringRef sourcePath) {
  return "#include \"kfix_rt.h\"\n#include \"kfix_rt_compat.h\"\n#line 1 " + cString(sourcePath) +
         "\n";
}

PrepareResult kfix::harness::prepareHarness(mlir::MLIRContext &ctx, const PrepareOptions &o) {
  PrepareResult res;
  auto fail = [&](const Twine &msg) {
    res.exitCode = 2;
    res.error = msg.str();
    return res;
  };
  if (o.outDir.empty())
    return fail("no output directory (-o DIR)");
  if (sys::fs::is_directory(o.source))
    return fail(o.source + ": error: is a directory");
  ErrorOr<std::unique_ptr<MemoryBuffer>> buf = MemoryBuffer::getFile(o.source);
  if (!buf)
    return fail(o.source + ": error: " + buf.getError().message());
  SmallString<256> abs(o.source);
  if (sys::fs::make_absolute(abs))
    return fail(o.source + ": error: cannot make the path absolute");
  sys::path::remove_dots(abs, /*remove_dot_dot=*/true);
  std::string mainPath(abs);
  StringRef source = (*buf)->getBuffer();

  // Host side.
  HostResult host;
  std::vector<std::string> hostErrors;
  parseHost(mainPath, source, o, host, hostErrors);
  if (!host.ran) {
    std::string all;
    for (const std::string &e : hostErrors)
      all += e + "\n";
    return fail(all + mainPath + ": error: Clang could not parse the file");
  }
  {
    // Every error of the candidate's own file; a few of the headers' (real
    // PyTorch headers under a Clang they were not written for say a lot).
    std::vector<std::string> kept;
    size_t elsewhere = 0;
    for (std::string &e : hostErrors) {
      if (StringRef(e).starts_with(mainPath + ":"))
        kept.push_back(std::move(e));
      else if (++elsewhere <= 10)
        kept.push_back(std::move(e));
    }
    if (elsewhere > 10)
      kept.push_back(std::to_string(elsewhere - 10) + " more error(s) in included headers");
    hostErrors = std::move(kept);
  }
  for (const std::string &p : host.problems)
    hostErrors.push_back(p);

  // Device side.
  std::string liftErrors;
  mlir::OwningOpRef<mlir::ModuleOp> module =
      liftKernels(ctx, mainPath, source, o, host.instantiations, liftErrors);
  std::vector<std::string> kernelsJson;
  if (module) {
    module->walk([&](mlir::gpu::GPUFuncOp f) {
      kernelsJson.push_back("{\"name\": " + jsonString(kfix::kernelName(f)) +
                            ", \"symbol\": " + jsonString(f.getName()) +
                            ", \"params\": " + describeParamsJson(f) + "}");
    });
  }
  if (host.sites.empty() && kernelsJson.empty() && host.numKernelDefs == 0)
    return fail(mainPath + ": error: no kernel launch and no __global__ function in the file" +
                (liftErrors.empty() ? "" : "\n" + StringRef(liftErrors).rtrim().str()));

  // Outputs, each written atomically.
  std::string mlirText;
  if (module) {
    raw_string_ostream os(mlirText);
    mlir::OpPrintingFlags flags;
    flags.enableDebugInfo(true, /*prettyForm=*/false);
    module->print(os, flags);
  }
  std::string hostText = hostPrologue(mainPath) + host.rewritten;

  std::vector<std::string> siteJson;
  for (const SiteInfo &s : host.sites) {
    siteJson.push_back(
        "{\"site\": " + std::to_string(s.number) + ", \"file\": " + jsonString(s.file) +
        ", \"line\": " + std::to_string(s.line) + ", \"col\": " + std::to_string(s.col) +
        ", \"callee\": " + jsonString(s.callee) +
        ", \"key\": " + (s.key ? jsonString(*s.key) : std::string("null")) +
        ", \"instantiations\": " + jsonList(s.instantiations, true, "    ") + "}");
  }
  std::string manifest =
      "{\n  \"source\": " + jsonString(mainPath) +
      ",\n  \"kernels\": " + jsonList(kernelsJson, false, "  ") +
      ",\n  \"sites\": " + jsonList(siteJson, false, "  ") + ",\n  \"lift_errors\": " +
      (module ? std::string("null") : jsonString(StringRef(liftErrors).rtrim())) +
      ",\n  \"device_globals\": " + jsonList(host.deviceGlobals, false, "  ") +
      ",\n  \"host_errors\": " + jsonList(hostErrors, true, "  ") + "\n}\n";

  SmallString<256> dir(o.outDir);
  auto path = [&](StringRef name) {
    SmallString<256> p(dir);
    sys::path::append(p, name);
    return std::string(p);
  };
  std::vector<std::string> protect = {mainPath};
  if (module) {
    if (Error e = writeOutputFile(path("kernels.mlir"), mlirText, protect))
      return fail(toString(std::move(e)));
  } else {
    (void)sys::fs::remove(path("kernels.mlir"));
  }
  if (Error e = writeOutputFile(path("host.cpp"), hostText, protect))
    return fail(toString(std::move(e)));
  if (Error e = writeOutputFile(path("manifest.json"), manifest, protect))
    return fail(toString(std::move(e)));
  res.numSites = host.sites.size();
  res.numKernels = kernelsJson.size();
  res.lifted = static_cast<bool>(module);
  res.hostErrors = hostErrors;
  return res;
}
