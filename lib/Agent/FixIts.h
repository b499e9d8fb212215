//===- FixIts.h - source edits from the repaired ops ----------------------===//
//
// Internal to lib/Agent: the fix-its of a delivery (Delivery.cpp). The ops a
// repair created or changed carry `kfix.repaired` and the location of the C++
// construct they stand for; FixIts turns them into sites of alternative source
// edits (a token replaced, a statement guarded, a loop's bounds, a local
// re-declared, a statement inserted or regenerated whole). Its members are
// defined in FixIts.cpp (collecting, statements regenerated whole, new
// statements, sites, the original's op for a repaired one), FixItsGuards.cpp
// (guards, loops, barriers, shuffles, comparisons, __shared__ extents, widened
// arithmetic) and FixItsExprs.cpp (edits inside a helper, the repair's locals,
// tokens of the file, operands, constants).
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_LIB_AGENT_FIXITS_H
#define KFIX_LIB_AGENT_FIXITS_H

#include "DeliverySource.h"
#include "kfix/Agent/Delivery.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringRef.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace kfix::delivery {

//===----------------------------------------------------------------------===//
// Fix-its from the repaired ops
//===----------------------------------------------------------------------===//

/// One place the repair touched, with alternative edits (best first).
struct Site {
  std::vector<std::vector<SourceEdit>> alternatives;
};

class FixIts {
public:
  FixIts(const SrcText &src, llvm::StringRef base, mlir::ModuleOp original)
      : src(src), base(base), original(original) {}
  std::vector<Site> sites;
  std::string unhandled; ///< the first repaired op no fix-it covers
  mlir::Operation *unhandledOp = nullptr;
  /// Statements of the file regenerated whole (a loop whose shape the repair
  /// changed): ops of the repaired module.
  std::set<mlir::Operation *> wholeStmts;
  /// Statements of the original the repaired module no longer has.
  std::vector<mlir::Operation *> deleted;
  /// Edits applied where no other edit covers their text (a conversion call
  /// around a re-declared local's read).
  std::vector<SourceEdit> softEdits;

  void collect(mlir::ModuleOp m);

private:
  void collectIn(mlir::gpu::GPUFuncOp f);

  //===--------------------------------------------------------------------===//
  // Edits inside a `__device__` helper the kernel calls
  //===--------------------------------------------------------------------===//

  /// The identifiers of `t[b, e)`.
  static std::set<std::string> identsIn(llvm::StringRef t);
  /// `s` with each key of `m` (an argument's text, bounded by no identifier
  /// character) replaced by its value, longer keys first.
  static std::string renameArgs(llvm::StringRef s, const std::map<std::string, std::string> &m);

  /// The lifter inlines `__device__` helpers: an edit the repair made inside
  /// one is printed in the kernel's names (`(float)H / (float)OH`). Where its
  /// place is outside the kernel's body, the kernel's argument texts of a call
  /// to the helper become the helper's parameter names (`(float)in_size /
  /// (float)out_size`), from the first call site after which no name of the
  /// kernel's alone is left.
  void toHelperScope(SourceEdit &e, std::pair<size_t, size_t> kernel);

  const SrcText &src;
  llvm::StringRef base;
  mlir::ModuleOp original;
  std::set<std::pair<size_t, std::string>> seen;       ///< (offset, kind) already a site
  std::set<mlir::Operation *> covered;                 ///< ops another fix-it accounts for
  std::map<mlir::Operation *, std::string> localNames; ///< locals the repair created
  std::set<mlir::Operation *> declared;                ///< of those, declared by an edit
  std::set<std::string> retypedNames;                  ///< locals re-declared in another type

  //===--------------------------------------------------------------------===//
  // Statements regenerated whole
  //===--------------------------------------------------------------------===//

