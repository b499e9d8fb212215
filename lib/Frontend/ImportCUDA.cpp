//===- ImportCUDA.cpp - the lifter's driver -------------------------------===//
//
// Runs Clang over the .cu file (device side), sorts its diagnostics into
// device code (reported, fatal) and host code (ignored; --verbose shows
// them), finds the __global__ functions and template instantiations, and
// builds the module of docs/ir-conventions.md with one Lifter per kernel.
//
//===----------------------------------------------------------------------===//
#include "kfix/Frontend/ImportCUDA.h"
#include "ClangSetup.h"
#include "Lifter.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/Tooling.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/VirtualFileSystem.h"

using namespace mlir;
using namespace kfix;
using namespace kfix::frontend;
namespace cl = clang;

//===----------------------------------------------------------------------===//
// Kernel signatures
//===----------------------------------------------------------------------===//

Type Lifter::kernelArgType(const cl::ParmVarDecl *p) {
  cl::QualType t = p->getType();
  if (t->isPointerType()) {
    Type elem = memoryType(t->getPointeeType(), p->getLocation());
    if (!elem)
      return {};
    // `float4 *p`: a buffer of scalars seen through a vector pointer, the same
    // as `reinterpret_cast<float4 *>(p)` of a `float *` (buffer params are
    // memrefs of scalars, docs/ir-conventions.md).
    if (auto vt = dyn_cast<VectorType>(elem))
      elem = vt.getElementType();
    return MemRefType::get({ShapedType::kDynamic}, elem);
  }
  if (t->isReferenceType()) {
    (void)error(p->getLocation(), "kfix cannot lift a reference kernel parameter");
    return {};
  }
  if (accessorInfo(t))
    return accessorMemRefType(t, p->getLocation());
  return convertType(t, p->getLocation());
}

LogicalResult Lifter::liftKernel(const cl::FunctionDecl *fd, gpu::GPUFuncOp f) {
  func = f;
  entry = &func.getBody().front();
  b.setInsertionPointToStart(entry);
  Location l = loc(fd);
  voidValue = constBool(true, l);
  allocaAnchor = nullptr;
  frames.emplace_back();
  frames.back().fn = fd;
  frames.back().isKernel = true;
  for (unsigned i = 0; i < fd->getNumParams(); ++i)
    if (::mlir::failed(bindParam(fd->getParamDecl(i), entry->getArgument(i), true)))
      return failure();
  if (::mlir::failed(emitStmt(fd->getBody())) || failed)
    return failure();
  gpu::ReturnOp::create(b, loc(fd->getBody()->getEndLoc()));
  if (voidValue.use_empty())
    voidValue.getDefiningOp()->erase();
  frames.clear();
  return success();
}

//===----------------------------------------------------------------------===//
// Diagnostics
//===----------------------------------------------------------------------===//

namespace {
struct CollectedDiag {
  cl::SourceLocation loc; // expansion location; invalid for driver errors
  std::string text;       // FILE:LINE:COL: error: message
};

class Collector : public cl::DiagnosticConsumer {
public:
  std::vector<CollectedDiag> errors;
  void HandleDiagnostic(cl::DiagnosticsEngine::Level level,
                        const cl::Diagnostic &info) override {
    cl::DiagnosticConsumer::HandleDiagnostic(level, info);
    if (level < cl::DiagnosticsEngine::Error)
      return;
    SmallString<128> msg;
    info.FormatDiagnostic(msg);
    CollectedDiag d;
    std::string where;
    if (info.hasSourceManager() && info.getLocation().isValid()) {
      const cl::SourceManager &sm = info.getSourceManager();
      d.loc = sm.getExpansionLoc(info.getLocation());
      cl::PresumedLoc p = sm.getPresumedLoc(d.loc);
      if (p.isValid())
        where = (Twine(p.getFilename()) + ":" + Twine(p.getLine()) + ":" +
                 Twine(p.getColumn()) + ": ")
                    .str();
    }
    d.text = where + "error: " + msg.str().str();
    errors.push_back(std::move(d));
  }
};

struct ImportState {
  MLIRContext &ctx;
  const ImportOptions &opts;
  std::string mainPath;
  std::string &errors;
  Collector &diags;
  OwningOpRef<ModuleOp> module;
  bool ran = false;
};

struct Kernel {
  const cl::FunctionDecl *fd;
  std::string name;   // as written: scale<float>
  std::string symbol; // scale_float
};

/// Every function with a body that runs on the device, and every kernel.
struct DeclCollector {
  const cl::SourceManager &sm;
  std::vector<const cl::FunctionDecl *> device;
  std::vector<const cl::FunctionDecl *> kernels;

