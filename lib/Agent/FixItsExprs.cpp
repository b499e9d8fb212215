//===- FixItsExprs.cpp - fix-its: helpers, retype, tokens, constants -----===//
//
// (The exchanges of two values, names or arguments: FixItsSwaps.cpp.)
//
#include "FixIts.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;

namespace kfix::delivery {

//===----------------------------------------------------------------------===//
// Edits inside a `__device__` helper the kernel calls
//===----------------------------------------------------------------------===//

std::set<std::string> FixIts::identsIn(llvm::StringRef t) {
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

std::string FixIts::renameArgs(llvm::StringRef s, const std::map<std::string, std::string> &m) {
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

void FixIts::toHelperScope(SourceEdit &e, std::pair<size_t, size_t> kernel) {
  if (e.text.empty() || (e.offset >= kernel.first && e.offset < kernel.second))
    return;
  const std::string &t = src.text;
  // The outermost `{ ... }` holding the edit that is a function's body (its
  // `{` follows a `)`): a namespace's braces around the helper are not.
  std::vector<size_t> opens;
  for (size_t p = 0; p < e.offset && p < t.size(); ++p) {
    if (t[p] == '{')
      opens.push_back(p);
    else if (t[p] == '}' && !opens.empty())
      opens.pop_back();
  }
  size_t hb = std::string::npos, he = std::string::npos;
  for (size_t b : opens) {
    size_t q = b;
    while (q > 0 && isspace((unsigned char)t[q - 1]))
      --q;
    if (q > 0 && t[q - 1] == ')') {
      hb = b;
      break;
    }
  }
  if (hb == std::string::npos)
    return;
  for (size_t p = hb, depth = 0; p < t.size(); ++p) {
    if (t[p] == '{')
      ++depth;
    else if (t[p] == '}' && --depth == 0) {
      he = p + 1;
      break;
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
  // Argument texts of the call whose name starts at `o` (the helper's header
  // reads the same way: its parameter declarations).
  auto argTexts = [&](size_t o) -> std::optional<std::vector<std::string>> {
    auto ranges = callArgs(o);
    if (!ranges)
      return std::nullopt;
    std::vector<std::string> out;
    for (auto [x, y] : *ranges)
      out.push_back(t.substr(x, y - x));
    return out;
  };
  auto decls = argTexts(nb);
  if (!decls)
    return;
  std::vector<std::string> params;
  for (const std::string &p : *decls) {
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
  std::vector<size_t> calls;
  for (size_t p = t.find(name, kernel.first); p != std::string::npos && p < kernel.second;
       p = t.find(name, p + 1)) {
    if (isIdent(t[p - 1]) || isIdent(t[p + name.size()]))
      continue;
    calls.push_back(p);
    auto got = argTexts(p);
    if (!got)
      continue;
    std::vector<std::string> &args = *got;
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
  // A parameter replaced by a value the helper cannot name (`d1` -> the
  // kernel's `C`): the argument at the helper's one call site is what changes
  // (`offset3(b, src, s, K, S)` -> `offset3(b, src, s, C, S)`).
  std::string replaced = t.substr(e.offset, e.length);
  auto pi = llvm::find(params, replaced);
  if (calls.size() != 1 || pi == params.end() || replaced.empty())
    return;
  auto ranges = callArgs(calls.front());
  size_t i = pi - params.begin();
  if (!ranges || ranges->size() != params.size())
    return;
  e.offset = (*ranges)[i].first;
  e.length = (*ranges)[i].second - (*ranges)[i].first;
  e.line = src.lineOf(e.offset);
}

//===----------------------------------------------------------------------===//
// Locals the repair created or re-declared
//===----------------------------------------------------------------------===//

memref::AllocaOp FixIts::retypedFrom(memref::AllocaOp al) {
  if (!al->hasAttr("kfix.repaired") || al.getType().getRank() != 0 || !al->hasAttr("kfix.var") ||
      countIn(unrepCount, al) != 0)
    return {};
  if (auto oa = dyn_cast_or_null<memref::AllocaOp>(counterpart(al)))
    if (oa.getType().getElementType() != al.getType().getElementType())
      return oa;
  return {};
}

void FixIts::nameNewLocals(gpu::GPUFuncOp f) {
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

bool FixIts::retype(memref::AllocaOp al, llvm::StringRef name, Type was, gpu::GPUFuncOp f) {
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

std::optional<std::pair<size_t, size_t>> FixIts::bodyRange(gpu::GPUFuncOp f) {
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

bool FixIts::usedName(const std::string &n) {
  for (auto &[op, x] : localNames)
    if (x == n)
      return true;
  return false;
}

bool FixIts::identInFile(llvm::StringRef n) {
  const std::string &t = src.text;
  for (size_t p = t.find(n.str()); p != std::string::npos; p = t.find(n.str(), p + 1))
    if ((p == 0 || !isIdent(t[p - 1])) && (p + n.size() >= t.size() || !isIdent(t[p + n.size()])))
      return true;
  return false;
}

std::string FixIts::localType(memref::AllocaOp al) {
  if (auto c = al->getAttrOfType<StringAttr>("kfix.ctype"))
    return c.getValue().str();
  return cTypeName(al.getType().getElementType());
}

//===----------------------------------------------------------------------===//
// Tokens of the file
//===----------------------------------------------------------------------===//

std::optional<std::pair<size_t, size_t>> FixIts::literalAt(size_t o) {
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

std::optional<std::vector<std::pair<size_t, size_t>>> FixIts::callArgs(size_t o) {
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

//===----------------------------------------------------------------------===//
// Repaired ops and their operands
//===----------------------------------------------------------------------===//

bool FixIts::handle(Operation *op, llvm::StringRef pass, SrcPrinter &pr) {
  if (covered.count(op))
    return true;
  // Ops that only carry a repaired value to a place another fix-it edits.
  if (isa<scf::YieldOp, memref::AllocaOp>(op))
    return true;
  if (op->hasAttr("kfix.callarg-edit"))
    return callArgument(op, pass);
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
  if (isa<vector::ExtractOp>(op) && lane(op, pass))
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
  if (swappedCall(op, pass) || appendedFactor(op, pass, pr) || exchangedNames(op, pass))
    return true;
  if (pass == "kfix-repair-swap-values" && isa<memref::StoreOp, vector::StoreOp>(op) &&
      swappedValues(op, pass))
    return true;
  // An op the repair re-created as the file has it (its operands the
  // original's, or repaired values with their own edits).
  if (recreated(op))
    return true;
  if (op->getNumResults() == 1 || isa<memref::StoreOp>(op))
    return regenerate(op, pass, pr);
  return false;
}

bool FixIts::appendedFactor(Operation *op, llvm::StringRef pass, SrcPrinter &pr) {
  auto mul = dyn_cast<arith::MulFOp>(op);
  if (!mul || !isNew(op))
    return false;
  Operation *x = mul.getLhs().getDefiningOp();
  if (!x || x->hasAttr("kfix.repaired") || !isa<arith::MulFOp, arith::DivFOp>(x) || !counterpart(x))
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

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

bool FixIts::constant(arith::ConstantOp c, llvm::StringRef pass, SrcPrinter &pr) {
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

std::string FixIts::namedConstant(llvm::StringRef expr, llvm::StringRef value) {
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

std::optional<std::string> FixIts::constantValueOf(const std::string &name) {
  if (auto d = definitionOf(name))
    return d->value;
  return std::nullopt;
}

std::optional<bool> FixIts::namedConstantUse(arith::ConstantOp c, size_t o,
                                             const std::string &spelled, llvm::StringRef pass) {
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
    if ((!d || d->value != *ov) && t.compare(tokenEnd(t, o), 1, "(") == 0) {
      // A function-like macro's expansion (`PREACT(GATE_G)`): the one name
      // among its arguments that is defined as the constant.
      size_t open = tokenEnd(t, o), close = matchClose(t, open);
      std::optional<Definition> found;
      for (size_t i = open + 1; close != std::string::npos && i < close;) {
        if (!isIdent(t[i]) || std::isdigit((unsigned char)t[i])) {
          ++i;
          continue;
        }
        size_t j = tokenEnd(t, i);
        auto di = definitionOf(t.substr(i, j - i));
        if (di && di->value == *ov) {
          if (found && found->offset != di->offset)
            return std::nullopt;
          found = di;
        }
        i = j;
      }
      d = found;
    }
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

std::optional<std::string> FixIts::uniqueName(const std::string &value) {
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

std::optional<FixIts::Definition> FixIts::definitionOf(const std::string &name) {
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

} // namespace kfix::delivery