  /// Original statements (stores, loops, barriers...) with no op of their
  /// kind left at their location.
  void findDeleted(mlir::ModuleOp m);

public:
  /// The compound statement (loop, if) of the repaired module to regenerate
  /// whole so that the unhandled op or a deleted statement is expressed: the
  /// innermost one around it that the original has too.
  mlir::Operation *enclosingCompound(mlir::Operation *op);
  /// The same for a statement of the original that is gone: the repaired
  /// module's op for its enclosing compound statement.
  mlir::Operation *compoundForDeleted(mlir::ModuleOp m);

private:
  /// [begin, end) of the source statement a loop/if op stands for: from its
  /// keyword to its closing brace or `;`.
  std::optional<std::pair<size_t, size_t>> stmtRange(mlir::Operation *op);
  /// End (one past) of the statement starting at `o`.
  size_t stmtEndAt(size_t o, int depth);

  /// Allocas whose declaration lies in the statement being regenerated.
  std::set<mlir::Operation *> declareHere;

  /// Replaces the source of compound statement `c` (and the statements of its
  /// header that the lifter put before it, a `for`'s initialization) by `c`
  /// printed from the repaired IR.
  bool regenerateWhole(mlir::Operation *c, SrcPrinter &pr);
  /// The repair pass named by `op` or the first repaired op inside it.
  std::string passOf(mlir::Operation *op);

  //===--------------------------------------------------------------------===//
  // New statements
  //===--------------------------------------------------------------------===//

  using OpKey = std::pair<std::string, const void *>;
  std::map<OpKey, unsigned> origCount, unrepCount;
  static OpKey key(mlir::Operation *op);
  void countOps(mlir::ModuleOp m);
  unsigned countIn(const std::map<OpKey, unsigned> &m, mlir::Operation *op);
  /// A repaired op that stands for no construct of the original (the
  /// original has no op of its kind at its location, or the module still has
  /// all of those unrepaired: a copy).
  bool isNew(mlir::Operation *op);
  /// An unrepaired op inside a new statement is a copy of one the original
  /// keeps (not a statement of the original moved into a new one).
  bool isCopy(mlir::Operation *op);

  static bool isStatement(mlir::Operation *op);

  /// The original's alloca `al` stands for when the repair re-declared it in
  /// another type (`__half acc` -> `float acc`), else null.
  mlir::memref::AllocaOp retypedFrom(mlir::memref::AllocaOp al);

  void nameNewLocals(mlir::gpu::GPUFuncOp f);
  /// The declaration `T name` at `al`'s location gets the alloca's type: the
  /// type written once for every declarator of `T a = .., b = ..;` when the
  /// repair re-declared each of them.
  bool retype(mlir::memref::AllocaOp al, llvm::StringRef name, mlir::Type was,
              mlir::gpu::GPUFuncOp f);
  /// The text of `f`'s body: from its `{` to its `}`.
  std::optional<std::pair<size_t, size_t>> bodyRange(mlir::gpu::GPUFuncOp f);
  bool usedName(const std::string &n);
  bool identInFile(llvm::StringRef n);

  std::string localType(mlir::memref::AllocaOp al);

  /// The alloca that holds a scf.for's induction variable.
  mlir::memref::AllocaOp loopVar(mlir::scf::ForOp f);

  /// The statements of `block` as C++ lines at indentation `ind`.
  std::optional<std::string> stmts(mlir::Block &block, SrcPrinter &pr, const std::string &ind,
                                   mlir::Value skipIv = {});

  /// One statement (with its nested ones) as C++ lines at indentation `ind`.
  std::optional<std::string> stmt(mlir::Operation *op, SrcPrinter &pr, const std::string &ind);
  /// `head stmt;` on one line when the body is one line, else braced.
  static std::string block(const std::string &ind, const std::string &head,
                           const std::string &body);

  /// The repaired value ops an inserted statement prints (its operands'
  /// repaired definitions, transitively) are accounted for.
  void coverSlice(mlir::Operation *op);

  bool qualifiesAsNew(mlir::Operation *op);

  void newStatements(mlir::gpu::GPUFuncOp f, SrcPrinter &pr);

  void insertRun(const std::vector<mlir::Operation *> &run, mlir::Operation *prev,
                 mlir::Operation *next, SrcPrinter &pr);

  std::optional<size_t> at(mlir::Operation *op);
  SourceEdit edit(size_t off, size_t len, std::string text, llvm::StringRef kind,
                  llvm::StringRef pass);
  bool addSite(size_t key, llvm::StringRef kind, Site s);

