//===- PyModel.h - what the importer reads off the Python files -*- C++ -*-===//
#ifndef KFIX_LIB_KERNELBENCH_PYMODEL_H
#define KFIX_LIB_KERNELBENCH_PYMODEL_H

#include "ImportState.h"
#include "kfix/KernelBench/KernelBench.h"
#include "kfix/Runtime/Transforms.h"

#include "llvm/ADT/StringMap.h"

namespace kfix::kb {

/// Collects errors and integrity findings with their locations.
struct Diags {
  std::vector<std::string> errors;
  std::vector<KernelBenchFinding> findings;
  void error(const std::string &where, const std::string &msg) {
    errors.push_back(where + ": error: " + msg);
  }
  void finding(const std::string &kind, const std::string &where, const std::string &msg) {
    for (const KernelBenchFinding &f : findings)
      if (f.where == where && f.kind == kind)
        return;
    findings.push_back({kind, where, msg});
  }
};

/// Symbolic evaluation of module-level constants: an integer constant written as
/// a literal is a size symbol; other constants are folded into their uses.
class ConstScope {
public:
  ConstScope(const py::Module &m);
  const py::Module &mod;
  llvm::StringMap<const py::Expr *> consts;  ///< module-level NAME = value
  llvm::StringMap<int64_t> symbolValues;     ///< symbols met so far, with their values
  /// Function-local names (parameters bound to values, locals).
  std::vector<llvm::StringMap<SymP>> locals;
  /// Function-local names bound to expressions that are not numbers (tuples of
  /// sizes passed through get_init_inputs, `None`), innermost scope last.
  std::vector<llvm::StringMap<const py::Expr *>> localExprs;
  /// `self.X = value` of the __init__ being read (X -> value), for `self.X` in
  /// later expressions of __init__ (`torch.ones(self.shape)`).
  llvm::StringMap<const py::Expr *> selfExprs;
  /// The symbolic value of `e`, or nullopt with `why` set.
  std::optional<SymP> toSym(const py::Expr &e, std::string &why);
  /// The expression a name stands for (through locals and module constants),
  /// or `e` itself.
  const py::Expr &resolve(const py::Expr &e) const;
  /// The items of a tuple/list, also through names (`shape = (a, b)`), with
  /// starred items (`*shape`) expanded; nullopt when `e` is not a sequence.
  std::optional<std::vector<const py::Expr *>> sequence(const py::Expr &e) const;
  /// Decides a condition the importer can evaluate now (`x is None`, comparisons
  /// of numbers, `and`/`or`/`not`); nullopt when it cannot.
  std::optional<bool> condition(const py::Expr &e);
};

/// One tensor or scalar of get_inputs().
struct InputItem {
  bool tensor = true;
  std::vector<SymP> shape;
  DType dtype = DType::f32;
  std::string dist = "normal";
  double a = 0, b = 1;
  /// Size symbols the value range is made of (`randint(0, num_classes, ...)`):
  /// they stay fixed across the task's sizes, since a and b are numbers.
  std::vector<std::string> rangeSyms;
  /// Computations on the drawn values (`.softmax(dim=-1)`, `torch.triu`), in order.
  std::vector<InputTransform> transforms;
  SymP scalar;
  size_t loc = 0;
  size_t errorAt = 0; ///< where a construct it could not read is (0: at the item)
};

/// A parameter an nn.Module's __init__ declares (`linear.weight`).
struct ParamDecl {
  std::string key;
  std::vector<SymP> shape;
  std::string dist = "uniform"; ///< normal, uniform, const
  double a = 0, b = 1;
  size_t loc = 0;
};

/// What __init__ assigns to self.
struct InitInfo {
  std::vector<ParamDecl> params;
  llvm::StringMap<SymP> scalars;          ///< self.NAME = number (also self.mod.ATTR)
  /// Tuple attributes of modules (`conv.stride`, `ln.normalized_shape`).
  llvm::StringMap<std::vector<SymP>> tuples;
  llvm::StringMap<std::string> extAlias;  ///< self.NAME = <module-level extension>
  llvm::StringMap<size_t> submodules;
  /// Attributes known to be None (`self.bias = None`, `register_parameter("bias",
  /// None)`, `KEY.bias` of a module built with `bias=False`).
  llvm::StringMap<bool> noneAttrs;     ///< self.NAME = nn.Something(...) (not a param holder)
  std::vector<const py::Expr *> loadInlineCalls; ///< self.NAME = load_inline(...)
  std::vector<std::string> loadInlineTargets;
  /// `NAME = value` locals of __init__ (source strings of a load_inline there).
  llvm::StringMap<const py::Expr *> localValues;
};

/// `torch.float32`, `torch.long`, ... as a dtype; nullopt for anything else.
std::optional<DType> torchDType(const py::Expr &e);

/// Records the attributes torch.nn module `v` (assigned to self.KEY) keeps from
/// its constructor arguments (`KEY.num_groups`, `KEY.stride`) in `out`.
void readModuleAttrs(ConstScope &scope, const std::string &key, const py::Expr &v,
                     InitInfo &out);

/// Reads get_inputs() of the problem.
bool readInputs(ConstScope &scope, Diags &d, std::vector<InputItem> &out);
/// One tensor constructor (`torch.randn(B, D)`, with dtype, device and affine
/// transforms) as an input item; false with `why` set when it is not one.
bool readTensorConstructor(ConstScope &scope, const py::Expr &e, InputItem &it,
                           std::string &why);
/// When `e` computes a tensor from another (`t.softmax(dim=-1)`, `torch.triu(t)`,
/// `F.normalize(t, dim=1)`, `t.clamp(0, 1)`): sets `operand` to that tensor's
/// expression, appends the transform to `out` (symbols of its numbers to `syms`)
/// and returns 1; 0 when `e` is no such call; -1 with `why` (and `errorAt`, a
/// file offset, when it is more precise than the item) on an error.
int readInputTransform(ConstScope &scope, const py::Expr &e, const py::Expr *&operand,
                       std::vector<InputTransform> &out, std::vector<std::string> &syms,
                       std::string &why, size_t &errorAt);
/// Reads get_init_inputs() of the problem as symbolic values.
/// `exprs` gets every item's expression (tuples of sizes are no numbers but may
/// be shapes: `bias_shape = (out_features,)`).
bool readInitInputs(ConstScope &scope, Diags &d, std::vector<SymP> &out,
                    std::vector<const py::Expr *> &exprs);
/// Runs `cls.__init__` over `initArgs` (with their expressions `initExprs`, which
/// may be shorter) and collects what it assigns.
bool readInit(ConstScope &scope, const py::Stmt &cls, const std::vector<SymP> &initArgs,
              const std::vector<const py::Expr *> &initExprs, Diags &d, InitInfo &out);

} // namespace kfix::kb

#endif
