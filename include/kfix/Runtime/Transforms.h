//===- Transforms.h - input transforms and output epilogues -----*- C++ -*-===//
//
// Two kfix extensions of the task format (docs/task-format.md):
//
// * input transforms: `"inputs": {"p": {"dist": ..., "transform": [{"op":
//   "softmax", "dim": -1}, ...]}}` computes an input from its drawn values
//   (a probability distribution, a triangular matrix), in double, before the
//   values are rounded to the dtype;
// * output epilogues: `{"name": "loss", "role": "output", ..., "epilogue":
//   [{"op": "div", "value": "N"}]}` applies host arithmetic of the candidate's
//   wrapper (`return loss / n;`) to its output after its launches, in the
//   output's precision, before comparison.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_RUNTIME_TRANSFORMS_H
#define KFIX_RUNTIME_TRANSFORMS_H

#include "kfix/Runtime/Buffer.h"
#include "kfix/Runtime/Expr.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/JSON.h"
#include <optional>
#include <string>
#include <vector>

namespace kfix {

/// One step of an input transform list.
struct InputTransform {
  enum Op {
    softmax,     ///< over `dim`
    log_softmax, ///< over `dim`
    normalize,   ///< x / max(||x||_p, eps) over `dim` (F.normalize)
    triu,        ///< zero below diagonal `diagonal` of the last two dims
    tril,        ///< zero above diagonal `diagonal` of the last two dims
    abs,
    neg,
    exp,
    log,
    sigmoid,
    tanh,
    relu,
    clamp, ///< to [min, max] (either may be absent)
    mul,   ///< x * value
    add    ///< x + value
  } op = abs;
  int64_t dim = -1;
  int64_t diagonal = 0;
  double p = 2, eps = 1e-12;
  std::optional<double> min, max;
  double value = 0;
};

std::optional<InputTransform::Op> parseTransformOp(llvm::StringRef name);
llvm::StringRef transformOpName(InputTransform::Op op);
/// The op names, for messages: "softmax, log_softmax, ...".
std::string transformOpList();

/// Parses one transform object; on error returns false with `field` (the key
/// at fault, empty for the object) and `msg` set. Unknown keys go to `unknown`.
bool parseTransform(const llvm::json::Object &o, InputTransform &out, std::string &field,
                    std::string &msg, std::vector<std::string> &unknown);
/// Whether `t` applies to a parameter of dtype `dt` and rank `rank`: empty when
/// it does, else why not (dims out of range, a float-only op on integers).
std::string checkTransform(const InputTransform &t, DType dt, size_t rank);
/// The transform as it is written in task.json.
llvm::json::Value toJSON(const InputTransform &t);

/// Applies `ts` in order to `values` (row-major, `shape`), in double.
void applyTransforms(std::vector<double> &values, llvm::ArrayRef<int64_t> shape,
                     llvm::ArrayRef<InputTransform> ts);

/// One step of an output epilogue: out = out OP value.
struct EpilogueOp {
  enum Kind { div, mul, add, sub } kind = div;
  Expr value;
};

std::optional<EpilogueOp::Kind> parseEpilogueKind(llvm::StringRef name);
llvm::StringRef epilogueKindName(EpilogueOp::Kind k);

/// Applies `ops` to every element of the float buffer `buf` that does not hold
/// the poison pattern (unwritten elements stay recognisable), the values of the
/// ops evaluated under `b`: in double for f64, else in float (as torch computes
/// a float32/half/bfloat16 tensor with a number) and rounded to the dtype.
llvm::Error applyEpilogue(Buffer &buf, llvm::ArrayRef<EpilogueOp> ops, const Bindings &b);

} // namespace kfix

#endif
