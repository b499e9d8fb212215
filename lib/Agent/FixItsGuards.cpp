//===- FixItsGuards.cpp - fix-its: guards, loops, comparisons, widths -----===//
#include "FixIts.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;

namespace kfix::delivery {

//===----------------------------------------------------------------------===//
// Guards and loops
//===----------------------------------------------------------------------===//

std::optional<std::string> FixIts::condition(scf::IfOp ifOp, SrcPrinter &pr) {
  auto c = pr.print(ifOp.getCondition());
  if (!c)
    return std::nullopt;
  return c->text;
}

bool FixIts::guard(scf::IfOp ifOp, llvm::StringRef pass, SrcPrinter &pr) {
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
    if (isa<memref::LoadOp, memref::StoreOp, memref::AtomicRMWOp>(x) && fileLoc(x.getLoc(), base)) {
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
  std::string enclosingCond; // the `if` header the statement is the body of
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
      if (t[q] == '(' && kw == "if")
        enclosingCond = t.substr(q + 1, i - 1 - (q + 1));
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
  if (enclosingCond.empty() && stmt == lb) {
    // The body of an `if` whose header ends the line before.
    size_t i = lb;
    while (i > 0 && isspace((unsigned char)t[i - 1]))
      --i;
    if (i > 0 && t[i - 1] == ')') {
      int d = 0;
      size_t q = i - 1;
      for (;; --q) {
        d += t[q] == ')' ? 1 : t[q] == '(' ? -1 : 0;
        if (d == 0 || q == 0)
          break;
      }
      size_t k = q;
      while (k > 0 && t[k - 1] == ' ')
        --k;
      if (d == 0 && k >= 2 && t.compare(k - 2, 2, "if") == 0 && (k == 2 || !isIdent(t[k - 3])))
        enclosingCond = t.substr(q + 1, i - 1 - (q + 1));
    }
  }
  std::string ind = src.indentOf(line);
  size_t end = statementEnd(t, b);
  // Conjuncts the `if` the statement is the body of requires already
  // (`if (row < M) if (col < N && row < M) ...`) are left out.
  if (!enclosingCond.empty()) {
    std::vector<std::string> outer = conjuncts(enclosingCond), kept;
    for (const std::string &c : conjuncts(*cond))
      if (!llvm::is_contained(outer, c))
        kept.push_back(c);
    if (!kept.empty())
      cond = llvm::join(kept, " && ");
  }
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

bool FixIts::forLoop(scf::ForOp f, llvm::StringRef pass, SrcPrinter &pr) {
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
          s.alternatives.push_back({edit(b0 + oldCond.size() - oldMid.size(), oldMid.size(), newMid,
                                         "regenerate", pass)});
          covered.insert(f);
          llvm::SmallVector<Value> w2{f.getUpperBound()};
          return addSite(*o, "for", std::move(s));
        }
      } else if (tail.empty() && oldMid.empty() && !newMid.empty()) {
        size_t b0 = t.find(oldCond, s1 + 1);
        if (b0 != std::string::npos && b0 < s2) {
          Site s;
          // `k < hi` raised by one is written `k <= hi` (the `+ 1` form next).
          size_t lt = oldCond.rfind('<');
          if (llvm::StringRef(newMid).trim() == "+ 1" && lt != std::string::npos && lt > 0 &&
              oldCond[lt - 1] != '<' && lt + 1 < oldCond.size() && oldCond[lt + 1] != '=' &&
              oldCond.find('<') == lt)
            s.alternatives.push_back({edit(b0 + lt, 1, "<=", "regenerate", pass)});
          s.alternatives.push_back({edit(b0 + oldCond.size(), 0, newMid, "regenerate", pass)});
          covered.insert(f);
          return addSite(*o, "for", std::move(s));
        }
      }
    }
  }
  // A bound or step that prints as the original's is the file's own text
  // (`r < kInH` is not reprinted as `r < 17`).
  bool ubSame = false, stepSame = false;
  if (of) {
    SrcPrinter opr(of->getParentOfType<gpu::GPUFuncOp>(), src);
    auto oub = opr.print(of.getUpperBound()), ostep = opr.print(of.getStep());
    ubSame = oub && oub->text == ub->text;
    stepSame = ostep && ostep->text == step->text;
  }
  if (!ubSame)
    place(s1 + 1, s2, oldCond, cond);
  bool incIsUnit = oldInc == var + "++" || oldInc == "++" + var || oldInc == var + " += 1";
  if (!stepSame && !(unitStep && incIsUnit))
    place(s2 + 1, rp, oldInc, unitStep ? "++" + var : var + " += " + step->text);
  covered.insert(f);
  if (es.empty())
    return true;
  Site s;
  s.alternatives.push_back(es);
  return addSite(*o, "for", std::move(s));
}