  void addFunction(const cl::FunctionDecl *fd) {
    if (sm.isInSystemHeader(fd->getLocation()))
      return;
    bool isDev = fd->hasAttr<cl::CUDADeviceAttr>() || fd->hasAttr<cl::CUDAGlobalAttr>();
    if (isDev && fd->doesThisDeclarationHaveABody())
      device.push_back(fd);
  }
  void visit(const cl::DeclContext *dc) {
    for (const cl::Decl *d : dc->decls()) {
      if (const auto *ns = dyn_cast<cl::NamespaceDecl>(d)) {
        visit(ns);
      } else if (const auto *ls = dyn_cast<cl::LinkageSpecDecl>(d)) {
        visit(ls);
      } else if (const auto *ft = dyn_cast<cl::FunctionTemplateDecl>(d)) {
        const cl::FunctionDecl *pat = ft->getTemplatedDecl();
        addFunction(pat);
        if (pat->hasAttr<cl::CUDAGlobalAttr>() && !sm.isInSystemHeader(pat->getLocation()))
          for (const cl::FunctionDecl *spec : ft->specializations())
            if (spec->hasBody() && !spec->isInvalidDecl())
              kernels.push_back(spec);
      } else if (const auto *fd = dyn_cast<cl::FunctionDecl>(d)) {
        addFunction(fd);
        if (fd->hasAttr<cl::CUDAGlobalAttr>() && fd->doesThisDeclarationHaveABody() &&
            !fd->isTemplated() && !sm.isInSystemHeader(fd->getLocation()))
          kernels.push_back(fd);
      }
    }
  }
};

std::string sanitize(StringRef name) {
  std::string out;
  for (char c : name) {
    if (isalnum((unsigned char)c) || c == '_')
      out += c;
    else if (!out.empty() && out.back() != '_')
      out += '_';
  }
  while (!out.empty() && out.back() == '_')
    out.pop_back();
  return out.empty() ? "kernel" : out;
}

std::string stripSpaces(StringRef s) {
  std::string out;
  for (char c : s)
    if (!isspace((unsigned char)c))
      out += c;
  return out;
}

std::string cTypeString(cl::QualType t, const cl::PrintingPolicy &pp) {
  std::string s = t.getAsString(pp);
  // Clang prints `__restrict`; CUDA sources spell it `__restrict__`.
  std::string out;
  StringRef r(s);
  while (!r.empty()) {
    size_t pos = r.find("__restrict");
    if (pos == StringRef::npos) {
      out += r.str();
      break;
    }
    out += r.substr(0, pos).str() + "__restrict__";
    r = r.substr(pos + 10);
    r.consume_front("__");
  }
  return out;
}

class LiftConsumer : public cl::ASTConsumer {
public:
  LiftConsumer(ImportState &st) : st(st) {}

