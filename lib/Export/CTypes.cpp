//===- CTypes.cpp - C++ types, literals and names for the exporter --------===//
#include "CudaEmitter.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Format.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

using namespace mlir;
using namespace kfix::detail;

std::string kfix::detail::parenthesize(const Expr &e, unsigned minPrec) {
  if (e.prec >= minPrec)
    return e.text;
  return "(" + e.text + ")";
}

Value kfix::detail::getRoot(Value memref) {
  while (Operation *def = memref.getDefiningOp()) {
    if (auto view = dyn_cast<memref::ViewOp>(def)) {
      memref = view.getSource();
      continue;
    }
    if (auto cast = dyn_cast<memref::CastOp>(def)) {
      memref = cast.getSource();
      continue;
    }
    break;
  }
  return memref;
}

bool kfix::detail::mayAlias(Value a, Value b) {
  if (a == b)
    return true;
  auto isPrivate = [](Value v) {
    if (Operation *def = v.getDefiningOp())
      return isa<memref::AllocaOp>(def);
    // Workgroup/private attributions are distinct arrays.
    auto type = dyn_cast<MemRefType>(v.getType());
    return type && type.getMemorySpace() != nullptr;
  };
  if (isPrivate(a) || isPrivate(b))
    return false;
  auto isDyn = [](Value v) {
    Operation *def = v.getDefiningOp();
    return def && isa<gpu::DynamicSharedMemoryOp>(def);
  };
  // Shared memory never aliases a kernel argument (global memory).
  if (isDyn(a) != isDyn(b))
    return false;
  return true;
}

FailureOr<CType> FunctionEmitter::cType(Type type, Location loc, bool isUnsigned) {
  CType t;
  if (type.isInteger(1)) {
    t.kind = CKind::Bool;
    t.bits = 1;
    t.name = "bool";
    return t;
  }
  if (type.isIndex())
    type = IntegerType::get(type.getContext(), 64);
  if (auto it = dyn_cast<IntegerType>(type)) {
    t.kind = CKind::Int;
    t.bits = it.getWidth();
    t.isUnsigned = isUnsigned;
    switch (t.bits) {
    case 8:
      t.name = isUnsigned ? "unsigned char" : "signed char";
      return t;
    case 16:
      t.name = isUnsigned ? "unsigned short" : "short";
      return t;
    case 32:
      t.name = isUnsigned ? "unsigned" : "int";
      return t;
    case 64:
      t.name = isUnsigned ? "unsigned long long" : "long long";
      return t;
    default:
      break;
    }
  } else if (type.isF32() || type.isF64()) {
    t.kind = CKind::Float;
    t.bits = type.getIntOrFloatBitWidth();
    t.name = type.isF32() ? "float" : "double";
    return t;
  } else if (type.isF16()) {
    mod.needHalf = true;
    t.kind = CKind::Half;
    t.bits = 16;
    t.name = "__half";
    return t;
  } else if (type.isBF16()) {
    mod.needBF16 = true;
    t.kind = CKind::BF16;
    t.bits = 16;
    t.name = "__nv_bfloat16";
    return t;
  } else if (auto vt = dyn_cast<VectorType>(type)) {
    if (vt.getRank() == 1 && !vt.isScalable()) {
      int64_t n = vt.getShape()[0];
      Type elt = vt.getElementType();
      std::string base;
      if (elt.isF32())
        base = "float";
      else if (elt.isF64())
        base = "double";
      else if (elt.isInteger(32))
        base = isUnsigned ? "uint" : "int";
      else if (elt.isInteger(64))
        base = isUnsigned ? "ulonglong" : "longlong";
      else if (elt.isInteger(8))
        base = isUnsigned ? "uchar" : "char";
      else if (elt.isInteger(16))
        base = isUnsigned ? "ushort" : "short";
      else if (elt.isF16() && n == 2) {
        mod.needHalf = true;
        base = "__half";
      } else if (elt.isBF16() && n == 2) {
        mod.needBF16 = true;
        base = "__nv_bfloat16";
      }
      if (!base.empty() && n >= 1 && n <= 4) {
        t.kind = CKind::Vector;
        t.bits = 0;
        t.isUnsigned = isUnsigned;
        t.name = base + std::to_string(n);
        return t;
      }
    }
  }
  return emitError(loc) << "cannot export type " << type << " to CUDA C++";
}

/// The shortest decimal spelling of `v` that reads back as the same value.
static std::string shortestReal(double v, bool isFloat) {
  char buf[64];
  for (int prec = 1; prec <= 17; ++prec) {
    std::snprintf(buf, sizeof(buf), "%.*g", prec, v);
    if (isFloat ? std::strtof(buf, nullptr) == static_cast<float>(v)
                : std::strtod(buf, nullptr) == v)
      break;
  }
  std::string s = buf;
  if (s.find_first_of(".en") == std::string::npos)
    s += ".0";
  return s;
}

