//===- Delivery.cpp - a repair delivered as a patch of the user's file ----===//
#include "kfix/Agent/Delivery.h"
#include "DeliveryCompile.h"

#include "kfix/Agent/Debug.h"
#include "kfix/Report/Report.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

using namespace kfix;
using namespace mlir;

llvm::json::Value Delivery::toJSON() const {
  llvm::json::Array es;
  for (const SourceEdit &e : edits)
    es.push_back(
        llvm::json::Object{{"line", e.line}, {"kind", e.kind}, {"pass", e.pass}, {"text", e.text}});
  llvm::json::Object o{{"delivery", mode},
                       {"changed_lines", changedLines},
                       {"unchanged_lines_identical", unchangedIdentical},
                       {"structural_match", structural},
                       {"candidates_tried", candidatesTried},
                       {"validations", validations},
                       {"edits", std::move(es)}};
  if (!reason.empty())
    o["reason"] = reason;
  if (!compile.empty()) {
    llvm::json::Object c;
    for (const CompileCheck &k : compile)
      c[k.tool] = k.toJSON();
    o["compile"] = std::move(c);
  }
  llvm::json::Array added;
  for (const std::string &h : headersAdded)
    added.push_back(h);
  o["headers"] =
      llvm::json::Object{{"subset_of_original", headersSubset}, {"added", std::move(added)}};
  return o;
}

//===----------------------------------------------------------------------===//
// Line diff measure
//===----------------------------------------------------------------------===//

unsigned kfix::changedLineCount(llvm::StringRef a, llvm::StringRef b, unsigned *removed) {
  llvm::SmallVector<llvm::StringRef> la, lb;
  a.split(la, '\n');
  b.split(lb, '\n');
  // Trim the common prefix and suffix, LCS on the rest.
  size_t p = 0;
  while (p < la.size() && p < lb.size() && la[p] == lb[p])
    ++p;
  size_t sa = la.size(), sb = lb.size();
  while (sa > p && sb > p && la[sa - 1] == lb[sb - 1])
    --sa, --sb;
  size_t n = sa - p, m = sb - p;
  unsigned lcs = 0;
  if (n && m && n * m <= 4000000) {
    std::vector<unsigned> prev(m + 1, 0), cur(m + 1, 0);
    for (size_t i = 1; i <= n; ++i) {
      for (size_t j = 1; j <= m; ++j)
        cur[j] = la[p + i - 1] == lb[p + j - 1] ? prev[j - 1] + 1 : std::max(prev[j], cur[j - 1]);
      std::swap(prev, cur);
    }
    lcs = prev[m];
  }
  if (removed)
    *removed = n - lcs;
  return (n - lcs) + (m - lcs);
}

//===----------------------------------------------------------------------===//
// Source text and locations
//===----------------------------------------------------------------------===//

