//===- ModuleAttrs.cpp - attributes of torch.nn modules made in __init__ ---===//
//
// `self.gn = nn.GroupNorm(num_groups, C, eps=eps)` lets forward read
// `self.gn.num_groups` and `self.gn.eps`: the attributes torch stores from the
// constructor's arguments (positional or keyword, else torch's defaults).
// Convolutions store kernel_size/stride/padding/dilation as tuples of their rank;
// pooling modules keep what they were given.
//
//===----------------------------------------------------------------------===//
#include "PyModel.h"

#include "llvm/ADT/StringRef.h"

using namespace kfix;
using namespace kfix::kb;
using llvm::StringRef;

namespace {
/// One constructor argument that torch keeps as an attribute of the same name.
struct AttrSpec {
  const char *name;
  int pos;              ///< positional index (after the module), -1: keyword only
  enum { Num, Tuple, AsGiven, Flag } kind;
  const char *dflt;     ///< default as Python text ("" none, "=ATTR" another attribute)
};

/// Attribute specs of a module (name without `torch.`/`nn.`), rank for tuples.
std::vector<AttrSpec> specsOf(StringRef mod, int &rank) {
  rank = 0;
  if (mod == "Linear")
    return {{"in_features", 0, AttrSpec::Num, ""}, {"out_features", 1, AttrSpec::Num, ""}};
  if (mod == "Bilinear")
    return {{"in1_features", 0, AttrSpec::Num, ""}, {"in2_features", 1, AttrSpec::Num, ""},
            {"out_features", 2, AttrSpec::Num, ""}};
  StringRef conv = mod;
  bool transposed = conv.consume_front("ConvTranspose");
  if (transposed || conv.consume_front("Conv")) {
    rank = conv == "1d" ? 1 : conv == "2d" ? 2 : conv == "3d" ? 3 : 0;
    if (!rank)
      return {};
    if (transposed)
      return {{"in_channels", 0, AttrSpec::Num, ""},     {"out_channels", 1, AttrSpec::Num, ""},
              {"kernel_size", 2, AttrSpec::Tuple, ""},   {"stride", 3, AttrSpec::Tuple, "1"},
              {"padding", 4, AttrSpec::Tuple, "0"},      {"output_padding", 5, AttrSpec::Tuple, "0"},
              {"groups", 6, AttrSpec::Num, "1"},         {"dilation", 8, AttrSpec::Tuple, "1"}};
    return {{"in_channels", 0, AttrSpec::Num, ""},   {"out_channels", 1, AttrSpec::Num, ""},
            {"kernel_size", 2, AttrSpec::Tuple, ""}, {"stride", 3, AttrSpec::Tuple, "1"},
            {"padding", 4, AttrSpec::Tuple, "0"},    {"dilation", 5, AttrSpec::Tuple, "1"},
            {"groups", 6, AttrSpec::Num, "1"}};
  }
  if (mod == "GroupNorm")
    return {{"num_groups", 0, AttrSpec::Num, ""},
            {"num_channels", 1, AttrSpec::Num, ""},
            {"eps", 2, AttrSpec::Num, "1e-05"},
            {"affine", 3, AttrSpec::Flag, "True"}};
  if (mod == "LayerNorm") {
    rank = 1; // an int normalized_shape becomes (n,)
    return {{"normalized_shape", 0, AttrSpec::Tuple, ""},
            {"eps", 1, AttrSpec::Num, "1e-05"},
            {"elementwise_affine", 2, AttrSpec::Flag, "True"}};
  }
  if (mod == "BatchNorm1d" || mod == "BatchNorm2d" || mod == "BatchNorm3d" ||
      mod == "InstanceNorm1d" || mod == "InstanceNorm2d" || mod == "InstanceNorm3d")
    return {{"num_features", 0, AttrSpec::Num, ""},
            {"eps", 1, AttrSpec::Num, "1e-05"},
            {"momentum", 2, AttrSpec::Num, "0.1"},
            {"affine", 3, AttrSpec::Flag, mod.starts_with("Batch") ? "True" : "False"}};
  if (mod == "LeakyReLU")
    return {{"negative_slope", 0, AttrSpec::Num, "0.01"}};
  if (mod == "ELU" || mod == "CELU")
    return {{"alpha", 0, AttrSpec::Num, "1.0"}};
  if (mod == "Hardtanh")
    return {{"min_val", 0, AttrSpec::Num, "-1.0"}, {"max_val", 1, AttrSpec::Num, "1.0"}};
  if (mod == "Softplus")
    return {{"beta", 0, AttrSpec::Num, "1.0"}, {"threshold", 1, AttrSpec::Num, "20.0"}};
  if (mod == "Dropout" || mod == "Dropout1d" || mod == "Dropout2d" || mod == "Dropout3d")
    return {{"p", 0, AttrSpec::Num, "0.5"}};
  if (mod == "Softmax" || mod == "LogSoftmax" || mod == "Softmin")
    return {{"dim", 0, AttrSpec::Num, ""}};
  if (mod == "MaxPool1d" || mod == "MaxPool2d" || mod == "MaxPool3d" ||
      mod == "AvgPool1d" || mod == "AvgPool2d" || mod == "AvgPool3d")
    return {{"kernel_size", 0, AttrSpec::AsGiven, ""},
            {"stride", 1, AttrSpec::AsGiven, "=kernel_size"},
            {"padding", 2, AttrSpec::AsGiven, "0"}};
  return {};
}
} // namespace

