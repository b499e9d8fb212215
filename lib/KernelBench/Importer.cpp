//===- Importer.cpp - a KernelBench candidate as a kfix task ---------------===//
//
// Reads the problem (inputs, init arguments, Model's parameters) and the
// candidate (load_inline sources, ModelNew.__init__ and forward), follows
// forward's extension calls into the C++ wrappers (Wrapper.cpp), and hands the
// resulting TaskModel to the writer (TaskWriter.cpp).
//
//===----------------------------------------------------------------------===//
#include "PyModel.h"
#include "TaskWriter.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace kfix;
using namespace kfix::kb;
using llvm::StringRef;

namespace {

/// A value of ModelNew.forward.
struct PV {
  enum Kind { Unknown, Num, Tensor, Ext, ExtFn, Self, SelfAttr, Torch, None, Tuple } kind =
      Unknown;
  SymP s;
  int buf = -1;
  int ext = -1;
  std::string name; ///< ExtFn function, SelfAttr key, Torch description
  size_t loc = 0;
  std::vector<PV> items;
};

struct ExtUnit {
  CudaUnit unit;
  std::string handle; ///< module-level name or self.NAME
  llvm::StringMap<std::string> pyToCpp;
  size_t loc = 0;
};

class Importer {
public:
  Importer(const KernelBenchImportOptions &o, py::Module &prob, py::Module &cand, Diags &d)
      : prob(prob), cand(cand), d(d), pscope(prob), cscope(cand) {}

  bool run(ImportResult &res);

private:
  py::Module &prob, &cand;
  Diags &d;
  ConstScope pscope, cscope;
  std::vector<InputItem> inputs;
  std::vector<SymP> initArgs;
  InitInfo modelInit, newInit;
  std::vector<ExtUnit> exts;
  TaskModel task;
  llvm::StringMap<int> weightBufs; ///< ModelNew param key -> buf
  std::vector<int> usedExts;