  void HandleTranslationUnit(cl::ASTContext &ast) override {
    st.ran = true;
    const cl::SourceManager &sm = ast.getSourceManager();
    DeclCollector dc{sm, {}, {}};
    dc.visit(ast.getTranslationUnitDecl());

    // Errors inside device functions are fatal; the rest are host code.
    bool deviceErrors = false;
    for (const CollectedDiag &d : st.diags.errors) {
      bool inDevice = false;
      if (d.loc.isValid())
        for (const cl::FunctionDecl *fd : dc.device) {
          cl::SourceRange r = fd->getSourceRange();
          cl::SourceLocation b = sm.getExpansionLoc(r.getBegin());
          cl::SourceLocation e = sm.getExpansionLoc(r.getEnd());
          if (!sm.isBeforeInTranslationUnit(d.loc, b) &&
              !sm.isBeforeInTranslationUnit(e, d.loc)) {
            inDevice = true;
            break;
          }
        }
      if (inDevice) {
        st.errors += d.text + "\n";
        deviceErrors = true;
      } else if (st.opts.verbose) {
        st.errors += d.text + " [host code: ignored]\n";
      }
    }
    if (deviceErrors)
      return;

    // The kernels to lift.
    cl::PrintingPolicy pp = ast.getPrintingPolicy();
    pp.SuppressTagKeyword = true;
    std::vector<Kernel> kernels;
    llvm::StringSet<> symbols;
    for (const cl::FunctionDecl *fd : dc.kernels) {
      Kernel k{fd, "", ""};
      llvm::raw_string_ostream os(k.name);
      fd->getNameForDiagnostic(os, pp, /*Qualified=*/false);
      k.symbol = sanitize(k.name);
      std::string base = k.symbol;
      for (unsigned i = 1; symbols.contains(k.symbol); ++i)
        k.symbol = base + "_" + std::to_string(i);
      symbols.insert(k.symbol);
      if (!st.opts.kernel.empty()) {
        std::string want = stripSpaces(st.opts.kernel);
        if (want != stripSpaces(k.name) && want != k.symbol &&
            want != fd->getNameAsString())
          continue;
      }
      kernels.push_back(k);
    }
    if (kernels.empty()) {
      if (!st.opts.kernel.empty())
        st.errors += st.mainPath + ": error: no __global__ function named '" +
                     st.opts.kernel + "'\n";
      else
        st.errors += st.mainPath +
                     ": error: no __global__ function to lift (a template kernel "
                     "needs an instantiation, or --kernel 'name<args>')\n";
      return;
    }

    MLIRContext &ctx = st.ctx;
    OpBuilder b(&ctx);
    Location modLoc = FileLineColLoc::get(&ctx, st.mainPath, 1, 1);
    OwningOpRef<ModuleOp> module = ModuleOp::create(modLoc);
    (*module)->setAttr("gpu.container_module", b.getUnitAttr());
    (*module)->setAttr("kfix.source", b.getStringAttr(st.mainPath));
    b.setInsertionPointToEnd(module->getBody());
    auto gm = gpu::GPUModuleOp::create(b, modLoc, "kernels");
    b.setInsertionPointToStart(gm.getBody());
    for (const Kernel &k : kernels) {
      Lifter lf(ast, &ctx, st.errors);
      SmallVector<Type> argTypes;
      SmallVector<Attribute> names, ctypes;
      for (const cl::ParmVarDecl *p : k.fd->parameters()) {
        Type t = lf.kernelArgType(p);
        if (!t)
          return;
        argTypes.push_back(t);
        names.push_back(b.getStringAttr(p->getName()));
        ctypes.push_back(b.getStringAttr(cTypeString(p->getType(), pp)));
      }
      auto fn = gpu::GPUFuncOp::create(b, lf.loc(k.fd), k.symbol,
                                       b.getFunctionType(argTypes, {}));
      fn->setAttr(gpu::GPUDialect::getKernelFuncAttrName(), b.getUnitAttr());
      fn->setAttr("kfix.name", b.getStringAttr(k.name));
      fn->setAttr("kfix.arg_names", b.getArrayAttr(names));
      fn->setAttr("kfix.arg_ctypes", b.getArrayAttr(ctypes));
      if (::mlir::failed(lf.liftKernel(k.fd, fn)))
        return;
      SmallVector<Attribute> shared;
      for (const std::string &s : lf.sharedNames)
        shared.push_back(b.getStringAttr(s));
      fn->setAttr("kfix.shared_names", b.getArrayAttr(shared));
      b.setInsertionPointAfter(fn);
    }
    if (::mlir::failed(verify(*module))) {
      st.errors += st.mainPath + ": error: internal error: the lifted IR does "
                                 "not verify (please report)\n";
      return;
    }
    st.module = std::move(module);
  }

private:
  ImportState &st;
};

class LiftAction : public cl::ASTFrontendAction {
public:
  explicit LiftAction(ImportState &st) : st(st) {}
  std::unique_ptr<cl::ASTConsumer> CreateASTConsumer(cl::CompilerInstance &ci,
                                                     StringRef) override {
    // A missing header is an error like any other, not the end of the parse:
    // host-only includes must not stop the lifting of device code.
    ci.getDiagnostics().setFatalsAsError(true);
    return std::make_unique<LiftConsumer>(st);
  }

private:
  ImportState &st;
};
} // namespace

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

