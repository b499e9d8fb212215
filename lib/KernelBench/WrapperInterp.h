//===- WrapperInterp.h - the host-wrapper interpreter class -----*- C++ -*-===//
//
// Private to lib/KernelBench: the Interp class behind kb::runWrapper, split over
// WrapperStmt.cpp (statements), WrapperEval.cpp (expressions) and
// WrapperLaunch.cpp (kernel launches and dispatch).
//===----------------------------------------------------------------------===//
#ifndef KFIX_LIB_KERNELBENCH_WRAPPERINTERP_H
#define KFIX_LIB_KERNELBENCH_WRAPPERINTERP_H

#include "ImportState.h"

#include "llvm/ADT/StringMap.h"

namespace kfix::kb::detail {
using cpp::Tok;
using llvm::StringRef;

class Interp {
public:
  Interp(TaskModel &task, const CudaUnit &u, const llvm::StringMap<int64_t> *symbolValues)
      : task(task), u(u), t(u.toks), symbolValues(symbolValues) {}

  std::string error;
  std::vector<WVal> rets;
  /// Other sources whose host functions the wrapper may call (the cuda_sources
  /// when the wrapper is in cpp_sources, and the reverse).
  std::vector<const CudaUnit *> linked;
  /// Nesting of host-function calls (HostCalls.cpp).
  int hostDepth = 0;
  bool returned = false;
  llvm::StringMap<WVal> vars;
  llvm::StringMap<std::string> typeAlias; ///< scalar_t -> float inside AT_DISPATCH

  bool fail(size_t at, const std::string &msg) {
    if (error.empty())
      error = u.src.where(at) + ": error: " + msg;
    return false;
  }
  std::optional<WVal> failV(size_t at, const std::string &msg) {
    fail(at, msg);
    return std::nullopt;
  }

  /// Executes tokens [b, e) as statements.
  bool execRange(size_t b, size_t e);

private:
  TaskModel &task;
  const CudaUnit &u;
  const std::vector<Tok> &t;
  /// Values of the size symbols at the problem's size (for fixedInt).
  const llvm::StringMap<int64_t> *symbolValues;

  size_t stmtEnd(size_t p, size_t e);

  static bool textHas(const std::vector<Tok> &t, size_t b, size_t e,
                      std::initializer_list<StringRef> words);

  /// `if (cond) stmt [else stmt]`: only error checks are accepted (and skipped):
  /// conditions on cudaGetLastError()/cudaSuccess, or bodies that only report.
  bool execIf(size_t &p, size_t e);

  /// Parses an expression over [p, e) that must use all of it.
  cpp::ExprP parseAll(size_t p, size_t e);

  static bool isTypeWord(StringRef w);

  bool execStmt(size_t p, size_t e);

  static bool isNum(const WVal &v) { return v.kind == WVal::Int || v.kind == WVal::Float; }

  /// Whether `v` is a pointer-like value (a tensor, a data pointer, or None:
  /// an optional tensor left out, `nullptr`) and then whether it is present.
  static std::optional<bool> presence(const WVal &v) {
    if (v.kind == WVal::Tensor)
      return true;
    if (v.kind == WVal::Ptr)
      return v.buf >= 0;
    if (v.kind == WVal::None)
      return false;
    return std::nullopt;
  }
  /// `v` in a condition: a pointer-like value as 0/1 (`if (bias)`, `p ? a : b`).
  std::optional<WVal> asCondition(std::optional<WVal> v) {
    if (v)
      if (std::optional<bool> p = presence(*v))
        return intVal(lit(int64_t(*p)));
    return v;
  }

  bool execDecl(const std::string &type, bool pointer, size_t q, size_t e);

  std::optional<WVal> makeDim3(const std::vector<WVal> &cargs, size_t at);

  /// The task buffer standing for a null pointer passed to kernel parameter
  /// `param`: shape [0], role input (TaskWriter); returns its name.
  std::string nullBuffer(const std::string &param, DType dt, size_t at);

  // Iterator ranges over size lists (WrapperIterators.cpp).
  struct IterPos {
    std::vector<SymP> list;
    int64_t pos = 0;
    size_t at = 0;
  };
  /// `L.begin() + k`, `std::prev(L.end())`, ...: nullopt without a diagnostic
  /// when `it` is not shaped like an iterator (`failed` false), with one when
  /// a part of it cannot be evaluated (`failed` true).
  std::optional<IterPos> iterator(const cpp::Expr &it, bool &failed);
  std::optional<IterPos> iteratorOf(const cpp::Expr &listExpr, bool isEnd, bool &failed);
  std::optional<int64_t> fixedStep(const cpp::Expr &k, bool &failed);
  /// `std::vector<int64_t> v(first, last)`: the sizes in [first, last).
  std::optional<WVal> listFromRange(const cpp::Expr &first, const cpp::Expr &last,
                                    bool &failed);

