//===- WrapperStmt.cpp - wrapper statement interpreter ---------------------===//
#include "WrapperInterp.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"
#include <functional>

using namespace kfix;
using namespace kfix::kb;
using namespace kfix::kb::detail;
using cpp::Tok;
using llvm::StringRef;

bool Interp::execRange(size_t b, size_t e) {
  size_t p = b;
  while (p < e && !returned) {
    const Tok &k = t[p];
    if (k.kind == Tok::PP) { // #pragma and the like
      ++p;
      continue;
    }
    if (k.kind == Tok::Punct && k.text == ";") {
      ++p;
      continue;
    }
    if (k.kind == Tok::Punct && k.text == "{") {
      size_t m = cpp::matchBracket(t, p);
      if (m == StringRef::npos || m > e)
        return fail(k.begin, "unbalanced '{'");
      if (!execRange(p + 1, m))
        return false;
      p = m + 1;
      continue;
    }
    if (k.kind == Tok::Ident) {
      if (k.text == "if") {
        if (!execIf(p, e))
          return false;
        continue;
      }
      if (k.text == "for") {
        if (!execFor(p, e))
          return false;
        continue;
      }
      if (k.text == "while" || k.text == "do" || k.text == "switch" ||
          k.text == "goto" || k.text == "try")
        return fail(k.begin, "unsupported control flow '" + k.text +
                                 "' in the wrapper (the importer follows straight-line "
                                 "wrappers only)");
    }
    size_t se = stmtEnd(p, e);
    if (se == StringRef::npos)
      return fail(k.begin, "statement without ';'");
    if (!execStmt(p, se))
      return false;
    p = se + 1;
  }
  return true;
}

size_t Interp::stmtEnd(size_t p, size_t e) {
  int depth = 0;
  for (size_t q = p; q < e; ++q) {
    if (t[q].kind != Tok::Punct)
      continue;
    StringRef x = t[q].text;
    if (x == "(" || x == "[" || x == "{")
      ++depth;
    else if (x == ")" || x == "]" || x == "}")
      --depth;
    else if (x == ";" && depth == 0)
      return q;
  }
  return StringRef::npos;
}

bool Interp::textHas(const std::vector<Tok> &t, size_t b, size_t e,
                    std::initializer_list<StringRef> words) {
  for (size_t q = b; q < e; ++q)
    for (StringRef w : words)
      if (t[q].text == w)
        return true;
  return false;
}