FailureOr<Expr> FunctionEmitter::literal(Attribute attr, Type type, Location loc) {
  Expr e;
  e.isLiteral = true;
  FailureOr<CType> ct = cType(type, loc);
  if (failed(ct))
    return failure();
  e.type = *ct;
  if (auto dense = dyn_cast<DenseElementsAttr>(attr)) {
    auto vt = dyn_cast<VectorType>(type);
    if (!vt || !dense.isSplat())
      return emitError(loc) << "cannot export the constant " << attr << " to CUDA C++";
    FailureOr<Expr> elt = literal(dense.getSplatValue<Attribute>(), vt.getElementType(), loc);
    if (failed(elt))
      return failure();
    std::string args;
    for (int64_t i = 0; i < vt.getShape()[0]; ++i)
      args += (i ? ", " : "") + elt->text;
    e.text = vectorMaker(e.type) + "(" + args + ")";
    e.isLiteral = false;
    return e;
  }
  if (auto b = dyn_cast<BoolAttr>(attr)) {
    e.text = b.getValue() ? "true" : "false";
    return e;
  }
  if (auto ia = dyn_cast<IntegerAttr>(attr)) {
    if (type.isInteger(1)) {
      e.text = ia.getValue().isZero() ? "false" : "true";
      return e;
    }
    int64_t v = ia.getValue().getSExtValue();
    unsigned bits = e.type.bits;
    if (bits == 64 && (v > INT32_MAX || v < INT32_MIN)) {
      if (v == INT64_MIN)
        e.text = "(-9223372036854775807LL - 1)";
      else
        e.text = std::to_string(v) + "LL";
    } else if (v == INT32_MIN) {
      e.text = "(-2147483647 - 1)";
    } else {
      e.text = std::to_string(v);
    }
    if (v < 0)
      e.prec = kUnary;
    return e;
  }
  if (auto fa = dyn_cast<FloatAttr>(attr)) {
    double v = fa.getValueAsDouble();
    bool isF64 = type.isF64();
    std::string text;
    if (std::isnan(v)) {
      mod.needMath = true;
      text = "NAN";
    } else if (std::isinf(v)) {
      mod.needMath = true;
      text = v < 0 ? "-INFINITY" : "INFINITY";
    } else {
      text = shortestReal(v, !isF64);
      if (!isF64)
        text += "f";
    }
    if (isF64 && (std::isnan(v) || std::isinf(v)))
      text = "(double)" + text;
    e.prec = text[0] == '-' || text[0] == '(' ? kUnary : kPrimary;
    if (e.type.kind == CKind::Half || e.type.kind == CKind::BF16) {
      if (std::isfinite(v) && text.back() != 'f')
        text += "f";
      e.text = std::string(e.type.kind == CKind::Half ? "__float2half(" : "__float2bfloat16(") +
               text + ")";
      e.prec = kPostfix;
      e.isLiteral = false;
      return e;
    }
    e.text = text;
    return e;
  }
  return emitError(loc) << "cannot export the constant " << attr << " to CUDA C++";
}

FailureOr<std::string> FunctionEmitter::declarator(Type type, StringRef name, Location loc) {
  if (auto mt = dyn_cast<MemRefType>(type)) {
    FailureOr<CType> elt = cType(mt.getElementType(), loc);
    if (failed(elt))
      return failure();
    // `bool` lives in memory as i8; keep the C++ name readable.
    std::string text = elt->name + " " + name.str();
    for (int64_t d : mt.getShape()) {
      if (ShapedType::isDynamic(d))
        return emitError(loc) << "cannot declare a local array of dynamic size " << type;
      text += "[" + std::to_string(d) + "]";
    }
    return text;
  }
  FailureOr<CType> t = cType(type, loc);
  if (failed(t))
    return failure();
  return t->name + " " + name.str();
}

/// The width of a known integer type spelling (0 if unknown) and its signedness.
static unsigned spelledWidth(StringRef s, bool &isUnsigned) {
  s.consume_front("std::");
  isUnsigned = s.contains("unsigned") || s.starts_with("uint") || s == "size_t";
  return llvm::StringSwitch<unsigned>(s)
      .Cases({"int", "unsigned", "unsigned int", "signed", "int32_t", "uint32_t"}, 32)
      .Cases({"long long", "unsigned long long", "long", "unsigned long", "size_t", "int64_t",
              "uint64_t", "ptrdiff_t", "long long int", "unsigned long long int", "long int",
              "unsigned long int"},
             64)
      .Cases({"short", "unsigned short", "int16_t", "uint16_t"}, 16)
      .Cases({"char", "signed char", "unsigned char", "int8_t", "uint8_t"}, 8)
      .Default(0);
}

FailureOr<std::string> FunctionEmitter::scalarDeclarator(Operation *alloca, StringRef name) {
  Type elt = cast<MemRefType>(alloca->getResult(0).getType()).getElementType();
  auto ctype = alloca->getAttrOfType<StringAttr>("kfix.ctype");
  auto it = dyn_cast<IntegerType>(elt);
  if (ctype && it && it.getWidth() > 1) {
    StringRef s = ctype.getValue();
    bool isUnsigned = false;
    // Only known spellings of the right width (a repair may have widened it).
    if (spelledWidth(s, isUnsigned) == it.getWidth()) {
      unsignedElems[alloca->getResult(0)] = isUnsigned;
      return (s + " " + name).str();
    }
  }
  return declarator(elt, name, alloca->getLoc());
}