//===----------------------------------------------------------------------===//
// Comparisons and thread dimensions
//===----------------------------------------------------------------------===//

std::optional<std::pair<size_t, size_t>> FixIts::comparisonToken(Operation *op) {
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

bool FixIts::comparison(Operation *op, llvm::StringRef pass) {
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
  // (A helper inlined several times has several counterparts, one per copy:
  // any of them.)
  auto sameOperands = [&](Operation *cp) {
    auto same = [&](Value a, Value b) {
      Operation *d = a.getDefiningOp();
      return (d && d->hasAttr("kfix.repaired")) || sameValue(a, b);
    };
    Value l = op->getOperand(0), r = op->getOperand(1);
    Value cl = cp->getOperand(0), cr = cp->getOperand(1);
    return (same(l, cl) && same(r, cr)) || (same(l, cr) && same(r, cl));
  };
  if (countIn(origCount, op) > 1 && original) {
    bool any = false;
    original.walk([&](Operation *x) { any = any || (key(x) == key(op) && sameOperands(x)); });
    if (!any)
      return false;
  } else if (Operation *cp = counterpart(op); cp && !sameOperands(cp)) {
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

bool FixIts::comparisonOperands(Operation *op, llvm::StringRef pass, SrcPrinter &pr) {
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
    if ((c == '&' || c == '|') && ((i + 1 < t.size() && t[i + 1] == c) || (i > 0 && t[i - 1] == c)))
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

size_t FixIts::memberLetterAt(size_t o, llvm::StringRef letters) const {
  const std::string &t = src.text;
  size_t p = o;
  if (p + 1 < t.size() && isIdent(t[p]) && !(p > 0 && t[p - 1] == '.')) {
    size_t e = tokenEnd(t, p);
    if (e < t.size() && t[e] == '.')
      p = e + 1;
  }
  if (p + 1 >= t.size() || !letters.contains(t[p]) || isIdent(t[p + 1]))
    return std::string::npos;
  return p;
}

bool FixIts::dimension(Operation *op, llvm::StringRef pass) {
  auto o = at(op);
  if (!o)
    return false;
  const std::string &t = src.text;
  // The loc is the member (`x`) or the base (`threadIdx`).
  size_t p = memberLetterAt(*o, "xyz");
  if (p == std::string::npos)
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

//===----------------------------------------------------------------------===//
// __shared__ extents
//===----------------------------------------------------------------------===//

bool FixIts::sharedExtents(gpu::GPUFuncOp f, llvm::StringRef pass) {
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
    size_t p = std::string::npos, decl = std::string::npos;
    for (size_t q = t.find("__shared__"); q != std::string::npos; q = t.find("__shared__", q + 1)) {
      size_t semi = t.find(';', q);
      for (size_t r = t.find(name, q); r != std::string::npos && r < semi; r = t.find(name, r + 1))
        if (!isIdent(t[r - 1]) && !isIdent(t[r + name.size()])) {
          p = r + name.size();
          decl = q;
          break;
        }
      if (p != std::string::npos)
        break;
    }
    if (p == std::string::npos)
      return false;
    std::vector<SourceEdit> es;
    if (nt.getElementType() != ot.getElementType()) {
      // The element type re-declared (`__shared__ scalar_t part[8]` ->
      // `__shared__ float part[8]`): the type between `__shared__` (and a
      // `volatile`) and the name, when it is one declarator's type alone.
      std::string ty = cTypeName(nt.getElementType());
      size_t b = decl + std::string("__shared__").size();
      size_t e = p - name.size();
      while (b < e && std::isspace((unsigned char)t[b]))
        ++b;
      if (llvm::StringRef(t).substr(b).starts_with("volatile "))
        b += std::string("volatile ").size();
      llvm::StringRef old = llvm::StringRef(t).slice(b, e).rtrim();
      if (ty.empty() || old.empty() || old.contains('*') || old.contains(',') ||
          old.contains('(') || old.contains('='))
        return false;
      es.push_back(edit(b, old.size(), ty, "retype", pass));
    }
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

//===----------------------------------------------------------------------===//
// Integer arithmetic the repair widened (`row * ld` in 64 bits)
//===----------------------------------------------------------------------===//

bool FixIts::widened(Operation *d) {
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

Value FixIts::stripExt(Value v) {
  while (Operation *d = v.getDefiningOp()) {
    if (!isa<arith::ExtSIOp, arith::ExtUIOp, arith::IndexCastOp, arith::IndexCastUIOp>(d))
      break;
    v = d->getOperand(0);
  }
  return v;
}

bool FixIts::widthChange(Operation *op, llvm::StringRef pass) {
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

} // namespace kfix::delivery
