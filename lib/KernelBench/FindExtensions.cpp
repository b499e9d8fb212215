//===- FindExtensions.cpp - load_inline calls inside functions and classes -===//
//
// Besides `ext = load_inline(...)` at module level and `self.ext = load_inline(...)`
// in __init__ (Importer::readExtensions), candidates build the extension lazily:
//
//   @functools.lru_cache(None)
//   def _load(): return load_inline(...)            -> forward: _load().f(x)
//   def _get():  global _EXT; if _EXT is None: _EXT = load_inline(...); return _EXT
//   class ModelNew: _k = load_inline(...)           -> forward: self._k.f(x)
//   @classmethod
//   def _ext(cls): cls._e = load_inline(...); return cls._e   -> self._ext().f(x)
//   def build(): src = "..."; return load_inline(cuda_sources=src)  -> self.ext = build()
//   load_inline(..., is_python_module=False)  (TORCH_LIBRARY)  -> torch.ops.NS.OP(x)
//   _cache[key] = load_inline(...); return _cache[key]   -> get(key).f(x), _cache[k].f(x)
//
// Each such call becomes an extension with the names forward can reach it by:
// `NAME()` for a module-level function returning it, `self.NAME()` for a method of
// ModelNew, `self.X` for a class attribute (class body, `cls.X =`), and the global
// NAME a function assigns. Its sources are read with the function's (or class
// body's) local variables before module-level ones.
//
//===----------------------------------------------------------------------===//
#include "ImporterImpl.h"

#include <functional>

using namespace kfix;
using namespace kfix::kb;
using namespace kfix::kb::detail;
using llvm::StringRef;

namespace {
bool isLoadInlineCall(const py::Expr &e) {
  if (e.kind != py::Expr::Call || e.args.empty())
    return false;
  std::string fn = py::dottedName(*e.args[0]);
  return fn == "load_inline" || StringRef(fn).ends_with(".load_inline");
}

/// Names a `global A, B` statement of `def` declares.
void globalsOf(const py::Module &m, const py::Block &b, llvm::StringMap<bool> &out) {
  for (const py::Stmt &s : b) {
    if (s.kind == py::Stmt::Other && s.name == "global") {
      StringRef line = StringRef(m.text).substr(s.loc.offset).split('\n').first;
      line = line.split('#').first.split(';').first;
      line.consume_front("global");
      llvm::SmallVector<StringRef> names;
      line.split(names, ',');
      for (StringRef n : names)
        if (!n.trim().empty())
          out[n.trim()] = true;
    }
    if (s.kind != py::Stmt::Def && s.kind != py::Stmt::Class) {
      globalsOf(m, s.body, out);
      for (const py::Stmt &c : s.clauses)
        globalsOf(m, c.body, out);
    }
  }
}

/// `NAME = value` assignments of a function body (nested blocks included, not
/// nested functions): the last one of each name wins.
void localsOf(const py::Block &b, llvm::StringMap<const py::Expr *> &out) {
  for (const py::Stmt &s : b) {
    if (s.kind == py::Stmt::Def || s.kind == py::Stmt::Class)
      continue;
    if (s.kind == py::Stmt::Assign && s.value)
      for (const py::ExprP &t : s.targets)
        if (t->kind == py::Expr::Name)
          out[t->text] = s.value.get();
    localsOf(s.body, out);
    for (const py::Stmt &c : s.clauses)
      localsOf(c.body, out);
  }
}

void returnsOf(const py::Block &b, std::vector<const py::Expr *> &out) {
  for (const py::Stmt &s : b) {
    if (s.kind == py::Stmt::Def || s.kind == py::Stmt::Class)
      continue;
    if (s.kind == py::Stmt::Return && s.value)
      out.push_back(s.value.get());
    returnsOf(s.body, out);
    for (const py::Stmt &c : s.clauses)
      returnsOf(c.body, out);
  }
}
} // namespace

