//===- PyLite.h - the Python subset of KernelBench modules ------*- C++ -*-===//
//
// A tokenizer and parser for the part of Python that KernelBench problem and
// candidate files use: imports, assignments, calls with keyword arguments,
// literals (strings of every quoting, implicit concatenation), lists, tuples,
// dicts, attribute chains, arithmetic, and class/def/try/if/for/with blocks by
// indentation. It is not an interpreter. A line it cannot parse becomes an
// `Opaque` statement (or expression) that keeps its location, so that callers
// can report exactly what they did not understand.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_KERNELBENCH_PYLITE_H
#define KFIX_KERNELBENCH_PYLITE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <memory>
#include <string>
#include <vector>

namespace kfix::py {

/// A byte offset into the file; line/column are computed on demand.
struct Loc {
  size_t offset = 0;
};

/// A string literal piece as written: where its source text lies and how to
/// map decoded characters back to file offsets (for splicing and messages).
struct StrPiece {
  size_t begin = 0, end = 0;        ///< the whole token, prefix and quotes included
  size_t bodyBegin = 0, bodyEnd = 0; ///< between the quotes
  bool raw = false, triple = false, isBytes = false, isFormat = false;
  char quote = '"';
  std::string value;           ///< decoded
  std::vector<size_t> srcOff;  ///< srcOff[i] = file offset of value[i]; size value.size()+1
};

struct Expr;
using ExprP = std::shared_ptr<Expr>;

struct Expr {
  enum Kind {
    Name, Int, Float, Str, Bool, NoneLit, Attr, Call, Subscript, List, Tuple, Dict,
    BinOp, UnaryOp, Compare, BoolOp, IfExp, Lambda, Opaque
  } kind = Opaque;
  Loc loc;
  size_t endOffset = 0;
  std::string text;             ///< Name/Attr: identifier; BinOp/UnaryOp/...: operator; Opaque: why
  int64_t i = 0;
  double f = 0;
  std::vector<StrPiece> pieces; ///< Str (implicitly concatenated pieces)
  std::vector<ExprP> args;      ///< Call args, List/Tuple items, BinOp lhs/rhs, Attr/Call/Subscript base first
  std::vector<std::pair<std::string, ExprP>> kwargs; ///< Call keywords, Dict ("" key: see args),
                                                     ///< Lambda parameters (default or null)
  std::string str() const;      ///< Str: concatenated value
};

struct Stmt;
using Block = std::vector<Stmt>;

struct Stmt {
  enum Kind {
    Assign, AugAssign, ExprStmt, Return, Def, Class, Try, If, For, While, With, Import, Pass,
    Raise, Other, Opaque
  } kind = Opaque;
  Loc loc;
  std::vector<ExprP> targets; ///< Assign: every `a = b = ...` target; For: the loop target
  ExprP value;                ///< Assign/AugAssign/ExprStmt/Return/If/While/For (iter) value
  std::string name;           ///< Def/Class name; AugAssign operator; clause keyword
  std::vector<std::string> params; ///< Def parameter names (self included)
  std::vector<ExprP> defaults;     ///< Def: default per param (null when none); Class: bases
  Block body;
  /// Later clauses: elif/else/except/finally, each a Stmt whose `name` is the keyword.
  std::vector<Stmt> clauses;
};

/// A parsed file: its text (kept for locations) and its top-level block.
struct Module {
  std::string path;
  std::string text;
  Block body;
  std::vector<size_t> lineStarts;
  void lineCol(size_t offset, unsigned &line, unsigned &col) const;
  /// "path:line:col"
  std::string where(size_t offset) const;
  std::string where(Loc l) const { return where(l.offset); }
};

/// Parses `text`; fails only on what makes the file unreadable (an unterminated
/// string, inconsistent indentation), with a `path:line:col: error:` message.
llvm::Expected<Module> parseModule(llvm::StringRef path, std::string text);

/// Helpers over the AST.
const Stmt *findClass(const Block &b, llvm::StringRef name);
const Stmt *findDef(const Block &b, llvm::StringRef name);
/// `a.b.c` as "a.b.c" (Name/Attr chains only), else "".
std::string dottedName(const Expr &e);
/// A keyword argument of a call, or null.
const Expr *keyword(const Expr &call, llvm::StringRef name);

} // namespace kfix::py

#endif
