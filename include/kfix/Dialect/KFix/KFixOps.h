//===- KFixOps.h - kfix dialect ops -----------------------------*- C++ -*-===//
#ifndef KFIX_DIALECT_KFIX_KFIXOPS_H
#define KFIX_DIALECT_KFIX_KFIXOPS_H

#include "kfix/Dialect/KFix/KFixDialect.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "kfix/Dialect/KFix/KFixOpsEnums.h.inc"
#define GET_ATTRDEF_CLASSES
#include "kfix/Dialect/KFix/KFixOpsAttrs.h.inc"
#define GET_OP_CLASSES
#include "kfix/Dialect/KFix/KFixOps.h.inc"

#endif
