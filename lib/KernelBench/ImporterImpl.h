//===- ImporterImpl.h - the Importer class and its values -------*- C++ -*-===//
//
// Private to lib/KernelBench: the state of one import, shared by the import
// driver (Importer.cpp) and the ModelNew.forward evaluator (ImportForward.cpp).
//===----------------------------------------------------------------------===//
#ifndef KFIX_LIB_KERNELBENCH_IMPORTERIMPL_H
#define KFIX_LIB_KERNELBENCH_IMPORTERIMPL_H

#include "PyModel.h"
#include "TaskWriter.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"
#include <optional>

namespace kfix::kb::detail {

/// A value of ModelNew.forward.
struct PV {
  /// Ctx: the `ctx` of a torch.autograd.Function's forward (its methods do nothing
  /// the task needs: save_for_backward, mark_dirty).
  enum Kind { Unknown, Num, Tensor, Ext, ExtFn, Self, SelfAttr, Torch, None, Tuple, Ctx } kind =
      Unknown;
  SymP s;
  int buf = -1;
  int ext = -1;
  std::string name; ///< ExtFn function, SelfAttr key, Torch description
  size_t loc = 0;
  std::vector<PV> items;
  /// Tensor: `t[0]` of a tensor whose first dimension is 1 (the same buffer, one
  /// dimension less): fine to return, not to pass to a wrapper.
  bool indexed = false;
};

struct ExtUnit {
  CudaUnit unit;
  /// The cpp_sources, when they could be read: a wrapper defined there runs with
  /// the CUDA source's host functions linked (HostCalls.cpp).
  std::shared_ptr<CudaUnit> cppUnit;
  std::string handle; ///< module-level name or self.NAME
  /// Other names forward reaches it by (`getter()`, `self.getter()`, `self.X`).
  std::vector<std::string> aliases;
  const py::Expr *call = nullptr; ///< the load_inline call
  /// PYBIND11_MODULE's `py::arg("eps") = 1e-5` of each function: keyword names and
  /// default values (C++ text).
  struct PyArg {
    std::string name, dflt;
    bool hasDefault = false;
  };
  llvm::StringMap<std::vector<PyArg>> pyArgs;
  bool named(llvm::StringRef name) const;
  llvm::StringMap<std::string> pyToCpp;
  size_t loc = 0;
};

/// TORCH_LIBRARY / TORCH_LIBRARY_FRAGMENT / TORCH_LIBRARY_IMPL blocks of `t`: each
/// operator's C++ function (x.pyToCpp), its schema's parameters (x.pyArgs) and the
/// alias `torch.ops.NS` (TorchLibrary.cpp).
void readTorchLibrary(const std::vector<cpp::Tok> &t, ExtUnit &x);

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
  std::vector<const py::Expr *> initExprs;
  InitInfo modelInit, newInit;
  std::vector<ExtUnit> exts;
  TaskModel task;
  llvm::StringMap<int> weightBufs; ///< ModelNew param key -> buf
  std::vector<int> usedExts;