bool Interp::execIf(size_t &p, size_t e) {
  size_t at = t[p].begin;
  size_t open = p + 1;
  size_t close = cpp::matchBracket(t, open);
  if (close == StringRef::npos || close >= e)
    return fail(at, "malformed 'if'");
  auto bodyEnd = [&](size_t b) -> size_t {
    if (t[b].text == "{")
      return cpp::matchBracket(t, b);
    return stmtEnd(b, e);
  };
  size_t b1 = close + 1, e1 = bodyEnd(b1);
  if (e1 == StringRef::npos)
    return fail(at, "malformed 'if'");
  size_t next = e1 + 1;
  size_t e2 = e1;
  if (next < e && t[next].text == "else") {
    e2 = bodyEnd(next + 1);
    if (e2 == StringRef::npos)
      return fail(at, "malformed 'else'");
    next = e2 + 1;
  }
  bool errorCheck =
      textHas(t, open, close, {"cudaSuccess", "cudaGetLastError", "cudaError_t", "err",
                               "error", "status"}) ||
      (textHas(t, b1, e2 + 1,
               {"throw", "TORCH_CHECK", "AT_ERROR", "printf", "fprintf", "cerr",
                "std::cerr", "TORCH_CHECK_MSG", "abort", "exit"}) &&
       !textHas(t, b1, e2 + 1, {"<<<"}));
  if (errorCheck) {
    p = next;
    return true;
  }
  // A condition with the same value at every task size (on constants, fixed
  // dimensions, or `n == 0` on a size, which is never empty): the branch taken
  // runs, the other is skipped.
  std::string saved = error;
  cpp::ExprP cond = parseAll(open + 1, close);
  std::optional<WVal> cv = cond ? asCondition(eval(*cond)) : std::nullopt;
  error = saved;
  if (cv && cv->kind == WVal::Int)
    if (std::optional<int64_t> known = fixedInt(cv->s, symbolValues)) {
      p = next;
      if (*known)
        return execRange(b1, e1 + 1);
      return e2 == e1 || execRange(e1 + 2, e2 + 1);
    }
  // `if (v > hi) v = hi;` caps v: v = min(v, hi) (and `<` raises it: max).
  if (cond && e2 == e1 && cond->kind == cpp::Expr::Binary &&
      cond->kids[0]->kind == cpp::Expr::Ident &&
      (cond->text == "<" || cond->text == ">" || cond->text == "<=" || cond->text == ">=")) {
    size_t s = t[b1].text == "{" ? b1 + 1 : b1;
    size_t se = stmtEnd(s, e1 + 1);
    const std::string &v = cond->kids[0]->text;
    auto var = vars.find(v);
    if (se != StringRef::npos && s + 1 < se && t[s].text == v && t[s + 1].text == "=" &&
        (t[b1].text != "{" || se + 1 == e1) && var != vars.end() && isNum(var->second)) {
      saved = error;
      cpp::ExprP rhs = parseAll(s + 2, se);
      std::optional<WVal> rv = rhs ? eval(*rhs) : std::nullopt;
      std::optional<WVal> bound = eval(*cond->kids[1]);
      error = saved;
      if (rv && bound && isNum(*rv) && isNum(*bound) && same(rv->s, bound->s)) {
        bool cap = cond->text[0] == '>';
        var->second.s = bin(cap ? Sym::Min : Sym::Max, var->second.s, rv->s);
        p = next;
        return true;
      }
    }
  }
  // A condition on sizes the task changes: decided at the problem's sizes and
  // recorded, so that the task writer can check every task size takes the same
  // branch.
  if (cv && cv->kind == WVal::Int && !cv->s->isFloat() && symbolValues)
    if (std::optional<double> now = evalSym(cv->s, *symbolValues)) {
      Guard g;
      g.cond = cv->s;
      g.taken = *now != 0;
      g.where = u.src.where(t[open + 1].begin);
      for (size_t q = open + 1; q < close; ++q)
        g.text += (g.text.empty() ? "" : " ") + t[q].text;
      task.guards.push_back(std::move(g));
      p = next;
      if (*now != 0)
        return execRange(b1, e1 + 1);
      return e2 == e1 || execRange(e1 + 2, e2 + 1);
    }
  return fail(at, "unsupported control flow 'if' in the wrapper (only error checks, "
                  "conditions on sizes, dimensions and constants, and `if (v > hi) v = hi;` "
                  "caps are understood; the importer follows straight-line wrappers)");
}

cpp::ExprP Interp::parseAll(size_t p, size_t e) {
  std::string err;
  size_t errAt = 0;
  size_t q = p;
  cpp::ExprP x = cpp::parseExpr(t, q, e, err, errAt);
  if (!x) {
    fail(errAt, err);
    return nullptr;
  }
  if (q != e) {
    fail(t[q].begin, "unexpected '" + t[q].text + "'");
    return nullptr;
  }
  return x;
}

bool Interp::isTypeWord(StringRef w) {
  return llvm::StringSwitch<bool>(w)
      .Cases({"const", "constexpr", "static", "volatile", "unsigned", "signed", "register"},
             true)
      .Default(false);
}