  std::optional<WVal> convert(const WVal &v, const std::string &rawType, bool pointer, size_t at);

  std::vector<WVal> tupleVals;
  int macroDepth = 0;

  std::optional<WVal> intVal(SymP s);

  const Buf &buf(int i) const { return task.bufs[i]; }

  /// Shape of a tensor value (a view's own shape when it has one).
  std::vector<SymP> shapeOf(const WVal &v) const;

  static SymP numel(const std::vector<SymP> &sh);

  std::optional<int64_t> dimIndex(const WVal &idx, size_t rank, size_t at);

  std::optional<WVal> newTensor(std::vector<SymP> shape, const WVal *opts, int init,
                                size_t at, const std::string &hint, DType dt, bool dtKnown);

  std::optional<std::vector<SymP>> sizeList(const WVal &v, size_t at);

  std::optional<WVal> evalCall(const cpp::Expr &x, const std::string &hint);

  std::optional<WVal> evalMethod(const cpp::Expr &x, const cpp::Expr &member,
                                 const std::vector<WVal> &args);

  std::optional<WVal> eval(const cpp::Expr &x, const std::string &hint = "");

  /// Comparisons, `&&`/`||` and shifts: folded when the operands are constants
  /// (shifts of a size by a constant become products/quotients); nullopt when `x`
  /// is another operator; an error when it cannot be decided.
  std::optional<WVal> compareOrShift(const cpp::Expr &x, const WVal &a, const WVal &b);

  /// A function-like macro call, its arguments bound to its parameter names.
  std::optional<WVal> expandFnMacro(const cpp::Expr &x, const CudaUnit::FnMacro &m,
                                    const std::vector<WVal> &args);

  /// `for (init; cond; step) body` whose trip count is known now (loops over a
  /// tensor's dimensions): unrolled. [p, e) holds the whole loop; p moves past it.
  bool execFor(size_t &p, size_t e);

  /// `++i`, `i--`, `v[k] = x`: statements that update a variable in place.
  std::optional<bool> execUpdate(size_t p, size_t e);

  bool execDispatch(const cpp::Expr &call);

  bool execLaunch(size_t p, const std::string &kernel, size_t open, size_t e);

  bool evalList(size_t b, size_t e, std::vector<WVal> &out);

  // Host arithmetic on kernel results, the task's output epilogues
  // (WrapperEpilogue.cpp).
  /// `t / n`, `t * k`, `k + t`, ...: a tensor with a number.
  std::optional<WVal> hostArith(const cpp::Expr &x, const WVal &a, const WVal &b);
  static bool isHostArithMethod(StringRef m);
  /// `t.div(n)`, `t.mul_(k)`, ...
  std::optional<WVal> hostArithMethod(const cpp::Expr &x, const cpp::Expr &member,
                                      const WVal &base, const std::vector<WVal> &args);
  /// A tensor whose values the host changed cannot be read by a kernel.
  bool checkNoEpilogue(const WVal &v, size_t at);
  /// `t.squeeze()`, `t.squeeze(d)`, `t.unsqueeze(d)`: views (a 0-d loss from a
  /// {1} accumulator).
  std::optional<WVal> squeezeView(const cpp::Expr &x, const WVal &base, bool unsqueeze,
                                  const std::vector<WVal> &args);
  /// Moves the pending arithmetic of the returned tensors into their buffers.
  bool finishReturn(size_t at);
  /// A host function defined in this unit or a linked one (a definition, not a
  /// prototype; no kernel or device function), or null. `unit` is where it is.
  const cpp::Function *findHost(StringRef name, const CudaUnit *&unit) const;

  /// Calls the host function `f` of `unit` (HostCalls.cpp): its parameters bound
  /// to `args` (tensors, data pointers, numbers converted to the parameter types),
  /// its body run by a nested interpreter; launches inside it are the task's. The
  /// value it returns, or None for a void function.
  std::optional<WVal> callHost(const cpp::Expr &x, const cpp::Function &f,
                               const CudaUnit &unit, const std::vector<WVal> &args);
  // Tensor accessors (WrapperAccessor.cpp).
  static bool isAccessorMethod(StringRef m);
  static bool isAccessorType(StringRef type);
  /// `t.packed_accessor32<T, N, ...>()` on tensor `base`.
  std::optional<WVal> evalAccessor(const cpp::Expr &x, const cpp::Expr &member,
                                   const WVal &base);
  /// At a `<` after an accessor method or type name: the index of its closing
  /// `>` (so that list splitting skips the template arguments' commas); else q.
  size_t skipTemplateArgs(size_t q, size_t e) const;
  /// Launch argument `a` (an accessor) for kernel parameter `kp`.
  bool bindAccessorArg(const cpp::Param &kp, const WVal &a, const std::string &kernel,
                       size_t at, LaunchRec &l);
};
} // namespace kfix::kb::detail

#endif // KFIX_LIB_KERNELBENCH_WRAPPERINTERP_H