bool Importer::readNestedExtensions() {
  llvm::DenseSet<const py::Expr *> known;
  for (const ExtUnit &x : exts)
    known.insert(x.call);
  const py::Expr *unreached = nullptr;

  // `self.X`-like key of an attribute target in class `cls` (self.X, cls.X,
  // ModelNew.X), or "" when `t` is none.
  auto classKey = [&](const py::Expr &t, const py::Stmt *cls) -> std::string {
    if (t.kind != py::Expr::Attr || t.args[0]->kind != py::Expr::Name)
      return "";
    StringRef base = t.args[0]->text;
    if (base == "self" || base == "cls" || (cls && base == cls->name) || base == "ModelNew")
      return "self." + t.text;
    return "";
  };

  // `D[...]` of a dict cache: "D[]" for a module-level name, "self.D[]" for a
  // class attribute; "" otherwise.
  auto cacheKey = [&](const py::Expr &t, const py::Stmt *cls) -> std::string {
    if (t.kind != py::Expr::Subscript)
      return "";
    const py::Expr &d = *t.args[0];
    if (d.kind == py::Expr::Name)
      return d.text + "[]";
    std::string k = classKey(d, cls);
    return k.empty() ? "" : k + "[]";
  };

  // One statement's load_inline calls, in function `def` (null: a class body or
  // the module) of class `cls` (null: none, or a nested function).
  auto visitStmt = [&](const py::Stmt &s, const py::Stmt *def, const py::Stmt *cls,
                       bool moduleLevel) -> bool {
    if (!s.value || !isLoadInlineCall(*s.value) || known.count(s.value.get()))
      return true;
    const py::Expr &call = *s.value;
    bool modelNew = cls && cls->name == "ModelNew";
    std::vector<std::string> names;
    std::string fnName;
    if (def && modelNew)
      fnName = "self." + def->name + "()";
    else if (def && !cls)
      fnName = def->name + "()";
    llvm::StringMap<bool> globals;
    if (def)
      globalsOf(cand, def->body, globals);
    std::vector<const py::Expr *> rets;
    if (def)
      returnsOf(def->body, rets);
    if (s.kind == py::Stmt::Return && !fnName.empty())
      names.push_back(fnName);
    if (s.kind == py::Stmt::Assign)
      for (const py::ExprP &t : s.targets) {
        std::string key = classKey(*t, cls);
        bool isName = t->kind == py::Expr::Name;
        if (isName && (moduleLevel || globals.count(t->text)))
          names.push_back(t->text);
        else if (isName && !def && modelNew)
          names.push_back("self." + t->text); // class body
        else if (!key.empty() && modelNew)
          names.push_back(key);
        // `D[key] = load_inline(...)`: a dict cache, module-level (`D` a
        // module name) or on the class (`self.D`, `cls.D`).
        std::string cache = cacheKey(*t, cls);
        if (!cache.empty())
          names.push_back(cache);
        // `return NAME` / `return cls.X` / `return D[key]` of what was assigned.
        if (!fnName.empty())
          for (const py::Expr *r : rets)
            if ((isName && r->kind == py::Expr::Name && r->text == t->text) ||
                (!key.empty() && classKey(*r, cls) == key) ||
                (!cache.empty() && cacheKey(*r, cls) == cache))
              names.push_back(fnName);
      }
    if (names.empty()) {
      // `load_inline(..., is_python_module=False)` of sources registering
      // TORCH_LIBRARY operators: forward reaches them as `torch.ops.NS.OP`.
      const py::Expr *pym = py::keyword(call, "is_python_module");
      if (s.kind == py::Stmt::ExprStmt || (pym && pym->kind == py::Expr::Bool && !pym->i)) {
        srcLocals.clear();
        if (def)
          localsOf(def->body, srcLocals);
        else if (cls)
          localsOf(cls->body, srcLocals);
        bool ok = addExtension(call, "");
        srcLocals.clear();
        if (!ok)
          return false;
        known.insert(&call);
        ExtUnit &x = exts.back();
        for (const std::string &a : x.aliases)
          if (StringRef(a).starts_with("torch.ops.")) {
            x.handle = a;
            return true;
          }
        exts.pop_back();
      }
      if (!unreached)
        unreached = &call;
      return true;
    }
    srcLocals.clear();
    if (def)
      localsOf(def->body, srcLocals);
    else if (cls)
      localsOf(cls->body, srcLocals);
    bool ok = addExtension(call, names[0]);
    srcLocals.clear();
    if (!ok)
      return false;
    known.insert(&call);
    for (size_t i = 1; i < names.size(); ++i)
      exts.back().aliases.push_back(names[i]);
    return true;
  };

  std::function<bool(const py::Block &, const py::Stmt *, const py::Stmt *, bool)> walk =
      [&](const py::Block &b, const py::Stmt *def, const py::Stmt *cls, bool moduleLevel) {
        for (const py::Stmt &s : b) {
          if (s.kind == py::Stmt::Class) {
            // A class nested in a function is not reached by forward.
            if (!walk(s.body, nullptr, def ? nullptr : &s, false))
              return false;
            continue;
          }
          if (s.kind == py::Stmt::Def) {
            // A method of `cls` when directly in its body; a nested function
            // belongs to no class.
            if (!walk(s.body, &s, def ? nullptr : cls, false))
              return false;
            continue;
          }
          if (!visitStmt(s, def, cls, moduleLevel))
            return false;
          if (!walk(s.body, def, cls, moduleLevel))
            return false;
          for (const py::Stmt &c : s.clauses)
            if (!walk(c.body, def, cls, moduleLevel))
              return false;
        }
        return true;
      };
  if (!walk(cand.body, nullptr, nullptr, true))
    return false;
  // `_C = _build()` at module level: the name of what the builder returns.
  std::function<void(const py::Block &)> aliases = [&](const py::Block &b) {
    for (const py::Stmt &s : b) {
      if (s.kind == py::Stmt::Def || s.kind == py::Stmt::Class)
        continue;
      if (s.kind == py::Stmt::Assign && s.value && s.value->kind == py::Expr::Call &&
          s.value->args.size() == 1 && s.value->args[0]->kind == py::Expr::Name)
        for (ExtUnit &x : exts)
          if (x.named(s.value->args[0]->text + "()"))
            for (const py::ExprP &t : s.targets)
              if (t->kind == py::Expr::Name && !x.named(t->text))
                x.aliases.push_back(t->text);
      aliases(s.body);
      for (const py::Stmt &c : s.clauses)
        aliases(c.body);
    }
  };
  aliases(cand.body);
  if (exts.empty() && unreached) {
    d.error(cand.where(unreached->loc),
            "this load_inline(...) result is not reached by a name the importer follows "
            "(a module-level or global variable, self.X / a class attribute, or a function "
            "returning it)");
    return false;
  }
  return true;
}

bool ExtUnit::named(StringRef name) const {
  if (handle == name)
    return true;
  for (const std::string &a : aliases)
    if (a == name)
      return true;
  return false;
}

int Importer::extByName(StringRef name, size_t loc) {
  int found = -1;
  for (size_t i = 0; i < exts.size(); ++i) {
    if (!exts[i].named(name))
      continue;
    if (found >= 0) {
      // Several builds reachable the same way (a dict cache filled with
      // different sources per key, a getter with branches): which one forward
      // gets depends on values the importer does not follow.
      d.error(cand.where(loc), "several load_inline(...) results are reached through '" +
                                   name.str() + "' (" + cand.where(exts[found].loc) + " and " +
                                   cand.where(exts[i].loc) +
                                   "); the importer cannot tell which one forward uses");
      return -2;
    }
    found = int(i);
  }
  return found;
}