bool Interp::execStmt(size_t p, size_t e) {
  const Tok &k = t[p];
  if (k.kind == Tok::Ident && k.text == "return") {
    if (p + 1 == e) {
      returned = true;
      return true;
    }
    cpp::ExprP x = parseAll(p + 1, e);
    if (!x)
      return false;
    auto v = eval(*x);
    if (!v)
      return false;
    if (v->kind == WVal::List && x->kind == cpp::Expr::Braced) {
      for (const cpp::ExprP &kid : x->kids) {
        auto kv = eval(*kid);
        if (!kv)
          return false;
        rets.push_back(*kv);
      }
    } else if (v->kind == WVal::List && !v->list.empty() && v->buf == -2) {
      // make_tuple / vector of tensors: kept in `tensors` below.
      rets = tupleVals;
    } else {
      rets.push_back(*v);
    }
    returned = true;
    return finishReturn(k.begin);
  }
  if (k.kind == Tok::Ident && k.text == "throw")
    return true;
  if (k.kind == Tok::Ident && (k.text == "using" || k.text == "typedef"))
    return fail(k.begin, "type aliases are not supported in the wrapper");
  // Kernel launch.
  size_t q = p;
  if (k.kind == Tok::Ident) {
    std::string name = k.text;
    ++q;
    while (q + 1 < e && t[q].text == "::" && t[q + 1].kind == Tok::Ident) {
      name += "::" + t[q + 1].text;
      q += 2;
    }
    std::string targs;
    if (q < e && t[q].text == "<") {
      int depth = 0;
      size_t r = q;
      for (; r < e; ++r) {
        if (t[r].text == "<")
          ++depth;
        else if (t[r].text == ">" && --depth == 0)
          break;
        else if (r != q) {
          std::string w = t[r].text;
          auto it = typeAlias.find(w);
          if (it != typeAlias.end())
            w = it->second;
          targs += (targs.empty() || t[r].kind != Tok::Ident ? "" : " ") + w;
        }
      }
      if (r < e && r + 1 < e && t[r + 1].text == "<<<") {
        q = r + 1;
        name += "<" + targs + ">";
      }
    }
    if (q < e && t[q].text == "<<<")
      return execLaunch(p, name, q, e);
  }
  // Declaration: [qualifiers] TYPE [*&]* NAME (= init | (args) | {args}) [, NAME ...]
  q = p;
  std::string type;
  while (q < e && t[q].kind == Tok::Ident && isTypeWord(t[q].text)) {
    if (t[q].text == "unsigned" || t[q].text == "signed")
      type += t[q].text + " ";
    ++q;
  }
  if (q < e && t[q].kind == Tok::Ident) {
    size_t typeStart = q;
    type += t[q].text;
    ++q;
    while (q + 1 < e && t[q].text == "::" && t[q + 1].kind == Tok::Ident) {
      type += "::" + t[q + 1].text;
      q += 2;
    }
    while (q + 1 < e && t[q].kind == Tok::Ident &&
           (t[q].text == "int" || t[q].text == "long" || t[q].text == "short" ||
            t[q].text == "char") &&
           t[q + 1].kind == Tok::Ident) {
      type += " " + t[q].text;
      ++q;
    }
    if (q < e && t[q].text == "<") { // std::vector<int64_t>
      int depth = 0;
      for (; q < e; ++q) {
        if (t[q].text == "<")
          ++depth;
        else if (t[q].text == ">" && --depth == 0)
          break;
      }
      ++q;
      type += "<>";
    }
    bool pointer = false;
    while (q < e && (t[q].text == "*" || t[q].text == "&" || t[q].text == "const" ||
                     t[q].text == "__restrict__")) {
      pointer |= t[q].text == "*";
      ++q;
    }
    if (q + 1 <= e && q < e && t[q].kind == Tok::Ident &&
        (q + 1 == e || t[q + 1].text == "=" || t[q + 1].text == "(" ||
         t[q + 1].text == "{" || t[q + 1].text == ",")) {
      (void)typeStart;
      // Device guards (`const at::cuda::OptionalCUDAGuard g(device_of(x));`) only
      // pick the GPU the launches go to.
      if (StringRef(type).ends_with("DeviceGuard") || StringRef(type).ends_with("CUDAGuard"))
        return true;
      return execDecl(type, pointer, q, e);
    }
  }
  if (std::optional<bool> done = execUpdate(p, e))
    return *done;
  // Assignment: NAME (= | op=) expr
  if (k.kind == Tok::Ident && p + 1 < e && t[p + 1].kind == Tok::Punct &&
      (t[p + 1].text == "=" || t[p + 1].text == "+=" || t[p + 1].text == "-=" ||
       t[p + 1].text == "*=" || t[p + 1].text == "/=")) {
    auto it = vars.find(k.text);
    if (it == vars.end())
      return fail(k.begin, "assignment to unknown variable '" + k.text + "'");
    cpp::ExprP x = parseAll(p + 2, e);
    if (!x)
      return false;
    auto v = eval(*x);
    if (!v)
      return false;
    if (t[p + 1].text != "=") {
      Sym::Kind op = t[p + 1].text == "+=" ? Sym::Add
                     : t[p + 1].text == "-=" ? Sym::Sub
                     : t[p + 1].text == "*=" ? Sym::Mul
                                             : Sym::Div;
      if (!isNum(it->second) || !isNum(*v))
        return fail(k.begin, "compound assignment on a non-number");
      WVal r = it->second;
      r.s = bin(op, r.s, v->s);
      v = r;
    }
    it->second = *v;
    return true;
  }
  // Expression statement.
  cpp::ExprP x = parseAll(p, e);
  if (!x)
    return false;
  if (x->kind == cpp::Expr::Call && x->kids[0]->kind == cpp::Expr::Ident) {
    StringRef fn = x->kids[0]->text;
    if (fn.starts_with("AT_DISPATCH"))
      return execDispatch(*x);
    // A function-like macro that only checks its arguments (`INPUT_CHECK(x);`).
    if (auto fm = u.fnMacros.find(fn); fm != u.fnMacros.end() &&
                                       StringRef(fm->second.body).contains("CHECK") &&
                                       !StringRef(fm->second.body).contains("<<<"))
      return true;
    bool checkName =
        fn == "TORCH_CHECK" || fn.starts_with("CHECK") || fn.starts_with("AT_ASSERT") ||
        fn.starts_with("C10_") || fn.starts_with("cuda") || fn.starts_with("AT_CUDA_CHECK") ||
        fn == "printf" || fn == "TORCH_INTERNAL_ASSERT" || fn.starts_with("gpuErrchk") ||
        fn.starts_with("CUDA_CHECK") || fn.starts_with("TORCH_WARN") ||
        fn.starts_with("at::cuda::") || fn.starts_with("c10::cuda::");
    // A host function of the sources (a launcher, a helper): run (HostCalls.cpp);
    // one named like a check runs only when it launches a kernel.
    const CudaUnit *hostUnit = nullptr;
    if (const cpp::Function *h = findHost(fn, hostUnit))
      if (!checkName || textHas(hostUnit->toks, h->bodyTok, h->bodyEndTok, {"<<<"}))
        return eval(*x).has_value();
    if (checkName)
      return true;
    return fail(x->at, "unsupported call '" + fn.str() + "' in the wrapper");
  }
  if (x->kind == cpp::Expr::Call && x->kids[0]->kind == cpp::Expr::Member) {
    StringRef m = x->kids[0]->text;
    // `sizes.push_back(n)` / `emplace_back(n)` on a size list.
    const cpp::Expr &obj = *x->kids[0]->kids[0];
    if ((m == "push_back" || m == "emplace_back") && obj.kind == cpp::Expr::Ident) {
      auto it = vars.find(obj.text);
      if (it == vars.end() || it->second.kind != WVal::List || it->second.buf == -2)
        return fail(x->at, "'" + m.str() + "' on something that is not a list of sizes");
      if (x->kids.size() != 2)
        return fail(x->at, "'" + m.str() + "' takes one value");
      auto v = eval(*x->kids[1]);
      if (!v)
        return false;
      if (v->kind != WVal::Int)
        return fail(x->kids[1]->at, "'" + m.str() + "' of something that is not an integer "
                                    "onto a list of sizes");
      it->second.list.push_back(v->s);
      return true;
    }
    // `sizes.pop_back()`, `sizes.erase(sizes.begin() + k[, sizes.begin() + k2])`,
    // `sizes.insert(sizes.begin() + k, n)` on a size list, k fixed for every size.
    if ((m == "pop_back" || m == "erase" || m == "insert") && obj.kind == cpp::Expr::Ident) {
      auto it = vars.find(obj.text);
      if (it == vars.end() || it->second.kind != WVal::List || it->second.buf == -2)
        return fail(x->at, "'" + m.str() + "' on something that is not a list of sizes");
      std::vector<SymP> &list = it->second.list;
      if (m == "pop_back") {
        if (x->kids.size() != 1 || list.empty())
          return fail(x->at, "pop_back on an empty list of sizes");
        list.pop_back();
        return true;
      }
      // An iterator `v.begin() + k`, `v.end() - k`, `std::next(v.begin(), k)` as an index.
      std::function<std::optional<int64_t>(const cpp::Expr &)> iter =
          [&](const cpp::Expr &ix) -> std::optional<int64_t> {
        if (ix.kind == cpp::Expr::Call && ix.kids.size() == 1 &&
            ix.kids[0]->kind == cpp::Expr::Member && ix.kids[0]->kids[0]->kind == cpp::Expr::Ident &&
            ix.kids[0]->kids[0]->text == obj.text) {
          StringRef b = ix.kids[0]->text;
          if (b == "begin" || b == "cbegin")
            return 0;
          if (b == "end" || b == "cend")
            return int64_t(list.size());
          return std::nullopt;
        }
        if (ix.kind == cpp::Expr::Binary && (ix.text == "+" || ix.text == "-")) {
          auto base = iter(*ix.kids[0]);
          auto k = base ? eval(*ix.kids[1]) : std::nullopt;
          auto kv = k && k->kind == WVal::Int ? fixedInt(k->s, symbolValues) : std::nullopt;
          if (!kv)
            return std::nullopt;
          return ix.text == "+" ? *base + *kv : *base - *kv;
        }
        return std::nullopt;
      };
      size_t nargs = x->kids.size() - 1;
      if (nargs < 1 || nargs > 2)
        return fail(x->at, "'" + m.str() + "' with " + std::to_string(nargs) + " arguments");
      std::optional<int64_t> at = iter(*x->kids[1]);
      if (!at || *at < 0 || *at > int64_t(list.size()) ||
          (m == "erase" && *at == int64_t(list.size())))
        return fail(x->kids[1]->at, "'" + m.str() + "' at a position that is not `v.begin() + "
                                    "k` with k fixed for every size and inside the list");
      if (m == "insert") {
        if (nargs != 2)
          return fail(x->at, "'insert' of one value is understood");
        auto v = eval(*x->kids[2]);
        if (!v)
          return false;
        if (v->kind != WVal::Int)
          return fail(x->kids[2]->at, "'insert' of something that is not an integer into a "
                                      "list of sizes");
        list.insert(list.begin() + *at, v->s);
        return true;
      }
      int64_t end = *at + 1;
      if (nargs == 2) {
        std::optional<int64_t> e2 = iter(*x->kids[2]);
        if (!e2 || *e2 < *at || *e2 > int64_t(list.size()))
          return fail(x->kids[2]->at, "'erase' up to a position that is not `v.begin() + k` "
                                      "with k fixed for every size");
        end = *e2;
      }
      list.erase(list.begin() + *at, list.begin() + end);
      return true;
    }
    // `loss.div_(n);`: host arithmetic in place (the output's epilogue).
    if (m.ends_with("_") && isHostArithMethod(m))
      return eval(*x).has_value();
    if (m == "zero_" || m == "fill_")
      return fail(x->at, "in-place '" + m.str() +
                             "' in the wrapper is not supported (allocate with torch::zeros)");
  }
  return fail(x->at, "unsupported statement in the wrapper");
}