  /// The literal (with its sign) at `o`: [begin, end) or nullopt.
  std::optional<std::pair<size_t, size_t>> literalAt(size_t o);

  bool handle(mlir::Operation *op, llvm::StringRef pass, SrcPrinter &pr);

  /// A factor the repair multiplies a product or quotient by (`silu(g) * u`
  /// -> `silu(g) * u * g`): appended after the product's right operand, where
  /// the file writes it (not at the store, which may sit in a helper).
  bool appendedFactor(mlir::Operation *op, llvm::StringRef pass, SrcPrinter &pr);

  /// A call's two arguments exchanged (`atan2f(x, y)` -> `atan2f(y, x)`):
  /// the file's argument texts swapped, whatever they spell.
  bool swappedCall(mlir::Operation *op, llvm::StringRef pass);
  /// Two values a statement reads exchanged (kfix-repair-swap-values marks
  /// their reads kfix.swap = 0 / 1): each read's text in the file becomes the
  /// other's (`bce2(tv, zv)` -> `bce2(zv, tv)`), wherever a helper uses them.
  bool swappedValues(mlir::Operation *root, llvm::StringRef pass);
  /// Two names a statement reads exchanged (the `exchange` edit marks its
  /// store kfix.exchange = [A, B]): the two identifiers swapped in the
  /// statement's text (`pool_end(ow, W, OW)` -> `pool_end(ow, OW, W)`), the
  /// helper it calls kept. `op` is the store or a read the edit made.
  bool exchangedNames(mlir::Operation *op, llvm::StringRef pass);
  /// A read of a helper's argument the `callarg` edit changed (marked
  /// `kfix.callarg-edit` = `BL:BC:EL:EC=NAME`): the argument's text where the
  /// call writes it becomes NAME (`window(oh, S, P, K, W, h0, h1)` -> `...,
  /// H, ...`), the helper's body kept.
  bool callArgument(mlir::Operation *op, llvm::StringRef pass);

  /// `a` (of the repaired module) is what `b` (of the original) is: the
  /// same block argument, or an op computing the same (sameAs, one level).
  bool sameValue(mlir::Value a, mlir::Value b);

  bool recreated(mlir::Operation *op);
  /// `op` computes what the original's `cp` does, up to repaired values
  /// (which have their own edits).
  bool sameAs(mlir::Operation *op, mlir::Operation *cp, unsigned depth);

  bool constant(mlir::arith::ConstantOp c, llvm::StringRef pass, SrcPrinter &pr);

  /// The comparison operator at `op`'s location: [offset, end), or nullopt.
  std::optional<std::pair<size_t, size_t>> comparisonToken(mlir::Operation *op);

  bool comparison(mlir::Operation *op, llvm::StringRef pass);

  bool dimension(mlir::Operation *op, llvm::StringRef pass);
  /// Where the one-letter member of `base.m` at offset `o` (the base or the
  /// member) is, when it is one of `letters`; npos otherwise.
  size_t memberLetterAt(size_t o, llvm::StringRef letters) const;
  /// A lane of a small vector local read as another (`yv.z` -> `yv.w`): the
  /// member letter replaced.
  bool lane(mlir::Operation *op, llvm::StringRef pass);

  /// An identifier used in `expr` that the file defines as the constant
  /// `value` (`constexpr int kWarp = 32;`, `#define WARP 32`), or "".
  std::string namedConstant(llvm::StringRef expr, llvm::StringRef value);
  /// The literal a file-scope `#define NAME lit` / `const[expr] T NAME = lit;`
  /// gives `name`.
  std::optional<std::string> constantValueOf(const std::string &name);

  /// Constants the repair changed where the file writes an expression of a
  /// named constant (`TILE + 1`): right when the name's definition changes.
  std::vector<std::pair<mlir::Operation *, std::string>> foldedUses;
  std::set<std::string> editedDefs; ///< passes that edited a definition

  /// A repaired integer constant at a use of a named constant (`TILE` ->
  /// `#define TILE 32` edited) or inside an expression of one. nullopt: not
  /// such a use.
  std::optional<bool> namedConstantUse(mlir::arith::ConstantOp c, size_t o,
                                       const std::string &spelled, llvm::StringRef pass);