void kfix::kb::readModuleAttrs(ConstScope &scope, const std::string &key, const py::Expr &v,
                               InitInfo &out) {
  if (v.kind != py::Expr::Call)
    return;
  std::string fname = py::dottedName(*v.args[0]);
  StringRef f = fname;
  if (!f.consume_front("torch.nn.") && !f.consume_front("nn."))
    return;
  int rank = 0;
  std::vector<AttrSpec> specs = specsOf(f, rank);
  // Values by attribute name: a number or a tuple of numbers.
  llvm::StringMap<SymP> nums;
  llvm::StringMap<std::vector<SymP>> tuples;
  std::vector<std::unique_ptr<py::Module>> defaults;
  for (const AttrSpec &a : specs) {
    const py::Expr *e = py::keyword(v, a.name);
    if (!e && a.pos >= 0 && size_t(a.pos) + 1 < v.args.size() &&
        v.args[a.pos + 1]->kind != py::Expr::Opaque)
      e = v.args[a.pos + 1].get();
    StringRef dflt = a.dflt;
    if (e && e->kind == py::Expr::NoneLit && dflt.starts_with("="))
      e = nullptr; // stride=None: the kernel size
    if (!e && dflt.consume_front("=")) {
      if (auto it = nums.find(dflt); it != nums.end())
        nums[a.name] = it->second;
      if (auto it = tuples.find(dflt); it != tuples.end())
        tuples[a.name] = it->second;
      continue;
    }
    if (!e && !dflt.empty()) {
      auto m = py::parseModule("<default>", "v = " + dflt.str() + "\n");
      if (!m) {
        llvm::consumeError(m.takeError());
        continue;
      }
      defaults.push_back(std::make_unique<py::Module>(std::move(*m)));
      e = defaults.back()->body[0].value.get();
    }
    if (!e)
      continue;
    std::string why;
    if (a.kind == AttrSpec::Flag) {
      const py::Expr &r = scope.resolve(*e);
      if (r.kind == py::Expr::Bool)
        nums[a.name] = lit(r.i ? 1 : 0);
      continue;
    }
    if (auto items = scope.sequence(*e)) {
      if (a.kind == AttrSpec::Num)
        continue;
      std::vector<SymP> t;
      for (const py::Expr *x : *items) {
        auto s = scope.toSym(*x, why);
        if (!s)
          break;
        t.push_back(*s);
      }
      if (t.size() == items->size())
        tuples[a.name] = t;
      continue;
    }
    auto s = scope.toSym(*e, why);
    if (!s)
      continue; // a string (padding='same'), a call: not mapped
    if (a.kind == AttrSpec::Tuple)
      tuples[a.name] = std::vector<SymP>(rank, *s);
    else
      nums[a.name] = *s;
  }
  for (const auto &kv : nums)
    out.scalars.try_emplace(key + "." + kv.getKey().str(), kv.getValue());
  for (const auto &kv : tuples)
    out.tuples.try_emplace(key + "." + kv.getKey().str(), kv.getValue());
}