bool Interp::execDecl(const std::string &type, bool pointer, size_t q, size_t e) {
  size_t bufsBefore = task.bufs.size();
  while (q < e) {
    std::string name = t[q].text;
    size_t at = t[q].begin;
    ++q;
    std::optional<WVal> v;
    size_t valueEnd = q;
    if (q < e && (t[q].text == "(" || t[q].text == "{")) {
      size_t m = cpp::matchBracket(t, q);
      if (m == StringRef::npos || m >= e)
        return fail(t[q].begin, "unbalanced brackets");
      std::vector<WVal> cargs;
      // `std::vector<int64_t> v(x.sizes().begin(), x.sizes().end() - 1)`.
      std::optional<WVal> range;
      if (type == "std::vector<>") {
        size_t comma = q + 1;
        for (int depth = 0; comma < m; ++comma) {
          StringRef w = t[comma].text;
          depth += (w == "(" || w == "[" || w == "{") - (w == ")" || w == "]" || w == "}");
          if (w == "," && depth == 0)
            break;
        }
        cpp::ExprP first = comma < m ? parseAll(q + 1, comma) : nullptr;
        cpp::ExprP last = first ? parseAll(comma + 1, m) : nullptr;
        bool failed = false;
        if (first && last)
          range = listFromRange(*first, *last, failed);
        if (failed)
          return false;
      }
      if (!range && !evalList(q + 1, m, cargs))
        return false;
      valueEnd = m + 1;
      if (range) {
        v = range;
      } else if (type == "dim3") {
        v = makeDim3(cargs, at);
        if (!v)
          return false;
      } else if (cargs.size() == 1) {
        v = cargs[0];
      } else if (type == "std::vector<>" || type == "at::IntArrayRef" ||
                 type == "c10::IntArrayRef") {
        WVal l;
        l.kind = WVal::List;
        for (const WVal &c : cargs) {
          if (c.kind != WVal::Int)
            return fail(at, "a list of non-integers");
          l.list.push_back(c.s);
        }
        v = l;
      } else {
        return fail(at, "cannot construct '" + type + "' from " +
                            std::to_string(cargs.size()) + " values");
      }
    } else if (q < e && t[q].text == "=") {
      size_t ve = q + 1;
      int depth = 0;
      for (; ve < e; ++ve) {
        ve = skipTemplateArgs(ve, e);
        StringRef x = t[ve].text;
        if (x == "(" || x == "[" || x == "{")
          ++depth;
        else if (x == ")" || x == "]" || x == "}")
          --depth;
        else if (x == "," && depth == 0)
          break;
      }
      cpp::ExprP x = parseAll(q + 1, ve);
      if (!x)
        return false;
      v = eval(*x);
      if (!v)
        return false;
      valueEnd = ve;
    } else if (type == "std::vector<>") {
      v = WVal(); // an empty list (of sizes, filled with push_back)
      v->kind = WVal::List;
    } else {
      v = WVal(); // uninitialised declaration
      // `torch::Tensor t;`: an undefined tensor (None) until assigned.
      if (!pointer && (type == "torch::Tensor" || type == "at::Tensor" || type == "Tensor")) {
        vars[name] = *v;
        if (q < e && t[q].text == ",")
          ++q;
        else if (q < e)
          return fail(t[q].begin, "unexpected '" + t[q].text + "'");
        continue;
      }
    }
    auto conv = convert(*v, type, pointer, at);
    if (!conv)
      return false;
    // A tensor created by this declaration is named after its variable.
    if (conv->kind == WVal::Tensor && conv->buf >= int(bufsBefore) &&
        StringRef(task.bufs[conv->buf].name).starts_with("tmp")) {
      task.bufs[conv->buf].name.clear();
      task.bufs[conv->buf].name = task.uniqueName(name);
    }
    vars[name] = *conv;
    q = valueEnd;
    if (q < e && t[q].text == ",")
      ++q;
    else if (q < e)
      return fail(t[q].begin, "unexpected '" + t[q].text + "'");
  }
  return true;
}

