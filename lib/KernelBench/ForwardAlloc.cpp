//===- ForwardAlloc.cpp - allocations and dtype conversions in forward -----===//
//
// `torch.empty/zeros/ones[_like]` and `x.new_empty/...` in ModelNew.forward make
// task buffers; `.float()`, `.to(torch.X)`, ... are accepted when they convert
// nothing.
//
//===----------------------------------------------------------------------===//
#include "ImporterImpl.h"

#include "llvm/ADT/StringSwitch.h"

using namespace kfix;
using namespace kfix::kb;
using namespace kfix::kb::detail;
using llvm::StringRef;

std::optional<PV> Importer::allocate(const py::Expr &e, size_t firstSize,
                                     const std::optional<PV> &like, int init,
                                     const std::string &what, llvm::StringMap<PV> &env) {
  // An allocation in forward: a new buffer the extension writes into.
  Buf b;
  b.origin = Buf::Created;
  b.name = task.uniqueName("out");
  b.where = cand.where(e.loc);
  b.init = init;
  if (like) {
    b.dtype = task.bufs[like->buf].dtype;
    if (firstSize >= e.args.size() && !py::keyword(e, "size"))
      b.shape = task.bufs[like->buf].shape;
  }
  std::vector<const py::Expr *> sizeArgs;
  for (size_t i = firstSize; i < e.args.size(); ++i)
    sizeArgs.push_back(e.args[i].get());
  if (const py::Expr *sz = py::keyword(e, "size"))
    sizeArgs.push_back(sz);
  for (const py::Expr *a : sizeArgs) {
    std::vector<const py::Expr *> dims;
    if (a->kind == py::Expr::Tuple || a->kind == py::Expr::List)
      for (const py::ExprP &x : a->args)
        dims.push_back(x.get());
    else
      dims.push_back(a);
    for (const py::Expr *x : dims) {
      auto v = eval(*x, env);
      if (v && v->kind == PV::Tuple && dims.size() == 1 && // a shape: `x.shape`
          llvm::all_of(v->items, [](const PV &i) { return i.kind == PV::Num; })) {
        for (const PV &i : v->items)
          b.shape.push_back(i.s);
        continue;
      }
      if (!v || v->kind != PV::Num) {
        d.error(cand.where(x->loc), "a size of " + what + " the importer cannot follow");
        return std::nullopt;
      }
      b.shape.push_back(v->s);
    }
  }
  // dtype=torch.X (device=, layout= and the like change nothing the task holds).
  if (const py::Expr *dt = py::keyword(e, "dtype")) {
    std::optional<DType> t = torchDType(*dt);
    if (!t && dt->kind == py::Expr::Attr && dt->text == "dtype") {
      auto src = eval(*dt->args[0], env);
      if (src && src->kind == PV::Tensor)
        t = task.bufs[src->buf].dtype;
    }
    if (!t) {
      d.error(cand.where(dt->loc), "a dtype of " + what + " the importer cannot read");
      return std::nullopt;
    }
    b.dtype = *t;
    b.dtypeKnown = true;
  }
  task.bufs.push_back(b);
  PV t;
  t.kind = PV::Tensor;
  t.loc = e.loc.offset;
  t.buf = int(task.bufs.size()) - 1;
  return t;
}

std::optional<bool> Importer::dtypeNoOp(const py::Expr &e, const PV &base,
                                        llvm::StringMap<PV> &env) {
  const py::Expr &callee = *e.args[0];
  StringRef m = callee.text;
  std::optional<DType> target = llvm::StringSwitch<std::optional<DType>>(m)
                                    .Case("float", DType::f32)
                                    .Case("double", DType::f64)
                                    .Case("half", DType::f16)
                                    .Case("bfloat16", DType::bf16)
                                    .Case("long", DType::i64)
                                    .Case("int", DType::i32)
                                    .Case("short", DType::i16)
                                    .Case("char", DType::i8)
                                    .Case("byte", DType::u8)
                                    .Case("bool", DType::boolean)
                                    .Default(std::nullopt);
  if (target && e.args.size() != 1)
    return std::nullopt;
  if (!target && (m == "to" || m == "type")) {
    // .to(torch.X) / .to(dtype=torch.X) / .to(y.dtype) / .type(torch.X); a device
    // argument (`.to(x.device)`, `.to("cuda")`) converts nothing.
    std::vector<const py::Expr *> cands;
    for (size_t i = 1; i < e.args.size(); ++i)
      cands.push_back(e.args[i].get());
    if (const py::Expr *k = py::keyword(e, "dtype"))
      cands.push_back(k);
    for (const py::Expr *a : cands) {
      if (auto t = torchDType(*a)) {
        target = t;
      } else if (a->kind == py::Expr::Attr && a->text == "dtype") {
        auto src = eval(*a->args[0], env);
        if (!src)
          return false;
        if (src->kind != PV::Tensor) {
          d.error(cand.where(a->loc), "the dtype of something that is not a tensor of "
                                      "forward");
          return false;
        }
        target = task.bufs[src->buf].dtype;
      }
    }
  }
  if (!target)
    return std::nullopt;
  const Buf &b = task.bufs[base.buf];
  if (b.origin == Buf::Created && !b.dtypeKnown) {
    d.error(cand.where(e.loc), "cannot tell whether '." + m.str() + "(...)' converts '" +
                                   b.name + "' (its dtype is not known)");
    return false;
  }
  if (b.dtype == *target)
    return true;
  d.error(cand.where(e.loc), "'." + m.str() + "(...)' converts '" + b.name + "' from " +
                                 dtypeName(b.dtype).str() + " to " +
                                 dtypeName(*target).str() +
                                 ": a dtype conversion in ModelNew.forward is computation the "
                                 "task cannot hold (its tensors keep the problem's dtypes); "
                                 "only conversions to the dtype a tensor already has are "
                                 "accepted");
  return false;
}
