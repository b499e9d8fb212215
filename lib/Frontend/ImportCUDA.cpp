//===- ImportCUDA.cpp - the lifter's driver -------------------------------===//
//
// Runs Clang over the .cu file (device side), sorts its diagnostics into
// device code (reported, fatal) and host code (ignored; --verbose shows
// them), finds the __global__ functions and template instantiations, and
// builds the module of docs/ir-conventions.md with one Lifter per kernel.
//
//===----------------------------------------------------------------------===//
#include "kfix/Frontend/ImportCUDA.h"
#include "kfix/LiftedIR/LiftedIR.h"
#include "ClangSetup.h"
#include "Lifter.h"

#include "clang/Lex/Lexer.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
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
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
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
  // `__constant__` variables: a view of the trailing argument, or the global.
  for (const ConstantSym &c : constants) {
    Location cl = loc(c.vd);
    Value mem;
    if (c.argIndex >= 0) {
      mem = entry->getArgument(c.argIndex);
      if (c.type.getRank() != 1) {
        // Scalars (rank 0) and arrays of rank > 1: the buffer seen with the
        // variable's shape.
        SmallVector<int64_t> strides(c.type.getRank(), 1);
        for (int i = (int)c.type.getRank() - 2; i >= 0; --i)
          strides[i] = strides[i + 1] * c.type.getDimSize(i + 1);
        auto view = memref::ReinterpretCastOp::create(
            b, cl, MemRefType::get(c.type.getShape(), c.type.getElementType()), mem, 0,
            c.type.getShape(), strides);
        view->setAttr("kfix.constant", b.getStringAttr(c.vd->getName()));
        mem = view;
      }
    } else {
      mem = memref::GetGlobalOp::create(b, cl, c.type, c.global);
    }
    Binding bnd;
    if (c.type.getRank() == 0) {
      bnd.kind = Binding::Ref;
      bnd.ref.memref = mem;
      bnd.ref.valueType = convertType(c.vd->getType(), c.vd->getLocation());
      if (!bnd.ref.valueType)
        return failure();
    } else {
      bnd.kind = Binding::Array;
      bnd.ref.memref = mem;
    }
    globals[c.vd->getCanonicalDecl()] = bnd;
  }
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
  void HandleDiagnostic(cl::DiagnosticsEngine::Level level, const cl::Diagnostic &info) override {
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
        where =
            (Twine(p.getFilename()) + ":" + Twine(p.getLine()) + ":" + Twine(p.getColumn()) + ": ")
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

//===----------------------------------------------------------------------===//
// __constant__ memory
//===----------------------------------------------------------------------===//

/// The variable a symbol argument names (`w`, `&w`, `(void *)w`, `HIP_SYMBOL(w)`).
const cl::VarDecl *symbolVar(const cl::Expr *e) {
  while (true) {
    e = e->IgnoreParenImpCasts();
    if (const auto *c = dyn_cast<cl::ExplicitCastExpr>(e)) {
      e = c->getSubExpr();
      continue;
    }
    if (const auto *u = dyn_cast<cl::UnaryOperator>(e); u && u->getOpcode() == cl::UO_AddrOf) {
      e = u->getSubExpr();
      continue;
    }
    break;
  }
  if (const auto *dre = dyn_cast<cl::DeclRefExpr>(e))
    if (const auto *vd = dyn_cast<cl::VarDecl>(dre->getDecl()))
      return vd->getCanonicalDecl();
  return nullptr;
}

/// The `__constant__` variables the host writes (cudaMemcpyToSymbol and its
/// relatives, cudaGetSymbolAddress: the address may be written through).
struct SymbolWrites : cl::RecursiveASTVisitor<SymbolWrites> {
  llvm::DenseSet<const cl::VarDecl *> written;
  bool VisitCallExpr(cl::CallExpr *e) {
    const cl::FunctionDecl *fd = e->getDirectCallee();
    if (!fd || !fd->getIdentifier())
      return true;
    StringRef n = fd->getName();
    int arg = -1;
    if (n == "cudaMemcpyToSymbol" || n == "cudaMemcpyToSymbolAsync")
      arg = 0;
    else if (n == "cudaGetSymbolAddress")
      arg = 1;
    if (arg >= 0 && (unsigned)arg < e->getNumArgs())
      if (const cl::VarDecl *vd = symbolVar(e->getArg(arg)))
        written.insert(vd);
    return true;
  }
};

/// The `__constant__` variables a kernel reads, itself or through the device
/// functions it calls, in the order of their declarations.

/// A variable in __constant__ memory as the user wrote it. Clang marks every
/// namespace-scope constexpr variable __constant__ implicitly (CUDA's rule);
/// those stay compile-time constants, folded where they are used, as C++
/// sees them (`constexpr int kThreads = 256;` sizes a shared array).
static bool isConstantMemory(const cl::VarDecl *vd) {
  const auto *a = vd->getAttr<cl::CUDAConstantAttr>();
  if (!a || !vd->hasGlobalStorage())
    return false;
  return !(a->isImplicit() && vd->isConstexpr());
}

struct ConstantUses : cl::RecursiveASTVisitor<ConstantUses> {
  const cl::SourceManager &sm;
  llvm::SetVector<const cl::VarDecl *> vars;
  llvm::DenseSet<const cl::FunctionDecl *> seen;
  explicit ConstantUses(const cl::SourceManager &sm) : sm(sm) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  void visitFunction(const cl::FunctionDecl *fd) {
    if (!fd || !seen.insert(fd).second || !fd->hasBody())
      return;
    const cl::FunctionDecl *def = nullptr;
    if (const cl::Stmt *body = fd->getBody(def))
      TraverseStmt(const_cast<cl::Stmt *>(body));
  }
  bool VisitDeclRefExpr(cl::DeclRefExpr *e) {
    if (const auto *vd = dyn_cast<cl::VarDecl>(e->getDecl()))
      if (isConstantMemory(vd) && !sm.isInSystemHeader(vd->getLocation())) // warpSize: a constant
        vars.insert(vd->getCanonicalDecl());
    if (const auto *fd = dyn_cast<cl::FunctionDecl>(e->getDecl()))
      if (!sm.isInSystemHeader(fd->getLocation()))
        visitFunction(fd);
    return true;
  }
  bool VisitCXXConstructExpr(cl::CXXConstructExpr *e) {
    visitFunction(e->getConstructor());
    return true;
  }
  bool VisitCallExpr(cl::CallExpr *e) {
    if (const cl::FunctionDecl *fd = e->getDirectCallee())
      if (!sm.isInSystemHeader(fd->getLocation()))
        visitFunction(fd);
    return true;
  }
};

/// A constant initializer's elements, row-major, as attributes of `et`.
bool flattenInit(const cl::APValue &v, cl::QualType t, cl::ASTContext &ast, Type et,
                 SmallVectorImpl<Attribute> &out) {
  if (const cl::ArrayType *at = ast.getAsArrayType(t)) {
    const auto *ca = dyn_cast<cl::ConstantArrayType>(at);
    if (!ca || !v.isArray())
      return false;
    uint64_t n = ca->getSize().getZExtValue();
    for (uint64_t i = 0; i < n; ++i) {
      const cl::APValue &e =
          i < v.getArrayInitializedElts() ? v.getArrayInitializedElt(i) : v.getArrayFiller();
      if (!flattenInit(e, at->getElementType(), ast, et, out))
        return false;
    }
    return true;
  }
  if (v.isInt() && isa<IntegerType>(et)) {
    llvm::APSInt x = v.getInt();
    out.push_back(IntegerAttr::get(et, x.extOrTrunc(et.getIntOrFloatBitWidth())));
    return true;
  }
  if (v.isFloat() && isa<FloatType>(et)) {
    llvm::APFloat x = v.getFloat();
    bool lost;
    x.convert(cast<FloatType>(et).getFloatSemantics(), llvm::APFloat::rmNearestTiesToEven, &lost);
    out.push_back(FloatAttr::get(et, x));
    return true;
  }
  if (v.isInt() && isa<FloatType>(et)) {
    out.push_back(FloatAttr::get(et, (double)v.getInt().getExtValue()));
    return true;
  }
  return false;
}

/// The shape and element type of a `__constant__` variable (rank 0: a scalar).
bool constantShape(const cl::VarDecl *vd, Lifter &lf, cl::ASTContext &ast,
                   SmallVectorImpl<int64_t> &shape, cl::QualType &elem, Type &et) {
  elem = vd->getType();
  while (const cl::ArrayType *a = ast.getAsArrayType(elem)) {
    const auto *ca = dyn_cast<cl::ConstantArrayType>(a);
    if (!ca) {
      (void)lf.error(vd->getLocation(), "kfix cannot lift a __constant__ array without a "
                                        "constant size ('" +
                                            vd->getName() + "')");
      return false;
    }
    shape.push_back(ca->getSize().getZExtValue());
    elem = a->getElementType();
  }
  elem = elem.getUnqualifiedType();
  et = lf.memoryType(elem, vd->getLocation());
  if (!et)
    return false;
  if (!et.isIntOrFloat()) {
    (void)lf.error(vd->getLocation(), "kfix cannot lift __constant__ memory of this element "
                                      "type ('" +
                                          vd->getName() + "')");
    return false;
  }
  return true;
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
          if (!sm.isBeforeInTranslationUnit(d.loc, b) && !sm.isBeforeInTranslationUnit(e, d.loc)) {
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
      k.symbol = kfix::kernelSymbolName(k.name);
      std::string base = k.symbol;
      for (unsigned i = 1; symbols.contains(k.symbol); ++i)
        k.symbol = base + "_" + std::to_string(i);
      symbols.insert(k.symbol);
      if (!st.opts.kernel.empty()) {
        std::string want = stripSpaces(st.opts.kernel);
        if (want != stripSpaces(k.name) && want != k.symbol && want != fd->getNameAsString())
          continue;
      }
      kernels.push_back(k);
    }
    if (kernels.empty()) {
      if (!st.opts.kernel.empty())
        st.errors +=
            st.mainPath + ": error: no __global__ function named '" + st.opts.kernel + "'\n";
      else
        st.errors += st.mainPath + ": error: no __global__ function to lift (a template kernel "
                                   "needs an instantiation, or --kernel 'name<args>')\n";
      return;
    }

    MLIRContext &ctx = st.ctx;
    OpBuilder b(&ctx);
    Location modLoc = FileLineColLoc::get(&ctx, st.mainPath, 1, 1);
    OwningOpRef<ModuleOp> module = ModuleOp::create(modLoc);
    (*module)->setAttr("gpu.container_module", b.getUnitAttr());
    (*module)->setAttr("kfix.source", b.getStringAttr(st.mainPath));
    // The file's own type aliases (`typedef float floatX;`, `using T = ...;`),
    // as written: kernel signatures keep their spelling, so an exported kernel
    // needs them (ExportCUDA emits the ones its text uses).
    {
      SmallVector<Attribute> aliases;
      for (const cl::Decl *d : ast.getTranslationUnitDecl()->decls()) {
        auto *td = dyn_cast<cl::TypedefNameDecl>(d);
        if (!td || sm.isInSystemHeader(td->getLocation()) ||
            !sm.isInMainFile(sm.getExpansionLoc(td->getLocation())))
          continue;
        cl::CharSourceRange range = cl::CharSourceRange::getTokenRange(td->getSourceRange());
        StringRef text = cl::Lexer::getSourceText(range, sm, ast.getLangOpts());
        if (text.empty() || td->getName().empty())
          continue;
        aliases.push_back(
            b.getArrayAttr({b.getStringAttr(td->getName()), b.getStringAttr(text.str() + ";")}));
      }
      if (!aliases.empty())
        (*module)->setAttr("kfix.type_aliases", b.getArrayAttr(aliases));
    }
    b.setInsertionPointToEnd(module->getBody());
    auto gm = gpu::GPUModuleOp::create(b, modLoc, "kernels");
    b.setInsertionPointToStart(gm.getBody());
    SymbolWrites writes;
    writes.TraverseDecl(ast.getTranslationUnitDecl());
    llvm::DenseMap<const cl::VarDecl *, std::string> globalsMade;
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
      // __constant__ variables: an initialized one the host never writes is a
      // memref.global constant; any other one is a trailing kernel argument,
      // named as the variable (docs/ir-conventions.md).
      ConstantUses uses(sm);
      uses.visitFunction(k.fd);
      SmallVector<Attribute> constAttrs;
      for (const cl::VarDecl *vd : uses.vars) {
        SmallVector<int64_t> shape;
        cl::QualType elem;
        Type et;
        if (!constantShape(vd, lf, ast, shape, elem, et))
          return;
        Lifter::ConstantSym cs;
        cs.vd = vd;
        cs.type = MemRefType::get(shape, et);
        const cl::VarDecl *init = vd->getDefinition() ? vd->getDefinition() : vd;
        const cl::APValue *val =
            init->getInit() && !writes.written.contains(vd) ? init->evaluateValue() : nullptr;
        SmallVector<Attribute> elems;
        if (val && flattenInit(*val, vd->getType(), ast, et, elems)) {
          auto it = globalsMade.find(vd);
          if (it == globalsMade.end()) {
            std::string sym = "__kfix_constant_" + kfix::kernelSymbolName(vd->getName());
            OpBuilder::InsertionGuard g(b);
            b.setInsertionPointToStart(gm.getBody());
            auto tensorTy = RankedTensorType::get(shape, et);
            auto gop = memref::GlobalOp::create(b, lf.loc(vd), sym, b.getStringAttr("private"),
                                                cs.type, DenseElementsAttr::get(tensorTy, elems),
                                                /*constant=*/true, IntegerAttr());
            gop->setAttr("kfix.name", b.getStringAttr(vd->getName()));
            gop->setAttr("kfix.ctype", b.getStringAttr(cTypeString(elem, pp)));
            it = globalsMade.try_emplace(vd, sym).first;
          }
          cs.global = it->second;
        } else if (init->getInit() && !writes.written.contains(vd)) {
          (void)lf.error(init->getInit()->getBeginLoc(),
                         "kfix cannot lift this __constant__ initializer ('" + vd->getName() +
                             "')");
          return;
        } else {
          cs.argIndex = argTypes.size();
          argTypes.push_back(MemRefType::get({ShapedType::kDynamic}, et));
          names.push_back(b.getStringAttr(vd->getName()));
          ctypes.push_back(b.getStringAttr("const " + cTypeString(elem, pp) + " *"));
          NamedAttrList d;
          d.append("name", b.getStringAttr(vd->getName()));
          d.append("arg", b.getI64IntegerAttr(cs.argIndex));
          d.append("ctype", b.getStringAttr(cTypeString(elem, pp)));
          d.append("shape", b.getI64ArrayAttr(shape));
          constAttrs.push_back(d.getDictionary(&ctx));
        }
        lf.constants.push_back(cs);
      }
      auto fn = gpu::GPUFuncOp::create(b, lf.loc(k.fd), k.symbol, b.getFunctionType(argTypes, {}));
      fn->setAttr(gpu::GPUDialect::getKernelFuncAttrName(), b.getUnitAttr());
      fn->setAttr("kfix.name", b.getStringAttr(k.name));
      fn->setAttr("kfix.arg_names", b.getArrayAttr(names));
      fn->setAttr("kfix.arg_ctypes", b.getArrayAttr(ctypes));
      if (!constAttrs.empty())
        fn->setAttr("kfix.constants", b.getArrayAttr(constAttrs));
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
    if (verifyLiftedEnabled() && ::mlir::failed(verifyLiftedModule(*module))) {
      st.errors += st.mainPath + ": error: internal error: the lifted IR breaks the "
                                 "lifted-IR contract (KFIX_VERIFY_LIFTED; please report)\n";
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
  std::unique_ptr<cl::ASTConsumer> CreateASTConsumer(cl::CompilerInstance &ci, StringRef) override {
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

OwningOpRef<ModuleOp> kfix::importCUDASource(MLIRContext &context, StringRef path, StringRef source,
                                             const ImportOptions &options, std::string &errors) {
  context.loadDialect<gpu::GPUDialect, scf::SCFDialect, arith::ArithDialect, math::MathDialect,
                      memref::MemRefDialect, vector::VectorDialect, NVVM::NVVMDialect>();
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
  auto overlay =
      llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(llvm::vfs::getRealFileSystem());
  auto mem = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  overlay->pushOverlay(mem);
  mem->addFile(mainPath, 0, llvm::MemoryBuffer::getMemBufferCopy(text, mainPath));
  for (const VirtualFile &f : setup.files)
    mem->addFile(f.path, 0, llvm::MemoryBuffer::getMemBufferCopy(f.contents, f.path));
  auto files = llvm::makeIntrusiveRefCnt<cl::FileManager>(cl::FileSystemOptions(), overlay);

  Collector diags;
  ImportState st{context, options, mainPath, errors, diags, {}, false};
  cl::tooling::ToolInvocation inv(setup.args, std::make_unique<LiftAction>(st), files.get());
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
                                       const ImportOptions &options, std::string &errors) {
  auto buf = llvm::MemoryBuffer::getFile(path);
  if (!buf) {
    errors += path.str() + ": error: " + buf.getError().message() + "\n";
    return {};
  }
  return importCUDASource(context, path, (*buf)->getBuffer(), options, errors);
}

void kfix::registerImportCUDATranslation(std::function<void(DialectRegistry &)> registerDialects) {
  static llvm::cl::list<std::string> includeDirs("I", llvm::cl::Prefix,
                                                 llvm::cl::desc("--import-cuda: include directory"),
                                                 llvm::cl::value_desc("dir"));
  static llvm::cl::list<std::string> defines("D", llvm::cl::Prefix,
                                             llvm::cl::desc("--import-cuda: define a macro"),
                                             llvm::cl::value_desc("name[=value]"));
  static llvm::cl::opt<std::string> kernel(
      "kernel",
      llvm::cl::desc("--import-cuda: lift only this kernel (as written, "
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
        OwningOpRef<ModuleOp> m = importCUDASource(*ctx, path, buf->getBuffer(), opts, errors);
        llvm::errs() << errors;
        if (!m)
          return {};
        return OwningOpRef<Operation *>(m.release());
      },
      [registerDialects](DialectRegistry &registry) { registerDialects(registry); });
}
