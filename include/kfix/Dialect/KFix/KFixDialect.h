//===- KFixDialect.h - the kfix instrumentation dialect ---------*- C++ -*-===//
#ifndef KFIX_DIALECT_KFIX_KFIXDIALECT_H
#define KFIX_DIALECT_KFIX_KFIXDIALECT_H

#include "mlir/IR/Dialect.h"

#include "kfix/Dialect/KFix/KFixOpsDialect.h.inc"

#endif
