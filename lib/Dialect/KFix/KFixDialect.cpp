//===- KFixDialect.cpp - kfix dialect registration ------------------------===//
#include "kfix/Dialect/KFix/KFixDialect.h"
#include "kfix/Dialect/KFix/KFixOps.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace kfix;

#include "kfix/Dialect/KFix/KFixOpsDialect.cpp.inc"
#include "kfix/Dialect/KFix/KFixOpsEnums.cpp.inc"
#define GET_ATTRDEF_CLASSES
#include "kfix/Dialect/KFix/KFixOpsAttrs.cpp.inc"

void KFixDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "kfix/Dialect/KFix/KFixOpsAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "kfix/Dialect/KFix/KFixOps.cpp.inc"
      >();
}
