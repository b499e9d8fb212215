//===- DeliveryCompile.h - the delivered file compiled as the user's ------===//
//
// The differential compile check of a delivery (private to lib/Agent): the
// user's file is compiled once with each compiler asked for; a delivery
// candidate must compile under every compiler the user's file compiles under.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_LIB_AGENT_DELIVERYCOMPILE_H
#define KFIX_LIB_AGENT_DELIVERYCOMPILE_H

#include "kfix/Agent/Delivery.h"

namespace kfix {

class DeliveryCompileGate {
public:
  /// Compiles `original` (the user's file) with the compilers `opts` asks for
  /// (by the session's target when unset); none when `original` is empty.
  DeliveryCompileGate(Session &s, const DeliveryOptions &opts, const std::string &original);
  /// "" when `text` compiles under every compiler the original compiles
  /// under; else why not, with the compiler's first error.
  std::string check(const std::string &text);
  /// The checks and the header rule into `d`, for the text it delivers.
  void finish(Delivery &d) const;

private:
  struct Tool {
    SourceCompiler *compiler;
    CompileCheck check;
  };
  std::vector<Tool> tools;
  SourceCompileOptions copts;
  std::set<std::string> originalHeaders;
};

class TaskEvaluator;

/// The ops under `root` as names, result types and the attributes that carry
/// meaning (locations and kfix.* marks left out): equal lists, the same
/// kernel. Delivery.cpp.
std::vector<std::string> opShape(mlir::Operation *root);

/// The changed kernels of `repaired` written back into the user's file: each
/// one's definition replaced by the exporter's text of it (`regenerated` is
/// the whole exported file), everything else byte for byte; re-lifted,
/// validated in full and compile-checked. True with `d` filled (mode
/// "kernel"); false with why not (a template kernel, a definition the scan
/// cannot delimit, a file that does not validate). DeliveryKernel.cpp.
bool deliverKernelInPlace(Session &s, mlir::ModuleOp repaired, const std::string &regenerated,
                          TaskEvaluator &ev, DeliveryCompileGate &gate, Delivery &d,
                          std::string &why);

} // namespace kfix

#endif