  /// A __shared__ array the repair resized: its extents in the declaration
  /// (a literal replaced; an extent naming a constant whose definition an
  /// edit changes is left as it is).
  bool sharedExtents(mlir::gpu::GPUFuncOp f, llvm::StringRef pass);

  /// The one name the file defines as `value` (an integer above 1).
  std::optional<std::string> uniqueName(const std::string &value);

  struct Definition {
    size_t offset, length; ///< of the literal
    std::string value;
  };
  /// Where the file defines `name` as a literal.
  std::optional<Definition> definitionOf(const std::string &name);

  //===--------------------------------------------------------------------===//
  // Integer arithmetic the repair widened (`row * ld` in 64 bits)
  //===--------------------------------------------------------------------===//

  /// An integer op computed in a wider type than the original's op at its
  /// location.
  bool widened(mlir::Operation *d);
  static mlir::Value stripExt(mlir::Value v);

  /// `(long long)` before the leftmost operand of the widened expression
  /// that contains `op` (C++ then computes the whole expression in 64 bits).
  bool widthChange(mlir::Operation *op, llvm::StringRef pass);

  /// The original op of the same kind at `op`'s location.
  mlir::Operation *counterpart(mlir::Operation *op);
  std::map<OpKey, mlir::Operation *> origByKey;
  mlir::Operation *counterpartSlow(mlir::Operation *op);

  /// The top-level comma-separated arguments of the call whose name starts
  /// at `o`: [begin, end) of each, trimmed.
  std::optional<std::vector<std::pair<size_t, size_t>>> callArgs(size_t o);

  /// A warp shuffle whose mode, mask, offset or width a repair changed: the
  /// intrinsic's name and arguments at its call.
  bool shuffle(mlir::gpu::ShuffleOp sh, llvm::StringRef pass, SrcPrinter &pr);

  /// The op next to `op` in its block (dir +1/-1) that has a location in the
  /// file and was not created by the repair.
  mlir::Operation *neighbour(mlir::Operation *op, int dir);
  /// The last line of the source statement containing `op` (and its nested
  /// ops: a loop's closing brace).
  unsigned lastLine(mlir::Operation *op);

  bool barrier(mlir::Operation *op, llvm::StringRef pass);

  /// The guard condition of a repaired scf.if, printed in the file's names.
  std::optional<std::string> condition(mlir::scf::IfOp ifOp, SrcPrinter &pr);

  bool guard(mlir::scf::IfOp ifOp, llvm::StringRef pass, SrcPrinter &pr);

  bool forLoop(mlir::scf::ForOp f, llvm::StringRef pass, SrcPrinter &pr);

  /// `a OP b` at `op`'s location (an operator the repair kept): each operand
  /// that is another value now is printed in its own place, the rest of the
  /// statement kept (`s / (HW - 1)` -> `s / HW`, a helper's call left as is).
  bool operandsInPlace(mlir::Operation *op, llvm::StringRef pass, SrcPrinter &pr);
  /// The operand of the conversion the file writes at [b, e) (`(T)x`,
  /// `T(x)`, `static_cast<T>(x)`, `__float2half(x)`), if it is one.
  std::optional<std::pair<size_t, size_t>> conversionOperand(size_t b, size_t e);
  /// Regenerates the right-hand side of the statement storing `op`'s value.
  bool regenerate(mlir::Operation *op, llvm::StringRef pass, SrcPrinter &pr);
  /// `to` (in the kernel's body) uses `from` (in a helper's, inlined).
  bool leavesHelper(mlir::Operation *from, mlir::Operation *to);
  /// The expression of the `return` statement holding `op`, printed again.
  bool regenerateReturn(mlir::Operation *op, llvm::StringRef pass, SrcPrinter &pr);
  /// `a OP b` at `op`'s location (the operator): each operand whose printed
  /// text differs from the file's is replaced by it (`r == c` -> `c == c`).
  bool comparisonOperands(mlir::Operation *op, llvm::StringRef pass, SrcPrinter &pr);
};

} // namespace kfix::delivery

#endif
