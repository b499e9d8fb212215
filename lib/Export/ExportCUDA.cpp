//===- ExportCUDA.cpp - lifted MLIR to CUDA C++: kernels and module -------===//
#include "CudaEmitter.h"
#include "kfix/LiftedIR/LiftedIR.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace kfix;
using namespace kfix::detail;

/// Whether a parameter's C++ type names an unsigned (pointee) type.
static bool isUnsignedCType(StringRef ctype) {
  return ctype.contains("unsigned") || ctype.contains("uint") || ctype.contains("size_t");
}

static std::string param(StringRef ctype, StringRef name) {
  std::string s = ctype.str();
  if (!s.empty() && (s.back() == '*' || s.back() == '&'))
    return s + name.str();
  return s + " " + name.str();
}

/// Prepass: which allocas a `for` header declares, which locals are a
/// parameter's own variable, and where each remaining local is declared.
void FunctionEmitter::planLocals() {
  func.walk([&](scf::ForOp forOp) {
    Value iv = forOp.getInductionVar();
    for (Operation &op : forOp.getBody()->without_terminator()) {
      auto store = dyn_cast<memref::StoreOp>(op);
      if (!store) {
        if (!isMemoryEffectFree(&op))
          break;
        continue;
      }
      auto alloca = store.getMemref().getDefiningOp<memref::AllocaOp>();
      if (store.getValue() != iv || !alloca || alloca.getType().getRank() != 0 ||
          !alloca->hasAttr("kfix.var"))
        break;
      bool inside = llvm::all_of(alloca->getUsers(),
                                 [&](Operation *u) { return forOp->isProperAncestor(u); });
      if (inside) {
        loopVars[forOp] = alloca;
        skipOps.insert(store);
      }
      break;
    }
  });
  Block &entry = func.getBody().front();
  func.walk([&](memref::AllocaOp alloca) {
    if (alloca->use_empty())
      return;
    if (llvm::any_of(loopVars, [&](auto &kv) { return kv.second == alloca; }))
      return;
    Block *block = alloca->getBlock();
    Operation *first = nullptr;
    for (Operation *user : alloca->getUsers()) {
      Operation *anc = block->findAncestorOpInBlock(*user);
      if (anc && (!first || anc->isBeforeInBlock(first)))
        first = anc;
    }
    if (!first)
      return;
    // `int n = n_param;` for a parameter the kernel modifies: keep using
    // the parameter itself.
    auto var = alloca->getAttrOfType<StringAttr>("kfix.var");
    auto store = dyn_cast<memref::StoreOp>(first);
    if (var && store && block == &entry && alloca.getType().getRank() == 0 &&
        store.getMemref() == alloca.getResult()) {
      auto arg = dyn_cast<BlockArgument>(store.getValue());
      if (arg && arg.getOwner() == &entry && arg.getArgNumber() < func.getNumArguments() &&
          values.count(arg) && values[arg].text == var.getValue()) {
        memNames[alloca.getResult()] = var.getValue().str();
        skipOps.insert(store);
        return;
      }
    }
    declareBefore[first].push_back(alloca);
  });
}

void FunctionEmitter::skipSizeChain(ValueRange sizes) {
  SmallVector<Value> work(sizes.begin(), sizes.end());
  while (!work.empty()) {
    Operation *def = work.pop_back_val().getDefiningOp();
    if (!def || skipOps.contains(def) ||
        (!isMemoryEffectFree(def) &&
         def->getName().getStringRef() != "nvvm.read.ptx.sreg.dynamic.smem.size") ||
        def->getNumRegions())
      continue;
    // Only when nothing but the skipped chain (or views) uses it.
    bool onlyChain = llvm::all_of(def->getUsers(), [&](Operation *user) {
      return skipOps.contains(user) || isa<memref::ViewOp>(user);
    });
    if (!onlyChain)
      continue;
    skipOps.insert(def);
    for (Value operand : def->getOperands())
      work.push_back(operand);
  }
}