  bool readExtensions();
  /// load_inline calls inside functions, methods and class bodies
  /// (FindExtensions.cpp).
  bool readNestedExtensions();
  /// The extension reached by `name` (a getter `f()`, a dict cache `D[]`): its
  /// index, -1 when none, -2 after an error when several are (FindExtensions.cpp).
  int extByName(llvm::StringRef name, size_t loc);
  /// Local string variables of the function holding the load_inline call being
  /// read (`__init__`), searched before module-level variables.
  llvm::StringMap<const py::Expr *> srcLocals;
  /// Snippets parsed out of format fields (kept alive for their expressions).
  std::vector<std::unique_ptr<py::Module>> snippets;
  /// Appends the CUDA text `e` stands for to `out`. `fmt` holds the arguments of
  /// an enclosing `.format(...)` call (null when none).
  bool composeSource(const py::Expr &e, SourceText &out, int depth, const py::Expr *fmt);
  /// A format field's value as text (`{BLOCK}`, `{n * 2}`, `{threads}` of .format).
  bool formatField(llvm::StringRef field, size_t at, const py::Expr *fmt, unsigned &autoIndex,
                   std::string &text);
  /// Appends one string piece, replacing format fields when the piece is an
  /// f-string or when `fmt` is set.
  bool appendFormatted(const py::StrPiece &p, SourceText &out, const py::Expr *fmt);
  /// `TEMPLATE % VALUES` (printf-style): `%d`, `%(name)s`, `%%`, ... of the
  /// template's text replaced by the values (one, a tuple, a dict or dict(...)).
  bool percentFormat(const py::Expr &e, SourceText &out, int depth);
  /// The value of a format argument known at import time: a string (`str` set)
  /// or a number (`num`, `isFloat` set). Errors name `shown` at `at`.
  bool formatValue(const py::Expr &value, size_t at, const std::string &shown,
                   std::optional<std::string> &str, double &num, bool &isFloat);
  bool addExtension(const py::Expr &call, const std::string &handle);
  bool runForward(std::vector<PV> &outputs);
  /// Runs a block of forward (or of a function it calls, then `ret` gets what the
  /// function returns).
  bool execBlock(const py::Block &b, llvm::StringMap<PV> &env, std::vector<PV> &outputs,
                 bool &returned, PV *ret = nullptr);
  /// Calls forward makes into Python code of the candidate: module-level functions
  /// and lambdas, ModelNew's methods, lambdas and extension functions that
  /// __init__ stores in self, and torch.autograd.Function subclasses' `apply`.
  /// `followed` is false when the callee is none of these.
  std::optional<PV> inlineCall(const py::Expr &e, llvm::StringMap<PV> &env, bool &followed);
  int inlineDepth = 0;
  /// An `if` of forward whose condition is known at import time (ForwardBranch.cpp).
  bool execIf(const py::Stmt &s, llvm::StringMap<PV> &env, std::vector<PV> &outputs,
              bool &returned, PV *ret);
  std::optional<bool> forwardCondition(const py::Expr &c, llvm::StringMap<PV> &env);
  /// eval() that leaves no error or finding behind when `x` cannot be read
  /// (conditions the importer may not know).
  std::optional<PV> evalQuietly(const py::Expr &x, llvm::StringMap<PV> &env);
  /// What the task knows of a tensor of forward (ForwardBranch.cpp): `x.ndim`,
  /// `x.is_cuda`, `x.size()`, `x.ndimension()`, `x.is_contiguous()`; nullopt for
  /// anything else. `call`: `name` is a method called without arguments.
  std::optional<PV> tensorFact(const py::Expr &e, const PV &base, llvm::StringRef name,
                               bool call);
  /// `len(t)` of a tuple (`len(x.shape)`); `handled` is false when `e` is no
  /// call of the builtin len.
  std::optional<PV> evalLen(const py::Expr &e, llvm::StringMap<PV> &env, bool &handled);
  /// `a if cond else b` with a condition known at import time.
  std::optional<PV> evalIfExp(const py::Expr &e, llvm::StringMap<PV> &env);
  /// An integer comparison of sizes the task changes, decided at the problem's
  /// sizes and recorded as a guard (checked at every task size by the writer).
  std::optional<bool> guardCompare(const py::Expr &c, const SymP &l, const SymP &r);
  /// `x.dtype ==/!=/is/is not torch.X`, `x.dtype in (...)`, `x.dtype == y.dtype`.
  std::optional<bool> dtypeCondition(const py::Expr &c, llvm::StringMap<PV> &env);
  /// `isinstance(v, torch.Tensor / int / float / (..))`, `x.is_floating_point()`.
  std::optional<bool> typeCondition(const py::Expr &c, llvm::StringMap<PV> &env);
  /// `ModelNew.X`, `self.__class__.X`, `type(self).X` -> `self.X` (class-level
  /// attributes, e.g. an extension cached on the class); other names unchanged.
  std::string selfDotted(const py::Expr &e) const;
  std::optional<PV> eval(const py::Expr &e, llvm::StringMap<PV> &env);
  std::optional<PV> evalCall(const py::Expr &e, llvm::StringMap<PV> &env);
  /// `.float()`, `.long()`, `.to(torch.X)`, `.to(y.dtype)`, ... on tensor `base`:
  /// true when it converts to the dtype base has (a no-op), false after an error
  /// (a real conversion), nullopt when `e` is no dtype conversion.
  std::optional<bool> dtypeNoOp(const py::Expr &e, const PV &base, llvm::StringMap<PV> &env);
  /// `torch.empty/zeros/ones[_like]`, `x.new_empty/new_zeros/new_ones` in forward:
  /// a new buffer (sizes from argument `firstSize` on or `size=`, else `like`'s
  /// shape; dtype from `dtype=`, else `like`'s). `init`: 0 empty, 1 zeros, 2 ones.
  std::optional<PV> allocate(const py::Expr &e, size_t firstSize, const std::optional<PV> &like,
                             int init, const std::string &what, llvm::StringMap<PV> &env);
  std::optional<PV> callExt(const py::Expr &e, const PV &fn, std::vector<PV> &args);
  /// The Python call `e` of extension function `fn`: positional arguments
  /// evaluated, keywords placed (bindExtKeywords), then callExt.
  std::optional<PV> callExtWithArgs(const py::Expr &e, const PV &fn, llvm::StringMap<PV> &env);
  /// `torch.ops.NS.OP(...)` of an operator an extension registers with
  /// TORCH_LIBRARY: an extension call; `handled` is false when `dotted` names no
  /// such operator namespace.
  std::optional<PV> torchOpsCall(const py::Expr &e, llvm::StringRef dotted,
                                 llvm::StringMap<PV> &env, bool &handled);
  /// Places keyword arguments of an extension call by PYBIND11_MODULE's py::arg
  /// names and fills the defaults given there; false after an error.
  bool bindExtKeywords(const py::Expr &e, const PV &fn, std::vector<PV> &args,
                       llvm::StringMap<PV> &env);
  void torchOp(const py::Expr &e, const std::string &what);
  bool requireMapped(const PV &v, const std::string &use);
  void scanTorchCalls(const py::Block &b);
};
} // namespace kfix::kb::detail

#endif // KFIX_LIB_KERNELBENCH_IMPORTERIMPL_H