std::optional<WVal> Interp::makeDim3(const std::vector<WVal> &cargs, size_t at) {
  if (cargs.empty() || cargs.size() > 3)
    return failV(at, "dim3 takes 1 to 3 values");
  if (cargs.size() == 1 && cargs[0].kind == WVal::Dim3)
    return cargs[0];
  WVal d;
  d.kind = WVal::Dim3;
  for (size_t i = 0; i < 3; ++i) {
    if (i >= cargs.size()) {
      d.list.push_back(lit(1));
      continue;
    }
    if (cargs[i].kind != WVal::Int)
      return failV(at, "dim3 takes integers");
    d.list.push_back(cargs[i].s);
  }
  return d;
}

std::optional<WVal> Interp::convert(const WVal &v, const std::string &rawType, bool pointer, size_t at) {
  std::string type = rawType;
  if (auto it = typeAlias.find(type); it != typeAlias.end())
    type = it->second;
  if (type == "auto" || type == "torch::Tensor" || type == "at::Tensor" || type == "Tensor" ||
      type == "torch::TensorOptions" || type == "at::TensorOptions" ||
      type == "std::vector<>" || type == "at::IntArrayRef" || type == "c10::IntArrayRef" ||
      type == "cudaStream_t" || type == "at::cuda::CUDAStream" || type == "c10::ScalarType" ||
      type == "at::ScalarType" || type == "torch::ScalarType" || type == "cudaError_t" ||
      type == "torch::Device" || type == "at::Device" || type == "c10::Device") {
    if ((type == "torch::Tensor" || type == "at::Tensor" || type == "Tensor") &&
        v.kind != WVal::Tensor)
      return failV(at, "a tensor variable initialised with something that is not a tensor");
    return v;
  }
  if (v.kind == WVal::Accessor && isAccessorType(type))
    return v;
  if (type == "dim3") {
    if (v.kind == WVal::Dim3)
      return v;
    if (v.kind == WVal::Int)
      return makeDim3({v}, at);
    return failV(at, "dim3 from something that is not an integer");
  }
  auto dt = dtypeOfCType(type);
  if (pointer) {
    if (v.kind == WVal::None) { // `const float* b = nullptr;` (may be set later)
      WVal null;
      null.kind = WVal::Ptr;
      null.buf = -1;
      return null;
    }
    if (v.kind != WVal::Ptr)
      return failV(at, "a pointer variable that does not hold a tensor's data_ptr");
    WVal r = v;
    if (dt && type != "void") {
      r.dt = *dt;
      r.dtKnown = true;
    }
    return r;
  }
  if (!dt)
    return failV(at, "unsupported type '" + rawType + "' in the wrapper");
  if (v.kind == WVal::None)
    return failV(at, "a variable without a value");
  if (!isNum(v))
    return failV(at, "a number variable initialised with something that is not a number");
  WVal r = v;
  if (isFloat(*dt)) {
    r.kind = WVal::Float;
  } else {
    if (v.kind == WVal::Float && v.s->isFloat())
      return failV(at, "float to integer conversion is not supported in the wrapper");
    r.kind = WVal::Int;
  }
  return r;
}