  bool readExtensions();
  bool composeSource(const py::Expr &e, SourceText &out, int depth);
  bool addExtension(const py::Expr &call, const std::string &handle);
  bool runForward(std::vector<PV> &outputs);
  bool execBlock(const py::Block &b, llvm::StringMap<PV> &env, std::vector<PV> &outputs,
                 bool &returned);
  std::optional<PV> eval(const py::Expr &e, llvm::StringMap<PV> &env);
  std::optional<PV> evalCall(const py::Expr &e, llvm::StringMap<PV> &env);
  std::optional<PV> callExt(const py::Expr &e, const PV &fn, std::vector<PV> &args);
  void torchOp(const py::Expr &e, const std::string &what);
  bool requireMapped(const PV &v, const std::string &use);
  void scanTorchCalls(const py::Block &b);
};

std::string exprText(const py::Module &m, const py::Expr &e) {
  size_t end = e.endOffset > e.loc.offset ? e.endOffset : e.loc.offset;
  std::string s = m.text.substr(e.loc.offset, std::min<size_t>(end - e.loc.offset, 60));
  if (s.empty())
    s = py::dottedName(e);
  return s;
}

bool Importer::composeSource(const py::Expr &e, SourceText &out, int depth) {
  if (depth > 20) {
    d.error(cand.where(e.loc), "source strings refer to each other in a cycle");
    return false;
  }
  switch (e.kind) {
  case py::Expr::Str:
    for (const py::StrPiece &p : e.pieces) {
      if (p.isFormat && StringRef(p.value).contains('{')) {
        d.error(cand.where(p.begin), "an f-string with substitutions cannot be read as CUDA "
                                     "source");
        return false;
      }
      out.append(p);
    }
    return true;
  case py::Expr::Name: {
    auto it = cscope.consts.find(e.text);
    if (it == cscope.consts.end()) {
      d.error(cand.where(e.loc), "source string '" + e.text + "' is not a module-level "
                                 "variable");
      return false;
    }
    return composeSource(*it->second, out, depth + 1);
  }
  case py::Expr::BinOp:
    if (e.text == "+")
      return composeSource(*e.args[0], out, depth + 1) &&
             composeSource(*e.args[1], out, depth + 1);
    break;
  case py::Expr::List:
  case py::Expr::Tuple:
    for (size_t i = 0; i < e.args.size(); ++i) {
      if (i)
        out.appendSynthetic("\n");
      if (!composeSource(*e.args[i], out, depth + 1))
        return false;
    }
    return true;
  default:
    break;
  }
  d.error(cand.where(e.loc), "cannot read this as CUDA source text (string literals, "
                             "module-level string variables, '+' and lists are understood)");
  return false;
}

bool Importer::addExtension(const py::Expr &call, const std::string &handle) {
  const py::Expr *cuda = py::keyword(call, "cuda_sources");
  if (!cuda && call.args.size() > 3)
    cuda = call.args[3].get();
  if (!cuda) {
    d.error(cand.where(call.loc), "load_inline without cuda_sources");
    return false;
  }
  ExtUnit x;
  x.handle = handle;
  x.loc = call.loc.offset;
  x.unit.src.mod = &cand;
  x.unit.src.fallback = cuda->loc.offset;
  if (!composeSource(*cuda, x.unit.src, 0))
    return false;
  std::string err;
  size_t errAt = 0;
  x.unit.toks = cpp::lex(x.unit.src.text, err, errAt);
  if (!err.empty()) {
    d.error(x.unit.src.where(errAt), err);
    return false;
  }
  x.unit.fns = cpp::findFunctions(x.unit.toks);
  x.unit.collectMacros();
  if (const py::Expr *fns = py::keyword(call, "functions")) {
    std::vector<const py::Expr *> names;
    if (fns->kind == py::Expr::Str)
      names.push_back(fns);
    else
      for (const py::ExprP &n : fns->args)
        names.push_back(n.get());
    for (const py::Expr *n : names)
      if (n->kind == py::Expr::Str)
        x.pyToCpp[n->str()] = n->str();
  }
  // PYBIND11_MODULE: m.def("name", &cpp_name, ...)
  const auto &t = x.unit.toks;
  for (size_t i = 0; i + 5 < t.size(); ++i)
    if (t[i].text == "." && t[i + 1].text == "def" && t[i + 2].text == "(" &&
        t[i + 3].kind == cpp::Tok::String && t[i + 4].text == ",") {
      size_t k = i + 5;
      if (t[k].text == "&")
        ++k;
      if (t[k].kind == cpp::Tok::Ident)
        x.pyToCpp[StringRef(t[i + 3].text).trim('"').str()] = t[k].text;
    }
  exts.push_back(std::move(x));
  return true;
}

bool Importer::readExtensions() {
  for (const py::Stmt &s : cand.body) {
    if (s.kind == py::Stmt::Import) {
      StringRef line = StringRef(cand.text).substr(s.loc.offset).split('\n').first;
      if (line.contains("cpp_extension") && line.contains(" load") &&
          !line.contains("load_inline")) {
        d.error(cand.where(s.loc), "torch.utils.cpp_extension.load (sources in files) is not "
                                   "supported; the importer reads load_inline sources");
        return false;
      }
    }
    if (s.kind == py::Stmt::Try) {
      d.finding("try-fallback", cand.where(s.loc),
                "module-level try/except (a fallback when the extension does not build)");
      for (const py::Stmt &in : s.body)
        if (in.kind == py::Stmt::Assign && in.value && in.value->kind == py::Expr::Call &&
            StringRef(py::dottedName(*in.value->args[0])).ends_with("load_inline") &&
            in.targets[0]->kind == py::Expr::Name)
          if (!addExtension(*in.value, in.targets[0]->text))
            return false;
      continue;
    }
    if (s.kind == py::Stmt::Assign && s.value && s.value->kind == py::Expr::Call &&
        StringRef(py::dottedName(*s.value->args[0])).ends_with("load_inline") &&
        s.targets.size() == 1 && s.targets[0]->kind == py::Expr::Name)
      if (!addExtension(*s.value, s.targets[0]->text))
        return false;
  }
  for (size_t i = 0; i < newInit.loadInlineCalls.size(); ++i)
    if (!addExtension(*newInit.loadInlineCalls[i], newInit.loadInlineTargets[i]))
      return false;
  if (exts.empty()) {
    d.error(cand.where(0), "the candidate has no load_inline(...) call");
    return false;
  }
  return true;
}

void Importer::torchOp(const py::Expr &e, const std::string &what) {
  d.finding("torch-op", cand.where(e.loc),
            "torch computation '" + what + "' in ModelNew.forward (the work is not done by the "
            "candidate's kernels)");
}

void Importer::scanTorchCalls(const py::Block &b) {
  std::function<void(const py::Expr &)> visit = [&](const py::Expr &e) {
    if (e.kind == py::Expr::Call) {
      std::string fn = py::dottedName(*e.args[0]);
      if (StringRef(fn).starts_with("torch.") || StringRef(fn).starts_with("F.") ||
          StringRef(fn).starts_with("self."))
        torchOp(e, fn);
    }
    for (const py::ExprP &k : e.args)
      if (k)
        visit(*k);
    for (const auto &kv : e.kwargs)
      if (kv.second)
        visit(*kv.second);
  };
  for (const py::Stmt &s : b) {
    if (s.value)
      visit(*s.value);
    scanTorchCalls(s.body);
    for (const py::Stmt &c : s.clauses)
      scanTorchCalls(c.body);
  }
}

bool Importer::requireMapped(const PV &v, const std::string &use) {
  if (v.kind == PV::Torch) {
    d.error(cand.where(v.loc), "cannot map torch computation '" + v.name + "' that " + use +
                                   " (the task can only hold the extension's kernels)");
    return false;
  }
  if (v.kind == PV::Tuple) {
    for (const PV &i : v.items)
      if (!requireMapped(i, use))
        return false;
    return true;
  }
  if (v.kind == PV::Unknown) {
    d.error(cand.where(v.loc), "cannot map '" + v.name + "' that " + use);
    return false;
  }
  return true;
}

std::optional<PV> Importer::callExt(const py::Expr &e, const PV &fn, std::vector<PV> &args) {
  ExtUnit &x = exts[fn.ext];
  std::string cppName = fn.name;
  if (auto it = x.pyToCpp.find(fn.name); it != x.pyToCpp.end())
    cppName = it->second;
  const cpp::Function *w = x.unit.find(cppName);
  if (!w || w->isGlobal || w->isDevice) {
    d.error(cand.where(e.loc), "extension function '" + fn.name +
                                   "' has no host wrapper in the cuda_sources of " + x.handle);
    return std::nullopt;
  }
  std::vector<WVal> wargs;
  for (const PV &a : args) {
    if (!requireMapped(a, "is passed to '" + fn.name + "'"))
      return std::nullopt;
    WVal v;
    if (a.kind == PV::Tensor) {
      v.kind = WVal::Tensor;
      v.buf = a.buf;
    } else if (a.kind == PV::Num) {
      v.kind = a.s->isFloat() ? WVal::Float : WVal::Int;
      v.s = a.s;
    } else {
      d.error(cand.where(a.loc), "argument of '" + fn.name + "' is neither a tensor nor a "
                                                            "number");
      return std::nullopt;
    }
    wargs.push_back(v);
  }
  if (std::find(usedExts.begin(), usedExts.end(), fn.ext) == usedExts.end())
    usedExts.push_back(fn.ext);
  std::vector<WVal> rets;
  std::string err;
  if (!runWrapper(task, x.unit, *w, wargs, rets, err)) {
    d.errors.push_back(err);
    return std::nullopt;
  }
  PV r;
  r.loc = e.loc.offset;
  auto one = [&](const WVal &v) {
    PV p;
    p.loc = e.loc.offset;
    if (v.kind == WVal::Tensor) {
      p.kind = PV::Tensor;
      p.buf = v.buf;
    } else {
      p.kind = PV::Unknown;
      p.name = "a non-tensor result of '" + fn.name + "'";
    }
    return p;
  };
  if (rets.empty()) {
    r.kind = PV::None;
  } else if (rets.size() == 1) {
    r = one(rets[0]);
  } else {
    r.kind = PV::Tuple;
    for (const WVal &v : rets)
      r.items.push_back(one(v));
  }
  return r;
}

std::optional<PV> Importer::evalCall(const py::Expr &e, llvm::StringMap<PV> &env) {
  const py::Expr &callee = *e.args[0];
  std::string dotted = py::dottedName(callee);
  StringRef root = StringRef(dotted).split('.').first;
  bool moduleCall = root == "torch" || root == "F" || root == "nn" || root == "functional";
  // Tensor methods.
  if (callee.kind == py::Expr::Attr && !moduleCall) {
    auto base = eval(*callee.args[0], env);
    if (!base)
      return std::nullopt;
    StringRef m = callee.text;
    if (base->kind == PV::Ext) {
      PV fn;
      fn.kind = PV::ExtFn;
      fn.ext = base->ext;
      fn.name = m.str();
      std::vector<PV> args;
      for (size_t i = 1; i < e.args.size(); ++i) {
        auto a = eval(*e.args[i], env);
        if (!a)
          return std::nullopt;
        args.push_back(*a);
      }
      if (!e.kwargs.empty()) {
        d.error(cand.where(e.loc), "keyword arguments to extension functions are not "
                                   "supported");
        return std::nullopt;
      }
      return callExt(e, fn, args);
    }
    if (base->kind == PV::Tensor) {
      if (m == "contiguous" || m == "cuda" || m == "detach" || m == "view" ||
          m == "reshape" || m == "flatten" || m == "squeeze" || m == "unsqueeze" ||
          (m == "to" && e.args.size() == 2 && !py::dottedName(*e.args[1]).empty() &&
           !StringRef(py::dottedName(*e.args[1])).starts_with("torch.")) ||
          (m == "float" && task.bufs[base->buf].dtype == DType::f32))
        return base; // views and no-ops: same buffer
      if (m == "size" || m == "numel" || m == "dim") {
        const Buf &b = task.bufs[base->buf];
        PV n;
        n.kind = PV::Num;
        n.loc = e.loc.offset;
        if (m == "numel") {
          n.s = lit(1);
          for (const SymP &s : b.shape)
            n.s = bin(Sym::Mul, n.s, s);
          return n;
        }
        if (m == "dim") {
          n.s = lit(int64_t(b.shape.size()));
          return n;
        }
        if (e.args.size() == 2 && e.args[1]->kind == py::Expr::Int) {
          int64_t i = e.args[1]->i < 0 ? e.args[1]->i + int64_t(b.shape.size()) : e.args[1]->i;
          if (i >= 0 && i < int64_t(b.shape.size())) {
            n.s = b.shape[i];
            return n;
          }
        }
      }
      PV t;
      t.kind = PV::Torch;
      t.loc = e.loc.offset;
      t.name = "." + m.str() + "()";
      torchOp(e, t.name);
      return t;
    }
  }
  StringRef fn(dotted);
  if (fn.starts_with("self.")) {
    std::string key = fn.drop_front(5).str();
    if (newInit.submodules.count(key) || llvm::any_of(newInit.params, [&](const ParamDecl &p) {
          return StringRef(p.key).starts_with(key + ".");
        })) {
      PV t;
      t.kind = PV::Torch;
      t.loc = e.loc.offset;
      t.name = dotted + "(...)";
      torchOp(e, "module call " + t.name);
      return t;
    }
  }
  if (fn.starts_with("torch.") || fn.starts_with("F.") || fn.starts_with("nn.") ||
      fn.starts_with("functional.")) {
    StringRef base = fn.rsplit('.').second;
    if (fn == "torch.cuda.synchronize") {
      PV n;
      n.kind = PV::None;
      return n;
    }
    if (fn.starts_with("torch.") &&
        (base == "empty_like" || base == "zeros_like" || base == "ones_like" ||
         base == "empty" || base == "zeros" || base == "ones")) {
      // An allocation in forward: a new buffer the extension writes into.
      Buf b;
      b.origin = Buf::Created;
      b.name = task.uniqueName("out");
      b.where = cand.where(e.loc);
      b.init = base.starts_with("zeros") ? 1 : base.starts_with("ones") ? 2 : 0;
      if (base.ends_with("_like")) {
        auto src = e.args.size() > 1 ? eval(*e.args[1], env) : std::nullopt;
        if (!src || src->kind != PV::Tensor) {
          d.error(cand.where(e.loc), dotted + " of something that is not an input tensor");
          return std::nullopt;
        }
        b.shape = task.bufs[src->buf].shape;
        b.dtype = task.bufs[src->buf].dtype;
      } else {
        for (size_t i = 1; i < e.args.size(); ++i) {
          const py::Expr &a = *e.args[i];
          std::vector<const py::Expr *> dims;
          if (a.kind == py::Expr::Tuple || a.kind == py::Expr::List)
            for (const py::ExprP &x : a.args)
              dims.push_back(x.get());
          else
            dims.push_back(&a);
          for (const py::Expr *x : dims) {
            auto v = eval(*x, env);
            if (!v || v->kind != PV::Num) {
              d.error(cand.where(x->loc), "a size of " + dotted + " the importer cannot "
                                                                  "follow");
              return std::nullopt;
            }
            b.shape.push_back(v->s);
          }
        }
      }
      task.bufs.push_back(b);
      PV t;
      t.kind = PV::Tensor;
      t.buf = int(task.bufs.size()) - 1;
      return t;
    }
    PV t;
    t.kind = PV::Torch;
    t.loc = e.loc.offset;
    t.name = dotted;
    torchOp(e, dotted);
    for (size_t i = 1; i < e.args.size(); ++i)
      (void)eval(*e.args[i], env);
    return t;
  }
  PV u;
  u.kind = PV::Unknown;
  u.loc = e.loc.offset;
  u.name = "call of '" + (dotted.empty() ? exprText(cand, callee) : dotted) + "'";
  d.error(cand.where(e.loc), "cannot follow the " + u.name +
                                 " in ModelNew.forward (only extension functions are "
                                 "followed)");
  return std::nullopt;
}

std::optional<PV> Importer::eval(const py::Expr &e, llvm::StringMap<PV> &env) {
  PV v;
  v.loc = e.loc.offset;
  switch (e.kind) {
  case py::Expr::Int:
  case py::Expr::Float:
  case py::Expr::Bool: {
    std::string why;
    v.kind = PV::Num;
    v.s = *cscope.toSym(e, why);
    return v;
  }
  case py::Expr::NoneLit:
    v.kind = PV::None;
    return v;
  case py::Expr::Name: {
    if (auto it = env.find(e.text); it != env.end())
      return it->second;
    if (e.text == "self") {
      v.kind = PV::Self;
      return v;
    }
    if (e.text == "torch" || e.text == "F" || e.text == "nn") {
      v.kind = PV::Unknown;
      v.name = e.text;
      return v;
    }
    for (size_t i = 0; i < exts.size(); ++i)
      if (exts[i].handle == e.text) {
        v.kind = PV::Ext;
        v.ext = int(i);
        return v;
      }
    std::string why;
    if (auto s = cscope.toSym(e, why)) {
      v.kind = PV::Num;
      v.s = *s;
      return v;
    }
    d.error(cand.where(e.loc), "unknown name '" + e.text + "' in ModelNew.forward");
    return std::nullopt;
  }
  case py::Expr::Attr: {
    std::string dotted = py::dottedName(e);
    if (StringRef(dotted).starts_with("self.")) {
      std::string key = dotted.substr(5);
      for (size_t i = 0; i < exts.size(); ++i)
        if (exts[i].handle == dotted) {
          v.kind = PV::Ext;
          v.ext = int(i);
          return v;
        }
      if (auto it = newInit.extAlias.find(key); it != newInit.extAlias.end())
        for (size_t i = 0; i < exts.size(); ++i)
          if (exts[i].handle == it->second) {
            v.kind = PV::Ext;
            v.ext = int(i);
            return v;
          }
      if (auto it = newInit.scalars.find(key); it != newInit.scalars.end()) {
        v.kind = PV::Num;
        v.s = it->second;
        return v;
      }
      for (const ParamDecl &p : newInit.params)
        if (p.key == key) {
          auto wb = weightBufs.find(key);
          if (wb == weightBufs.end()) {
            Buf b;
            b.origin = Buf::Weight;
            b.name = task.uniqueName(key);
            b.shape = p.shape;
            b.weightKey = key;
            b.dist = p.dist;
            b.a = p.a;
            b.b = p.b;
            b.where = cand.where(p.loc);
            task.bufs.push_back(b);
            wb = weightBufs.insert({key, int(task.bufs.size()) - 1}).first;
          }
          v.kind = PV::Tensor;
          v.buf = wb->second;
          return v;
        }
    }
    auto base = eval(*e.args[0], env);
    if (!base)
      return std::nullopt;
    if (base->kind == PV::Tensor && e.text == "shape") {
      v.kind = PV::Tuple;
      for (const SymP &s : task.bufs[base->buf].shape) {
        PV n;
        n.kind = PV::Num;
        n.s = s;
        v.items.push_back(n);
      }
      return v;
    }
    if (base->kind == PV::Tensor) {
      v.kind = PV::Torch;
      v.name = "." + e.text;
      torchOp(e, v.name);
      return v;
    }
    v.kind = PV::Unknown;
    v.name = dotted.empty() ? exprText(cand, e) : dotted;
    return v;
  }
  case py::Expr::Call:
    return evalCall(e, env);
  case py::Expr::Tuple:
  case py::Expr::List:
    v.kind = PV::Tuple;
    for (const py::ExprP &k : e.args) {
      auto i = eval(*k, env);
      if (!i)
        return std::nullopt;
      v.items.push_back(*i);
    }
    return v;
  case py::Expr::Subscript: {
    auto b = eval(*e.args[0], env);
    if (!b)
      return std::nullopt;
    if (b->kind == PV::Tuple && e.args[1]->kind == py::Expr::Int) {
      int64_t i = e.args[1]->i < 0 ? e.args[1]->i + int64_t(b->items.size()) : e.args[1]->i;
      if (i >= 0 && i < int64_t(b->items.size()))
        return b->items[i];
    }
    if (b->kind == PV::Tensor) {
      v.kind = PV::Torch;
      v.name = "tensor indexing";
      torchOp(e, v.name);
      return v;
    }
    break;
  }
  case py::Expr::BinOp:
  case py::Expr::UnaryOp: {
    std::vector<PV> ops;
    for (const py::ExprP &k : e.args) {
      auto o = eval(*k, env);
      if (!o)
        return std::nullopt;
      ops.push_back(*o);
    }
    bool tensor = llvm::any_of(ops, [](const PV &o) {
      return o.kind == PV::Tensor || o.kind == PV::Torch;
    });
    if (tensor) {
      v.kind = PV::Torch;
      v.name = "operator '" + e.text + "' on tensors";
      torchOp(e, v.name);
      return v;
    }
    std::string why;
    if (auto s = cscope.toSym(e, why)) {
      v.kind = PV::Num;
      v.s = *s;
      return v;
    }
    if (llvm::all_of(ops, [](const PV &o) { return o.kind == PV::Num; }) && ops.size() == 2) {
      Sym::Kind k = e.text == "+" ? Sym::Add : e.text == "-" ? Sym::Sub
                  : e.text == "*" ? Sym::Mul : e.text == "//" ? Sym::Div : Sym::Mod;
      v.kind = PV::Num;
      v.s = bin(k, ops[0].s, ops[1].s);
      return v;
    }
    break;
  }
  default:
    break;
  }
  v.kind = PV::Unknown;
  v.name = exprText(cand, e);
  return v;
}

bool Importer::execBlock(const py::Block &b, llvm::StringMap<PV> &env, std::vector<PV> &outputs,
                         bool &returned) {
  for (const py::Stmt &s : b) {
    if (returned)
      return true;
    switch (s.kind) {
    case py::Stmt::Pass:
    case py::Stmt::Import:
    case py::Stmt::Other:
      continue;
    case py::Stmt::Opaque:
      d.error(cand.where(s.loc), "cannot read this statement of ModelNew.forward (" + s.name +
                                     ")");
      return false;
    case py::Stmt::Assign: {
      auto v = eval(*s.value, env);
      if (!v)
        return false;
      for (const py::ExprP &t : s.targets) {
        if (t->kind == py::Expr::Name) {
          env[t->text] = *v;
        } else if (t->kind == py::Expr::Tuple && v->kind == PV::Tuple &&
                   t->args.size() == v->items.size()) {
          for (size_t i = 0; i < t->args.size(); ++i)
            if (t->args[i]->kind == py::Expr::Name)
              env[t->args[i]->text] = v->items[i];
        } else {
          d.error(cand.where(t->loc), "unsupported assignment target in ModelNew.forward");
          return false;
        }
      }
      continue;
    }
    case py::Stmt::ExprStmt: {
      auto v = eval(*s.value, env);
      if (!v)
        return false;
      continue;
    }
    case py::Stmt::Return: {
      if (!s.value) {
        d.error(cand.where(s.loc), "ModelNew.forward returns nothing");
        return false;
      }
      auto v = eval(*s.value, env);
      if (!v)
        return false;
      if (!requireMapped(*v, "ModelNew.forward returns"))
        return false;
      if (v->kind == PV::Tuple)
        outputs = v->items;
      else
        outputs.push_back(*v);
      for (const PV &o : outputs)
        if (o.kind != PV::Tensor) {
          d.error(cand.where(s.loc), "ModelNew.forward returns something that is not a tensor "
                                     "made by the extension");
          return false;
        }
      returned = true;
      continue;
    }
    case py::Stmt::Try: {
      std::string where = cand.where(s.loc);
      d.finding("try-fallback", where,
                "try/except in ModelNew.forward: a fallback path when the kernel fails");
      for (const py::Stmt &c : s.clauses)
        scanTorchCalls(c.body);
      if (!execBlock(s.body, env, outputs, returned))
        return false;
      for (const py::Stmt &c : s.clauses)
        if (c.name == "else" || c.name == "finally")
          if (!execBlock(c.body, env, outputs, returned))
            return false;
      continue;
    }
    default:
      d.error(cand.where(s.loc), "unsupported control flow in ModelNew.forward (the importer "
                                 "follows straight-line forwards)");
      return false;
    }
  }
  return true;
}

bool Importer::runForward(std::vector<PV> &outputs) {
  const py::Stmt *cls = py::findClass(cand.body, "ModelNew");
  const py::Stmt *fwd = cls ? py::findDef(cls->body, "forward") : nullptr;
  if (!fwd) {
    d.error(cand.where(cls ? cls->loc.offset : 0),
            cls ? "ModelNew has no forward()" : "the candidate defines no class ModelNew");
    return false;
  }
  llvm::StringMap<PV> env;
  size_t nargs = fwd->params.size() > 0 ? fwd->params.size() - 1 : 0;
  if (nargs != inputs.size()) {
    d.error(cand.where(fwd->loc), "ModelNew.forward takes " + std::to_string(nargs) +
                                      " inputs, get_inputs() makes " +
                                      std::to_string(inputs.size()));
    return false;
  }
  for (size_t i = 0; i < nargs; ++i) {
    const InputItem &in = inputs[i];
    PV v;
    v.loc = fwd->loc.offset;
    if (in.tensor) {
      Buf b;
      b.origin = Buf::Input;
      b.name = task.uniqueName(fwd->params[i + 1]);
      b.shape = in.shape;
      b.dtype = in.dtype;
      b.dtypeKnown = true;
      b.dist = in.dist;
      b.a = in.a;
      b.b = in.b;
      b.where = prob.where(in.loc);
      task.bufs.push_back(b);
      v.kind = PV::Tensor;
      v.buf = int(task.bufs.size()) - 1;
    } else {
      v.kind = PV::Num;
      v.s = in.scalar;
    }
    env[fwd->params[i + 1]] = v;
  }
  bool returned = false;
  if (!execBlock(fwd->body, env, outputs, returned))
    return false;
  if (!returned) {
    d.error(cand.where(fwd->loc), "ModelNew.forward has no return statement");
    return false;
  }
  if (task.launches.empty()) {
    d.error(cand.where(fwd->loc), "ModelNew.forward launches no kernel");
    return false;
  }
  return true;
}

bool Importer::run(ImportResult &res) {
  if (!readInputs(pscope, d, inputs) || !readInitInputs(pscope, d, initArgs))
    return false;
  const py::Stmt *model = py::findClass(prob.body, "Model");
  if (!model) {
    d.error(prob.where(0), "the problem defines no class Model");
    return false;
  }
  if (!readInit(pscope, *model, initArgs, d, modelInit))
    return false;
  const py::Stmt *newCls = py::findClass(cand.body, "ModelNew");
  if (!newCls) {
    d.error(cand.where(0), "the candidate defines no class ModelNew");
    return false;
  }
  // ModelNew's sizes come from the problem's init arguments: its own module constants
  // are looked up in the problem when the candidate does not define them.
  for (auto &kv : pscope.consts)
    if (!cscope.consts.count(kv.getKey()))
      cscope.consts[kv.getKey()] = kv.getValue();
  if (!readInit(cscope, *newCls, initArgs, d, newInit))
    return false;
  for (auto &kv : cscope.symbolValues)
    pscope.symbolValues[kv.getKey()] = kv.getValue();
  if (!readExtensions())
    return false;
  // try/except around load_inline inside __init__.
  if (const py::Stmt *init = py::findDef(newCls->body, "__init__"))
    for (const py::Stmt &s : init->body)
      if (s.kind == py::Stmt::Try)
        d.finding("try-fallback", cand.where(s.loc),
                  "try/except in ModelNew.__init__ (a fallback when the extension fails)");
  std::vector<PV> outputs;
  if (!runForward(outputs))
    return false;
  for (auto &kv : cscope.symbolValues)
    pscope.symbolValues[kv.getKey()] = kv.getValue();
  res.task = &task;
  for (const PV &o : outputs)
    res.outputs.push_back(o.buf);
  res.symbolValues = pscope.symbolValues;
  res.inputs = inputs;
  res.modelParams = modelInit.params;
  res.newParams = newInit.params;
  for (int e : usedExts)
    res.units.push_back(&exts[e].unit);
  return true;
}

llvm::Expected<py::Module> readPy(StringRef path) {
  auto mb = llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!mb)
    return llvm::createStringError(mb.getError(), "%s: cannot read: %s", path.str().c_str(),
                                   mb.getError().message().c_str());
  return py::parseModule(path, (*mb)->getBuffer().str());
}
} // namespace

KernelBenchImport kfix::importKernelBench(const KernelBenchImportOptions &opts) {
  KernelBenchImport out;
  Diags d;
  auto prob = readPy(opts.problem);
  auto cand = prob ? readPy(opts.candidate) : llvm::Expected<py::Module>(py::Module());
  if (!prob || !cand) {
    out.errors.push_back(llvm::toString(prob ? cand.takeError() : prob.takeError()));
    writeImportReport(opts, out, nullptr);
    return out;
  }
  Importer imp(opts, *prob, *cand, d);
  ImportResult res;
  bool ok = imp.run(res);
  out.findings = d.findings;
  out.errors = d.errors;
  if (ok && !d.findings.empty() && !opts.allowTorchOps) {
    out.errors.push_back(opts.candidate + ": error: integrity findings (" +
                         std::to_string(d.findings.size()) +
                         "): the candidate falls back to torch; pass --allow-torch-ops to "
                         "import what its kernels do anyway");
    ok = false;
  }
  if (ok)
    ok = writeTask(opts, *prob, *cand, res, out);
  out.ok = ok && out.errors.empty();
  writeImportReport(opts, out, ok ? &res : nullptr);
  return out;
}
