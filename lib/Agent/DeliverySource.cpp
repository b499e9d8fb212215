//===- DeliverySource.cpp - the file's text, and values printed in it -----===//
#include "DeliverySource.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"

#include <cmath>
#include <limits>
#include <cstdio>
#include <cstdlib>

using namespace mlir;

namespace kfix::delivery {

//===----------------------------------------------------------------------===//
// Source text and locations
//===----------------------------------------------------------------------===//

std::optional<std::pair<unsigned, unsigned>> fileLoc(Location loc, llvm::StringRef base) {
  if (auto f = dyn_cast<FileLineColLoc>(loc)) {
    if (llvm::sys::path::filename(f.getFilename().getValue()) != base)
      return std::nullopt;
    return std::make_pair(f.getLine(), f.getColumn());
  }
  if (auto n = dyn_cast<NameLoc>(loc))
    return fileLoc(n.getChildLoc(), base);
  if (auto c = dyn_cast<CallSiteLoc>(loc))
    return fileLoc(c.getCallee(), base);
  if (auto fu = dyn_cast<FusedLoc>(loc))
    for (Location l : fu.getLocations())
      if (auto r = fileLoc(l, base))
        return r;
  return std::nullopt;
}

size_t tokenEnd(const std::string &t, size_t o) {
  size_t e = o;
  if (e < t.size() && (std::isdigit((unsigned char)t[e]) || t[e] == '.')) {
    while (e < t.size() &&
           (isIdent(t[e]) || t[e] == '.' ||
            ((t[e] == '+' || t[e] == '-') && (t[e - 1] == 'e' || t[e - 1] == 'E') &&
             !(t[o] == '0' && o + 1 < t.size() && (t[o + 1] == 'x' || t[o + 1] == 'X')))))
      ++e;
    return e;
  }
  while (e < t.size() && isIdent(t[e]))
    ++e;
  return e;
}

size_t matchClose(const std::string &t, size_t o) {
  int depth = 0;
  for (size_t i = o; i < t.size(); ++i) {
    char c = t[i];
    if (c == '(' || c == '[' || c == '{')
      ++depth;
    else if (c == ')' || c == ']' || c == '}') {
      if (--depth == 0)
        return i;
    } else if (c == ';' && depth <= 1 && t[o] == '[') // a compound's body has `;`s
      return std::string::npos;
  }
  return std::string::npos;
}

size_t statementEnd(const std::string &t, size_t o, bool atComma) {
  int depth = 0;
  for (size_t i = o; i < t.size(); ++i) {
    char c = t[i];
    if (c == '(' || c == '[')
      ++depth;
    else if (c == ')' || c == ']') {
      if (--depth < 0)
        return std::string::npos;
    } else if (c == '{' || c == '}')
      return std::string::npos;
    else if ((c == ';' || (atComma && c == ',')) && depth == 0)
      return i;
  }
  return std::string::npos;
}

//===----------------------------------------------------------------------===//
// Constants spelled in the file's style, with no header it does not include
//===----------------------------------------------------------------------===//

std::string spellFloat(double v, bool f32, const SrcText &src) {
  bool mc = src.has("math_constants.h");
  bool mathH = src.has("<math.h>") || src.has("<cmath>");
  if (std::isinf(v)) {
    if (mc)
      return std::string(v < 0 ? "-" : "") + (f32 ? "CUDART_INF_F" : "CUDART_INF");
    // The file's headers define it, or the file already uses it.
    if (mathH || src.has("INFINITY"))
      return v < 0 ? "-INFINITY" : "INFINITY";
    if (f32)
      return v < 0 ? "__int_as_float(0xff800000)" : "__int_as_float(0x7f800000)";
    return v < 0 ? "__longlong_as_double(0xfff0000000000000ULL)"
                 : "__longlong_as_double(0x7ff0000000000000ULL)";
  }
  if (std::isnan(v))
    return f32 ? "__int_as_float(0x7fffffff)" : "__longlong_as_double(0x7ff8000000000000ULL)";
  bool hasFloatH = src.has("<cfloat>") || src.has("<float.h>") || src.has("FLT_MAX");
  if (f32 && hasFloatH && std::fabs(v) == (double)3.40282346638528859812e+38F)
    return v < 0 ? "-FLT_MAX" : "FLT_MAX";
  char buf[64];
  for (int prec = 1; prec <= 17; ++prec) {
    snprintf(buf, sizeof buf, "%.*g", prec, v);
    double back = strtod(buf, nullptr);
    if (f32 ? (float)back == (float)v : back == v)
      break;
  }
  std::string s = buf;
  if (s.find_first_of(".eEn") == std::string::npos)
    s += ".0";
  return f32 ? s + "f" : s;
}

std::optional<std::string> spellConstant(arith::ConstantOp c, const SrcText &src) {
  Attribute a = c.getValue();
  if (auto f = dyn_cast<FloatAttr>(a)) {
    if (!f.getType().isF32() && !f.getType().isF64())
      return std::nullopt;
    return spellFloat(f.getValueAsDouble(), f.getType().isF32(), src);
  }
  if (auto i = dyn_cast<IntegerAttr>(a)) {
    if (i.getType().isInteger(1))
      return i.getValue().isZero() ? "false" : "true";
    if (i.getType().isIndex() || i.getType().getIntOrFloatBitWidth() <= 32)
      return std::to_string(i.getValue().getSExtValue());
    return std::to_string(i.getValue().getSExtValue()) + "LL";
  }
  return std::nullopt;
}

std::optional<std::string> macroConstantAt(arith::ConstantOp c, const SrcText &src, unsigned line,
                                           unsigned col) {
  auto i = dyn_cast<IntegerAttr>(c.getValue());
  auto o = src.offset(line, col);
  if (!i || i.getType().isInteger(1) || !o || !isIdent(src.text[*o]) ||
      std::isdigit((unsigned char)src.text[*o]) || (*o > 0 && isIdent(src.text[*o - 1])))
    return std::nullopt;
  size_t e = *o;
  while (e < src.text.size() && isIdent(src.text[e]))
    ++e;
  std::string name = src.text.substr(*o, e - *o);
  // `#define NAME <integer>` (optionally parenthesized) with the op's value.
  std::string key = "#define " + name;
  for (size_t p = src.text.find(key); p != std::string::npos; p = src.text.find(key, p + 1)) {
    size_t q = p + key.size();
    if (q >= src.text.size() || (src.text[q] != ' ' && src.text[q] != '\t'))
      continue;
    size_t end = src.text.find('\n', q);
    llvm::StringRef body =
        llvm::StringRef(src.text).slice(q, end == std::string::npos ? src.text.size() : end).trim();
    while (body.starts_with("(") && body.ends_with(")"))
      body = body.drop_front().drop_back().trim();
    body = body.rtrim("uUlL");
    long long v;
    if (!body.getAsInteger(0, v) && v == i.getValue().getSExtValue())
      return name;
    return std::nullopt;
  }
  // A template's non-type parameter (`K` of `template <int K, int S>`): the
  // value is the instantiation's; the name stays the file's.
  llvm::Regex tmplParam("template[ \t\n]*<([^>]*[ \t\n,])?(int|unsigned|unsigned int|long|size_t|"
                        "int64_t|uint32_t|int32_t)[ \t\n]+" +
                        name + "[ \t\n]*[,>=]");
  if (tmplParam.match(src.text))
    return name;
  // `const[expr] int NAME = <literal>;` with the op's value.
  llvm::Regex named("(constexpr|const)[ \t]+[A-Za-z_][A-Za-z0-9_: ]*[ \t]" + name +
                    "[ \t]*=[ \t]*\(?([-+]?[0-9][0-9xXa-fA-F]*)[uUlL]*\)?[ \t]*;");
  llvm::SmallVector<llvm::StringRef> m;
  long long v;
  if (named.match(src.text, &m) && !m[2].getAsInteger(0, v) && v == i.getValue().getSExtValue())
    return name;
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Values printed as C++ in the file's names
//===----------------------------------------------------------------------===//

std::string fullMaskSpelling(const SrcText &src) {
  llvm::SmallVector<llvm::StringRef> lines;
  llvm::StringRef(src.text).split(lines, '\n');
  for (llvm::StringRef l : lines) {
    l = l.trim();
    if (!l.consume_front("#define"))
      continue;
    auto [name, val] = l.trim().split(' ');
    val = val.trim();
    std::string v = val.lower();
    if (v == "0xffffffff" || v == "0xffffffffu" || v == "0xfffffffful")
      return name.str();
  }
  return "0xffffffff";
}

std::string cTypeName(Type t) {
  if (t.isF32())
    return "float";
  if (t.isF16())
    return "__half";
  if (t.isBF16())
    return "__nv_bfloat16";
  if (t.isF64())
    return "double";
  if (t.isF16())
    return "__half";
  if (t.isBF16())
    return "__nv_bfloat16";
  if (t.isInteger(1))
    return "bool";
  if (t.isInteger(32) || t.isIndex())
    return "int";
  if (t.isInteger(64))
    return "long long";
  if (t.isInteger(16))
    return "short";
  if (t.isInteger(8))
    return "char";
  return "";
}

size_t postfixEnd(const std::string &t, size_t o) {
  size_t e = tokenEnd(t, o);
  if (e == o)
    return std::string::npos;
  while (e < t.size() && (t[e] == '[' || t[e] == '(')) {
    size_t c = matchClose(t, e);
    if (c == std::string::npos)
      return std::string::npos;
    e = c + 1;
  }
  return e;
}

SrcPrinter::SrcPrinter(gpu::GPUFuncOp f, const SrcText &src) : func(f), src(src) {
  if (auto names = f->getAttrOfType<ArrayAttr>("kfix.arg_names"))
    for (auto [i, n] : llvm::enumerate(names))
      if (auto s = dyn_cast<StringAttr>(n); s && i < f.getNumArguments())
        valueNames[f.getArgument(i)] = s.getValue().str();
  if (auto names = f->getAttrOfType<ArrayAttr>("kfix.shared_names")) {
    auto wg = f.getWorkgroupAttributions();
    for (auto [i, n] : llvm::enumerate(names))
      if (auto s = dyn_cast<StringAttr>(n); s && i < wg.size())
        valueNames[wg[i]] = s.getValue().str();
  }
}

llvm::StringRef shuffleIntrinsic(gpu::ShuffleMode mode) {
  switch (mode) {
  case gpu::ShuffleMode::XOR:
    return "__shfl_xor_sync";
  case gpu::ShuffleMode::DOWN:
    return "__shfl_down_sync";
  case gpu::ShuffleMode::UP:
    return "__shfl_up_sync";
  case gpu::ShuffleMode::IDX:
    return "__shfl_sync";
  }
  return "__shfl_sync";
}

std::optional<Printed> SrcPrinter::print(Value v, int depth) {
  if (depth > 40)
    return std::nullopt;
  auto it = valueNames.find(v);
  if (it != valueNames.end() && !isa<MemRefType>(v.getType()))
    return Printed{it->second, 17};
  if (helperScope)
    for (Operation *u : v.getUsers())
      if (auto st = dyn_cast<memref::StoreOp>(u); st && st.getValue() == v)
        if (auto al = st.getMemRef().getDefiningOp<memref::AllocaOp>();
            al && al->hasAttr("kfix.param"))
          if (auto n = al->getAttrOfType<StringAttr>("kfix.var"))
            return Printed{n.getValue().str(), 17};
  Operation *op = v.getDefiningOp();
  if (!op)
    return std::nullopt;
  auto sub = [&](Value x) { return print(x, depth + 1); };
  auto par = [](const Printed &p, unsigned min) {
    return p.prec >= min ? p.text : "(" + p.text + ")";
  };
  auto bin = [&](llvm::StringRef sym, unsigned prec) -> std::optional<Printed> {
    auto l = sub(op->getOperand(0)), r = sub(op->getOperand(1));
    if (!l || !r)
      return std::nullopt;
    // Shifts and bitwise operators: arithmetic operands in parentheses (the
    // mixes compilers warn about).
    unsigned lmin = prec, rmin = prec + 1;
    if (prec <= 11 && prec >= 6 && prec != 9 && prec != 10)
      lmin = rmin = 13;
    // A 64-bit sum or product of two widened 32-bit values (`(long)n * L`):
    // C computes it in the width of the widest operand, so the left one keeps
    // the cast the file spells there (the printer drops casts elsewhere; a
    // bound a repair computed wide, `idx < rows * cols`, has none to keep).
    auto widened = [](Value x) {
      return x.getDefiningOp<arith::ExtSIOp>() || x.getDefiningOp<arith::ExtUIOp>();
    };
    if (isa<arith::AddIOp, arith::SubIOp, arith::MulIOp>(op) &&
        op->getResult(0).getType().isInteger(64) && widened(op->getOperand(0)) &&
        widened(op->getOperand(1)) && !base.empty())
      if (auto fl = fileLoc(op->getOperand(0).getDefiningOp()->getLoc(), base))
        if (auto o = src.offset(fl->first, fl->second)) {
          // At the cast (`(long)n`) or at the operand just after it.
          const std::string &t = src.text;
          size_t open = std::string::npos, close = std::string::npos;
          if (t[*o] == '(') {
            open = *o;
            close = t.find(')', *o);
          } else if (*o > 0 && t[*o - 1] == ')') {
            close = *o - 1;
            open = t.rfind('(', close);
          }
          llvm::StringRef cast = open == std::string::npos || close == std::string::npos
                                     ? ""
                                     : llvm::StringRef(t).slice(open, close + 1);
          static const llvm::Regex intType("^\\((const )?(unsigned |signed )?(long long|long "
                                           "int|long|(std::)?size_t|(std::)?u?int64_t|"
                                           "ptrdiff_t)\\)$");
          if (intType.match(cast))
            return Printed{cast.str() + par(*l, 15) + " " + sym.str() + " " + par(*r, rmin), prec};
        }
    return Printed{par(*l, lmin) + " " + sym.str() + " " + par(*r, rmin), prec};
  };
  auto call = [&](llvm::StringRef fn) -> std::optional<Printed> {
    std::string s = fn.str() + "(";
    for (auto [i, x] : llvm::enumerate(op->getOperands())) {
      auto p = sub(x);
      if (!p)
        return std::nullopt;
      s += (i ? ", " : "") + p->text;
    }
    return Printed{s + ")", 16};
  };
  bool f64 = isa<FloatType>(v.getType()) && v.getType().isF64();
  auto mathFn = [&](llvm::StringRef base) { return call(f64 ? base : (base + "f").str()); };
  // __half / __nv_bfloat16 arithmetic through the intrinsics.
  bool low = isa<FloatType>(v.getType()) && (v.getType().isF16() || v.getType().isBF16());
  if (low) {
    bool bf = v.getType().isBF16();
    if (auto c = dyn_cast<arith::ConstantOp>(op)) {
      double x = cast<FloatAttr>(c.getValue()).getValueAsDouble();
      std::string f = spellFloat(x, true, src);
      return Printed{(bf ? "__float2bfloat16(" : "__float2half(") + f + ")", 16};
    }
    if (isa<arith::AddFOp>(op))
      return call("__hadd");
    if (isa<arith::SubFOp>(op))
      return call("__hsub");
    if (isa<arith::MulFOp>(op))
      return call("__hmul");
    if (isa<arith::DivFOp>(op))
      return call("__hdiv");
    if (isa<arith::MaxNumFOp>(op))
      return call("__hmax");
    if (isa<arith::MinNumFOp>(op))
      return call("__hmin");
    if (isa<arith::NegFOp>(op))
      return call("__hneg");
    if (isa<math::ExpOp>(op))
      return call("hexp");
    if (isa<math::LogOp>(op))
      return call("hlog");
    if (isa<math::SqrtOp>(op))
      return call("hsqrt");
    if (isa<math::FmaOp>(op))
      return call("__hfma");
  }
  if (auto c = dyn_cast<arith::ConstantOp>(op)) {
    // A constant the file spells with a name (`CH` of `#define CH 256`, a
    // template parameter, a constexpr), where the op still sits: the name.
    if (!op->hasAttr("kfix.repaired") && !base.empty())
      if (auto l = fileLoc(op->getLoc(), base))
        if (auto name = macroConstantAt(c, src, l->first, l->second))
          return Printed{*name, 17};
    auto s = spellConstant(c, src);
    if (!s)
      return std::nullopt;
    return Printed{*s, (*s)[0] == '-' ? 15u : 17u};
  }
  // A lane of a float4 / half2 local: `yv.w`.
  if (auto ex = dyn_cast<vector::ExtractOp>(op)) {
    auto pos = ex.getStaticPosition();
    if (ex.hasDynamicPosition() || pos.size() != 1 || pos[0] < 0 || pos[0] > 3 ||
        ex.getSourceVectorType().getRank() != 1)
      return std::nullopt;
    auto src = sub(ex.getSource());
    if (!src)
      return std::nullopt;
    return Printed{par(*src, 16) + "." + std::string(1, "xyzw"[pos[0]]), 16};
  }
  if (auto ld = dyn_cast<memref::LoadOp>(op)) {
    Value m = ld.getMemRef();
    // A struct field as the source names it where it is read (`n` in a
    // member function, `o.n` through a reference parameter).
    if (auto sp = op->getAttrOfType<StringAttr>("kfix.spelling"))
      return Printed{sp.getValue().str(), 16};
    if (auto al = m.getDefiningOp<memref::AllocaOp>()) {
      if (localNames)
        if (auto it = localNames->find(al); it != localNames->end())
          return Printed{it->second, 17};
      auto name = al->getAttrOfType<StringAttr>("kfix.var");
      if (!name || name.getValue().starts_with("__") || !ld.getIndices().empty())
        return std::nullopt;
      return Printed{name.getValue().str(), 17};
    }
    // An access the repair did not touch, as the file writes it (through
    // its pointer locals: `in[j]`).
    if (!op->hasAttr("kfix.repaired") && !base.empty())
      if (auto l = fileLoc(op->getLoc(), base))
        if (auto o = src.offset(l->first, l->second); o && isIdent(src.text[*o])) {
          size_t e = postfixEnd(src.text, *o);
          if (e != std::string::npos && e > *o && src.text[e - 1] == ']' && indicesUntouched(ld))
            return Printed{src.text.substr(*o, e - *o), 16};
        }
    auto nit = valueNames.find(m);
    if (nit == valueNames.end())
      return std::nullopt;
    std::string s = nit->second;
    auto mt = cast<MemRefType>(m.getType());
    bool scalarShared =
        mt.getRank() == 1 && mt.hasStaticShape() && mt.getDimSize(0) == 1 && mt.getMemorySpace();
    if (scalarShared)
      return Printed{s, 17};
    for (Value i : ld.getIndices()) {
      auto p = sub(i);
      if (!p)
        return std::nullopt;
      s += "[" + p->text + "]";
    }
    return Printed{s, 16};
  }
  if (isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp, arith::ExtUIOp>(op))
    return sub(op->getOperand(0));
  if (auto g = dyn_cast<gpu::ThreadIdOp>(op))
    return Printed{"threadIdx." + stringifyDimension(g.getDimension()).str(), 16};
  if (auto g = dyn_cast<gpu::BlockIdOp>(op))
    return Printed{"blockIdx." + stringifyDimension(g.getDimension()).str(), 16};
  if (auto g = dyn_cast<gpu::BlockDimOp>(op))
    return Printed{"blockDim." + stringifyDimension(g.getDimension()).str(), 16};
  if (auto g = dyn_cast<gpu::GridDimOp>(op))
    return Printed{"gridDim." + stringifyDimension(g.getDimension()).str(), 16};
  if (isa<arith::AddIOp, arith::AddFOp>(op)) {
    // `k + -1` reads `k - 1`.
    if (auto c = op->getOperand(1).getDefiningOp<arith::ConstantOp>()) {
      auto ia = dyn_cast<IntegerAttr>(c.getValue());
      if (ia && ia.getType().isSignlessInteger() && ia.getInt() < 0 &&
          ia.getInt() > std::numeric_limits<int32_t>::min()) {
        auto l = sub(op->getOperand(0));
        if (!l)
          return std::nullopt;
        return Printed{par(*l, 12) + " - " + std::to_string(-ia.getInt()), 12};
      }
    }
    return bin("+", 12);
  }
  if (isa<arith::SubIOp, arith::SubFOp>(op))
    return bin("-", 12);
  if (isa<arith::MulIOp, arith::MulFOp>(op))
    return bin("*", 13);
  if (isa<arith::DivSIOp, arith::DivUIOp, arith::DivFOp>(op))
    return bin("/", 13);
  if (isa<arith::RemSIOp, arith::RemUIOp>(op))
    return bin("%", 13);
  if (isa<arith::ShLIOp>(op))
    return bin("<<", 11);
  if (isa<arith::ShRSIOp, arith::ShRUIOp>(op))
    return bin(">>", 11);
  if (isa<arith::AndIOp>(op))
    return bin(op->getResult(0).getType().isInteger(1) ? "&&" : "&",
               op->getResult(0).getType().isInteger(1) ? 5 : 8);
  if (isa<arith::OrIOp>(op))
    return bin(op->getResult(0).getType().isInteger(1) ? "||" : "|",
               op->getResult(0).getType().isInteger(1) ? 4 : 6);
  if (auto c = dyn_cast<arith::CmpIOp>(op)) {
    using P = arith::CmpIPredicate;
    switch (c.getPredicate()) {
    case P::slt:
    case P::ult:
      return bin("<", 10);
    case P::sle:
    case P::ule:
      return bin("<=", 10);
    case P::sgt:
    case P::ugt:
      return bin(">", 10);
    case P::sge:
    case P::uge:
      return bin(">=", 10);
    case P::eq:
      return bin("==", 9);
    case P::ne:
      return bin("!=", 9);
    }
  }
  if (auto c = dyn_cast<arith::CmpFOp>(op)) {
    using P = arith::CmpFPredicate;
    switch (c.getPredicate()) {
    case P::OLT:
    case P::ULT:
      return bin("<", 10);
    case P::OLE:
    case P::ULE:
      return bin("<=", 10);
    case P::OGT:
    case P::UGT:
      return bin(">", 10);
    case P::OGE:
    case P::UGE:
      return bin(">=", 10);
    case P::OEQ:
    case P::UEQ:
      return bin("==", 9);
    case P::ONE:
    case P::UNE:
      return bin("!=", 9);
    default:
      return std::nullopt;
    }
  }
  if (auto n = dyn_cast<arith::NegFOp>(op)) {
    auto p = sub(n.getOperand());
    if (!p)
      return std::nullopt;
    return Printed{"-" + par(*p, 15), 15};
  }
  if (auto s = dyn_cast<arith::SelectOp>(op)) {
    auto c = sub(s.getCondition()), a = sub(s.getTrueValue()), b = sub(s.getFalseValue());
    if (!c || !a || !b)
      return std::nullopt;
    return Printed{par(*c, 4) + " ? " + par(*a, 3) + " : " + par(*b, 3), 3};
  }
  auto castTo = [&](llvm::StringRef ty) -> std::optional<Printed> {
    auto p = sub(op->getOperand(0));
    if (!p)
      return std::nullopt;
    return Printed{"(" + ty.str() + ")" + par(*p, 15), 15};
  };
  if (isa<arith::SIToFPOp, arith::UIToFPOp>(op))
    return castTo(f64 ? "double" : "float");
  if (isa<arith::FPToSIOp>(op))
    return castTo(v.getType().isInteger(64) ? "long long" : "int");
  // A narrowing integer conversion (`(int)(e / C)`): C's cast, spelled.
  if (isa<arith::TruncIOp>(op) && !v.getType().isInteger(1))
    return castTo(cTypeName(v.getType()));
  if (auto e = dyn_cast<arith::ExtFOp>(op)) {
    if (e.getIn().getType().isF16())
      return call("__half2float");
    if (e.getIn().getType().isBF16())
      return call("__bfloat162float");
    return castTo("double");
  }
  if (auto t = dyn_cast<arith::TruncFOp>(op)) {
    if (t.getType().isF16())
      return call("__float2half");
    if (t.getType().isBF16())
      return call("__float2bfloat16");
    return castTo("float");
  }
  if (auto sh = dyn_cast<gpu::ShuffleOp>(op)) {
    if (v != sh.getShuffleResult())
      return std::nullopt;
    llvm::StringRef fn = shuffleIntrinsic(sh.getMode());
    std::string mask = fullMaskSpelling(src);
    if (auto m = sh->getAttrOfType<IntegerAttr>("kfix.mask"))
      mask = llvm::formatv("{0:x}", (uint64_t)m.getValue().getZExtValue()).str();
    auto val = sub(sh.getValue()), off = sub(sh.getOffset()), w = sub(sh.getWidth());
    if (!val || !off || !w)
      return std::nullopt;
    std::string s = fn.str() + "(" + mask + ", " + val->text + ", " + off->text;
    if (w->text != "32")
      s += ", " + w->text;
    return Printed{s + ")", 16};
  }
  if (isa<math::FmaOp>(op))
    return mathFn("fma");
  if (isa<math::SqrtOp>(op))
    return mathFn("sqrt");
  if (isa<math::RsqrtOp>(op))
    return mathFn("rsqrt");
  // The fast intrinsics the file called (`__expf`: fastmath afn), kept.
  bool fast = false;
  if (auto fm = op->getAttrOfType<arith::FastMathFlagsAttr>("fastmath"))
    fast = !f64 && arith::bitEnumContainsAny(fm.getValue(), arith::FastMathFlags::afn);
  if (isa<math::ExpOp>(op))
    return fast ? call("__expf") : mathFn("exp");
  if (isa<math::LogOp>(op))
    return fast ? call("__logf") : mathFn("log");
  if (isa<math::TanhOp>(op))
    return mathFn("tanh");
  if (isa<math::ErfOp>(op))
    return mathFn("erf");
  if (isa<math::AbsFOp>(op))
    return mathFn("fabs");
  if (isa<math::PowFOp>(op))
    return mathFn("pow");
  if (isa<arith::MaxNumFOp>(op))
    return mathFn("fmax");
  if (isa<arith::MinNumFOp>(op))
    return mathFn("fmin");
  if (isa<arith::MaxSIOp, arith::MaxUIOp>(op))
    return call("max");
  if (isa<arith::MinSIOp, arith::MinUIOp>(op))
    return call("min");
  return std::nullopt;
}

std::optional<std::string> SrcPrinter::access(Value m, ValueRange indices) {
  if (auto al = m.getDefiningOp<memref::AllocaOp>()) {
    if (!indices.empty())
      return std::nullopt;
    if (localNames)
      if (auto it = localNames->find(al); it != localNames->end())
        return it->second;
    auto name = al->getAttrOfType<StringAttr>("kfix.var");
    if (!name || name.getValue().starts_with("__"))
      return std::nullopt;
    return name.getValue().str();
  }
  auto nit = valueNames.find(m);
  if (nit == valueNames.end())
    return std::nullopt;
  std::string s = nit->second;
  auto mt = cast<MemRefType>(m.getType());
  if (mt.getRank() == 1 && mt.hasStaticShape() && mt.getDimSize(0) == 1 && mt.getMemorySpace())
    return s;
  for (Value i : indices) {
    auto p = print(i);
    if (!p)
      return std::nullopt;
    s += "[" + p->text + "]";
  }
  return s;
}

bool SrcPrinter::indicesUntouched(memref::LoadOp ld) {
  llvm::SmallVector<Value> work(ld.getIndices().begin(), ld.getIndices().end());
  for (unsigned steps = 0; !work.empty() && steps < 256; ++steps) {
    Operation *d = work.pop_back_val().getDefiningOp();
    if (!d)
      continue;
    if (d->hasAttr("kfix.repaired"))
      return false;
    if (auto al = dyn_cast<memref::AllocaOp>(d))
      if (localNames && localNames->count(al))
        return false;
    for (Value x : d->getOperands())
      work.push_back(x);
  }
  return work.empty();
}

/// The top-level `&&` operands of a C condition, outer parentheses and
/// spaces at either end dropped, inner runs of spaces made one: `a < n &&
/// (b < m)` -> {"a < n", "b < m"}.
std::vector<std::string> conjuncts(llvm::StringRef c) {
  auto norm = [](llvm::StringRef x) {
    x = x.trim();
    while (x.size() >= 2 && x.front() == '(' && x.back() == ')') {
      int d = 0;
      bool whole = true;
      for (size_t i = 0; i + 1 < x.size() && whole; ++i) {
        d += x[i] == '(' ? 1 : x[i] == ')' ? -1 : 0;
        whole = d > 0;
      }
      if (!whole)
        break;
      x = x.drop_front().drop_back().trim();
    }
    std::string out;
    for (char ch : x)
      if (ch != ' ' || (!out.empty() && out.back() != ' '))
        out += ch;
    return out;
  };
  std::vector<std::string> out;
  int depth = 0;
  size_t from = 0;
  for (size_t i = 0; i < c.size(); ++i) {
    depth += c[i] == '(' ? 1 : c[i] == ')' ? -1 : 0;
    if (depth == 0 && c.substr(i).starts_with("&&")) {
      out.push_back(norm(c.slice(from, i)));
      from = i + 2;
      ++i;
    }
  }
  out.push_back(norm(c.substr(from)));
  return out;
}

} // namespace kfix::delivery