std::optional<bool> Interp::execUpdate(size_t p, size_t e) {
  // ++i; i++; --i; i--;
  if (e - p == 2) {
    size_t nameTok = t[p].kind == Tok::Ident ? p : p + 1;
    size_t opTok = nameTok == p ? p + 1 : p;
    if (t[nameTok].kind == Tok::Ident && (t[opTok].text == "++" || t[opTok].text == "--")) {
      auto it = vars.find(t[nameTok].text);
      if (it == vars.end() || it->second.kind != WVal::Int)
        return fail(t[nameTok].begin, "'" + t[opTok].text + "' on something that is not an "
                                      "integer variable");
      it->second.s = bin(t[opTok].text == "++" ? Sym::Add : Sym::Sub, it->second.s, lit(1));
      return true;
    }
  }
  // v[k] = x; v[k] *= x; v.at(k) = x; v.back() = x; v.front() = x; on a size
  // list (`sizes[dim] = 1`, `out_sizes.back() = H`)
  if (t[p].kind == Tok::Ident && p + 1 < e &&
      (t[p + 1].text == "[" || (t[p + 1].text == "." && p + 3 < e && t[p + 3].text == "("))) {
    size_t idxB = 0, idxE = 0, close;
    int end = 0; // 1: front(), -1: back()
    if (t[p + 1].text == "[") {
      close = cpp::matchBracket(t, p + 1);
      idxB = p + 2;
      idxE = close;
    } else {
      StringRef m = t[p + 2].text;
      close = cpp::matchBracket(t, p + 3);
      if (m == "back" || m == "front") {
        if (close != p + 4)
          return std::nullopt;
        end = m == "back" ? -1 : 1;
      } else if (m == "at") {
        idxB = p + 4;
        idxE = close;
      } else {
        return std::nullopt;
      }
    }
    if (close == StringRef::npos || close + 1 >= e)
      return std::nullopt;
    StringRef op = t[close + 1].text;
    if (op != "=" && op != "+=" && op != "-=" && op != "*=" && op != "/=")
      return std::nullopt;
    auto it = vars.find(t[p].text);
    if (it == vars.end() || it->second.kind != WVal::List)
      return fail(t[p].begin, "element assignment to something that is not a size list");
    cpp::ExprP ix = end ? nullptr : parseAll(idxB, idxE);
    if (!end && !ix)
      return false;
    cpp::ExprP vx = parseAll(close + 2, e);
    if (!vx)
      return false;
    std::optional<WVal> iv;
    if (end) {
      if (it->second.list.empty())
        return fail(t[p].begin, "back()/front() of an empty size list");
      iv = intVal(lit(end < 0 ? int64_t(it->second.list.size()) - 1 : 0));
    } else {
      iv = eval(*ix);
    }
    auto vv = iv ? eval(*vx) : std::nullopt;
    if (!vv)
      return false;
    auto d = dimIndex(*iv, it->second.list.size(), t[p].begin);
    if (!d)
      return false;
    if (vv->kind != WVal::Int)
      return fail(t[close + 2].begin, "a size list element set to something that is not an "
                                      "integer");
    SymP &slot = it->second.list[*d];
    slot = op == "="    ? vv->s
           : op == "+=" ? bin(Sym::Add, slot, vv->s)
           : op == "-=" ? bin(Sym::Sub, slot, vv->s)
           : op == "*=" ? bin(Sym::Mul, slot, vv->s)
                        : bin(Sym::Div, slot, vv->s);
    return true;
  }
  return std::nullopt;
}

