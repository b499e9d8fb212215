//===- AccessIndex.h - linear access indices as polynomials -----*- C++ -*-===//
//
// The access guard needs to know which part of a linear buffer index is the
// column, which the row, ... of a row-major buffer of a declared shape. An
// index (and every declared dimension) is read as an integer polynomial over
// atoms: kernel parameters, quotients and remainders of polynomials, and any
// other SSA value (thread ids, loop variables, loaded data). Local variables
// are looked through to the store that reaches the read. A dimension that is
// not a single atom (`W - S + 1`) becomes an atom of its own wherever the
// kernel computes exactly that value, so that `p * Q + q` with `Q = W - S + 1`
// splits as row `p`, column `q`.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_LIB_TRANSFORMS_REPAIR_ACCESSINDEX_H
#define KFIX_LIB_TRANSFORMS_REPAIR_ACCESSINDEX_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Dominance.h"
#include "llvm/ADT/StringRef.h"
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace kfix {

/// A sum of monomials: sorted atom ids -> coefficient (no zero coefficients).
using Monomial = std::vector<unsigned>;
using Poly = std::map<Monomial, int64_t>;

/// One checked component of an access: `0 <= value (+ lane) < bound`.
struct IndexCheck {
  Poly value;
  Poly bound;
};

class IndexAlgebra {
public:
  IndexAlgebra(mlir::gpu::GPUFuncOp func, mlir::DominanceInfo &dom) : func(func), dom(dom) {}

  /// Parses a dimension written in C over the kernel's integer parameters
  /// (`n`, `H-R+1`, `W/2`, `64`); nullopt for `?` (unknown). Sets `error`
  /// when the text is malformed or names no integer parameter.
  std::optional<Poly> parseDim(llvm::StringRef text, std::string &error);

  /// Declares the dimensions of the buffer being decomposed (compound ones
  /// become atoms wherever the kernel computes them). Resets the value memo.
  void setDims(const std::vector<std::optional<Poly>> &dims);

  /// The polynomial of an integer (or index) SSA value.
  Poly build(mlir::Value v);

  /// The checks that keep a row-major access at linear index `index` inside
  /// the declared dims (innermost first); empty when nothing can be checked.
  std::vector<IndexCheck> decompose(const Poly &index);

  /// Emits `p` as an i64 value before the builder's insertion point; null
  /// when an atom does not dominate `at`.
  mlir::Value emit(mlir::OpBuilder &b, mlir::Location loc, const Poly &p, mlir::Operation *at);

  /// The SSA values `p` reads (for dominance checks).
  void collectValues(const Poly &p, std::vector<mlir::Value> &out) const;

  std::string str(const Poly &p) const;

  /// True when every value `p` can take is >= 0 (ids, sizes, loop counters
  /// from non-negative starts, positive sums and products of them).
  bool nonNegative(const Poly &p);

private:
  struct Atom {
    enum Kind { Value, Div, Rem, Dim } kind;
    mlir::Value value; ///< Kind::Value
    Poly lhs, rhs;     ///< Div/Rem operands; Dim: the dimension
    bool isUnsigned = false;
    std::string key;
  };
  unsigned intern(Atom a);
  Poly atomPoly(unsigned id) const { return Poly{{Monomial{id}, 1}}; }
  Poly buildUncached(mlir::Value v, unsigned depth);
  Poly buildAt(mlir::Value v, unsigned depth);
  mlir::Value emitAtom(mlir::OpBuilder &b, mlir::Location loc, unsigned id, mlir::Operation *at);

  mlir::gpu::GPUFuncOp func;
  mlir::DominanceInfo &dom;
  std::vector<Atom> atoms;
  std::map<std::string, unsigned> byKey;
  llvm::DenseMap<mlir::Value, Poly> memo;
  /// Kernel values by polynomial, first seen first: emission reuses them.
  std::map<Poly, std::vector<mlir::Value>> known;
  mlir::Value knownValue(const Poly &p, mlir::Operation *at);
  mlir::Value toI64(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v);
  bool atomNonNegative(unsigned id, unsigned depth);
  /// Compound dimensions (as polynomials) and their atom ids.
  std::vector<std::pair<Poly, unsigned>> compound;
  /// Per declared dim: the atom whose monomials form the rows, or a constant.
  struct DimInfo {
    bool known = false;
    Poly poly;
    std::optional<unsigned> atom;
    std::optional<int64_t> constant;
  };
  std::vector<DimInfo> dimInfo;
};

Poly polyAdd(const Poly &a, const Poly &b, int64_t scale = 1);
Poly polyMul(const Poly &a, const Poly &b);
Poly polyConst(int64_t c);
std::optional<int64_t> polyAsConst(const Poly &p);

} // namespace kfix

#endif
