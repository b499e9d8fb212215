//===- ImportState.h - what the KernelBench importer builds -----*- C++ -*-===//
#ifndef KFIX_LIB_KERNELBENCH_IMPORTSTATE_H
#define KFIX_LIB_KERNELBENCH_IMPORTSTATE_H

#include "Sym.h"
#include "kfix/KernelBench/CppLite.h"
#include "kfix/KernelBench/PyLite.h"
#include "kfix/Runtime/Buffer.h"
#include "kfix/Runtime/Transforms.h"

#include "llvm/ADT/StringMap.h"
#include <string>
#include <vector>

namespace kfix::kb {

/// C++ text assembled from Python string literals, with the file offset of every
/// character (for messages and for splicing).
struct SourceText {
  std::string text;
  std::vector<size_t> fileOff; ///< size text.size() + 1; npos for synthesized characters
  const py::Module *mod = nullptr;
  size_t fallback = 0; ///< a file offset to report when a character has none
  void append(const py::StrPiece &p);
  void appendSynthetic(llvm::StringRef s);
  /// Appends `s` with every character reported at file offset `off` (a format
  /// field's value, an escaped brace).
  void appendAt(llvm::StringRef s, size_t off);
  /// Appends another text with its offsets.
  void appendText(const SourceText &o);
  /// "file:line:col" of C++ offset `at`.
  std::string where(size_t at) const;
};

/// Host arithmetic of a wrapper on a kernel's result (`return loss / n;`): the
/// task's output epilogue (EpilogueOp), with the number as a size expression.
struct EpiRec {
  EpilogueOp::Kind kind = EpilogueOp::div;
  SymP value;
};

/// A task buffer.
struct Buf {
  /// Null: a null pointer passed to a kernel, a buffer with no elements.
  enum Origin { Input, Weight, Created, Null } origin = Created;
  std::string name;
  std::vector<SymP> shape;
  DType dtype = DType::f32;
  bool dtypeKnown = false;
  int init = 0;           ///< created with torch::zeros (1) / torch::ones (2) / torch::full (3)
  double fill = 0;        ///< init 3: the value torch::full starts it at
  std::string weightKey;  ///< Weight: dotted name in ModelNew (`linear.weight`)
  std::string where;      ///< where it was created or declared
  bool returned = false;  ///< returned by ModelNew.forward
  bool written = false;   ///< passed to a kernel as a non-const pointer
  // Input distribution (Input).
  std::string dist = "normal";
  double a = 0, b = 1;
  std::vector<std::string> rangeSyms; ///< symbols of a and b (kept fixed)
  std::vector<InputTransform> transforms; ///< applied to the drawn values
  /// Host arithmetic applied to it after the kernels (`loss.div_(n)`, `return loss / n`).
  std::vector<EpiRec> epilogue;
  std::string epilogueWhere; ///< where the first of it is
};

struct ScalarParam {
  std::string name;
  DType dtype = DType::i32;
  SymP value;
};

struct LaunchRec {
  std::string kernel;
  std::vector<std::string> params;
  SymP grid[3], block[3], smem;
  std::string where;
};

/// A branch the importer followed on a condition over sizes that are not fixed
/// (`if (rows == 0) return out;`, `if x.shape[1] % 4 == 0:`): decided at the
/// problem's sizes; the task writer checks every task size takes the same branch.
struct Guard {
  SymP cond;          ///< integer, non-zero when the condition holds
  bool taken = false; ///< its value at the problem's sizes
  std::string where;  ///< file:line:col of the condition
  std::string text;   ///< the condition as written
};

struct TaskModel {
  std::vector<Buf> bufs;
  std::vector<ScalarParam> scalars;
  std::vector<LaunchRec> launches;
  std::vector<Guard> guards;
  std::string uniqueName(const std::string &base) const;
  bool nameTaken(llvm::StringRef n) const;
};

/// A value of the wrapper interpreter.
struct WVal {
  enum Kind { None, Int, Float, Tensor, Ptr, List, Options, DTypeV, Dim3, Lambda, Accessor }
      kind = None;
  SymP s;                  ///< Int / Float
  int buf = -1;            ///< Tensor / Ptr / Accessor (-1: a null pointer)
  int rank = 0;            ///< Accessor (a packed tensor accessor of the buffer)
  std::vector<SymP> list;  ///< List / Dim3 / a Tensor's shape (views)
  DType dt = DType::f32;   ///< Ptr / DTypeV / Options (when dtKnown)
  bool dtKnown = false;
  cpp::ExprP lambda;
  /// Tensor: host arithmetic on the buffer's values not yet in the buffer
  /// (`loss / n` makes a new tensor); it becomes the buffer's epilogue when returned.
  std::vector<EpiRec> epi;
};

/// One extension's C++: text, tokens and functions.
struct CudaUnit {
  SourceText src;
  std::vector<cpp::Tok> toks;
  std::vector<cpp::Function> fns;
  /// Object-like macros (`#define THREADS 256`): name -> replacement text.
  llvm::StringMap<std::string> macros;
  /// Function-like macros (`#define CEIL_DIV(a, b) (((a) + (b) - 1) / (b))`).
  struct FnMacro {
    std::vector<std::string> params;
    std::string body;
  };
  llvm::StringMap<FnMacro> fnMacros;
  void collectMacros();
  const cpp::Function *find(llvm::StringRef name) const;
};

/// Runs the host wrapper `fn` on `args`; appends launches, buffers and scalars to
/// `task` and puts what the wrapper returns in `rets`. On failure returns false
/// with `error` = "file:line:col: error: ...".
/// `symbolValues` (optional) gives the size symbols' values: dimension indices,
/// loop bounds and conditions may use the symbols that no task size changes.
/// `linked`: other sources whose host functions the wrapper may call.
bool runWrapper(TaskModel &task, const CudaUnit &unit, const cpp::Function &fn,
                const std::vector<WVal> &args, std::vector<WVal> &rets, std::string &error,
                const llvm::StringMap<int64_t> *symbolValues = nullptr,
                const std::vector<const CudaUnit *> &linked = {});

/// C type name <-> dtype ("float" <-> f32, "int64_t" <-> i64, ...).
std::optional<DType> dtypeOfCType(llvm::StringRef type);
llvm::StringRef ctypeOf(DType t);

} // namespace kfix::kb

#endif
