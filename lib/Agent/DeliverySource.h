//===- DeliverySource.h - the file's text, and values printed in it -------===//
//
// Internal to lib/Agent: what the delivery of a repair (Delivery.cpp) and its
// fix-its (FixIts.h) share: the user's source text and its locations, tokens
// and statements found in it, constants spelled in the file's style, and MLIR
// values printed as C++ in the file's names (SrcPrinter).
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_LIB_AGENT_DELIVERYSOURCE_H
#define KFIX_LIB_AGENT_DELIVERYSOURCE_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace kfix::delivery {

//===----------------------------------------------------------------------===//
// Source text and locations
//===----------------------------------------------------------------------===//

struct SrcText {
  std::string text;
  std::vector<size_t> lineStart;
  explicit SrcText(std::string t) : text(std::move(t)) {
    lineStart.push_back(0);
    for (size_t i = 0; i < text.size(); ++i)
      if (text[i] == '\n')
        lineStart.push_back(i + 1);
  }
  std::optional<size_t> offset(unsigned line, unsigned col) const {
    if (line == 0 || line > lineStart.size() || col == 0)
      return std::nullopt;
    size_t o = lineStart[line - 1] + col - 1;
    if (o >= text.size())
      return std::nullopt;
    return o;
  }
  unsigned lineOf(size_t off) const {
    return std::upper_bound(lineStart.begin(), lineStart.end(), off) - lineStart.begin();
  }
  size_t lineBegin(unsigned line) const {
    return line <= lineStart.size() ? lineStart[line - 1] : text.size();
  }
  std::string indentOf(unsigned line) const {
    size_t b = lineBegin(line), e = b;
    while (e < text.size() && (text[e] == ' ' || text[e] == '\t'))
      ++e;
    return text.substr(b, e - b);
  }
  bool has(llvm::StringRef s) const { return llvm::StringRef(text).contains(s); }
  /// One level of the file's indentation: a tab, or the smallest indent of
  /// a non-blank line (2 or 4 spaces, most often); 4 spaces when none.
  std::string indentUnit() const {
    size_t best = 0;
    for (size_t b : lineStart) {
      size_t e = b;
      while (e < text.size() && text[e] == ' ')
        ++e;
      if (e < text.size() && text[e] == '\t' && e == b)
        return "\t";
      if (e > b && e < text.size() && text[e] != '\n' && text[e] != '\r' && text[e] != '*' &&
          (best == 0 || e - b < best))
        best = e - b;
    }
    return std::string(best >= 2 && best <= 8 ? best : 4, ' ');
  }
};

std::optional<std::pair<unsigned, unsigned>> fileLoc(mlir::Location loc, llvm::StringRef base);

inline bool isIdent(char c) { return std::isalnum((unsigned char)c) || c == '_'; }

/// End of an identifier or number token starting at `o`.
size_t tokenEnd(const std::string &t, size_t o);

/// The matching close of the bracket at `o` ("(" or "["), or npos.
size_t matchClose(const std::string &t, size_t o);

/// The end of the statement (its `;`) from `o`; with `atComma`, also a
/// `,` at depth 0 (the end of one declarator's initializer, or of an
/// assignment's right side: `,` binds looser than `=`).
size_t statementEnd(const std::string &t, size_t o, bool atComma = false);

//===----------------------------------------------------------------------===//
// Constants spelled in the file's style, with no header it does not include
//===----------------------------------------------------------------------===//

std::string spellFloat(double v, bool f32, const SrcText &src);

/// The object-like macro the file spells an integer constant with at
/// line:col (`CH` of `#define CH 256`), when its body is that value.
std::optional<std::string> macroConstantAt(mlir::arith::ConstantOp c, const SrcText &src,
                                           unsigned line, unsigned col);
std::optional<std::string> spellConstant(mlir::arith::ConstantOp c, const SrcText &src);

//===----------------------------------------------------------------------===//
// Values printed as C++ in the file's names
//===----------------------------------------------------------------------===//

struct Printed {
  std::string text;
  unsigned prec; // 17 primary .. 3 conditional
};

/// The full-warp mask as the file spells it: a macro defined to 0xffffffff
/// when there is one, else the literal.
std::string fullMaskSpelling(const SrcText &src);

/// The C++ spelling of a scalar MLIR type (empty when there is none).
std::string cTypeName(mlir::Type t);

/// The text of the postfix expression (`in[j]`, `p[i][k]`, `f(x)`) that
/// starts at `o`, or npos.
size_t postfixEnd(const std::string &t, size_t o);

/// The CUDA intrinsic of a warp shuffle mode (`__shfl_xor_sync`, ...).
llvm::StringRef shuffleIntrinsic(mlir::gpu::ShuffleMode mode);

class SrcPrinter {
public:
  /// Names given to locals the repair created (`__kfix_max` -> `kfix_max`).
  const std::map<mlir::Operation *, std::string> *localNames = nullptr;
  llvm::StringRef base;
  /// Printing inside an inlined helper's body: an argument value is the
  /// name of the parameter it is bound to (its `kfix.param` copy).
  bool helperScope = false;

  SrcPrinter(mlir::gpu::GPUFuncOp f, const SrcText &src);

  std::optional<Printed> print(mlir::Value v, int depth = 0);

  void nameValue(mlir::Value v, const std::string &n) { valueNames[v] = n; }

  /// `name[i][j]` (or `name` for a scalar __shared__ / local) of an access.
  std::optional<std::string> access(mlir::Value m, mlir::ValueRange indices);

private:
  /// No repaired op computes the indices of `ld`.
  bool indicesUntouched(mlir::memref::LoadOp ld);

  mlir::gpu::GPUFuncOp func;
  const SrcText &src;
  llvm::DenseMap<mlir::Value, std::string> valueNames;
};

/// The top-level `&&` operands of a C condition, outer parentheses and
/// spaces dropped (`a < n && (b < m)` -> {"a < n", "b < m"}).
std::vector<std::string> conjuncts(llvm::StringRef c);

} // namespace kfix::delivery

#endif