LogicalResult FunctionEmitter::emit(raw_ostream &os) {
  Location loc = func.getLoc();
  pushScope();
  func.walk([&](Operation *op) {
    if (auto var = op->getAttrOfType<StringAttr>("kfix.var"))
      reserved.insert(var.getValue());
  });

  // Signature.
  auto names = func->getAttrOfType<ArrayAttr>("kfix.arg_names");
  auto ctypes = func->getAttrOfType<ArrayAttr>("kfix.arg_ctypes");
  unsigned nargs = func.getNumArguments();
  if ((names && names.size() != nargs) || (ctypes && ctypes.size() != nargs))
    return func.emitError("kfix.arg_names/kfix.arg_ctypes do not have one entry per "
                          "argument (")
           << nargs << ")";
  SmallVector<std::string> params;
  if (failed(declareConstants()))
    return failure();
  for (unsigned i = 0; i < nargs; ++i) {
    if (constantArgs.contains(i))
      continue; // a __constant__ variable, declared at file scope
    BlockArgument arg = func.getArgument(i);
    std::string name = "arg" + std::to_string(i);
    if (names) {
      auto s = dyn_cast<StringAttr>(names[i]);
      if (!s)
        return func.emitError("kfix.arg_names must hold strings");
      name = s.getValue().str();
    }
    std::string ctype;
    if (ctypes) {
      auto s = dyn_cast<StringAttr>(ctypes[i]);
      if (!s)
        return func.emitError("kfix.arg_ctypes must hold strings");
      ctype = s.getValue().str();
    }
    bool isUnsigned = isUnsignedCType(ctype);
    Type t = arg.getType();
    if (auto mt = dyn_cast<MemRefType>(t);
        mt && !mt.getMemorySpace() && StringRef(ctype).contains("Accessor")) {
      // A tensor accessor (`PackedTensorAccessor32<float, 2, ...> x`): kept as
      // written; elements print as `x[i][j]`, sizes as `x.size(d)`.
      if (failed(cType(mt.getElementType(), loc)))
        return failure();
      memNames[arg] = name;
      accessorArgs.insert(arg);
    } else if (auto mt = dyn_cast<MemRefType>(t)) {
      if (mt.getRank() != 1 || mt.getMemorySpace())
        return func.emitError("cannot export kernel argument #")
               << i << " of type " << t << ": expected a 1-D global memref";
      if (!ctype.empty() && !StringRef(ctype).contains('*'))
        return func.emitError("kernel argument #")
               << i << " is a memref but its C++ type '" << ctype << "' is not a pointer";
      FailureOr<CType> elt = cType(mt.getElementType(), loc);
      if (failed(elt))
        return failure();
      if (ctype.empty())
        ctype = elt->name + " *";
      memNames[arg] = name;
      unsignedElems[arg] = isUnsigned;
      if (mt.getElementType().isInteger(8) && StringRef(ctype).contains("bool"))
        boolElems.insert(arg);
    } else {
      if (StringRef(ctype).contains('*'))
        return func.emitError("kernel argument #")
               << i << " has the pointer type '" << ctype << "' but is not a memref";
      FailureOr<CType> ct = cType(t, loc, isUnsigned);
      if (failed(ct))
        return failure();
      if (ctype.empty())
        ctype = ct->name;
      values[arg] = make(name, kPrimary, *ct);
    }
    scopes.back().insert(name);
    reserved.insert(name);
    params.push_back(param(ctype, name));
  }

  // Shared memory.
  std::string decls;
  auto shared = func->getAttrOfType<ArrayAttr>("kfix.shared_names");
  for (auto [i, arg] : llvm::enumerate(func.getWorkgroupAttributions())) {
    std::string name = "smem" + std::to_string(i);
    if (shared && i < shared.size())
      if (auto s = dyn_cast<StringAttr>(shared[i]))
        name = s.getValue().str();
    name = declareName(name);
    reserved.insert(name);
    FailureOr<std::string> d = declarator(arg.getType(), name, loc);
    if (failed(d))
      return failure();
    decls += "  __shared__ " + *d + ";\n";
    memNames[arg] = name;
  }
  for (auto [i, arg] : llvm::enumerate(func.getPrivateAttributions())) {
    std::string name = declareName("priv" + std::to_string(i));
    FailureOr<std::string> d = declarator(arg.getType(), name, loc);
    if (failed(d))
      return failure();
    decls += "  " + *d + ";\n";
    memNames[arg] = name;
  }
  // extern __shared__ T name[]; one per view of the dynamic shared memory.
  WalkResult walk = func.walk([&](memref::ViewOp view) {
    if (!view.getSource().getDefiningOp<gpu::DynamicSharedMemoryOp>())
      return WalkResult::advance();
    APInt shift;
    if (!matchPattern(view.getByteShift(), m_ConstantInt(&shift)) || !shift.isZero()) {
      view.emitError("cannot export a view of the dynamic shared memory at a "
                     "non-zero or non-constant byte offset");
      return WalkResult::interrupt();
    }
    auto type = cast<MemRefType>(view.getType());
    if (type.getRank() != 1) {
      view.emitError("cannot export a multi-dimensional view of the dynamic shared memory");
      return WalkResult::interrupt();
    }
    auto var = view->getAttrOfType<StringAttr>("kfix.var");
    if (!var)
      var = view.getSource().getDefiningOp()->getAttrOfType<StringAttr>("kfix.var");
    std::string name = declareName(var ? var.getValue() : "smem");
    reserved.insert(name);
    FailureOr<CType> elt = cType(type.getElementType(), view.getLoc());
    if (failed(elt))
      return WalkResult::interrupt();
    decls += "  extern __shared__ " + elt->name + " " + name + "[];\n";
    memNames[view.getResult()] = name;
    // The lifter sizes the view as `dynamic.smem.size / sizeof(T)`: that
    // computation is implied by `extern __shared__` and has no C++ form.
    skipSizeChain(view.getSizes());
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();

  planLocals();
  {
    SmallVector<Value> work;
    func.walk([&](arith::IndexCastUIOp cast) {
      if (cast.getIn().getType().isInteger(64))
        work.push_back(cast.getIn());
    });
    while (!work.empty()) {
      Value v = work.pop_back_val();
      if (!unsignedIndexMath.insert(v).second)
        continue;
      if (Operation *def = v.getDefiningOp())
        if (isa<arith::AddIOp, arith::SubIOp, arith::MulIOp, arith::ShLIOp>(def))
          for (Value operand : def->getOperands())
            work.push_back(operand);
    }
  }

  Block &entry = func.getBody().front();
  if (!func.getBody().hasOneBlock())
    return func.emitError("cannot export a kernel with unstructured control flow "
                          "(more than one block)");
  if (failed(emitBlock(entry)))
    return failure();

  // Header.
  auto cname = func->getAttrOfType<StringAttr>("kfix.name");
  StringRef sym = func.getName();
  if (cname && cname.getValue() != sym)
    os << "// kfix: instantiation `" << cname.getValue()
       << "` of a template kernel, exported as the plain kernel `" << sym << "`.\n";
  os << "__global__ void " << sym << "(";
  for (auto [i, p] : llvm::enumerate(params))
    os << (i ? ", " : "") << p;
  os << ") {\n" << decls << body << "}\n";
  return success();
}

static const char *helperText(StringRef name) {
  if (name == "kfix_lane_id")
    return "static __device__ __forceinline__ unsigned kfix_lane_id() {\n"
           "  unsigned lane;\n"
           "  asm volatile(\"mov.u32 %0, %%laneid;\" : \"=r\"(lane));\n"
           "  return lane;\n"
           "}\n";
  if (name == "kfix_fmaximumf")
    return "// fmaxf that propagates NaN (arith.maximumf).\n"
           "static __device__ __forceinline__ float kfix_fmaximumf(float a, float b) {\n"
           "  return isnan(a) || isnan(b) ? __int_as_float(0x7fffffff) : fmaxf(a, b);\n"
           "}\n";
  if (name == "kfix_fminimumf")
    return "// fminf that propagates NaN (arith.minimumf).\n"
           "static __device__ __forceinline__ float kfix_fminimumf(float a, float b) {\n"
           "  return isnan(a) || isnan(b) ? __int_as_float(0x7fffffff) : fminf(a, b);\n"
           "}\n";
  bool isMax = name == "kfix_atomicMaxf";
  if (isMax || name == "kfix_atomicMinf")
    return isMax ? "// atomicMax on float through compare-and-swap.\n"
                   "static __device__ __forceinline__ float kfix_atomicMaxf(float *p, float v) {\n"
                   "  int old = __float_as_int(*p), assumed;\n"
                   "  do {\n"
                   "    assumed = old;\n"
                   "    old = atomicCAS(reinterpret_cast<int *>(p), assumed,\n"
                   "                    __float_as_int(fmaxf(__int_as_float(assumed), v)));\n"
                   "  } while (assumed != old);\n"
                   "  return __int_as_float(old);\n"
                   "}\n"
                 : "// atomicMin on float through compare-and-swap.\n"
                   "static __device__ __forceinline__ float kfix_atomicMinf(float *p, float v) {\n"
                   "  int old = __float_as_int(*p), assumed;\n"
                   "  do {\n"
                   "    assumed = old;\n"
                   "    old = atomicCAS(reinterpret_cast<int *>(p), assumed,\n"
                   "                    __float_as_int(fminf(__int_as_float(assumed), v)));\n"
                   "  } while (assumed != old);\n"
                   "  return __int_as_float(old);\n"
                   "}\n";
  return "";
}

LogicalResult kfix::exportCUDA(ModuleOp module, raw_ostream &os, const ExportOptions &options) {
  if (failed(maybeVerifyLifted(module, "the exporter")))
    return failure();
  // The lifter's copies of inlined helpers' by-value parameters (kfix.param:
  // stored, never read) are no code of the kernel: exported without them.
  OwningOpRef<ModuleOp> stripped;
  if (module
          .walk([](memref::AllocaOp a) {
            return a->hasAttr("kfix.param") ? WalkResult::interrupt() : WalkResult::advance();
          })
          .wasInterrupted()) {
    stripped = module.clone();
    SmallVector<Operation *> dead;
    stripped->walk([&](memref::AllocaOp a) {
      // (One a repair reads, `(1.0f - t) * b` for `* a`, is a variable.)
      if (!a->hasAttr("kfix.param") ||
          !llvm::all_of(a->getUsers(), [](Operation *u) { return isa<memref::StoreOp>(u); }))
        return;
      for (Operation *u : a->getUsers())
        dead.push_back(u);
      dead.push_back(a);
    });
    for (Operation *op : dead)
      op->erase();
    module = *stripped;
  }
  // The kernels to export: all, or the one --export-cuda-kernel names.
  auto selected = [&](gpu::GPUFuncOp func) {
    if (!func.isKernel())
      return false;
    auto cname = func->getAttrOfType<StringAttr>("kfix.name");
    return options.kernel.empty() || func.getName() == options.kernel ||
           (cname && cname.getValue() == options.kernel);
  };
  // The lifted-IR table says which ops the exporter prints: one located error
  // for the first op of a kernel to export that it does not mark Exportable.
  WalkResult unexportable = module.walk([&](gpu::GPUFuncOp func) {
    if (!selected(func))
      return WalkResult::advance();
    Operation *op = firstOpWithout(func, Exportable);
    if (!op)
      return WalkResult::advance();
    op->emitError("cannot export '")
        << op->getName() << "' to CUDA C++ (the lifted-IR table, lib/LiftedIR, does not "
        << "mark it exportable)";
    return WalkResult::interrupt();
  });
  if (unexportable.wasInterrupted())
    return failure();
  ModuleState state;
  std::string kernels;
  llvm::raw_string_ostream ks(kernels);
  unsigned count = 0;
  WalkResult walk = module.walk([&](gpu::GPUFuncOp func) {
    if (!selected(func))
      return WalkResult::advance();
    if (count++)
      ks << "\n";
    FunctionEmitter emitter(func, options, state);
    if (failed(emitter.emit(ks)))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  if (!count) {
    if (!options.kernel.empty())
      return module.emitError("no gpu.func kernel named '") << options.kernel << "'";
    return module.emitError("no gpu.func kernel to export");
  }

  // Everything succeeded: only now write.
  os << "// Generated by kfix-translate --export-cuda";
  if (auto src = module->getAttrOfType<StringAttr>("kfix.source"))
    os << " from " << src.getValue();
  os << ".\n";
  if (state.needStdio)
    os << "#include <cstdio>\n";
  // Signatures are reproduced as written: `int64_t`, `uint8_t`, ... need <cstdint>.
  bool needStdint = false;
  module->walk([&](gpu::GPUFuncOp f) {
    if (auto ctypes = f->getAttrOfType<ArrayAttr>("kfix.arg_ctypes"))
      for (Attribute a : ctypes)
        if (auto s = dyn_cast<StringAttr>(a))
          needStdint |= s.getValue().contains("int8_t") || s.getValue().contains("int16_t") ||
                        s.getValue().contains("int32_t") || s.getValue().contains("int64_t");
    f.walk([&](memref::AllocaOp op) {
      if (auto s = op->getAttrOfType<StringAttr>("kfix.ctype"))
        needStdint |= s.getValue().contains("int") && s.getValue().ends_with("_t");
    });
  });
  if (needStdint)
    os << "#include <cstdint>\n";
  if (state.needMath)
    os << "#include <math.h>\n";
  if (state.needHalf)
    os << "#include <cuda_fp16.h>\n";
  if (state.needBF16)
    os << "#include <cuda_bf16.h>\n";
  os << "\n";
  // The file's type aliases the exported text uses (transitively), in the
  // file's order: a kernel whose signature says `const floatX *` compiles alone.
  if (auto aliases = module->getAttrOfType<ArrayAttr>("kfix.type_aliases")) {
    std::string used = kernels;
    for (auto &c : state.constants)
      used += c.second;
    auto mentions = [](StringRef text, StringRef name) {
      for (size_t at = text.find(name); at != StringRef::npos; at = text.find(name, at + 1)) {
        bool left = at == 0 || !(llvm::isAlnum(text[at - 1]) || text[at - 1] == '_');
        size_t end = at + name.size();
        bool right = end >= text.size() || !(llvm::isAlnum(text[end]) || text[end] == '_');
        if (left && right)
          return true;
      }
      return false;
    };
    std::vector<std::pair<StringRef, StringRef>> all;
    for (Attribute a : aliases)
      if (auto pair = dyn_cast<ArrayAttr>(a); pair && pair.size() == 2)
        if (auto n = dyn_cast<StringAttr>(pair[0]))
          if (auto t = dyn_cast<StringAttr>(pair[1]))
            all.push_back({n.getValue(), t.getValue()});
    std::vector<bool> need(all.size(), false);
    for (bool grew = true; grew;) {
      grew = false;
      for (size_t i = 0; i < all.size(); ++i)
        if (!need[i] && mentions(used, all[i].first)) {
          need[i] = true;
          used += all[i].second;
          grew = true;
        }
    }
    bool any = false;
    for (size_t i = 0; i < all.size(); ++i)
      if (need[i]) {
        os << all[i].second << "\n";
        any = true;
      }
    if (any)
      os << "\n";
  }
  for (StringRef h : state.helpers)
    os << helperText(h) << "\n";
  for (auto &c : state.constants)
    os << c.second << "\n";
  if (!state.constants.empty())
    os << "\n";
  os << kernels;
  return success();
}