namespace {

struct SrcText {
  std::string text;
  std::vector<size_t> lineStart;
  explicit SrcText(std::string t) : text(std::move(t)) {
    lineStart.push_back(0);
    for (size_t i = 0; i < text.size(); ++i)
      if (text[i] == '\n')
        lineStart.push_back(i + 1);
  }
  std::optional<size_t> offset(unsigned line, unsigned col) const {
    if (line == 0 || line > lineStart.size() || col == 0)
      return std::nullopt;
    size_t o = lineStart[line - 1] + col - 1;
    if (o >= text.size())
      return std::nullopt;
    return o;
  }
  unsigned lineOf(size_t off) const {
    return std::upper_bound(lineStart.begin(), lineStart.end(), off) - lineStart.begin();
  }
  size_t lineBegin(unsigned line) const {
    return line <= lineStart.size() ? lineStart[line - 1] : text.size();
  }
  std::string indentOf(unsigned line) const {
    size_t b = lineBegin(line), e = b;
    while (e < text.size() && (text[e] == ' ' || text[e] == '\t'))
      ++e;
    return text.substr(b, e - b);
  }
  bool has(llvm::StringRef s) const { return llvm::StringRef(text).contains(s); }
};

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

bool isIdent(char c) { return std::isalnum((unsigned char)c) || c == '_'; }

/// End of an identifier or number token starting at `o`.
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

/// The matching close of the bracket at `o` ("(" or "["), or npos.
size_t matchClose(const std::string &t, size_t o) {
  int depth = 0;
  for (size_t i = o; i < t.size(); ++i) {
    char c = t[i];
    if (c == '(' || c == '[' || c == '{')
      ++depth;
    else if (c == ')' || c == ']' || c == '}') {
      if (--depth == 0)
        return i;
    } else if (c == ';' && depth <= 1 && t[o] != '(')
      return std::string::npos;
  }
  return std::string::npos;
}

/// The end of the statement (its `;`) from `o`; with `atComma`, also a
/// `,` at depth 0 (the end of one declarator's initializer, or of an
/// assignment's right side: `,` binds looser than `=`).
size_t statementEnd(const std::string &t, size_t o, bool atComma = false) {
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
    if (mathH)
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

//===----------------------------------------------------------------------===//
// Values printed as C++ in the file's names
//===----------------------------------------------------------------------===//

struct Printed {
  std::string text;
  unsigned prec; // 17 primary .. 3 conditional
};

/// The full-warp mask as the file spells it: a macro defined to 0xffffffff
/// when there is one, else the literal.
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

/// The C++ spelling of a scalar MLIR type (empty when there is none).
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

/// The text of the postfix expression (`in[j]`, `p[i][k]`, `f(x)`) that
/// starts at `o`, or npos.
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

class SrcPrinter {
public:
  /// Names given to locals the repair created (`__kfix_max` -> `kfix_max`).
  const std::map<Operation *, std::string> *localNames = nullptr;
  llvm::StringRef base;

  SrcPrinter(gpu::GPUFuncOp f, const SrcText &src) : func(f), src(src) {
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

  std::optional<Printed> print(Value v, int depth = 0) {
    if (depth > 40)
      return std::nullopt;
    auto it = valueNames.find(v);
    if (it != valueNames.end() && !isa<MemRefType>(v.getType()))
      return Printed{it->second, 17};
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
      auto s = spellConstant(c, src);
      if (!s)
        return std::nullopt;
      return Printed{*s, (*s)[0] == '-' ? 15u : 17u};
    }
    if (auto ld = dyn_cast<memref::LoadOp>(op)) {
      Value m = ld.getMemRef();
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
    if (isa<arith::AddIOp, arith::AddFOp>(op))
      return bin("+", 12);
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
      llvm::StringRef fn;
      switch (sh.getMode()) {
      case gpu::ShuffleMode::XOR:
        fn = "__shfl_xor_sync";
        break;
      case gpu::ShuffleMode::DOWN:
        fn = "__shfl_down_sync";
        break;
      case gpu::ShuffleMode::UP:
        fn = "__shfl_up_sync";
        break;
      case gpu::ShuffleMode::IDX:
        fn = "__shfl_sync";
        break;
      }
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
    if (isa<math::ExpOp>(op))
      return mathFn("exp");
    if (isa<math::LogOp>(op))
      return mathFn("log");
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

  void nameValue(Value v, const std::string &n) { valueNames[v] = n; }

  /// `name[i][j]` (or `name` for a scalar __shared__ / local) of an access.
  std::optional<std::string> access(Value m, ValueRange indices) {
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

private:
  /// No repaired op computes the indices of `ld`.
  bool indicesUntouched(memref::LoadOp ld) {
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

  gpu::GPUFuncOp func;
  const SrcText &src;
  llvm::DenseMap<Value, std::string> valueNames;
};

//===----------------------------------------------------------------------===//
// Fix-its from the repaired ops
//===----------------------------------------------------------------------===//

/// One place the repair touched, with alternative edits (best first).
struct Site {
  std::vector<std::vector<SourceEdit>> alternatives;
};

class FixIts {
public:
  FixIts(const SrcText &src, llvm::StringRef base, ModuleOp original)
      : src(src), base(base), original(original) {}
  std::vector<Site> sites;
  std::string unhandled; ///< the first repaired op no fix-it covers
  Operation *unhandledOp = nullptr;
  /// Statements of the file regenerated whole (a loop whose shape the repair
  /// changed): ops of the repaired module.
  std::set<Operation *> wholeStmts;
  /// Statements of the original the repaired module no longer has.
  std::vector<Operation *> deleted;
  /// Edits applied where no other edit covers their text (a conversion call
  /// around a re-declared local's read).
  std::vector<SourceEdit> softEdits;

  void collect(ModuleOp m) {
    countOps(m);
    findDeleted(m);
    m.walk([&](gpu::GPUFuncOp f) {
      size_t firstSite = sites.size(), firstSoft = softEdits.size();
      collectIn(f);
      if (auto body = bodyRange(f)) {
        for (size_t i = firstSite; i < sites.size(); ++i)
          for (auto &alt : sites[i].alternatives)
            for (SourceEdit &e : alt)
              toHelperScope(e, *body);
        for (size_t i = firstSoft; i < softEdits.size(); ++i)
          toHelperScope(softEdits[i], *body);
      }
    });
  }

private:
  void collectIn(gpu::GPUFuncOp f) {
    {
      SrcPrinter pr(f, src);
      pr.localNames = &localNames;
      pr.base = base;
      nameNewLocals(f);
      for (Operation *c : wholeStmts)
        if (c->getParentOfType<gpu::GPUFuncOp>() == f && !covered.count(c) &&
            !regenerateWhole(c, pr) && unhandled.empty()) {
          unhandled = "a statement regenerated whole";
          unhandledOp = nullptr;
        }
      // Statements the repair added (a loop, an initialization): printed
      // whole and inserted between the file's statements.
      newStatements(f, pr);
      // Guards first: the comparisons and loads they wrap are theirs.
      f.walk([&](scf::IfOp op) {
        if (auto rep = op->getAttrOfType<StringAttr>("kfix.repaired"))
          if (!guard(op, rep.getValue(), pr) && unhandled.empty()) {
            unhandled = "scf.if (" + rep.getValue().str() + ")";
            unhandledOp = op;
          }
      });
      // Loops next: the bounds and steps a repair computed are theirs.
      f.walk([&](scf::ForOp op) {
        if (auto rep = op->getAttrOfType<StringAttr>("kfix.repaired"))
          if (!covered.count(op) && !forLoop(op, rep.getValue(), pr) && unhandled.empty()) {
            unhandled = "scf.for (" + rep.getValue().str() + ")";
            unhandledOp = op;
          }
      });
      f.walk([&](Operation *op) {
        auto rep = op->getAttrOfType<StringAttr>("kfix.repaired");
        if (!rep || op == f.getOperation())
          return;
        std::string pass = rep.getValue().str();
        if (!handle(op, pass, pr) && unhandled.empty()) {
          std::string w;
          llvm::raw_string_ostream os(w);
          os << op->getName() << " (" << pass << ")";
          if (auto l = fileLoc(op->getLoc(), base))
            os << " at line " << l->first;
          unhandled = w;
          unhandledOp = op;
        }
      });
      for (auto &[c, pass] : foldedUses)
        if (!editedDefs.count(pass) && unhandled.empty())
          unhandled = "arith.constant (" + pass + ")";
      foldedUses.clear();
      if (auto rep = f->getAttrOfType<StringAttr>("kfix.repaired"); rep && unhandled.empty())
        if (!sharedExtents(f, rep.getValue()))
          unhandled = "gpu.func (" + rep.getValue().str() + ")";
    }
  }

  //===--------------------------------------------------------------------===//
  // Edits inside a `__device__` helper the kernel calls
  //===--------------------------------------------------------------------===//

  /// The identifiers of `t[b, e)`.
  static std::set<std::string> identsIn(llvm::StringRef t) {
    std::set<std::string> out;
    for (size_t p = 0; p < t.size();) {
      if (!isIdent(t[p]) || std::isdigit((unsigned char)t[p])) {
        ++p;
        continue;
      }
      size_t e = p;
      while (e < t.size() && isIdent(t[e]))
        ++e;
      out.insert(t.slice(p, e).str());
      p = e;
    }
    return out;
  }
  /// `t` split at the commas at bracket depth 0, each part trimmed.
  static std::vector<std::string> splitTop(llvm::StringRef t) {
    std::vector<std::string> out;
    int depth = 0;
    size_t b = 0;
    for (size_t i = 0; i <= t.size(); ++i) {
      char c = i < t.size() ? t[i] : ',';
      if (c == '(' || c == '[' || c == '{' || c == '<')
        ++depth;
      else if (c == ')' || c == ']' || c == '}' || c == '>')
        --depth;
      else if (c == ',' && depth == 0) {
        out.push_back(t.slice(b, i).trim().str());
        b = i + 1;
      }
    }
    return out;
  }
  /// `s` with each key of `m` (an argument's text, bounded by no identifier
  /// character) replaced by its value, longer keys first.
  static std::string renameArgs(llvm::StringRef s, const std::map<std::string, std::string> &m) {
    std::vector<std::pair<std::string, std::string>> keys(m.begin(), m.end());
    llvm::stable_sort(keys, [](auto &x, auto &y) { return x.first.size() > y.first.size(); });
    std::string out;
    for (size_t p = 0; p < s.size();) {
      bool done = false;
      if (p == 0 || !isIdent(s[p - 1]))
        for (auto &[k, v] : keys)
          if (s.substr(p).starts_with(k) &&
              (p + k.size() >= s.size() || !isIdent(s[p + k.size()]) || !isIdent(k.back()))) {
            out += v;
            p += k.size();
            done = true;
            break;
          }
      if (!done)
        out += s[p++];
    }
    return out;
  }

  /// The lifter inlines `__device__` helpers: an edit the repair made inside
  /// one is printed in the kernel's names (`(float)H / (float)OH`). Where its
  /// place is outside the kernel's body, the kernel's argument texts of a call
  /// to the helper become the helper's parameter names (`(float)in_size /
  /// (float)out_size`), from the first call site after which no name of the
  /// kernel's alone is left.
  void toHelperScope(SourceEdit &e, std::pair<size_t, size_t> kernel) {
    if (e.text.empty() || (e.offset >= kernel.first && e.offset < kernel.second))
      return;
    const std::string &t = src.text;
    // The top-level `{ ... }` holding the edit.
    size_t hb = std::string::npos, he = std::string::npos;
    int depth = 0;
    for (size_t p = 0; p < t.size(); ++p) {
      if (t[p] == '{' && depth++ == 0)
        hb = p;
      else if (t[p] == '}' && --depth == 0) {
        if (hb != std::string::npos && hb < e.offset && e.offset < p) {
          he = p + 1;
          break;
        }
      }
    }
    if (he == std::string::npos)
      return;
    // Its header: `NAME(PARAMS)` before the `{`.
    size_t close = t.rfind(')', hb);
    if (close == std::string::npos)
      return;
    int d = 0;
    size_t open = close;
    for (; open > 0; --open) {
      if (t[open] == ')')
        ++d;
      else if (t[open] == '(' && --d == 0)
        break;
    }
    size_t ne = open;
    while (ne > 0 && t[ne - 1] == ' ')
      --ne;
    size_t nb = ne;
    while (nb > 0 && isIdent(t[nb - 1]))
      --nb;
    std::string name = t.substr(nb, ne - nb);
    if (name.empty())
      return;
    std::vector<std::string> params;
    for (const std::string &p : splitTop(llvm::StringRef(t).slice(open + 1, close))) {
      size_t q = p.size();
      while (q > 0 && !isIdent(p[q - 1]))
        --q;
      size_t qb = q;
      while (qb > 0 && isIdent(p[qb - 1]))
        --qb;
      params.push_back(p.substr(qb, q - qb));
    }
    std::set<std::string> helperIds = identsIn(llvm::StringRef(t).slice(nb, he));
    std::set<std::string> kernelOnly;
    size_t kh = t.rfind('(', kernel.first);
    for (const std::string &id : identsIn(
             llvm::StringRef(t).slice(kh == std::string::npos ? kernel.first : kh, kernel.second)))
      if (!helperIds.count(id))
        kernelOnly.insert(id);
    // Call sites in the kernel: `NAME(ARGS)`.
    for (size_t p = t.find(name, kernel.first); p != std::string::npos && p < kernel.second;
         p = t.find(name, p + 1)) {
      if (isIdent(t[p - 1]) || isIdent(t[p + name.size()]))
        continue;
      size_t a = p + name.size();
      while (a < t.size() && t[a] == ' ')
        ++a;
      if (a >= t.size() || t[a] != '(')
        continue;
      size_t c = matchClose(t, a);
      if (c == std::string::npos)
        continue;
      std::vector<std::string> args = splitTop(llvm::StringRef(t).slice(a + 1, c));
      if (args.size() != params.size())
        continue;
      std::map<std::string, std::string> m;
      for (size_t i = 0; i < args.size(); ++i)
        if (!args[i].empty() && !params[i].empty())
          m[args[i]] = params[i];
      std::string text = renameArgs(e.text, m);
      if (llvm::none_of(identsIn(text),
                        [&](const std::string &id) { return kernelOnly.count(id); })) {
        e.text = text;
        return;
      }
    }
  }

  const SrcText &src;
  llvm::StringRef base;
  ModuleOp original;
  std::set<std::pair<size_t, std::string>> seen; ///< (offset, kind) already a site
  std::set<Operation *> covered;                 ///< ops another fix-it accounts for
  std::map<Operation *, std::string> localNames; ///< locals the repair created
  std::set<Operation *> declared;                ///< of those, declared by an edit
  std::set<std::string> retypedNames;            ///< locals re-declared in another type

  //===--------------------------------------------------------------------===//
  // Statements regenerated whole
  //===--------------------------------------------------------------------===//

  /// Original statements (stores, loops, barriers...) with no op of their
  /// kind left at their location.
  void findDeleted(ModuleOp m) {
    if (!original)
      return;
    std::set<OpKey> present;
    m.walk([&](Operation *op) { present.insert(key(op)); });
    original.walk([&](Operation *op) {
      if (isStatement(op) && fileLoc(op->getLoc(), base) && !present.count(key(op)))
        deleted.push_back(op);
    });
  }

public:
  /// The compound statement (loop, if) of the repaired module to regenerate
  /// whole so that the unhandled op or a deleted statement is expressed: the
  /// innermost one around it that the original has too.
  Operation *enclosingCompound(Operation *op) {
    for (Operation *p = op; p; p = p->getParentOp()) {
      if (isa<gpu::GPUFuncOp>(p))
        return nullptr;
      if (!isa<scf::ForOp, scf::WhileOp, scf::IfOp>(p) || wholeStmts.count(p))
        continue;
      if (auto i = dyn_cast<scf::IfOp>(p); i && i.getNumResults())
        continue;
      if (getenv("KFIX_DELIVERY_DEBUG"))
        llvm::errs() << "  enclosing " << p->getName() << ": counterpart " << (bool)counterpart(p)
                     << " new " << isNew(p) << " range " << (bool)stmtRange(p) << "\n";
      if (counterpart(p) && !isNew(p) && stmtRange(p))
        return p;
    }
    return nullptr;
  }
  /// The same for a statement of the original that is gone: the repaired
  /// module's op for its enclosing compound statement.
  Operation *compoundForDeleted(ModuleOp m) {
    for (Operation *d : deleted) {
      for (Operation *p = d->getParentOp(); p && !isa<gpu::GPUFuncOp>(p); p = p->getParentOp()) {
        if (!isa<scf::ForOp, scf::WhileOp, scf::IfOp>(p))
          continue;
        Operation *r = nullptr;
        m.walk([&](Operation *x) {
          if (!r && key(x) == key(p) && !isNew(x))
            r = x;
        });
        if (r && !wholeStmts.count(r) && stmtRange(r))
          return r;
        if (r && wholeStmts.count(r))
          break;
      }
    }
    return nullptr;
  }

private:
  /// [begin, end) of the source statement a loop/if op stands for: from its
  /// keyword to its closing brace or `;`.
  std::optional<std::pair<size_t, size_t>> stmtRange(Operation *op) {
    auto o = at(op);
    if (!o)
      return std::nullopt;
    size_t e = stmtEndAt(*o, 0);
    if (e == std::string::npos)
      return std::nullopt;
    return std::make_pair(*o, e);
  }
  /// End (one past) of the statement starting at `o`.
  size_t stmtEndAt(size_t o, int depth) {
    const std::string &t = src.text;
    if (depth > 8 || o >= t.size())
      return std::string::npos;
    auto kw = [&](llvm::StringRef k) {
      return t.compare(o, k.size(), k.str()) == 0 && !isIdent(t[o + k.size()]);
    };
    auto skip = [&](size_t p) {
      while (p < t.size() && std::isspace((unsigned char)t[p]))
        ++p;
      return p;
    };
    if (t[o] == '{') {
      int d = 0;
      for (size_t i = o; i < t.size(); ++i)
        if (t[i] == '{')
          ++d;
        else if (t[i] == '}' && --d == 0)
          return i + 1;
      return std::string::npos;
    }
    if (kw("for") || kw("while") || kw("if")) {
      size_t lp = t.find('(', o);
      size_t rp = lp == std::string::npos ? lp : matchClose(t, lp);
      if (rp == std::string::npos)
        return rp;
      size_t e = stmtEndAt(skip(rp + 1), depth + 1);
      if (e == std::string::npos || !kw("if"))
        return e;
      size_t q = skip(e);
      if (t.compare(q, 4, "else") == 0 && !isIdent(t[q + 4]))
        return stmtEndAt(skip(q + 4), depth + 1);
      return e;
    }
    size_t e = statementEnd(t, o);
    return e == std::string::npos ? e : e + 1;
  }

  /// Allocas whose declaration lies in the statement being regenerated.
  std::set<Operation *> declareHere;

  /// Replaces the source of compound statement `c` (and the statements of its
  /// header that the lifter put before it, a `for`'s initialization) by `c`
  /// printed from the repaired IR.
  bool regenerateWhole(Operation *c, SrcPrinter &pr) {
    auto r = stmtRange(c);
    if (!r)
      return false;
    auto [b, e] = *r;
    unsigned line = src.lineOf(b);
    std::string ind = src.indentOf(line);
    std::vector<Operation *> ops;
    for (Operation *x = c->getPrevNode(); x; x = x->getPrevNode()) {
      if (!isStatement(x))
        continue;
      auto o = at(x);
      if (!o || *o < b || *o >= e)
        break;
      ops.insert(ops.begin(), x);
    }
    ops.push_back(c);
    // Locals declared inside the statement's text (a `for`'s variable).
    declareHere.clear();
    c->getParentOfType<gpu::GPUFuncOp>().walk([&](memref::AllocaOp al) {
      auto o = at(al);
      if (o && *o >= b && *o < e && !localNames.count(al))
        declareHere.insert(al);
    });
    std::string text;
    for (Operation *x : ops) {
      auto st = stmt(x, pr, ind);
      if (!st) {
        declareHere.clear();
        return false;
      }
      text += *st;
    }
    declareHere.clear();
    for (Operation *x : ops)
      coverSlice(x);
    llvm::StringRef body(text);
    body.consume_front(ind);
    if (body.ends_with("\n"))
      body = body.drop_back();
    Site s;
    s.alternatives.push_back({edit(b, e - b, body.str(), "regenerate-statement", passOf(c))});
    return addSite(b, "whole", std::move(s));
  }
  /// The repair pass named by `op` or the first repaired op inside it.
  std::string passOf(Operation *op) {
    std::string p;
    op->walk([&](Operation *x) {
      if (auto r = x->getAttrOfType<StringAttr>("kfix.repaired"); r && p.empty())
        p = r.getValue().str();
    });
    return p;
  }

  //===--------------------------------------------------------------------===//
  // New statements
  //===--------------------------------------------------------------------===//

  using OpKey = std::pair<std::string, const void *>;
  std::map<OpKey, unsigned> origCount, unrepCount;
  static OpKey key(Operation *op) {
    return {op->getName().getStringRef().str(), op->getLoc().getAsOpaquePointer()};
  }
  void countOps(ModuleOp m) {
    if (original)
      original.walk([&](Operation *op) { ++origCount[key(op)]; });
    m.walk([&](Operation *op) {
      if (!op->hasAttr("kfix.repaired"))
        ++unrepCount[key(op)];
    });
  }
  unsigned countIn(const std::map<OpKey, unsigned> &m, Operation *op) {
    auto it = m.find(key(op));
    return it == m.end() ? 0 : it->second;
  }
  /// A repaired op that stands for no construct of the original (the
  /// original has no op of its kind at its location, or the module still has
  /// all of those unrepaired: a copy).
  bool isNew(Operation *op) {
    if (!op->hasAttr("kfix.repaired") || !original)
      return false;
    unsigned o = countIn(origCount, op);
    return o == 0 || countIn(unrepCount, op) >= o;
  }
  /// An unrepaired op inside a new statement is a copy of one the original
  /// keeps (not a statement of the original moved into a new one).
  bool isCopy(Operation *op) { return countIn(unrepCount, op) > countIn(origCount, op); }

  static bool isStatement(Operation *op) {
    if (isa<memref::StoreOp, gpu::BarrierOp, scf::ForOp, scf::WhileOp, memref::AtomicRMWOp>(op))
      return true;
    if (auto i = dyn_cast<scf::IfOp>(op))
      return i.getNumResults() == 0;
    return op->getNumRegions() > 0;
  }

  /// The original's alloca `al` stands for when the repair re-declared it in
  /// another type (`__half acc` -> `float acc`), else null.
  memref::AllocaOp retypedFrom(memref::AllocaOp al) {
    if (!al->hasAttr("kfix.repaired") || al.getType().getRank() != 0 || !al->hasAttr("kfix.var") ||
        countIn(unrepCount, al) != 0)
      return {};
    if (auto oa = dyn_cast_or_null<memref::AllocaOp>(counterpart(al)))
      if (oa.getType().getElementType() != al.getType().getElementType())
        return oa;
    return {};
  }

  void nameNewLocals(gpu::GPUFuncOp f) {
    retypedNames.clear();
    f.walk([&](memref::AllocaOp al) {
      if (retypedFrom(al))
        retypedNames.insert(al->getAttrOfType<StringAttr>("kfix.var").getValue().str());
    });
    f.walk([&](memref::AllocaOp al) {
      if (!al->hasAttr("kfix.repaired") || al.getType().getRank() != 0)
        return;
      // A local the repair re-declared in another type (`__half acc` ->
      // `float acc`): the file's declaration with the new type.
      if (auto oa = retypedFrom(al))
        if (retype(al, al->getAttrOfType<StringAttr>("kfix.var").getValue(),
                   oa.getType().getElementType(), f))
          return;
      std::string base = "kfix_tmp";
      if (auto v = al->getAttrOfType<StringAttr>("kfix.var"))
        base = llvm::StringRef(v.getValue()).ltrim('_').str();
      if (base.empty())
        base = "kfix_tmp";
      std::string name = base;
      for (unsigned k = 1; identInFile(name) || usedName(name); ++k)
        name = base + "_" + std::to_string(k);
      localNames[al] = name;
    });
  }
  /// The declaration `T name` at `al`'s location gets the alloca's type: the
  /// type written once for every declarator of `T a = .., b = ..;` when the
  /// repair re-declared each of them.
  bool retype(memref::AllocaOp al, llvm::StringRef name, Type was, gpu::GPUFuncOp f) {
    auto o = at(al);
    std::string ty = cTypeName(al.getType().getElementType());
    if (!o || ty.empty() || src.text.compare(*o, name.size(), name.str()) != 0)
      return false;
    const std::string &t = src.text;
    // The declaration's first character, scanning back over balanced
    // initializers (`a = f(x, y), b`).
    size_t b = *o;
    int depth = 0;
    while (b > 0) {
      char c = t[b - 1];
      if (c == ')' || c == ']' || c == '}') {
        if (c == '}' && depth == 0)
          break;
        ++depth;
      } else if (c == '(' || c == '[' || c == '{') {
        if (depth == 0)
          break;
        --depth;
      } else if (depth == 0 && c == ';') {
        break;
      } else if (depth == 0 && c == '\n') {
        // A declaration continued on another line keeps its type above.
        size_t q = b - 1;
        while (q > 0 && std::isspace((unsigned char)t[q - 1]))
          --q;
        if (q == 0 || t[q - 1] != ',')
          break;
      }
      --b;
    }
    if (b > 0 && t[b - 1] == '(')
      return false; // a parameter (or a `for` header)
    while (b < *o && std::isspace((unsigned char)t[b]))
      ++b;
    // The type ends before the first identifier followed by `=`, `,`, `;`
    // or `[`: the first declarator.
    size_t first = std::string::npos;
    for (size_t p = b; p <= *o;) {
      if (!isIdent(t[p]) || (p > b && isIdent(t[p - 1]))) {
        ++p;
        continue;
      }
      size_t e = p;
      while (e < t.size() && isIdent(t[e]))
        ++e;
      size_t n = e;
      while (n < t.size() && t[n] == ' ')
        ++n;
      if (p > b && n < t.size() && llvm::StringRef("=,;[").contains(t[n])) {
        first = p;
        break;
      }
      p = e;
    }
    if (first == std::string::npos)
      return false;
    llvm::StringRef decl = llvm::StringRef(t).slice(b, first).rtrim();
    if (decl.empty() || decl.starts_with("for") || decl.contains('=') || decl.contains('*') ||
        decl.contains('&') || decl.contains('(') || decl.contains(','))
      return false;
    // Every declarator the type covers is one the repair re-declared.
    depth = 0;
    std::vector<std::string> names;
    bool atName = true;
    for (size_t p = first; p < t.size(); ++p) {
      char c = t[p];
      if (c == '(' || c == '[' || c == '{') {
        ++depth;
      } else if (c == ')' || c == ']' || c == '}') {
        --depth;
      } else if (depth == 0 && c == ';') {
        break;
      } else if (depth == 0 && c == ',') {
        atName = true;
      } else if (atName && isIdent(c)) {
        size_t e = p;
        while (e < t.size() && isIdent(t[e]))
          ++e;
        names.push_back(t.substr(p, e - p));
        atName = false;
        p = e - 1;
      } else if (atName && !std::isspace((unsigned char)c)) {
        return false; // `*p`, `&r`: a declarator of another type
      }
    }
    for (const std::string &n : names)
      if (!retypedNames.count(n))
        return false;
    // Keep qualifiers (`const`, `volatile`, `register`).
    for (llvm::StringRef q : {"const ", "volatile ", "register "})
      if (decl.starts_with(q)) {
        b += q.size();
        decl = decl.drop_front(q.size());
      }
    localNames[al] = name.str();
    declared.insert(al);
    llvm::StringRef pass = al->getAttrOfType<StringAttr>("kfix.repaired").getValue();
    Site s;
    s.alternatives.push_back({edit(b, decl.size(), ty, "retype", pass)});
    addSite(b, "retype", std::move(s));
    // A read converted from the old type to the new one by a call
    // (`__bfloat162float(acc)` of a float acc would round it to bf16): the
    // variable itself, where no statement the repair changed covers it.
    if (ty != "float" || !(was.isF16() || was.isBF16()))
      return true;
    auto body = bodyRange(f);
    if (!body)
      return true;
    for (llvm::StringRef conv : {"__half2float", "__bfloat162float"})
      for (size_t p = t.find(conv.str(), body->first); p != std::string::npos && p < body->second;
           p = t.find(conv.str(), p + 1)) {
        if (p > 0 && isIdent(t[p - 1]))
          continue;
        size_t q = p + conv.size();
        auto skip = [&] {
          while (q < t.size() && std::isspace((unsigned char)t[q]))
            ++q;
        };
        skip();
        if (q >= t.size() || t[q] != '(')
          continue;
        ++q;
        skip();
        if (t.compare(q, name.size(), name.str()) != 0 ||
            (q + name.size() < t.size() && isIdent(t[q + name.size()])))
          continue;
        q += name.size();
        skip();
        if (q >= t.size() || t[q] != ')')
          continue;
        softEdits.push_back(edit(p, q + 1 - p, name.str(), "unconvert", pass));
      }
    return true;
  }
  /// The text of `f`'s body: from its `{` to its `}`.
  std::optional<std::pair<size_t, size_t>> bodyRange(gpu::GPUFuncOp f) {
    auto o = at(f);
    if (!o)
      return std::nullopt;
    const std::string &t = src.text;
    size_t b = t.find('{', *o);
    if (b == std::string::npos)
      return std::nullopt;
    int depth = 0;
    for (size_t p = b; p < t.size(); ++p) {
      if (t[p] == '{')
        ++depth;
      else if (t[p] == '}' && --depth == 0)
        return std::make_pair(b, p + 1);
    }
    return std::nullopt;
  }
  bool usedName(const std::string &n) {
    for (auto &[op, x] : localNames)
      if (x == n)
        return true;
    return false;
  }
  bool identInFile(llvm::StringRef n) {
    const std::string &t = src.text;
    for (size_t p = t.find(n.str()); p != std::string::npos; p = t.find(n.str(), p + 1))
      if ((p == 0 || !isIdent(t[p - 1])) && (p + n.size() >= t.size() || !isIdent(t[p + n.size()])))
        return true;
    return false;
  }

  std::string localType(memref::AllocaOp al) {
    if (auto c = al->getAttrOfType<StringAttr>("kfix.ctype"))
      return c.getValue().str();
    return cTypeName(al.getType().getElementType());
  }

  /// The alloca that holds a scf.for's induction variable.
  memref::AllocaOp loopVar(scf::ForOp f) {
    for (Operation *u : f.getInductionVar().getUsers())
      if (auto st = dyn_cast<memref::StoreOp>(u))
        if (st.getValue() == f.getInductionVar())
          if (auto al = st.getMemRef().getDefiningOp<memref::AllocaOp>())
            return al;
    return {};
  }

  /// The statements of `block` as C++ lines at indentation `ind`.
  std::optional<std::string> stmts(Block &block, SrcPrinter &pr, const std::string &ind,
                                   Value skipIv = {}) {
    std::string out;
    for (Operation &op : block) {
      if (isa<scf::YieldOp>(op) || !isStatement(&op))
        continue;
      if (auto st = dyn_cast<memref::StoreOp>(op); st && skipIv && st.getValue() == skipIv)
        continue;
      auto s = stmt(&op, pr, ind);
      if (!s)
        return std::nullopt;
      out += *s;
    }
    return out;
  }

  /// One statement (with its nested ones) as C++ lines at indentation `ind`.
  std::optional<std::string> stmt(Operation *op, SrcPrinter &pr, const std::string &ind) {
    const std::string step = "    ";
    if (isa<gpu::BarrierOp>(op))
      return ind + "__syncthreads();\n";
    if (auto st = dyn_cast<memref::StoreOp>(op)) {
      auto lhs = pr.access(st.getMemRef(), st.getIndices());
      if (!lhs)
        return std::nullopt;
      auto al = st.getMemRef().getDefiningOp<memref::AllocaOp>();
      if (al && declareHere.count(al)) {
        auto v = pr.print(st.getValue());
        if (!v)
          return std::nullopt;
        declareHere.erase(al);
        return ind + localType(al) + " " + *lhs + " = " + v->text + ";\n";
      }
      if (al && localNames.count(al) && !declared.count(al)) {
        auto v = pr.print(st.getValue());
        if (!v)
          return std::nullopt;
        declared.insert(al);
        return ind + localType(al) + " " + *lhs + " = " + v->text + ";\n";
      }
      // `x op= e` for `x = x op e`.
      if (Operation *d = st.getValue().getDefiningOp(); d && d->getNumOperands() == 2) {
        llvm::StringRef sym =
            llvm::TypeSwitch<Operation *, llvm::StringRef>(d)
                .Case<arith::AddFOp, arith::AddIOp>([](auto) { return "+="; })
                .Case<arith::SubFOp, arith::SubIOp>([](auto) { return "-="; })
                .Case<arith::MulFOp, arith::MulIOp>([](auto) { return "*="; })
                .Case<arith::DivFOp, arith::DivSIOp, arith::DivUIOp>([](auto) { return "/="; })
                .Case<arith::ShRSIOp, arith::ShRUIOp>([](auto) { return ">>="; })
                .Case<arith::ShLIOp>([](auto) { return "<<="; })
                .Default([](Operation *) { return ""; });
        if (auto ld = d->getOperand(0).getDefiningOp<memref::LoadOp>();
            !sym.empty() && ld && ld.getMemRef() == st.getMemRef()) {
          auto same = pr.access(ld.getMemRef(), ld.getIndices());
          auto r = pr.print(d->getOperand(1));
          if (same && *same == *lhs && r)
            return ind + *lhs + " " + sym.str() + " " + r->text + ";\n";
        }
      }
      auto v = pr.print(st.getValue());
      if (!v)
        return std::nullopt;
      return ind + *lhs + " = " + v->text + ";\n";
    }
    if (auto at = dyn_cast<memref::AtomicRMWOp>(op)) {
      if (!at.getResult().use_empty())
        return std::nullopt;
      llvm::StringRef fn;
      switch (at.getKind()) {
      case arith::AtomicRMWKind::addf:
      case arith::AtomicRMWKind::addi:
        fn = "atomicAdd";
        break;
      case arith::AtomicRMWKind::maxs:
      case arith::AtomicRMWKind::maxu:
        fn = "atomicMax";
        break;
      case arith::AtomicRMWKind::mins:
      case arith::AtomicRMWKind::minu:
        fn = "atomicMin";
        break;
      default:
        return std::nullopt;
      }
      auto lhs = pr.access(at.getMemref(), at.getIndices());
      auto v = pr.print(at.getValue());
      if (!lhs || !v)
        return std::nullopt;
      return ind + fn.str() + "(&" + *lhs + ", " + v->text + ");\n";
    }
    if (auto f = dyn_cast<scf::ForOp>(op)) {
      auto var = loopVar(f);
      if (f.getNumResults())
        return std::nullopt;
      std::optional<std::string> name;
      std::string ty = "int";
      if (var) {
        name = pr.access(var.getResult(), {});
        ty = localType(var);
      } else {
        // A loop the repair built on its induction variable: a fresh name.
        std::string n = "kfix_i";
        for (unsigned k = 1; identInFile(n) || usedName(n); ++k)
          n = "kfix_i" + std::to_string(k);
        localNames[f] = n;
        pr.nameValue(f.getInductionVar(), n);
        name = n;
        ty = cTypeName(f.getInductionVar().getType());
      }
      auto lb = pr.print(f.getLowerBound()), ub = pr.print(f.getUpperBound()),
           stp = pr.print(f.getStep());
      if (!name || !lb || !ub || !stp)
        return std::nullopt;
      // A constant bound the file names (and no other name has its value).
      if (auto c = f.getUpperBound().getDefiningOp<arith::ConstantOp>())
        if (auto u = uniqueName(ub->text))
          ub->text = *u;
      std::string head = "for (" + ty + " " + *name + " = " + lb->text + "; " + *name + " < " +
                         ub->text + "; " +
                         (stp->text == "1" ? "++" + *name : *name + " += " + stp->text) + ")";
      auto body = stmts(*f.getBody(), pr, ind + step, f.getInductionVar());
      if (!body)
        return std::nullopt;
      return block(ind, head, *body);
    }
    if (auto w = dyn_cast<scf::WhileOp>(op)) {
      if (w.getNumResults() || !w.getInits().empty())
        return std::nullopt;
      auto cond = cast<scf::ConditionOp>(w.getBefore().front().getTerminator());
      if (!cond.getArgs().empty())
        return std::nullopt;
      for (Operation &x : w.getBefore().front())
        if (isStatement(&x))
          return std::nullopt;
      auto c = pr.print(cond.getCondition());
      auto body = stmts(w.getAfter().front(), pr, ind + step);
      if (!c || !body)
        return std::nullopt;
      return block(ind, "while (" + c->text + ")", *body);
    }
    if (auto i = dyn_cast<scf::IfOp>(op)) {
      if (i.getNumResults())
        return std::nullopt;
      auto c = pr.print(i.getCondition());
      auto then = stmts(i.getThenRegion().front(), pr, ind + step);
      if (!c || !then)
        return std::nullopt;
      std::string out = block(ind, "if (" + c->text + ")", *then);
      if (!i.getElseRegion().empty()) {
        auto els = stmts(i.getElseRegion().front(), pr, ind + step);
        if (!els)
          return std::nullopt;
        if (!els->empty()) {
          std::string eb = llvm::count(*els, '\n') == 1 ? " " + llvm::StringRef(*els).ltrim().str()
                                                        : " {\n" + *els + ind + "}\n";
          if (llvm::StringRef(out).rtrim().ends_with("}"))
            out = llvm::StringRef(out).rtrim().str() + " else" + eb;
          else
            out += ind + "else" + eb;
        }
      }
      return out;
    }
    return std::nullopt;
  }
  /// `head stmt;` on one line when the body is one line, else braced.
  static std::string block(const std::string &ind, const std::string &head,
                           const std::string &body) {
    if (llvm::count(body, '\n') == 1 && ind.size() + head.size() + body.size() < 100)
      return ind + head + " " + llvm::StringRef(body).ltrim().str();
    if (llvm::count(body, '\n') == 1 && !head.empty())
      return ind + head + "\n" + body;
    return ind + head + " {\n" + body + ind + "}\n";
  }

  /// The repaired value ops an inserted statement prints (its operands'
  /// repaired definitions, transitively) are accounted for.
  void coverSlice(Operation *op) {
    op->walk([&](Operation *x) {
      covered.insert(x);
      for (Value v : x->getOperands()) {
        llvm::SmallVector<Value> work{v};
        while (!work.empty()) {
          Operation *d = work.pop_back_val().getDefiningOp();
          if (!d || !d->hasAttr("kfix.repaired") || isStatement(d) || !covered.insert(d).second)
            continue;
          for (Value w : d->getOperands())
            work.push_back(w);
        }
      }
    });
  }

  bool qualifiesAsNew(Operation *op) {
    if (!isNew(op) || !isStatement(op))
      return false;
    bool ok = true;
    op->walk([&](Operation *x) {
      if (x == op || !fileLoc(x->getLoc(), base))
        return;
      // An op of the original moved inside (unrepaired, or re-created by
      // the repair in its place): the statement wraps the file's code.
      if (!x->hasAttr("kfix.repaired") ? !isCopy(x)
                                       : countIn(origCount, x) > countIn(unrepCount, x))
        ok = false;
    });
    return ok;
  }

  void newStatements(gpu::GPUFuncOp f, SrcPrinter &pr) {
    llvm::SmallVector<Block *> blocks;
    f->walk<WalkOrder::PreOrder>([&](Block *b) { blocks.push_back(b); });
    for (Block *b : blocks) {
      if (b->getParentOp() && covered.count(b->getParentOp()))
        continue;
      std::vector<Operation *> run;
      Operation *prev = nullptr;
      auto flush = [&](Operation *next) {
        if (!run.empty())
          insertRun(run, prev, next, pr);
        run.clear();
      };
      // Ops of a loop's body spelled in its header (the copy of the induction
      // variable into `b` of `for (int b = 0; ...)`) are no place to insert
      // before: the text there is outside the body.
      unsigned headerLine = 0;
      if (Operation *p = b->getParentOp(); p && !isa<gpu::GPUFuncOp>(p))
        if (auto l = fileLoc(p->getLoc(), base))
          headerLine = l->first;
      for (Operation &op : *b) {
        if (covered.count(&op))
          continue;
        if (qualifiesAsNew(&op)) {
          run.push_back(&op);
          continue;
        }
        auto at = fileLoc(op.getLoc(), base);
        if (isStatement(&op) && at && headerLine && at->first <= headerLine && !prev)
          continue;
        if (isStatement(&op) && at) {
          flush(&op);
          prev = &op;
        }
      }
      flush(nullptr);
    }
  }

  void insertRun(const std::vector<Operation *> &run, Operation *prev, Operation *next,
                 SrcPrinter &pr) {
    if (llvm::all_of(run, [](Operation *x) { return isa<gpu::BarrierOp>(x); }))
      return; // barrier() places a lone barrier
    std::string ind;
    std::vector<unsigned> lines;
    if (next) {
      unsigned l = fileLoc(next->getLoc(), base)->first;
      lines.push_back(l);
      ind = src.indentOf(l);
    }
    if (prev) {
      unsigned l = lastLine(prev) + 1;
      if (!next)
        ind = src.indentOf(l - 1);
      lines.push_back(l);
    }
    if (lines.empty())
      return;
    auto saved = declared;
    // Locals the run uses before a statement of it declares them.
    std::string text;
    std::set<Operation *> used;
    for (Operation *op : run)
      op->walk([&](Operation *x) {
        Value m;
        if (auto ld = dyn_cast<memref::LoadOp>(x))
          m = ld.getMemRef();
        if (auto st = dyn_cast<memref::StoreOp>(x))
          m = st.getMemRef();
        if (auto al = m ? m.getDefiningOp<memref::AllocaOp>() : nullptr)
          if (localNames.count(al) && !declared.count(al))
            used.insert(al);
      });
    for (Operation *al : used) {
      bool firstIsDecl = false;
      if (auto st = dyn_cast<memref::StoreOp>(run.front()))
        firstIsDecl = st.getMemRef().getDefiningOp() == al;
      if (!firstIsDecl) {
        text += ind + localType(cast<memref::AllocaOp>(al)) + " " + localNames[al] + ";\n";
        declared.insert(al);
      }
    }
    for (Operation *op : run) {
      auto s = stmt(op, pr, ind);
      if (!s) {
        declared = saved;
        return; // left to the other fix-its (or reported unhandled)
      }
      text += *s;
    }
    for (Operation *op : run)
      coverSlice(op);
    Site s;
    std::set<unsigned> done;
    for (unsigned l : lines)
      if (l && l <= src.lineStart.size() && done.insert(l).second)
        s.alternatives.push_back(
            {edit(src.lineBegin(l), 0, text, "insert-statements",
                  run.front()->getAttrOfType<StringAttr>("kfix.repaired").getValue())});
    addSite(reinterpret_cast<size_t>(run.front()), "statements", std::move(s));
  }

  std::optional<size_t> at(Operation *op) {
    auto l = fileLoc(op->getLoc(), base);
    if (!l)
      return std::nullopt;
    return src.offset(l->first, l->second);
  }
  SourceEdit edit(size_t off, size_t len, std::string text, llvm::StringRef kind,
                  llvm::StringRef pass) {
    SourceEdit e;
    e.offset = off, e.length = len, e.text = std::move(text), e.kind = kind.str();
    e.pass = pass.str(), e.line = src.lineOf(off);
    return e;
  }
  bool addSite(size_t key, llvm::StringRef kind, Site s) {
    if (s.alternatives.empty())
      return false;
    if (seen.insert({key, kind.str()}).second)
      sites.push_back(std::move(s));
    return true;
  }

  /// The literal (with its sign) at `o`: [begin, end) or nullopt.
  std::optional<std::pair<size_t, size_t>> literalAt(size_t o) {
    const std::string &t = src.text;
    size_t b = o, e = o;
    if (t[e] == '-' || t[e] == '+') {
      // A binary operator (its operand before it) folded with its operands
      // is no literal.
      size_t q = o;
      while (q > 0 && t[q - 1] == ' ')
        --q;
      if (q > 0 && (isIdent(t[q - 1]) || t[q - 1] == ')' || t[q - 1] == ']'))
        return std::nullopt;
      ++e;
      while (e < t.size() && t[e] == ' ')
        ++e;
    }
    size_t tb = e;
    e = tokenEnd(t, e);
    if (e == tb)
      return std::nullopt;
    llvm::StringRef tok(t.data() + tb, e - tb);
    bool number = std::isdigit((unsigned char)tok[0]) || tok[0] == '.';
    if (!number) {
      // A macro standing for a value, or a bit-cast of one.
      static const char *known[] = {
          "FLT_MAX",     "FLT_MIN",      "DBL_MAX",        "INFINITY",
          "NAN",         "CUDART_INF_F", "CUDART_INF",     "HUGE_VALF",
          "true",        "false",        "__int_as_float", "__longlong_as_double",
          "__float2half"};
      if (!llvm::is_contained(known, tok) && !tok.starts_with("CUDART_"))
        return std::nullopt;
      size_t p = e;
      while (p < t.size() && t[p] == ' ')
        ++p;
      if (p < t.size() && t[p] == '(') {
        size_t c = matchClose(t, p);
        if (c == std::string::npos)
          return std::nullopt;
        e = c + 1;
      }
    }
    return std::make_pair(b, e);
  }

  bool handle(Operation *op, llvm::StringRef pass, SrcPrinter &pr) {
    if (covered.count(op))
      return true;
    // Ops that only carry a repaired value to a place another fix-it edits.
    if (isa<scf::YieldOp, memref::AllocaOp>(op))
      return true;
    // A conversion of a repaired value: the value's own fix-it covers it.
    if (isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp, arith::ExtUIOp,
            arith::TruncIOp>(op))
      if (Operation *d = op->getOperand(0).getDefiningOp();
          d && (d->hasAttr("kfix.repaired") || widened(d))) {
        if (widened(d))
          return widthChange(d, pass);
        return true;
      }
    if (widened(op))
      return widthChange(op, pass);
    // An operand computed for a comparison (`tid * 4 + 3 < n`): the
    // comparison's operands printed again where they changed.
    if (op->getNumResults() == 1 && op->getResult(0).hasOneUse() &&
        isa<arith::AddIOp, arith::SubIOp, arith::MulIOp>(op))
      if (Operation *u = *op->getResult(0).getUsers().begin(); isa<arith::CmpIOp>(u))
        return comparisonOperands(u, pass, pr);
    if (auto c = dyn_cast<arith::ConstantOp>(op))
      return constant(c, pass, pr);
    if (isa<arith::CmpIOp, arith::CmpFOp>(op) && comparison(op, pass))
      return true;
    if (isa<gpu::ThreadIdOp, gpu::BlockIdOp, gpu::BlockDimOp, gpu::GridDimOp>(op) &&
        dimension(op, pass))
      return true;
    if (isa<gpu::BarrierOp>(op))
      return barrier(op, pass);
    if (auto sh = dyn_cast<gpu::ShuffleOp>(op))
      return shuffle(sh, pass, pr);
    if (auto ifOp = dyn_cast<scf::IfOp>(op))
      return guard(ifOp, pass, pr);
    if (isa<memref::LoadOp, memref::StoreOp>(op) && op->getParentOfType<scf::IfOp>() &&
        op->getParentOfType<scf::IfOp>()->hasAttr("kfix.repaired"))
      return guard(op->getParentOfType<scf::IfOp>(), pass, pr);
    if (auto f = dyn_cast<scf::ForOp>(op))
      return forLoop(f, pass, pr);
    if (swappedCall(op, pass) || appendedFactor(op, pass, pr))
      return true;
    // An op the repair re-created as the file has it (its operands the
    // original's, or repaired values with their own edits).
    if (recreated(op))
      return true;
    if (op->getNumResults() == 1 || isa<memref::StoreOp>(op))
      return regenerate(op, pass, pr);
    return false;
  }

  /// A factor the repair multiplies a product or quotient by (`silu(g) * u`
  /// -> `silu(g) * u * g`): appended after the product's right operand, where
  /// the file writes it (not at the store, which may sit in a helper).
  bool appendedFactor(Operation *op, llvm::StringRef pass, SrcPrinter &pr) {
    auto mul = dyn_cast<arith::MulFOp>(op);
    if (!mul || !isNew(op))
      return false;
    Operation *x = mul.getLhs().getDefiningOp();
    if (!x || x->hasAttr("kfix.repaired") || !isa<arith::MulFOp, arith::DivFOp>(x) ||
        !counterpart(x))
      return false;
    auto f = pr.print(mul.getRhs());
    auto o = at(x);
    if (!f || !o)
      return false;
    const std::string &t = src.text;
    // The right operand's end: at its depth, the first token of lower
    // precedence (or a multiplicative operator: the next factor of an outer
    // product, `a * b * c` being `(a * b) * c`).
    size_t i = *o + 1;
    while (i < t.size() && (t[i] == ' ' || llvm::StringRef("+-!~").contains(t[i])))
      ++i;
    int depth = 0;
    for (; i < t.size(); ++i) {
      char c = t[i];
      if (c == '(' || c == '[') {
        ++depth;
        continue;
      }
      if (c == ')' || c == ']') {
        if (depth-- == 0)
          break;
        continue;
      }
      if (depth == 0 && llvm::StringRef(",;?:+-*/%<>=&|^!{}\n").contains(c))
        break;
    }
    size_t end = i;
    while (end > *o + 1 && t[end - 1] == ' ')
      --end;
    if (end <= *o + 1)
      return false;
    covered.insert(op);
    Site st;
    st.alternatives.push_back({edit(end, 0, " * " + f->text, "factor", pass)});
    return addSite(end, "factor", std::move(st));
  }

  /// A call's two arguments exchanged (`atan2f(x, y)` -> `atan2f(y, x)`):
  /// the file's argument texts swapped, whatever they spell.
  bool swappedCall(Operation *op, llvm::StringRef pass) {
    if (op->getNumOperands() != 2 || op->getNumResults() != 1 ||
        !isa<math::Atan2Op, math::PowFOp, math::CopySignOp>(op))
      return false;
    Operation *cp = counterpart(op);
    if (!cp || cp->getName() != op->getName() || cp->getNumOperands() != 2)
      return false;
    auto same = [&](Value a, Value b) {
      Operation *d = a.getDefiningOp();
      return !(d && d->hasAttr("kfix.repaired")) && sameValue(a, b);
    };
    if (!same(op->getOperand(0), cp->getOperand(1)) || !same(op->getOperand(1), cp->getOperand(0)))
      return false;
    auto o = at(op);
    if (!o)
      return false;
    const std::string &t = src.text;
    size_t p = *o;
    while (p < t.size() && (isIdent(t[p]) || t[p] == ':'))
      ++p; // the callee: atan2f, std::pow
    while (p < t.size() && t[p] == ' ')
      ++p;
    if (p >= t.size() || t[p] != '(')
      return false;
    size_t a0 = p + 1, comma = std::string::npos, end = std::string::npos;
    int depth = 0;
    for (size_t i = a0; i < t.size() && end == std::string::npos; ++i) {
      char c = t[i];
      if (c == '(' || c == '[' || c == '{')
        ++depth;
      else if (c == ')' || c == ']' || c == '}') {
        if (depth-- == 0)
          end = i;
      } else if (c == ',' && depth == 0) {
        if (comma != std::string::npos)
          return false; // more than two arguments
        comma = i;
      } else if (c == ';')
        return false;
    }
    if (comma == std::string::npos || end == std::string::npos)
      return false;
    llvm::StringRef first = llvm::StringRef(t).slice(a0, comma).trim();
    llvm::StringRef second = llvm::StringRef(t).slice(comma + 1, end).trim();
    if (first.empty() || second.empty())
      return false;
    size_t b = a0;
    while (b < comma && t[b] == ' ')
      ++b;
    size_t e = end;
    while (e > comma + 1 && t[e - 1] == ' ')
      --e;
    std::string sep = llvm::StringRef(t).slice(comma, comma + 2) == ", " ? ", " : ",";
    covered.insert(op);
    Site st;
    st.alternatives.push_back(
        {edit(b, e - b, (second + sep + first).str(), "swap-arguments", pass)});
    return addSite(b, "swap-arguments", std::move(st));
  }

  /// `a` (of the repaired module) is what `b` (of the original) is: the
  /// same block argument, or an op computing the same (sameAs, one level).
  bool sameValue(Value a, Value b) {
    Operation *d = a.getDefiningOp(), *od = b.getDefiningOp();
    if (!d || !od)
      return a == b ||
             (isa<BlockArgument>(a) && isa<BlockArgument>(b) &&
              cast<BlockArgument>(a).getArgNumber() == cast<BlockArgument>(b).getArgNumber());
    return sameAs(d, od, 1);
  }

  bool recreated(Operation *op) {
    Operation *cp = counterpart(op);
    return cp && sameAs(op, cp, 0);
  }
  /// `op` computes what the original's `cp` does, up to repaired values
  /// (which have their own edits).
  bool sameAs(Operation *op, Operation *cp, unsigned depth) {
    if (depth > 24 || op->getName() != cp->getName() || op->getLoc() != cp->getLoc() ||
        op->getNumRegions() || cp->getNumOperands() != op->getNumOperands() ||
        cp->getResultTypes() != op->getResultTypes())
      return false;
    auto attrs = [](Operation *x) {
      llvm::SmallVector<NamedAttribute> out;
      for (NamedAttribute a : x->getAttrs())
        if (!a.getName().getValue().starts_with("kfix."))
          out.push_back(a);
      return out;
    };
    if (attrs(op) != attrs(cp))
      return false;
    for (unsigned i = 0; i < op->getNumOperands(); ++i) {
      Operation *d = op->getOperand(i).getDefiningOp();
      Operation *od = cp->getOperand(i).getDefiningOp();
      // (A repaired constant leaves its edit to its repaired user.)
      if (d && d->hasAttr("kfix.repaired") && !isa<arith::ConstantOp>(d))
        continue;
      if (!d || !od) {
        if (op->getOperand(i) != cp->getOperand(i) &&
            !(isa<BlockArgument>(op->getOperand(i)) && isa<BlockArgument>(cp->getOperand(i)) &&
              cast<BlockArgument>(op->getOperand(i)).getArgNumber() ==
                  cast<BlockArgument>(cp->getOperand(i)).getArgNumber() &&
              isa<gpu::GPUFuncOp>(
                  cast<BlockArgument>(op->getOperand(i)).getOwner()->getParentOp())))
          return false;
        continue;
      }
      if (isa<memref::AllocaOp>(d) || isa<memref::AllocaOp>(od)) {
        if (key(d) != key(od))
          return false;
        continue;
      }
      if (!sameAs(d, od, depth + 1))
        return false;
    }
    return true;
  }

  bool constant(arith::ConstantOp c, llvm::StringRef pass, SrcPrinter &pr) {
    auto o = at(c);
    if (!o)
      return false;
    auto lit = literalAt(*o);
    auto spelled = spellConstant(c, src);
    if (!lit && spelled && isa<IntegerAttr>(c.getValue()))
      if (auto r = namedConstantUse(c, *o, *spelled, pass))
        return *r;
    if (!lit || !spelled) {
      // A constant a repair introduced into an expression: regenerate its user.
      for (Operation *u : c->getUsers())
        if (u->hasAttr("kfix.repaired"))
          return true; // the user is handled as repaired op
      return regenerate(c, pass, pr);
    }
    std::string old = src.text.substr(lit->first, lit->second - lit->first);
    // The statement that stores it (`float m = 0.0f;`) changes by this token.
    for (Operation *u : c->getUsers())
      if (isa<memref::StoreOp>(u))
        covered.insert(u);
    if (old == *spelled)
      return true;
    Site s;
    s.alternatives.push_back(
        {edit(lit->first, lit->second - lit->first, *spelled, "replace-token", pass)});
    return addSite(lit->first, "token", std::move(s));
  }

  /// The comparison operator at `op`'s location: [offset, end), or nullopt.
  std::optional<std::pair<size_t, size_t>> comparisonToken(Operation *op) {
    auto o = at(op);
    if (!o)
      return std::nullopt;
    const std::string &t = src.text;
    size_t e = *o;
    while (e < t.size() && llvm::StringRef("<>=!").contains(t[e]))
      ++e;
    llvm::StringRef tok(t.data() + *o, e - *o);
    if (!llvm::is_contained({"<", "<=", ">", ">=", "==", "!="}, tok))
      return std::nullopt;
    return std::make_pair(*o, e);
  }

  bool comparison(Operation *op, llvm::StringRef pass) {
    auto ct = comparisonToken(op);
    if (!ct)
      return false;
    const std::string &t = src.text;
    std::optional<size_t> o = ct->first;
    size_t e = ct->second;
    llvm::StringRef tok(t.data() + *o, e - *o);
    std::string sym, swapped;
    if (auto c = dyn_cast<arith::CmpIOp>(op)) {
      using P = arith::CmpIPredicate;
      switch (c.getPredicate()) {
      case P::slt:
      case P::ult:
        sym = "<", swapped = ">";
        break;
      case P::sle:
      case P::ule:
        sym = "<=", swapped = ">=";
        break;
      case P::sgt:
      case P::ugt:
        sym = ">", swapped = "<";
        break;
      case P::sge:
      case P::uge:
        sym = ">=", swapped = "<=";
        break;
      case P::eq:
        sym = swapped = "==";
        break;
      case P::ne:
        sym = swapped = "!=";
        break;
      }
    } else {
      using P = arith::CmpFPredicate;
      switch (cast<arith::CmpFOp>(op).getPredicate()) {
      case P::OLT:
      case P::ULT:
        sym = "<", swapped = ">";
        break;
      case P::OLE:
      case P::ULE:
        sym = "<=", swapped = ">=";
        break;
      case P::OGT:
      case P::UGT:
        sym = ">", swapped = "<";
        break;
      case P::OGE:
      case P::UGE:
        sym = ">=", swapped = "<=";
        break;
      default:
        return false;
      }
    }
    // The left-hand side changed: not a token's edit.
    if (Operation *l = op->getOperand(0).getDefiningOp(); l && l->hasAttr("kfix.repaired"))
      return false;
    // An operand that is another value now (`r == c` -> `c == c`, a read of
    // another local): the expression is regenerated, not a token.
    // (Operands exchanged are the token's business: `k > row` -> `k < row`.)
    if (Operation *cp = counterpart(op)) {
      auto same = [&](Value a, Value b) {
        Operation *d = a.getDefiningOp();
        return (d && d->hasAttr("kfix.repaired")) || sameValue(a, b);
      };
      Value l = op->getOperand(0), r = op->getOperand(1);
      Value cl = cp->getOperand(0), cr = cp->getOperand(1);
      if (!(same(l, cl) && same(r, cr)) && !(same(l, cr) && same(r, cl)))
        return false;
    }
    // A constant the repair put on the right-hand side (`off > 1` -> `off > 0`).
    std::vector<SourceEdit> operandEdits;
    if (auto c = op->getOperand(1).getDefiningOp<arith::ConstantOp>();
        c && c->hasAttr("kfix.repaired")) {
      size_t r = e;
      while (r < t.size() && t[r] == ' ')
        ++r;
      auto lit = r < t.size() ? literalAt(r) : std::nullopt;
      auto spelled = spellConstant(c, src);
      if (!spelled)
        return false;
      if (lit) {
        // Only a literal that is the whole operand.
        size_t q = lit->second;
        while (q < t.size() && t[q] == ' ')
          ++q;
        if (q < t.size() && !llvm::StringRef(";),?:&|").contains(t[q]))
          lit.reset();
      }
      if (!lit) {
        // An expression: the operand up to the end of the comparison, in a
        // constant the file names when the expression uses it (`kWarp / 2`
        // -> `kWarp`).
        size_t q = r;
        int depth = 0;
        for (; q < t.size(); ++q) {
          char ch = t[q];
          if (ch == '(' || ch == '[')
            ++depth;
          else if (ch == ')' || ch == ']') {
            if (depth-- == 0)
              break;
          } else if (depth == 0 && (ch == ';' || ch == ',' || ch == '?' || ch == ':' ||
                                    (ch == '&' && q + 1 < t.size() && t[q + 1] == '&') ||
                                    (ch == '|' && q + 1 < t.size() && t[q + 1] == '|')))
            break;
        }
        while (q > r && t[q - 1] == ' ')
          --q;
        if (q <= r)
          return false;
        std::string named = namedConstant(llvm::StringRef(t).slice(r, q), *spelled);
        lit = std::make_pair(r, q);
        spelled = named.empty() ? *spelled : named;
      }
      if (t.substr(lit->first, lit->second - lit->first) != *spelled)
        operandEdits.push_back(
            edit(lit->first, lit->second - lit->first, *spelled, "replace-token", pass));
      covered.insert(c);
    }
    Site s;
    for (const std::string &x : {sym, swapped}) {
      std::vector<SourceEdit> es = operandEdits;
      if (x != tok)
        es.push_back(edit(*o, tok.size(), x, "replace-token", pass));
      if (!es.empty())
        s.alternatives.push_back(es);
    }
    if (s.alternatives.empty())
      return true;
    return addSite(*o, "token", std::move(s));
  }

  bool dimension(Operation *op, llvm::StringRef pass) {
    auto o = at(op);
    if (!o)
      return false;
    const std::string &t = src.text;
    size_t p = *o;
    // The loc is the member (`x`) or the base (`threadIdx`).
    if (p + 1 < t.size() && isIdent(t[p]) && !(p > 0 && t[p - 1] == '.')) {
      size_t e = tokenEnd(t, p);
      if (e < t.size() && t[e] == '.')
        p = e + 1;
    }
    if (p >= t.size() || !llvm::StringRef("xyz").contains(t[p]) || isIdent(t[p + 1]))
      return false;
    gpu::Dimension d;
    if (auto g = dyn_cast<gpu::ThreadIdOp>(op))
      d = g.getDimension();
    else if (auto g = dyn_cast<gpu::BlockIdOp>(op))
      d = g.getDimension();
    else if (auto g = dyn_cast<gpu::BlockDimOp>(op))
      d = g.getDimension();
    else
      d = cast<gpu::GridDimOp>(op).getDimension();
    std::string nd = stringifyDimension(d).str();
    if (nd == std::string(1, t[p]))
      return true;
    Site s;
    s.alternatives.push_back({edit(p, 1, nd, "replace-token", pass)});
    return addSite(p, "token", std::move(s));
  }

  /// An identifier used in `expr` that the file defines as the constant
  /// `value` (`constexpr int kWarp = 32;`, `#define WARP 32`), or "".
  std::string namedConstant(llvm::StringRef expr, llvm::StringRef value) {
    for (size_t i = 0; i < expr.size();) {
      if (!isIdent(expr[i]) || std::isdigit((unsigned char)expr[i])) {
        ++i;
        continue;
      }
      size_t j = i;
      while (j < expr.size() && isIdent(expr[j]))
        ++j;
      std::string id = expr.slice(i, j).str();
      i = j;
      if (auto v = constantValueOf(id); v && *v == value)
        return id;
    }
    return "";
  }
  /// The literal a file-scope `#define NAME lit` / `const[expr] T NAME = lit;`
  /// gives `name`.
  std::optional<std::string> constantValueOf(const std::string &name) {
    if (auto d = definitionOf(name))
      return d->value;
    return std::nullopt;
  }

  /// Constants the repair changed where the file writes an expression of a
  /// named constant (`TILE + 1`): right when the name's definition changes.
  std::vector<std::pair<Operation *, std::string>> foldedUses;
  std::set<std::string> editedDefs; ///< passes that edited a definition

  /// A repaired integer constant at a use of a named constant (`TILE` ->
  /// `#define TILE 32` edited) or inside an expression of one. nullopt: not
  /// such a use.
  std::optional<bool> namedConstantUse(arith::ConstantOp c, size_t o, const std::string &spelled,
                                       llvm::StringRef pass) {
    const std::string &t = src.text;
    auto orig = dyn_cast_or_null<arith::ConstantOp>(counterpart(c));
    if (!orig)
      return std::nullopt;
    auto ov = spellConstant(orig, src);
    if (!ov)
      return std::nullopt;
    if (isIdent(t[o]) && !std::isdigit((unsigned char)t[o])) {
      std::string name = t.substr(o, tokenEnd(t, o) - o);
      auto d = definitionOf(name);
      if (!d || d->value != *ov)
        return std::nullopt;
      covered.insert(c);
      editedDefs.insert(pass.str());
      Site s;
      s.alternatives.push_back({edit(d->offset, d->length, spelled, "replace-token", pass)});
      addSite(d->offset, "define", std::move(s));
      return true;
    }
    // An operator of a folded expression: the statement must name a constant.
    size_t b = src.lineBegin(src.lineOf(o)), e = t.find('\n', o);
    bool named = false;
    for (size_t i = b; i < e;) {
      if (isIdent(t[i]) && !std::isdigit((unsigned char)t[i]) && (i == b || !isIdent(t[i - 1]))) {
        size_t j = tokenEnd(t, i);
        named |= definitionOf(t.substr(i, j - i)).has_value();
        i = j;
      } else {
        ++i;
      }
    }
    if (!named)
      return std::nullopt;
    covered.insert(c);
    foldedUses.push_back({c, pass.str()});
    return true;
  }

  /// A __shared__ array the repair resized: its extents in the declaration
  /// (a literal replaced; an extent naming a constant whose definition an
  /// edit changes is left as it is).
  bool sharedExtents(gpu::GPUFuncOp f, llvm::StringRef pass) {
    gpu::GPUFuncOp of;
    if (original)
      original.walk([&](gpu::GPUFuncOp x) {
        if (x.getName() == f.getName())
          of = x;
      });
    auto names = f->getAttrOfType<ArrayAttr>("kfix.shared_names");
    if (!of || !names)
      return false;
    auto wg = f.getWorkgroupAttributions(), owg = of.getWorkgroupAttributions();
    if (wg.size() != owg.size())
      return false;
    const std::string &t = src.text;
    bool any = false;
    for (size_t i = 0; i < wg.size(); ++i) {
      auto nt = cast<MemRefType>(wg[i].getType()), ot = cast<MemRefType>(owg[i].getType());
      if (nt == ot)
        continue;
      if (nt.getRank() != ot.getRank() || i >= names.size())
        return false;
      std::string name = cast<StringAttr>(names[i]).getValue().str();
      // `__shared__ T name[..][..]`
      size_t p = std::string::npos;
      for (size_t q = t.find("__shared__"); q != std::string::npos;
           q = t.find("__shared__", q + 1)) {
        size_t semi = t.find(';', q);
        for (size_t r = t.find(name, q); r != std::string::npos && r < semi;
             r = t.find(name, r + 1))
          if (!isIdent(t[r - 1]) && !isIdent(t[r + name.size()])) {
            p = r + name.size();
            break;
          }
        if (p != std::string::npos)
          break;
      }
      if (p == std::string::npos)
        return false;
      std::vector<SourceEdit> es;
      for (int64_t d = 0; d < nt.getRank(); ++d) {
        while (p < t.size() && t[p] == ' ')
          ++p;
        if (p >= t.size() || t[p] != '[')
          return false;
        size_t c = matchClose(t, p);
        if (c == std::string::npos)
          return false;
        if (nt.getDimSize(d) != ot.getDimSize(d)) {
          llvm::StringRef ext = llvm::StringRef(t).slice(p + 1, c).trim();
          bool names = false;
          for (size_t k = 0; k < ext.size(); ++k)
            if (isIdent(ext[k]) && !std::isdigit((unsigned char)ext[k]) &&
                (k == 0 || !isIdent(ext[k - 1])))
              names = true;
          if (names) {
            if (!editedDefs.count(pass.str()))
              return false;
          } else {
            es.push_back(
                edit(p + 1, c - p - 1, std::to_string(nt.getDimSize(d)), "replace-token", pass));
          }
        }
        p = c + 1;
      }
      if (!es.empty()) {
        Site s;
        s.alternatives.push_back(es);
        addSite(es.front().offset, "extent", std::move(s));
      }
      any = true;
    }
    return any;
  }

  /// The one name the file defines as `value` (an integer above 1).
  std::optional<std::string> uniqueName(const std::string &value) {
    long long v;
    if (llvm::StringRef(value).getAsInteger(10, v) || v <= 1)
      return std::nullopt;
    std::optional<std::string> found;
    const std::string &t = src.text;
    for (size_t p = 0; p < t.size();) {
      if (isIdent(t[p]) && !std::isdigit((unsigned char)t[p]) && (p == 0 || !isIdent(t[p - 1]))) {
        size_t e = tokenEnd(t, p);
        std::string id = t.substr(p, e - p);
        p = e;
        if (found && *found == id)
          continue;
        auto d = definitionOf(id);
        if (d && d->value == value && src.text.compare(d->offset, d->length, value) == 0) {
          if (found)
            return std::nullopt;
          found = id;
        }
      } else {
        ++p;
      }
    }
    return found;
  }

  struct Definition {
    size_t offset, length; ///< of the literal
    std::string value;
  };
  /// Where the file defines `name` as a literal.
  std::optional<Definition> definitionOf(const std::string &name) {
    llvm::SmallVector<llvm::StringRef> lines;
    llvm::StringRef(src.text).split(lines, '\n');
    for (llvm::StringRef full : lines) {
      llvm::StringRef l = full.trim();
      llvm::StringRef rest;
      if (l.consume_front("#define")) {
        l = l.trim();
        if (!l.consume_front(name) || l.empty() || !(l[0] == ' ' || l[0] == '\t'))
          continue;
        rest = l.trim();
      } else if (l.starts_with("constexpr") || l.starts_with("const ") ||
                 l.starts_with("static const")) {
        size_t p = l.find(" " + name);
        if (p == llvm::StringRef::npos)
          continue;
        llvm::StringRef r = l.drop_front(p + 1 + name.size()).ltrim();
        if (!r.consume_front("="))
          continue;
        rest = r.trim().rtrim(';').trim();
      } else {
        continue;
      }
      // A plain literal (suffixes and parentheses dropped); a trailing comment
      // is not part of it.
      if (size_t cm = rest.find("//"); cm != llvm::StringRef::npos)
        rest = rest.take_front(cm).rtrim().rtrim(';').rtrim();
      rest = rest.trim("() ");
      llvm::StringRef lit = rest;
      while (
          !rest.empty() && llvm::StringRef("uUlLfF").contains(rest.back()) &&
          !(rest.size() > 1 && rest.starts_with("0x") && std::isxdigit((unsigned char)rest.back())))
        rest = rest.drop_back();
      if (rest.empty() || !(std::isdigit((unsigned char)rest[0]) || rest[0] == '-'))
        continue;
      if (!llvm::all_of(rest.drop_front(rest[0] == '-'),
                        [](char ch) { return isIdent(ch) || ch == '.'; }))
        continue;
      size_t off = rest.data() - src.text.data();
      (void)lit;
      return Definition{off, rest.size(), rest.str()};
    }
    return std::nullopt;
  }

  //===--------------------------------------------------------------------===//
  // Integer arithmetic the repair widened (`row * ld` in 64 bits)
  //===--------------------------------------------------------------------===//

  /// An integer op computed in a wider type than the original's op at its
  /// location.
  bool widened(Operation *d) {
    if (!d || d->getNumResults() != 1 ||
        !isa<arith::AddIOp, arith::SubIOp, arith::MulIOp, arith::DivSIOp, arith::DivUIOp,
             arith::RemSIOp, arith::RemUIOp, arith::ShLIOp>(d))
      return false;
    auto nt = dyn_cast<IntegerType>(d->getResult(0).getType());
    Operation *cp = counterpart(d);
    if (!nt || !cp || cp->getNumResults() != 1)
      return false;
    auto ot = dyn_cast<IntegerType>(cp->getResult(0).getType());
    return ot && ot.getWidth() < nt.getWidth();
  }
  static Value stripExt(Value v) {
    while (Operation *d = v.getDefiningOp()) {
      if (!isa<arith::ExtSIOp, arith::ExtUIOp, arith::IndexCastOp, arith::IndexCastUIOp>(d))
        break;
      v = d->getOperand(0);
    }
    return v;
  }

  /// `(long long)` before the leftmost operand of the widened expression
  /// that contains `op` (C++ then computes the whole expression in 64 bits).
  bool widthChange(Operation *op, llvm::StringRef pass) {
    Operation *root = op;
    for (bool up = true; up;) {
      up = false;
      for (Operation *u : root->getResult(0).getUsers())
        if (widened(u)) {
          root = u;
          up = true;
          break;
        }
    }
    if (covered.count(root))
      return true;
    llvm::SmallVector<Operation *> work{root};
    while (!work.empty()) {
      Operation *x = work.pop_back_val();
      if (!covered.insert(x).second)
        continue;
      for (Value v : x->getOperands()) {
        Operation *d = stripExt(v).getDefiningOp();
        if (widened(d))
          work.push_back(d);
        for (Value w = v; Operation *c = w.getDefiningOp(); w = c->getOperand(0)) {
          if (!isa<arith::ExtSIOp, arith::ExtUIOp, arith::IndexCastOp, arith::IndexCastUIOp>(c))
            break;
          covered.insert(c);
        }
      }
    }
    // Only addresses, recomputed from the leaves of a local the file keeps
    // (`int i = ...; x[i]`): the local already holds the value.
    bool addressesOnly = llvm::all_of(root->getResult(0).getUsers(), [](Operation *u) {
      return isa<arith::IndexCastOp, arith::IndexCastUIOp>(u);
    });
    bool keptLocal = false;
    if (addressesOnly)
      if (Operation *cp = counterpart(root))
        for (Operation *u : cp->getResult(0).getUsers())
          if (auto st = dyn_cast<memref::StoreOp>(u))
            if (st.getMemRef().getDefiningOp<memref::AllocaOp>())
              keptLocal = true;
    Operation *cur = root;
    while (Operation *d = stripExt(cur->getOperand(0)).getDefiningOp()) {
      if (!widened(d))
        break;
      cur = d;
    }
    // The operand as the file writes it: the original's op at that place.
    Operation *cp = counterpart(cur);
    Operation *leaf = cp ? stripExt(cp->getOperand(0)).getDefiningOp() : nullptr;
    if (!leaf)
      return keptLocal;
    auto o = at(leaf);
    if (!o)
      return false;
    const std::string &t = src.text;
    size_t p = *o;
    // `threadIdx.x`: its location may be the member.
    if (p > 0 && t[p - 1] == '.') {
      size_t b = p - 1;
      while (b > 0 && isIdent(t[b - 1]))
        --b;
      p = b;
    }
    if (!(isIdent(t[p]) || t[p] == '('))
      return keptLocal;
    std::string ty = src.has("int64_t") ? "int64_t" : "long long";
    Site s;
    if (keptLocal)
      s.alternatives.push_back({}); // the local may hold the value already
    s.alternatives.push_back({edit(p, 0, "(" + ty + ")", "widen", pass)});
    return addSite(p, "widen", std::move(s));
  }

  /// The original op of the same kind at `op`'s location.
  Operation *counterpart(Operation *op) {
    if (origByKey.empty() && original)
      original.walk([&](Operation *x) { origByKey.insert({key(x), x}); });
    auto it = origByKey.find(key(op));
    return it == origByKey.end() ? nullptr : it->second;
  }
  std::map<OpKey, Operation *> origByKey;
  Operation *counterpartSlow(Operation *op) {
    Operation *found = nullptr;
    if (original)
      original.walk([&](Operation *x) {
        if (!found && x->getName() == op->getName() && x->getLoc() == op->getLoc())
          found = x;
      });
    return found;
  }

  /// The top-level comma-separated arguments of the call whose name starts
  /// at `o`: [begin, end) of each, trimmed.
  std::optional<std::vector<std::pair<size_t, size_t>>> callArgs(size_t o) {
    const std::string &t = src.text;
    size_t p = tokenEnd(t, o);
    while (p < t.size() && t[p] == ' ')
      ++p;
    if (p >= t.size() || t[p] != '(')
      return std::nullopt;
    size_t c = matchClose(t, p);
    if (c == std::string::npos)
      return std::nullopt;
    std::vector<std::pair<size_t, size_t>> args;
    int depth = 0;
    size_t b = p + 1;
    auto push = [&](size_t e) {
      size_t x = b, y = e;
      while (x < y && std::isspace((unsigned char)t[x]))
        ++x;
      while (y > x && std::isspace((unsigned char)t[y - 1]))
        --y;
      args.push_back({x, y});
    };
    for (size_t i = p + 1; i < c; ++i) {
      char ch = t[i];
      if (ch == '(' || ch == '[' || ch == '{')
        ++depth;
      else if (ch == ')' || ch == ']' || ch == '}')
        --depth;
      else if (ch == ',' && depth == 0) {
        push(i);
        b = i + 1;
      }
    }
    push(c);
    return args;
  }

  /// A warp shuffle whose mode, mask, offset or width a repair changed: the
  /// intrinsic's name and arguments at its call.
  bool shuffle(gpu::ShuffleOp sh, llvm::StringRef pass, SrcPrinter &pr) {
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
    llvm::StringRef fn;
    switch (sh.getMode()) {
    case gpu::ShuffleMode::XOR:
      fn = "__shfl_xor_sync";
      break;
    case gpu::ShuffleMode::DOWN:
      fn = "__shfl_down_sync";
      break;
    case gpu::ShuffleMode::UP:
      fn = "__shfl_up_sync";
      break;
    case gpu::ShuffleMode::IDX:
      fn = "__shfl_sync";
      break;
    }
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
      std::string m =
          maskOf(sh) ? llvm::formatv("{0:x}", *maskOf(sh)).str() : fullMaskSpelling(src);
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

  /// The op next to `op` in its block (dir +1/-1) that has a location in the
  /// file and was not created by the repair.
  Operation *neighbour(Operation *op, int dir) {
    Operation *n = dir > 0 ? op->getNextNode() : op->getPrevNode();
    while (n && (n->hasAttr("kfix.repaired") || !fileLoc(n->getLoc(), base)))
      n = dir > 0 ? n->getNextNode() : n->getPrevNode();
    return n;
  }
  /// The last line of the source statement containing `op` (and its nested
  /// ops: a loop's closing brace).
  unsigned lastLine(Operation *op) {
    unsigned last = 0;
    op->walk([&](Operation *x) {
      if (auto l = fileLoc(x->getLoc(), base))
        last = std::max(last, l->first);
    });
    if (op->getNumRegions()) {
      // A compound statement ends at the brace matching the last line's block.
      auto o = at(op);
      if (o) {
        size_t b = src.text.find('{', *o);
        if (b != std::string::npos) {
          size_t c = matchClose(src.text, b);
          if (c != std::string::npos)
            last = std::max(last, src.lineOf(c));
        }
      }
    } else if (auto o = at(op)) {
      size_t e = statementEnd(src.text, *o);
      if (e != std::string::npos)
        last = std::max(last, src.lineOf(e));
    }
    return last;
  }

  bool barrier(Operation *op, llvm::StringRef pass) {
    Operation *next = neighbour(op, +1), *prev = neighbour(op, -1);
    std::vector<unsigned> lines; // insert before these lines
    std::string indent;
    if (next) {
      unsigned l = fileLoc(next->getLoc(), base)->first;
      lines.push_back(l);
      indent = src.indentOf(l);
    }
    if (prev) {
      unsigned l = lastLine(prev) + 1;
      if (indent.empty())
        indent = src.indentOf(l - 1);
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

  /// The guard condition of a repaired scf.if, printed in the file's names.
  std::optional<std::string> condition(scf::IfOp ifOp, SrcPrinter &pr) {
    auto c = pr.print(ifOp.getCondition());
    if (!c)
      return std::nullopt;
    return c->text;
  }

  bool guard(scf::IfOp ifOp, llvm::StringRef pass, SrcPrinter &pr) {
    if (covered.count(ifOp))
      return true;
    // An `if` (or `?:`) of the file whose contents the repair changed: the
    // changed ops inside have their own edits.
    if (counterpart(ifOp) && !isNew(ifOp)) {
      covered.insert(ifOp);
      return true;
    }
    auto cond = condition(ifOp, pr);
    if (!cond)
      return false;
    // What it guards: a load (an expression with a value for the else side) or
    // stores (statements).
    Operation *inner = nullptr;
    for (Operation &x : ifOp.getThenRegion().front())
      if (isa<memref::LoadOp, memref::StoreOp, memref::AtomicRMWOp>(x) &&
          fileLoc(x.getLoc(), base)) {
        inner = &x;
        break;
      }
    if (!inner)
      return false;
    covered.insert(ifOp);
    ifOp.walk([&](Operation *x) { covered.insert(x); });
    // The condition's ops (computed for the guard) are covered too.
    llvm::SmallVector<Value> work{ifOp.getCondition()};
    while (!work.empty()) {
      Operation *d = work.pop_back_val().getDefiningOp();
      if (!d || !d->hasAttr("kfix.repaired") || !covered.insert(d).second)
        continue;
      for (Value v : d->getOperands())
        work.push_back(v);
    }
    auto o = at(inner);
    if (!o)
      return false;
    const std::string &t = src.text;
    Site s;
    if (isa<memref::LoadOp>(inner) && ifOp.getNumResults() == 1) {
      // `x[i]` -> `(cond ? x[i] : 0.0f)`.
      size_t e = tokenEnd(t, *o);
      if (e == *o)
        return false;
      while (e < t.size() && t[e] == '[') {
        size_t c = matchClose(t, e);
        if (c == std::string::npos)
          return false;
        e = c + 1;
      }
      auto y = cast<scf::YieldOp>(ifOp.getElseRegion().front().getTerminator());
      auto other = pr.print(y.getOperand(0));
      if (!other)
        return false;
      std::string acc = t.substr(*o, e - *o);
      SourceEdit g = edit(*o, e - *o, "(" + *cond + " ? " + acc + " : " + other->text + ")",
                          "guard-access", pass);
      g.cond = *cond;
      s.alternatives.push_back({g});
      return addSite(*o, "guard", std::move(s));
    }
    // A store: `if (cond) ` before the statement that holds it.
    size_t b = *o;
    unsigned line = src.lineOf(b);
    size_t lb = src.lineBegin(line) + src.indentOf(line).size();
    // Statement start: the line's first token unless a `;`/`{`/`}` or the
    // `)` closing a `for`/`if`/`while` header is between.
    size_t stmt = lb;
    int depth = 0;
    for (size_t i = b; i > lb; --i) {
      char c = t[i - 1];
      bool starts = depth == 0 && (c == ';' || c == '{' || c == '}');
      if (c == ')' && depth == 0) {
        // The header's `(`, and the keyword before it.
        int d = 0;
        size_t q = i - 1;
        for (; q > lb; --q) {
          if (t[q] == ')')
            ++d;
          else if (t[q] == '(' && --d == 0)
            break;
        }
        size_t k = q;
        while (k > lb && t[k - 1] == ' ')
          --k;
        size_t kb = k;
        while (kb > lb && isIdent(t[kb - 1]))
          --kb;
        llvm::StringRef kw = llvm::StringRef(t).slice(kb, k);
        if (t[q] == '(' && (kw == "for" || kw == "if" || kw == "while"))
          starts = true;
      }
      if (c == ')')
        ++depth;
      else if (c == '(')
        --depth;
      if (starts) {
        stmt = i;
        while (stmt < b && t[stmt] == ' ')
          ++stmt;
        break;
      }
    }
    std::string ind = src.indentOf(line);
    size_t end = statementEnd(t, b);
    SourceEdit g = edit(stmt, 0, "if (" + *cond + ") ", "guard-statement", pass);
    g.cond = *cond, g.scopeBegin = stmt, g.scopeEnd = end == std::string::npos ? stmt : end;
    s.alternatives.push_back({g});
    if (end != std::string::npos && src.lineOf(end) != line) {
      // A statement over several lines: braces keep it readable.
      s.alternatives.push_back({edit(stmt, 0, "if (" + *cond + ") { ", "guard-statement", pass),
                                edit(end + 1, 0, " }", "guard-statement", pass)});
    }
    return addSite(stmt, "guard", std::move(s));
  }

  bool forLoop(scf::ForOp f, llvm::StringRef pass, SrcPrinter &pr) {
    auto o = at(f);
    if (!o)
      return false;
    const std::string &t = src.text;
    if (t.compare(*o, 3, "for") != 0)
      return false;
    size_t lp = t.find('(', *o);
    if (lp == std::string::npos)
      return false;
    size_t rp = matchClose(t, lp);
    if (rp == std::string::npos)
      return false;
    size_t s1 = t.find(';', lp), s2 = s1 == std::string::npos ? s1 : t.find(';', s1 + 1);
    if (s2 == std::string::npos || s2 > rp)
      return false;
    // The loop variable: the alloca stored from the induction variable.
    std::string var;
    for (Operation *u : f.getInductionVar().getUsers())
      if (auto st = dyn_cast<memref::StoreOp>(u))
        if (auto al = st.getMemRef().getDefiningOp<memref::AllocaOp>())
          if (auto n = al->getAttrOfType<StringAttr>("kfix.var"))
            var = n.getValue().str();
    if (var.empty())
      return false;
    auto ub = pr.print(f.getUpperBound());
    auto step = pr.print(f.getStep());
    if (!ub || !step)
      return false;
    auto trim = [](llvm::StringRef x) { return x.trim().str(); };
    std::string oldCond = trim(llvm::StringRef(t).slice(s1 + 1, s2));
    std::string oldInc = trim(llvm::StringRef(t).slice(s2 + 1, rp));
    std::string cond = var + " < " + ub->text;
    bool unitStep = step->text == "1";
    std::vector<SourceEdit> es;
    auto place = [&](size_t from, size_t to, const std::string &old, const std::string &nw) {
      size_t b = t.find(old, from);
      if (b == std::string::npos || b > to)
        return;
      if (old != nw)
        es.push_back(edit(b, old.size(), nw, "regenerate", pass));
    };
    // The repaired ops computing the bounds are accounted for by this edit.
    llvm::SmallVector<Value> work{f.getUpperBound(), f.getStep(), f.getLowerBound()};
    while (!work.empty()) {
      Operation *d = work.pop_back_val().getDefiningOp();
      if (!d || !d->hasAttr("kfix.repaired") || !covered.insert(d).second)
        continue;
      for (Value v : d->getOperands())
        work.push_back(v);
    }
    // In the file's own text first: the printed old and new bounds differ by
    // a prefix/suffix that the source's condition also has (` - 1` dropped).
    scf::ForOp of;
    if (original)
      original.walk([&](scf::ForOp x) {
        if (!of && x->getLoc() == f->getLoc())
          of = x;
      });
    if (of) {
      SrcPrinter opr(of->getParentOfType<gpu::GPUFuncOp>(), src);
      auto oub = opr.print(of.getUpperBound());
      if (oub && oub->text != ub->text) {
        const std::string &a = oub->text, &b = ub->text;
        size_t pre = 0;
        while (pre < a.size() && pre < b.size() && a[pre] == b[pre])
          ++pre;
        size_t suf = 0;
        while (suf + pre < a.size() && suf + pre < b.size() &&
               a[a.size() - 1 - suf] == b[b.size() - 1 - suf])
          ++suf;
        std::string oldMid = a.substr(pre, a.size() - pre - suf);
        std::string newMid = b.substr(pre, b.size() - pre - suf);
        std::string tail = a.substr(a.size() - suf);
        // Only a change at the end of the condition, e.g. `n - 1` -> `n`.
        llvm::StringRef cs(oldCond);
        if (tail.empty() && cs.ends_with(oldMid) && !oldMid.empty()) {
          size_t b0 = t.find(oldCond, s1 + 1);
          if (b0 != std::string::npos && b0 < s2) {
            Site s;
            s.alternatives.push_back({edit(b0 + oldCond.size() - oldMid.size(), oldMid.size(),
                                           newMid, "regenerate", pass)});
            covered.insert(f);
            llvm::SmallVector<Value> w2{f.getUpperBound()};
            return addSite(*o, "for", std::move(s));
          }
        } else if (tail.empty() && oldMid.empty() && !newMid.empty()) {
          size_t b0 = t.find(oldCond, s1 + 1);
          if (b0 != std::string::npos && b0 < s2) {
            Site s;
            s.alternatives.push_back({edit(b0 + oldCond.size(), 0, newMid, "regenerate", pass)});
            covered.insert(f);
            return addSite(*o, "for", std::move(s));
          }
        }
      }
    }
    place(s1 + 1, s2, oldCond, cond);
    bool incIsUnit = oldInc == var + "++" || oldInc == "++" + var || oldInc == var + " += 1";
    if (!(unitStep && incIsUnit))
      place(s2 + 1, rp, oldInc, unitStep ? "++" + var : var + " += " + step->text);
    covered.insert(f);
    if (es.empty())
      return true;
    Site s;
    s.alternatives.push_back(es);
    return addSite(*o, "for", std::move(s));
  }

  /// Regenerates the right-hand side of the statement storing `op`'s value.
  bool regenerate(Operation *op, llvm::StringRef pass, SrcPrinter &pr) {
    // Follow the value to the store that ends its statement.
    Operation *cur = op;
    for (int hop = 0; hop < 32 && !isa<memref::StoreOp>(cur); ++hop) {
      if (cur->getNumResults() != 1 || !cur->getResult(0).hasOneUse())
        break;
      Operation *u = *cur->getResult(0).getUsers().begin();
      if (u->getBlock() != op->getBlock())
        break;
      cur = u;
    }
    auto st = dyn_cast<memref::StoreOp>(cur);
    if (!st) {
      // A comparison that feeds a condition (an `if`, a `?:`, a loop test):
      // its operands printed again where they changed.
      if (isa<arith::CmpIOp, arith::CmpFOp>(op))
        return comparisonOperands(op, pass, pr);
      return false;
    }
    if (covered.count(st))
      return true;
    auto o = at(st);
    if (!o)
      return false;
    const std::string &t = src.text;
    // The store's location is the assignment operator or the declared name.
    size_t eq = *o;
    if (isIdent(t[eq])) {
      eq = tokenEnd(t, eq);
      while (eq < t.size() && t[eq] == ' ')
        ++eq;
      if (eq < t.size() && t[eq] == '[')
        return false; // an array element declared: not a simple statement
    }
    std::string opText;
    size_t rhs = eq;
    while (rhs < t.size() && llvm::StringRef("+-*/%&|^<>=").contains(t[rhs]))
      opText += t[rhs++];
    if (opText.empty() || opText.back() != '=' || opText == "==")
      return false;
    size_t end = statementEnd(t, rhs, /*atComma=*/true);
    if (end == std::string::npos)
      return false;
    Value v = st.getValue();
    std::string newOp = opText;
    if (opText != "=") {
      // `a op= b`: the stored value is `a op b`; print `b`.
      Operation *d = v.getDefiningOp();
      if (!d || d->getNumOperands() != 2)
        return false;
      v = d->getOperand(1);
    }
    auto p = pr.print(v);
    if (!p)
      return false;
    covered.insert(st);
    size_t b = rhs;
    while (b < end && t[b] == ' ')
      ++b;
    std::string old = t.substr(b, end - b);
    if (old == p->text)
      return true;
    Site s;
    s.alternatives.push_back({edit(b, end - b, p->text, "regenerate", pass)});
    return addSite(b, "regen", std::move(s));
  }
  /// `a OP b` at `op`'s location (the operator): each operand whose printed
  /// text differs from the file's is replaced by it (`r == c` -> `c == c`).
  bool comparisonOperands(Operation *op, llvm::StringRef pass, SrcPrinter &pr) {
    auto ct = comparisonToken(op);
    if (!ct)
      return false;
    const std::string &t = src.text;
    std::optional<size_t> o = ct->first;
    size_t oe = ct->second;
    // The operands' extents: up to `(`/`)`, `,`, `;`, `?`, `:`, `&&`, `||`
    // or an assignment at their depth.
    auto stopsAt = [&](size_t i) {
      char c = t[i];
      if (llvm::StringRef(",;?:{}").contains(c))
        return true;
      if ((c == '&' || c == '|') &&
          ((i + 1 < t.size() && t[i + 1] == c) || (i > 0 && t[i - 1] == c)))
        return true;
      return false;
    };
    size_t lb = *o;
    int depth = 0;
    while (lb > 0) {
      char c = t[lb - 1];
      if (c == ')' || c == ']')
        ++depth;
      else if (c == '(' || c == '[') {
        if (depth-- == 0)
          break;
      } else if (depth == 0 && (stopsAt(lb - 1) || c == '\n'))
        break;
      --lb;
    }
    size_t re = oe;
    depth = 0;
    for (; re < t.size(); ++re) {
      char c = t[re];
      if (c == '(' || c == '[')
        ++depth;
      else if (c == ')' || c == ']') {
        if (depth-- == 0)
          break;
      } else if (depth == 0 && (stopsAt(re) || c == '\n'))
        break;
    }
    auto trim = [&](size_t &b, size_t &e) {
      while (b < e && t[b] == ' ')
        ++b;
      while (e > b && t[e - 1] == ' ')
        --e;
    };
    size_t le = *o, rb = oe;
    trim(lb, le);
    trim(rb, re);
    if (lb >= le || rb >= re)
      return false;
    std::vector<SourceEdit> es;
    std::pair<size_t, size_t> spans[2] = {{lb, le}, {rb, re}};
    for (unsigned i = 0; i < 2; ++i) {
      auto p = pr.print(op->getOperand(i));
      if (!p)
        return false;
      // A comparison binds looser than arithmetic and shifts.
      std::string text = p->prec < 11 ? "(" + p->text + ")" : p->text;
      auto [b, e] = spans[i];
      if (t.substr(b, e - b) != text && t.substr(b, e - b) != p->text)
        es.push_back(edit(b, e - b, text, "regenerate", pass));
    }
    if (es.empty())
      return false;
    covered.insert(op);
    Site s;
    s.alternatives.push_back(std::move(es));
    return addSite(*o, "cmp-operands", std::move(s));
  }
};

std::string applyEdits(const std::string &text, std::vector<SourceEdit> edits, bool &ok) {
  std::stable_sort(edits.begin(), edits.end(),
                   [](const SourceEdit &a, const SourceEdit &b) { return a.offset < b.offset; });
  std::string out;
  size_t pos = 0;
  ok = true;
  for (const SourceEdit &e : edits) {
    if (e.offset < pos) {
      ok = false;
      return "";
    }
    out += text.substr(pos, e.offset - pos);
    out += e.text;
    pos = e.offset + e.length;
  }
  out += text.substr(pos);
  return out;
}

/// The ops of a module as a list of names, types and the attributes that
/// carry meaning (constants, predicates), locations and kfix.* markers left
/// out: two modules with the same list are the same kernel.
std::vector<std::string> shape(ModuleOp m) {
  std::vector<std::string> out;
  m.walk([&](Operation *op) {
    std::string s;
    llvm::raw_string_ostream os(s);
    os << op->getName();
    for (Type t : op->getResultTypes())
      os << " " << t;
    for (NamedAttribute a : op->getAttrs()) {
      if (a.getName().getValue().starts_with("kfix.") || a.getName() == "sym_name" ||
          a.getName() == "function_type" || a.getName().getValue().starts_with("arg_attrs") ||
          a.getName().getValue() == "workgroup_attributions")
        continue;
      os << " " << a.getName().getValue() << "=" << a.getValue();
    }
    out.push_back(s);
  });
  return out;
}

} // namespace

Delivery kfix::deliverRepair(Session &s, ModuleOp repaired, const std::string &regenerated,
                             const DeliveryOptions &opts) {
  Delivery d;
  d.source = regenerated;
  const std::string &orig = s.candidateSource;
  DeliveryCompileGate gate(s, opts, orig);
  auto fallback = [&](std::string why) {
    d.mode = "regenerated";
    d.reason = std::move(why);
    d.source = regenerated;
    d.edits.clear();
    d.diff = orig.empty() ? ""
                          : unifiedDiff(orig, regenerated,
                                        llvm::sys::path::filename(s.candidatePath), "repaired.cu");
    d.changedLines = changedLineCount(orig, regenerated);
    d.unchangedIdentical = false; // a regeneration keeps no line by design
    if (std::string no = regenerated.empty() ? "" : gate.check(regenerated); !no.empty()) {
      // Nothing that compiles where the user's file does: not delivered.
      d.mode = "not-delivered";
      d.reason += "; the regenerated kernel " + no;
      d.source.clear();
      d.diff.clear();
      d.changedLines = 0;
    }
    gate.finish(d);
    return d;
  };
  if (orig.empty())
    return fallback("the candidate has no CUDA source (an MLIR input)");
  SrcText src(orig);
  // Fix-its for every repaired op; where none expresses an op (or a
  // statement of the original is gone), the innermost loop or `if` around it
  // is regenerated whole and the fix-its collected again.
  std::set<Operation *> whole;
  std::unique_ptr<FixIts> fxp;
  for (int round = 0; round < 6; ++round) {
    fxp = std::make_unique<FixIts>(src, llvm::sys::path::filename(s.candidatePath),
                                   s.candidate ? *s.candidate : ModuleOp());
    fxp->wholeStmts = whole;
    fxp->collect(repaired);
    Operation *c = nullptr;
    if (!fxp->unhandled.empty() && fxp->unhandledOp)
      c = fxp->enclosingCompound(fxp->unhandledOp);
    else if (fxp->unhandled.empty())
      c = fxp->compoundForDeleted(repaired);
    if (getenv("KFIX_DELIVERY_DEBUG"))
      llvm::errs() << "delivery round " << round << ": unhandled '" << fxp->unhandled
                   << "', regenerating whole: " << (c ? c->getName().getStringRef() : "-") << "\n";
    if (!c)
      break;
    whole.insert(c);
  }
  FixIts &fx = *fxp;
  if (!fx.unhandled.empty())
    return fallback("no source edit for the repaired op " + fx.unhandled);
  if (fx.sites.empty())
    return fallback("the repaired ops carry no source location in the file");

  // Candidate patches: alternative k of every site (the last one where a site
  // has fewer), k = 0.. ; structural matches first, then the others.
  size_t maxAlt = 0;
  for (const Site &st : fx.sites)
    maxAlt = std::max(maxAlt, st.alternatives.size());
  std::vector<std::vector<SourceEdit>> candidates;
  for (size_t k = 0; k < maxAlt; ++k) {
    std::vector<SourceEdit> es;
    for (const Site &st : fx.sites) {
      auto &alt = st.alternatives[std::min(k, st.alternatives.size() - 1)];
      es.insert(es.end(), alt.begin(), alt.end());
    }
    // Smaller first: access guards inside a statement guarded by the same
    // condition, then any access guard inside a guarded statement, dropped.
    auto without = [&](bool anyCond) {
      std::vector<SourceEdit> out;
      for (const SourceEdit &e : es) {
        bool inside = false;
        if (e.kind == "guard-access")
          for (const SourceEdit &g : es)
            if (g.kind == "guard-statement" && e.offset >= g.scopeBegin && e.offset < g.scopeEnd &&
                (anyCond || g.cond == e.cond))
              inside = true;
        if (!inside)
          out.push_back(e);
      }
      return out;
    };
    for (auto v : {without(true), without(false)})
      if (v.size() != es.size() && std::find_if(candidates.begin(), candidates.end(), [&](auto &c) {
                                     return c.size() == v.size();
                                   }) == candidates.end())
        candidates.push_back(v);
    candidates.push_back(std::move(es));
  }
  std::vector<std::string> want = shape(repaired);
  TaskEvaluator ev(s, /*useDiagnostics=*/false);
  struct Tried {
    std::vector<SourceEdit> edits;
    std::string text;
    mlir::OwningOpRef<ModuleOp> module;
    bool structural;
  };
  std::vector<Tried> lifted;
  std::string lastError;
  for (auto &es : candidates) {
    // Overlaps: an edit that encloses another (a statement regenerated around
    // a token another site replaces) gives way to the smaller one.
    std::vector<SourceEdit> kept;
    for (const SourceEdit &e : es) {
      bool encloses = false;
      for (const SourceEdit &x : es)
        if (&x != &e && x.offset >= e.offset && x.offset + x.length <= e.offset + e.length &&
            (x.length < e.length || (x.length == e.length && &x < &e)) && e.length)
          encloses = true;
      if (!encloses)
        kept.push_back(e);
    }
    // Soft edits where no other edit touches their text.
    for (const SourceEdit &se : fx.softEdits)
      if (llvm::none_of(kept, [&](const SourceEdit &x) {
            return x.offset < se.offset + se.length && se.offset < x.offset + x.length;
          }))
        kept.push_back(se);
    es = std::move(kept);
    bool ok;
    std::string text = applyEdits(orig, es, ok);
    ++d.candidatesTried;
    if (getenv("KFIX_DELIVERY_DEBUG"))
      for (const SourceEdit &e : es)
        llvm::errs() << "edit " << e.kind << " at " << e.offset << "+" << e.length << " (line "
                     << e.line << "): '" << e.text << "'\n";
    if (getenv("KFIX_DELIVERY_DEBUG"))
      llvm::errs() << "--- delivery candidate " << d.candidatesTried << ":\n"
                   << unifiedDiff(orig, text, "a", "b") << "\n";
    if (!ok) {
      lastError = "overlapping edits";
      continue;
    }
    std::string err;
    auto m = ev.relift(text, err);
    if (!m) {
      lastError = "the patched file does not lift: " + llvm::StringRef(err).split('\n').first.str();
      continue;
    }
    bool structural = shape(*m) == want;
    lifted.push_back({es, text, std::move(m), structural});
  }
  std::stable_partition(lifted.begin(), lifted.end(), [](const Tried &t) { return t.structural; });
  for (Tried &t : lifted) {
    if (d.validations >= 3)
      break;
    ++d.validations;
    Evaluation e = ev.evaluate(*t.module, /*full=*/true);
    if (!e.passed) {
      lastError = "the patched file does not validate: " + e.summary;
      continue;
    }
    // The header rule, then the compilers: the patch needs no header the
    // file lacks and compiles wherever the file does.
    std::set<std::string> had = includedHeaders(orig);
    std::vector<std::string> added;
    for (const std::string &h : includedHeaders(t.text))
      if (!had.count(h))
        added.push_back(h);
    if (!added.empty()) {
      lastError =
          "the patched file includes " + llvm::join(added, ", ") + ", which the original does not";
      continue;
    }
    if (std::string no = gate.check(t.text); !no.empty()) {
      lastError = "the patched file " + no;
      continue;
    }
    d.mode = "patch";
    d.source = t.text;
    d.edits = t.edits;
    d.structural = t.structural;
    d.diff = unifiedDiff(orig, t.text, llvm::sys::path::filename(s.candidatePath), "repaired.cu");
    unsigned removed = 0;
    d.changedLines = changedLineCount(orig, t.text, &removed);
    // Every line the edits do not touch is kept byte for byte: the diff
    // removes no more lines than the edits touch.
    std::set<unsigned> touched;
    for (const SourceEdit &e : t.edits)
      if (e.length || (e.offset < orig.size() && orig[e.offset] != '\n' &&
                       e.offset != src.lineBegin(src.lineOf(e.offset))))
        for (unsigned l = src.lineOf(e.offset);
             l <= src.lineOf(e.offset + (e.length ? e.length - 1 : 0)); ++l)
          touched.insert(l);
    d.unchangedIdentical = removed <= touched.size();
    gate.finish(d);
    return d;
  }
  return fallback(lastError.empty() ? "no candidate patch" : lastError);
}
