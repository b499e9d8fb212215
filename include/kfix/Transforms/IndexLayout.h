//===- IndexLayout.h - index terms against a buffer's declared shape -*- C++ -*-===//
//
// A dense row-major buffer `B[d0][d1]...[dn-1]` (the task's declared shape,
// written over the kernel's scalar parameters) is indexed
// `i0*(d1*...*dn-1) + ... + i(n-1)`: every variable term of an access's index
// has one of the suffix products of the shape as its stride. This analysis
// splits each global access index of a buffer into its variable terms
// (through `+`, `-`, `*` by loop-invariant parameter expressions, casts and
// single-store C locals) and reports the terms whose stride is none of the
// expected ones (`B[col*K + k]` for `B[K][N]`), or that repeat a stride
// while a larger one is missing (`in + bz*rows + r*cols + c` for
// `in[B][R][C]`). Each issue names the multiply that carries the bad factor
// and the factor it should have, so a repair can rewrite just that.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_TRANSFORMS_INDEXLAYOUT_H
#define KFIX_TRANSFORMS_INDEXLAYOUT_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "llvm/ADT/SmallVector.h"
#include <map>
#include <optional>
#include <string>

namespace kfix {

/// A loop-invariant integer product: a constant times kernel scalar
/// parameters and opaque invariant values (`W / 2`), with multiplicity.
struct Monomial {
  int64_t constant = 1;
  std::map<void *, unsigned> atoms; ///< Value impl -> exponent
  bool sameAtoms(const Monomial &o) const { return atoms == o.atoms; }
  bool isUnit() const { return atoms.empty(); }
  Monomial times(const Monomial &o) const;
  /// `this / o` when `o`'s atoms divide this one's (constants ignored).
  std::optional<Monomial> over(const Monomial &o) const;
  unsigned degree() const;
};

/// A declared shape: the buffer's C name and its dimensions as monomials over
/// the kernel's parameters (nullopt: a dimension that is not such a product).
struct DeclaredShape {
  std::string name;
  llvm::SmallVector<std::optional<Monomial>> dims;
  std::string text; ///< as written, `B[K][N]`
};

/// Parses `NAME[d0][d1]...` where each d is `p*q*...` over integer parameter
/// C names of `func` and integers. An error message on failure.
std::optional<DeclaredShape> parseDeclaredShape(mlir::gpu::GPUFuncOp func, llvm::StringRef text,
                                                std::string &error);

/// One index term whose stride contradicts the declared shape.
struct LayoutIssue {
  mlir::Operation *access = nullptr;
  mlir::arith::MulIOp mul;    ///< the multiply carrying the bad factor
  unsigned strideOperand = 1; ///< which operand of `mul` is the factor
  Monomial expectedFactor;    ///< what that operand should be
  /// The add holding `mul` and a unit-stride partner (for a swap), if any.
  mlir::arith::AddIOp add;
  bool transposed = false; ///< the bad factor is another dimension of the buffer
  unsigned depth = 0;
};

/// Every inconsistent term of the accesses of `shape.name` in `func` (those at
/// `loc` only when it is not empty), in program order.
llvm::SmallVector<LayoutIssue> findLayoutIssues(mlir::gpu::GPUFuncOp func,
                                                const DeclaredShape &shape, llvm::StringRef loc);

/// An access whose index is the declared shape's coordinates linearized in
/// another order (`w[c*9 + ky*3 + kx]` for `w[3][3][C]`): its addends `X *
/// stride`, each X matched to the declared dimension of its extent (its loop's
/// trip count, or the bound it is tested against), and the stride that
/// dimension has in the declared layout.
struct Relayout {
  mlir::Operation *access = nullptr;
  unsigned operand = 0; ///< the index operand of `access`
  llvm::SmallVector<std::pair<mlir::Value, Monomial>> terms;
};
/// Every access of `shape.name` in `func` (those at `loc` only when it is not
/// empty) whose coordinates match the declared dimensions one to one by
/// extent while their strides do not.
llvm::SmallVector<Relayout> findRelayouts(mlir::gpu::GPUFuncOp func, const DeclaredShape &shape,
                                          llvm::StringRef loc);
/// The value a load of a C local reads when the local is assigned exactly
/// once, before the load in a block enclosing it; null otherwise.
mlir::Value singleStoredValue(mlir::Value v);

/// `v` as a loop-invariant product of kernel parameters and constants
/// (opaque invariant subexpressions are atoms), or nullopt.
std::optional<Monomial> invariantMonomial(mlir::gpu::GPUFuncOp func, mlir::Value v);

/// One variable term of an index: the leaf value (not split further by
/// `+`, `-`, `*` by invariants, casts, single-store locals) and its stride.
struct IndexTerm {
  mlir::Value var;
  Monomial stride;
};
/// The variable terms of the C index expression `index` (invariant offsets
/// are dropped).
llvm::SmallVector<IndexTerm> indexTerms(mlir::gpu::GPUFuncOp func, mlir::Value index);

/// Materializes `m` (parameters by value, constants) as an integer of `type`
/// before `at`; null when an opaque atom cannot be rebuilt.
mlir::Value buildMonomial(mlir::OpBuilder &b, mlir::Location loc, mlir::gpu::GPUFuncOp func,
                          const Monomial &m, mlir::Type type);

} // namespace kfix

#endif
