//===- CppLite.h - the C++ of KernelBench extension sources -----*- C++ -*-===//
//
// A lexer for CUDA C++, a finder of top-level function definitions (kernels,
// device helpers, host wrappers), and an expression parser for the statements
// that host wrappers use (`auto y = torch::empty_like(x);`, `dim3 g((n+255)/256);`,
// `k<<<g, b>>>(x.data_ptr<float>(), n);`). It does not parse C++ in general.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_KERNELBENCH_CPPLITE_H
#define KFIX_KERNELBENCH_CPPLITE_H

#include "llvm/ADT/StringRef.h"
#include <memory>
#include <string>
#include <vector>

namespace kfix::cpp {

struct Tok {
  enum Kind { Ident, Number, String, Char, Punct, PP, End } kind = End;
  size_t begin = 0, end = 0; ///< offsets into the source
  std::string text;
};

/// Lexes `src`; on a malformed token sets `error` and `errorAt` and stops.
/// Comments are dropped; a preprocessor line is one PP token.
std::vector<Tok> lex(llvm::StringRef src, std::string &error, size_t &errorAt);

struct Param {
  std::string type; ///< the type as written, without the name
  std::string name;
  bool pointer = false;
};

struct Function {
  std::string name;
  bool isGlobal = false, isDevice = false, isTemplate = false;
  /// Uses torch/ATen (`torch::`, `at::`, `Tensor`): a host wrapper, not kernel code.
  bool usesTorch = false;
  size_t declBegin = 0;   ///< offset of the definition's first token (template<...>, __global__, ...)
  size_t end = 0;         ///< one past the closing '}'
  size_t nameTok = 0;     ///< token index of the name
  size_t bodyTok = 0;     ///< token index of the '{'
  size_t bodyEndTok = 0;  ///< token index of the matching '}'
  std::string returnType;
  std::vector<Param> params;
};

/// Every top-level function definition (namespaces and extern "C" blocks are
/// looked into), in source order.
std::vector<Function> findFunctions(const std::vector<Tok> &toks);

/// The index of the token that closes the bracket opened at `open`, or npos.
size_t matchBracket(const std::vector<Tok> &toks, size_t open);

struct Expr;
using ExprP = std::shared_ptr<Expr>;
struct Expr {
  enum Kind { Ident, Int, Float, Str, Call, Member, Index, Unary, Binary, Ternary, Cast, Braced,
              Lambda } kind = Ident;
  size_t at = 0;        ///< source offset
  std::string text;     ///< Ident (qualified, `torch::empty`), Member name, operator, Cast type
  std::string targs;    ///< template arguments as written (`float` of data_ptr<float>)
  int64_t i = 0;
  double f = 0;
  std::vector<ExprP> kids; ///< Call: callee then args; Member/Index/Unary: base first
  size_t lambdaBody = 0, lambdaEnd = 0; ///< Lambda: token range of the body
};

/// Parses the expression at toks[pos..end); on success `pos` is past it.
/// Returns null and sets `error` (with the offset in `errorAt`) otherwise.
ExprP parseExpr(const std::vector<Tok> &toks, size_t &pos, size_t end, std::string &error,
                size_t &errorAt);

} // namespace kfix::cpp

#endif
