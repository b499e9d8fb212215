//===- StmtUtils.h - AST queries shared by the statement lifters -*- C++ -*-===//
#ifndef KFIX_LIB_FRONTEND_STMTUTILS_H
#define KFIX_LIB_FRONTEND_STMTUTILS_H

#include "clang/AST/Stmt.h"

namespace kfix::frontend {

enum ExitKind : unsigned { ExitReturn = 1, ExitBreak = 2, ExitContinue = 4 };

/// The ways control can leave `s` early: a return anywhere, or a
/// break/continue that is not inside a loop nested in `s` (`inLoop`: `s` is
/// itself already inside such a nested loop).
unsigned exitKinds(const clang::Stmt *s, bool inLoop);

} // namespace kfix::frontend

#endif