OwningOpRef<ModuleOp> kfix::importCUDASource(MLIRContext &context, StringRef path,
                                             StringRef source,
                                             const ImportOptions &options,
                                             std::string &errors) {
  context.loadDialect<gpu::GPUDialect, scf::SCFDialect, arith::ArithDialect,
                      math::MathDialect, memref::MemRefDialect,
                      vector::VectorDialect, NVVM::NVVMDialect>();
  SmallString<256> abs(path);
  if (::llvm::sys::fs::make_absolute(abs)) {
    errors += path.str() + ": error: cannot make the path absolute\n";
    return {};
  }
  ::llvm::sys::path::remove_dots(abs, /*remove_dot_dot=*/true);
  std::string mainPath(abs);

  std::string text = source.str();
  // `--kernel name<args>`: make sure that instantiation exists.
  if (options.kernel.find('<') != std::string::npos)
    text += "\nstatic auto *__kfix_force_instantiation = &" + options.kernel + ";\n";

  ClangSetup setup = buildClangSetup(mainPath, text, options);
  auto overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      llvm::vfs::getRealFileSystem());
  auto mem = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  overlay->pushOverlay(mem);
  mem->addFile(mainPath, 0, llvm::MemoryBuffer::getMemBufferCopy(text, mainPath));
  for (const VirtualFile &f : setup.files)
    mem->addFile(f.path, 0, llvm::MemoryBuffer::getMemBufferCopy(f.contents, f.path));
  auto files = llvm::makeIntrusiveRefCnt<cl::FileManager>(cl::FileSystemOptions(),
                                                          overlay);

  Collector diags;
  ImportState st{context, options, mainPath, errors, diags, {}, false};
  cl::tooling::ToolInvocation inv(setup.args, std::make_unique<LiftAction>(st),
                                  files.get());
  inv.setDiagnosticConsumer(&diags);
  (void)inv.run(); // host-code errors make this fail; see the consumer
  if (!st.ran) {
    for (const CollectedDiag &d : diags.errors)
      errors += d.text + "\n";
    errors += mainPath + ": error: Clang could not parse the file\n";
    return {};
  }
  return std::move(st.module);
}

OwningOpRef<ModuleOp> kfix::importCUDA(MLIRContext &context, StringRef path,
                                       const ImportOptions &options,
                                       std::string &errors) {
  auto buf = llvm::MemoryBuffer::getFile(path);
  if (!buf) {
    errors += path.str() + ": error: " + buf.getError().message() + "\n";
    return {};
  }
  return importCUDASource(context, path, (*buf)->getBuffer(), options, errors);
}

void kfix::registerImportCUDATranslation(
    std::function<void(DialectRegistry &)> registerDialects) {
  static llvm::cl::list<std::string> includeDirs(
      "I", llvm::cl::Prefix, llvm::cl::desc("--import-cuda: include directory"),
      llvm::cl::value_desc("dir"));
  static llvm::cl::list<std::string> defines(
      "D", llvm::cl::Prefix, llvm::cl::desc("--import-cuda: define a macro"),
      llvm::cl::value_desc("name[=value]"));
  static llvm::cl::opt<std::string> kernel(
      "kernel", llvm::cl::desc("--import-cuda: lift only this kernel (as written, "
                               "e.g. 'scale<float>')"),
      llvm::cl::init(""));
  static llvm::cl::opt<bool> verbose(
      "verbose", llvm::cl::desc("--import-cuda: also show host-code diagnostics"),
      llvm::cl::init(false));
  static TranslateToMLIRRegistration reg(
      "import-cuda", "lift the CUDA kernels of a .cu file to MLIR",
      [](llvm::SourceMgr &sm, MLIRContext *ctx) -> OwningOpRef<Operation *> {
        const llvm::MemoryBuffer *buf = sm.getMemoryBuffer(sm.getMainFileID());
        StringRef path = buf->getBufferIdentifier();
        if (path.empty() || path == "<stdin>")
          path = "stdin.cu";
        ImportOptions opts;
        opts.includeDirs.assign(includeDirs.begin(), includeDirs.end());
        opts.defines.assign(defines.begin(), defines.end());
        opts.kernel = kernel;
        opts.verbose = verbose;
        std::string errors;
        OwningOpRef<ModuleOp> m =
            importCUDASource(*ctx, path, buf->getBuffer(), opts, errors);
        llvm::errs() << errors;
        if (!m)
          return {};
        return OwningOpRef<Operation *>(m.release());
      },
      [registerDialects](DialectRegistry &registry) { registerDialects(registry); });
}