bool Interp::execFor(size_t &p, size_t e) {
  size_t at = t[p].begin;
  size_t open = p + 1;
  if (open >= e || t[open].text != "(")
    return fail(at, "malformed 'for'");
  size_t close = cpp::matchBracket(t, open);
  if (close == StringRef::npos || close >= e)
    return fail(at, "malformed 'for'");
  size_t s1 = stmtEnd(open + 1, close);
  size_t s2 = s1 == StringRef::npos ? s1 : stmtEnd(s1 + 1, close);
  if (s2 == StringRef::npos)
    return fail(at, "a range-based or malformed 'for' in the wrapper");
  size_t bodyBegin = close + 1, bodyEnd;
  if (bodyBegin < e && t[bodyBegin].text == "{") {
    bodyEnd = cpp::matchBracket(t, bodyBegin);
    if (bodyEnd == StringRef::npos || bodyEnd >= e)
      return fail(at, "unbalanced '{'");
    ++bodyEnd; // one past '}'
  } else {
    bodyEnd = stmtEnd(bodyBegin, e);
    if (bodyEnd == StringRef::npos)
      return fail(at, "statement without ';'");
    ++bodyEnd;
  }
  for (size_t q = bodyBegin; q < bodyEnd; ++q)
    if (t[q].text == "<<<" || t[q].text == "break" || t[q].text == "continue" ||
        t[q].text == "return")
      return fail(t[q].begin, "'" + t[q].text + "' inside a loop of the wrapper (the "
                              "importer unrolls loops that only compute sizes)");
  if (s1 > open + 1 && !execStmt(open + 1, s1))
    return false;
  cpp::ExprP cond = s2 > s1 + 1 ? parseAll(s1 + 1, s2) : nullptr;
  if (s2 > s1 + 1 && !cond)
    return false;
  const unsigned kMaxTrips = 1024;
  for (unsigned trip = 0;; ++trip) {
    if (cond) {
      auto c = eval(*cond);
      if (!c)
        return false;
      auto k = c->kind == WVal::Int ? fixedInt(c->s, symbolValues) : std::nullopt;
      if (!k)
        return fail(cond->at, "a loop condition that depends on the sizes (the importer "
                              "unrolls loops with a trip count fixed for every size)");
      if (!*k)
        break;
    }
    if (trip >= kMaxTrips)
      return fail(at, "a loop of more than " + std::to_string(kMaxTrips) +
                          " iterations in the wrapper");
    if (!execRange(bodyBegin, bodyEnd))
      return false;
    if (close > s2 + 1 && !execStmt(s2 + 1, close))
      return false;
  }
  p = bodyEnd;
  return true;
}
