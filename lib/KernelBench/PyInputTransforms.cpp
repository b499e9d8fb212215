//===- PyInputTransforms.cpp - get_inputs computations as transforms ------===//
//
// Inputs that get_inputs() computes from a drawn tensor (`torch.randn(b, d)
// .softmax(dim=-1)`, `torch.triu(torch.randn(n, n))`, `F.normalize(x, dim=1)`)
// become the task's input transforms (kfix/Runtime/Transforms.h), in method and
// function form, with positional or keyword arguments.
//
//===----------------------------------------------------------------------===//
#include "PyModel.h"

#include "llvm/ADT/StringSwitch.h"

using namespace kfix;
using namespace kfix::kb;
using llvm::StringRef;

/// Module paths whose functions take the tensor as their first argument.
static bool isOpNamespace(StringRef path) {
  return path == "torch" || path == "F" || path == "torch.nn.functional" ||
         path == "nn.functional" || path == "functional" || path == "torch.special";
}

namespace {
/// What a name means: the transform op and the names of its arguments after
/// the tensor, in positional order.
struct OpForm {
  InputTransform::Op op;
  std::vector<StringRef> params;
};
} // namespace

static std::optional<OpForm> opForm(StringRef name, bool method) {
  name.consume_back("_"); // in-place forms: `.abs_()`, `.clamp_(0, 1)`
  using T = InputTransform;
  std::optional<OpForm> f = llvm::StringSwitch<std::optional<OpForm>>(name)
      .Case("softmax", OpForm{T::softmax, {"dim"}})
      .Case("log_softmax", OpForm{T::log_softmax, {"dim"}})
      .Cases({"triu", "tril"}, OpForm{name == "triu" ? T::triu : T::tril, {"diagonal"}})
      .Case("normalize", OpForm{T::normalize, {"p", "dim", "eps"}})
      .Cases({"abs", "absolute"}, OpForm{T::abs, {}})
      .Cases({"neg", "negative"}, OpForm{T::neg, {}})
      .Case("exp", OpForm{T::exp, {}})
      .Case("log", OpForm{T::log, {}})
      .Cases({"sigmoid", "expit"}, OpForm{T::sigmoid, {}})
      .Case("tanh", OpForm{T::tanh, {}})
      .Case("relu", OpForm{T::relu, {}})
      .Cases({"clamp", "clip"}, OpForm{T::clamp, {"min", "max"}})
      .Case("clamp_min", OpForm{T::clamp, {"min"}})
      .Case("clamp_max", OpForm{T::clamp, {"max"}})
      .Default(std::nullopt);
  // F.normalize has no method form.
  if (f && method && f->op == T::normalize)
    return std::nullopt;
  return f;
}

int kfix::kb::readInputTransform(ConstScope &scope, const py::Expr &e,
                                 const py::Expr *&operand, std::vector<InputTransform> &out,
                                 std::vector<std::string> &syms, std::string &why,
                                 size_t &errorAt) {
  if (e.kind != py::Expr::Call || e.args.empty())
    return 0;
  const py::Expr &callee = *e.args[0];
  if (callee.kind != py::Expr::Attr || callee.args.empty())
    return 0;
  // `torch.softmax(t, dim)` / `F.normalize(t, dim=1)` or `t.softmax(dim)`.
  std::string basePath = py::dottedName(*callee.args[0]);
  bool method = !isOpNamespace(basePath);
  auto form = opForm(callee.text, method);
  if (!form)
    return 0;
  std::vector<const py::Expr *> pos;
  for (size_t i = 1; i < e.args.size(); ++i)
    pos.push_back(e.args[i].get());
  if (method) {
    operand = callee.args[0].get();
  } else {
    operand = pos.empty() ? py::keyword(e, "input") : pos.front();
    if (!pos.empty())
      pos.erase(pos.begin());
    if (!operand) {
      why = basePath + "." + callee.text + "() without a tensor";
      return -1;
    }
  }
  std::string name = (method ? "." : basePath + ".") + callee.text + "(...)";
  if (pos.size() > form->params.size()) {
    errorAt = callee.args[0]->endOffset + 1;
    why = name + ": more positional arguments than the importer reads";
    return -1;
  }
  // Each argument: positional, else keyword, else absent.
  auto arg = [&](size_t k) -> const py::Expr * {
    if (k < pos.size())
      return pos[k];
    return py::keyword(e, form->params[k]);
  };
  auto number = [&](const py::Expr *x, double &v) {
    std::string w;
    auto s = scope.toSym(*x, w);
    auto ev = s ? evalSym(*s, scope.symbolValues) : std::nullopt;
    if (!ev) {
      why = name + ": an argument that is not a constant" + (w.empty() ? "" : " (" + w + ")");
      return false;
    }
    symbolsOf(*s, syms); // the value is a number: its symbols stay fixed
    v = *ev;
    return true;
  };
  auto integer = [&](const py::Expr *x, int64_t &v) {
    std::string w;
    auto s = scope.toSym(*x, w);
    auto c = s ? fixedInt(*s, &scope.symbolValues) : std::nullopt;
    if (!c) {
      why = name + ": a dimension or diagonal that is not a constant integer";
      return false;
    }
    v = *c;
    return true;
  };
  InputTransform t;
  t.op = form->op;
  for (size_t k = 0; k < form->params.size(); ++k) {
    const py::Expr *x = arg(k);
    StringRef p = form->params[k];
    if (!x || x->kind == py::Expr::NoneLit) {
      if (p == "dim" && t.op != InputTransform::normalize) {
        why = name + " without dim (torch's implicit dim is deprecated)";
        return -1;
      }
      if (p == "dim") // F.normalize's default
        t.dim = 1;
      continue;
    }
    double d = 0;
    if (p == "dim" && !integer(x, t.dim))
      return -1;
    if (p == "diagonal" && !integer(x, t.diagonal))
      return -1;
    if ((p == "p" || p == "eps" || p == "min" || p == "max") && !number(x, d))
      return -1;
    if (p == "p")
      t.p = d;
    if (p == "eps")
      t.eps = d;
    if (p == "min")
      t.min = d;
    if (p == "max")
      t.max = d;
  }
  // Keywords the importer does not read change the result (`dtype=` aside).
  for (const auto &[k, v] : e.kwargs) {
    if (k == "input" || k == "dtype" ||
        std::find(form->params.begin(), form->params.end(), StringRef(k)) !=
            form->params.end())
      continue;
    why = name + ": keyword argument '" + k + "' is not read by the importer";
    return -1;
  }
  if (t.op == InputTransform::clamp && !t.min && !t.max) {
    why = name + " without bounds";
    return -1;
  }
  if (t.op == InputTransform::normalize && !(t.p >= 1)) {
    why = name + ": p below 1";
    return -1;
  }
  out.push_back(t);
  return 1;
}
