//===- Manifest.h - task manifests (kfix_task 1) ---------------*- C++ -*-===//
//
// A task names a kernel, its parameters, launch geometry, problem sizes, input
// distributions, a reference and a tolerance (docs/task-format.md). Loading
// checks everything that can be checked without running: every field, every
// expression under every size binding, and that the files it names exist.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_RUNTIME_MANIFEST_H
#define KFIX_RUNTIME_MANIFEST_H

#include "kfix/Runtime/Buffer.h"
#include "kfix/Runtime/Executor.h"
#include "kfix/Runtime/Expr.h"
#include "kfix/Runtime/Transforms.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include <optional>
#include <string>
#include <vector>

namespace kfix {

enum class Role { input, output, inout, scratch, scalar };
std::optional<Role> parseRole(llvm::StringRef name);
llvm::StringRef roleName(Role r);

struct ParamSpec {
  std::string name;
  Role role = Role::input;
  DType dtype = DType::f32;
  std::vector<Expr> shape; ///< buffers
  Expr value;              ///< scalars
  /// Output and inout buffers: host arithmetic applied to the candidate's
  /// result after its launches (kfix extension `epilogue`).
  std::vector<EpilogueOp> epilogue;
  bool isBuffer() const { return role != Role::scalar; }
  /// Compared against the reference (output and inout).
  bool isChecked() const { return role == Role::output || role == Role::inout; }
  /// Filled from `inputs` (input and inout).
  bool isFilled() const { return role == Role::input || role == Role::inout; }
};

struct LaunchSpec {
  std::array<Expr, 3> grid, block;
  Expr sharedBytes;
  /// Evaluates grid/block/shared bytes under a size binding.
  llvm::Expected<LaunchConfig> eval(const Bindings &b) const;
};

/// One kernel launch: which kernel, which task params (by name, in the kernel's
/// parameter order), with what geometry.
struct KernelLaunch {
  std::string kernel;
  std::vector<std::string> params;
  LaunchSpec launch;
};

struct InputSpec {
  enum Dist { normal, uniform, randint, constant, arange, file } dist = normal;
  double a = 0, b = 1; ///< mean/std, low/high, value (a)
  std::string path;    ///< dist file: absolute path of the .npy
  /// Applied in order to the drawn values, in double (kfix extension `transform`).
  std::vector<InputTransform> transforms;
  /// Not in task.json: the integrity gate's element-dependence check. After the
  /// values are drawn or loaded, element (i mod numel) of each listed i becomes
  /// x + 0.5|x| + 0.5 (integers: x + 1). With transforms, a zero they made
  /// stays (the input keeps its structure: triu stays upper-triangular) and the
  /// next element that is not zero moves instead.
  std::vector<int64_t> bumpElements;
};

struct Tolerance {
  double atol = 0, rtol = 0;
};

struct ReferenceSpec {
  enum Kind { cuda, command } kind = cuda;
  std::string source;                 ///< cuda: absolute path (.cu, or .mlir already lifted)
  std::vector<KernelLaunch> launches; ///< cuda: run in order
  std::vector<std::string> argv;      ///< command
  double timeoutSeconds = 600;        ///< command: `timeout_s`
};

/// A declared limit of the sizes a kernel's design covers (kfix extension
/// `constraints`: ["C <= 1024", "N % 4 == 0"]): the task's sizes must satisfy
/// it, and the integrity gate's held-out sizes respect it.
struct SizeConstraint {
  enum Op { lt, le, gt, ge, eq, ne } op = le;
  Expr lhs, rhs;
  std::string text;
  /// Whether `b` satisfies it (an expression that cannot be evaluated: false).
  bool holds(const Bindings &b) const;
  /// "C <= 1024" from a string; errors name the column.
  static llvm::Expected<SizeConstraint> parse(llvm::StringRef text);
};

struct TaskManifest {
  std::string path; ///< as given (used in messages)
  std::string dir;  ///< absolute directory of task.json
  std::string name;
  std::string source; ///< absolute path of the candidate source
  std::string kernel; ///< the `kernel` field (first launch's kernel)
  std::vector<ParamSpec> params;
  /// The candidate's launches: `kernel` + `launch` over all params, or `launches`.
  std::vector<KernelLaunch> launches;
  std::vector<Bindings> sizes;
  /// Size symbols in order of first use by the expressions (for display).
  std::vector<std::string> sizeNames;
  llvm::StringMap<InputSpec> inputs; ///< by param name; defaults filled in
  ReferenceSpec reference;
  Tolerance tolerance;
  llvm::StringMap<Tolerance> perParam;
  unsigned seeds = 3;
  std::vector<SizeConstraint> constraints;
  /// Fields that were not understood (ignored), as "task.json: params[0].dtpye: unknown field".
  std::vector<std::string> warnings;

  const ParamSpec *findParam(llvm::StringRef name) const;
  int paramIndex(llvm::StringRef name) const;
  /// The tolerance for a checked param, and whether it compares exactly (integer and
  /// bool outputs without a per_param entry).
  Tolerance toleranceFor(const ParamSpec &p, bool &exact) const;
  /// Every distinct kernel name the candidate (or the reference) launches.
  std::vector<std::string> candidateKernels() const;
  std::vector<std::string> referenceKernels() const;
};

/// Reads and checks a manifest file; errors read `task.json: params[2].dtype: ...`.
llvm::Expected<TaskManifest> loadManifest(llvm::StringRef path);
/// Parses the text of a manifest (JSON nested at most kMaxJSONDepth deep) and checks it.
llvm::Expected<TaskManifest> parseManifestText(llvm::StringRef text, llvm::StringRef display,
                                               llvm::StringRef dir, bool checkFiles = true);
/// Checks a parsed manifest; `dir` resolves relative paths, `display` prefixes messages.
/// `checkFiles` = false skips the existence checks (unit tests).
llvm::Expected<TaskManifest> parseManifest(const llvm::json::Value &json, llvm::StringRef display,
                                           llvm::StringRef dir, bool checkFiles = true);

/// Shapes of the buffer params under one size binding (scalars get an empty shape).
struct ResolvedParam {
  std::vector<int64_t> shape;
  Scalar value; ///< scalars: converted to the dtype (C conversion; f32/f16/bf16 rounded)
};
llvm::Expected<std::vector<ResolvedParam>> resolveParams(const TaskManifest &task,
                                                         const Bindings &b);

} // namespace kfix

#endif
