//===- EmitStmt.cpp - statements and structured control flow --------------===//
#include "CudaEmitter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace kfix::detail;

void FunctionEmitter::line(const Twine &text) {
  body.append(2 * indent, ' ');
  body += text.str();
  body += '\n';
}

void FunctionEmitter::locComment(Operation *op) {
  if (!options.locationComments)
    return;
  if (auto loc = dyn_cast<FileLineColLoc>(op->getLoc()))
    line("// " + loc.getFilename().getValue() + ":" + Twine(loc.getLine()) + ":" +
         Twine(loc.getColumn()));
}

static bool visible(ArrayRef<llvm::StringSet<>> scopes, StringRef name) {
  return llvm::any_of(scopes, [&](const llvm::StringSet<> &s) { return s.contains(name); });
}

std::string FunctionEmitter::declareName(StringRef preferred) {
  std::string name = preferred.str();
  for (unsigned i = 1; visible(scopes, name); ++i)
    name = preferred.str() + "_" + std::to_string(i);
  scopes.back().insert(name);
  return name;
}

std::string FunctionEmitter::freshTemp() {
  std::string name;
  do
    name = "t" + std::to_string(nextTemp++);
  while (reserved.contains(name) || visible(scopes, name));
  scopes.back().insert(name);
  return name;
}

LogicalResult FunctionEmitter::declareAlloca(Operation *op) {
  auto alloca = cast<memref::AllocaOp>(op);
  if (memNames.count(alloca.getResult()))
    return success();
  auto var = op->getAttrOfType<StringAttr>("kfix.var");
  // A struct field's local (`best.v`, LiftStructs.cpp) declared as `best_v`.
  std::string base = var ? var.getValue().str() : "v";
  std::replace(base.begin(), base.end(), '.', '_');
  std::string name = declareName(base);
  memNames[alloca.getResult()] = name;
  MemRefType type = alloca.getType();
  FailureOr<std::string> decl =
      type.getRank() == 0 ? scalarDeclarator(op, name) : declarator(type, name, op->getLoc());
  if (failed(decl))
    return failure();
  locComment(op);
  line(*decl + ";");
  return success();
}

LogicalResult FunctionEmitter::emitBlock(Block &block,
                                         function_ref<LogicalResult(Operation *)> onTerminator) {
  pending.emplace_back();
  for (Operation &op : block) {
    if (&op == block.getTerminator() && !isa<gpu::ReturnOp>(op)) {
      if (onTerminator && failed(onTerminator(&op)))
        return failure();
      break;
    }
    auto it = declareBefore.find(&op);
    if (it != declareBefore.end() && !isa<memref::StoreOp>(op)) {
      for (Operation *alloca : it->second)
        if (failed(declareAlloca(alloca)))
          return failure();
      it->second.clear();
    }
    if (failed(emitOp(&op)))
      return failure();
  }
  // Reads nobody used are dead; side effects were written as statements.
  pending.pop_back();
  return success();
}

FailureOr<std::optional<Expr>> FunctionEmitter::tryInlineBlock(Block &block, Value result) {
  for (Operation &op : block.without_terminator())
    if (!isExprOp(&op) || declareBefore.count(&op) ||
        isa<memref::AtomicRMWOp, memref::GenericAtomicRMWOp>(op))
      return std::optional<Expr>();
  size_t mark = body.size();
  pending.emplace_back();
  pushScope();
  auto done = [&](bool keep) {
    popScope();
    pending.pop_back();
    if (!keep)
      body.resize(mark);
  };
  for (Operation &op : block.without_terminator()) {
    if (failed(emitOp(&op))) {
      done(false);
      return failure();
    }
  }
  FailureOr<Expr> e = use(result);
  if (failed(e)) {
    done(false);
    return failure();
  }
  bool ok = body.size() == mark && pending.back().empty();
  done(ok);
  if (!ok)
    return std::optional<Expr>();
  return std::optional<Expr>(*e);
}

FailureOr<Expr> FunctionEmitter::buildTernary(Operation *op) {
  auto ifOp = cast<scf::IfOp>(op);
  FailureOr<Expr> c = use(ifOp.getCondition());
  if (failed(c))
    return failure();
  Value thenV = ifOp.thenYield().getOperand(0), elseV = ifOp.elseYield().getOperand(0);
  FailureOr<std::optional<Expr>> a = tryInlineBlock(*ifOp.thenBlock(), thenV);
  if (failed(a) || !*a)
    return failure();
  FailureOr<std::optional<Expr>> b = tryInlineBlock(*ifOp.elseBlock(), elseV);
  if (failed(b) || !*b)
    return failure();
  Expr x = **a, y = **b, r;
  if (ifOp.getResult(0).getType().isInteger(1) && x.isLiteral && x.text == "true")
    r = binary(*c, "||", y, kLOr, boolType());
  else if (ifOp.getResult(0).getType().isInteger(1) && y.isLiteral && y.text == "false")
    r = binary(*c, "&&", x, kLAnd, boolType());
  else
    r = make(parenthesize(*c, kLOr) + " ? " + parenthesize(x, kLOr) + " : " + parenthesize(y, kLOr),
             kCond, x.isLiteral ? y.type : x.type);
  merge(r, *c);
  merge(r, x);
  merge(r, y);
  return r;
}

LogicalResult FunctionEmitter::emitOp(Operation *op) {
  if (skipOps.contains(op))
    return success();
  if (isa<memref::AllocaOp, gpu::DynamicSharedMemoryOp>(op))
    return success(); // Declared where first used / at the top.
  // A parameter's size read only by null tests: printed there as `p != nullptr`.
  if (isa<memref::DimOp>(op) && llvm::all_of(op->getUsers(), [&](Operation *u) {
        bool isNull;
        return (bool)nullTestedParam(u, func, isNull);
      }))
    return success();
  if (auto view = dyn_cast<memref::ViewOp>(op)) {
    if (memNames.count(view.getResult()))
      return success();
    return op->emitError("cannot export a 'memref.view' that is not a view of "
                         "gpu.dynamic_shared_memory at a constant offset");
  }
  if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
    if (ifOp.getNumResults() == 1 && ifOp.elseBlock()) {
      size_t mark = body.size();
      ScopedDiagnosticHandler handler(op->getContext(), [](Diagnostic &) { return success(); });
      FailureOr<Expr> e = buildTernary(op);
      if (succeeded(e)) {
        define(ifOp.getResult(0), *e);
        return success();
      }
      // Not an expression (or an error the statement form reports again).
      body.resize(mark);
    }
    return emitIf(op);
  }
  if (isExprOp(op))
    return emitExprOp(op);
  if (isa<memref::StoreOp, vector::StoreOp>(op))
    return emitStore(op);
  if (isa<scf::ForOp>(op))
    return emitFor(op);
  if (isa<scf::WhileOp>(op))
    return emitWhile(op);
  if (isa<gpu::BarrierOp>(op)) {
    flushFor(op);
    locComment(op);
    line("__syncthreads();");
    return success();
  }
  if (auto sync = dyn_cast<NVVM::SyncWarpOp>(op)) {
    FailureOr<Expr> m = use(sync.getMask());
    if (failed(m))
      return failure();
    APInt c;
    std::string mask = m->text;
    if (matchPattern(sync.getMask(), m_ConstantInt(&c))) {
      mask = "0x" + llvm::utohexstr(c.getZExtValue() & 0xffffffffu, true) + "u";
    }
    flushFor(op);
    locComment(op);
    line("__syncwarp(" + mask + ");");
    return success();
  }
  if (auto printf = dyn_cast<gpu::PrintfOp>(op)) {
    mod.needStdio = true;
    std::string text = "printf(\"";
    for (char ch : printf.getFormat()) {
      if (ch == '\n')
        text += "\\n";
      else if (ch == '"' || ch == '\\')
        text += std::string("\\") + ch;
      else
        text += ch;
    }
    text += "\"";
    for (Value v : printf.getArgs()) {
      FailureOr<Expr> e = use(v);
      if (failed(e))
        return failure();
      text += ", " + e->text;
    }
    flushFor(op);
    locComment(op);
    line(text + ");");
    return success();
  }
  if (isa<gpu::ReturnOp>(op)) {
    if (op->getParentOp() != func || op->getBlock() != &func.getBody().front())
      return op->emitError("cannot export a gpu.return outside the kernel's entry block");
    return success();
  }
  if (op->getDialect() && op->getDialect()->getNamespace() == "kfix")
    return op->emitError("cannot export the instrumentation op '")
           << op->getName() << "' to CUDA C++; export the kernel before instrumenting it";
  return op->emitError("cannot export '") << op->getName() << "' to CUDA C++";
}

LogicalResult FunctionEmitter::emitYieldAssign(ValueRange vars, ValueRange vals) {
  SmallVector<Expr> exprs;
  for (Value v : vals) {
    FailureOr<Expr> e = use(v);
    if (failed(e))
      return failure();
    exprs.push_back(*e);
  }
  // Parallel assignment: bind every value first when there are several.
  if (vars.size() > 1)
    for (auto [i, v] : llvm::enumerate(vals))
      if (!exprs[i].isLiteral && exprs[i].text != values[vars[i]].text) {
        std::string tmp = freshTemp();
        line("const " + exprs[i].type.name + " " + tmp + " = " + exprs[i].text + ";");
        exprs[i] = make(tmp, kPrimary, exprs[i].type);
      }
  for (Value p : SmallVector<Value>(pending.back()))
    if (values[p].effects)
      materialize(p);
  for (auto [i, var] : llvm::enumerate(vars))
    if (exprs[i].text != values[var].text)
      line(values[var].text + " = " + exprs[i].text + ";");
  return success();
}

std::string FunctionEmitter::declareVar(Type type, StringRef hint, const Expr *init, Location loc,
                                        Value bindTo) {
  FailureOr<CType> t = cType(type, loc);
  if (failed(t))
    return "";
  std::string name = hint.empty() ? freshTemp() : declareName(hint);
  line(t->name + " " + name + (init ? " = " + init->text : std::string()) + ";");
  values[bindTo] = make(name, kPrimary, *t);
  return name;
}

LogicalResult FunctionEmitter::emitFor(Operation *op) {
  auto forOp = cast<scf::ForOp>(op);
  SmallVector<Expr> inits;
  for (Value init : forOp.getInitArgs()) {
    FailureOr<Expr> e = use(init);
    if (failed(e))
      return failure();
    inits.push_back(*e);
  }
  FailureOr<Expr> lb = use(forOp.getLowerBound());
  FailureOr<Expr> ub = use(forOp.getUpperBound());
  FailureOr<Expr> step = use(forOp.getStep());
  if (failed(lb) || failed(ub) || failed(step))
    return failure();
  // scf.for reads its bounds once; C++ re-reads them, so bind any that read
  // memory.
  for (auto [e, v] : {std::pair{&*ub, forOp.getUpperBound()}, std::pair{&*step, forOp.getStep()}}) {
    if (e->reads.empty() && !e->effects)
      continue;
    values[v] = *e;
    materialize(v);
    *e = values[v];
  }
  flushFor(op);
  // Loop-carried values live in variables declared before the loop.
  SmallVector<Value> carried(forOp.getRegionIterArgs());
  for (auto [i, arg] : llvm::enumerate(carried)) {
    if (declareVar(arg.getType(), "", &inits[i], op->getLoc(), arg).empty())
      return failure();
    values[forOp.getResult(i)] = values[arg];
  }
  Value iv = forOp.getInductionVar();
  FailureOr<CType> ivT = cType(iv.getType(), op->getLoc(), forOp.getUnsignedCmp());
  if (failed(ivT))
    return failure();
  pushScope();
  std::string name;
  auto lv = loopVars.find(op);
  if (lv != loopVars.end()) {
    auto var = lv->second->getAttrOfType<StringAttr>("kfix.var");
    name = declareName(var.getValue());
    memNames[lv->second->getResult(0)] = name;
  } else {
    name = "i";
    for (unsigned k = 1; reserved.contains(name) || visible(scopes, name); ++k)
      name = "i" + std::to_string(k);
    scopes.back().insert(name);
  }
  values[iv] = make(name, kPrimary, *ivT);
  Expr bound = asInt(*ub, ivT->bits, ivT->isUnsigned);
  locComment(op);
  line("for (" + ivT->name + " " + name + " = " + lb->text + "; " + name + " < " +
       parenthesize(bound, kRel + 1) + "; " + name + " += " + step->text + ") {");
  ++indent;
  LogicalResult r = emitBlock(*forOp.getBody(), [&](Operation *term) {
    return emitYieldAssign(carried, term->getOperands());
  });
  --indent;
  popScope();
  line("}");
  return r;
}

LogicalResult FunctionEmitter::emitWhile(Operation *op) {
  auto whileOp = cast<scf::WhileOp>(op);
  Block &before = whileOp.getBefore().front(), &after = whileOp.getAfter().front();
  scf::ConditionOp cond = whileOp.getConditionOp();
  Location loc = op->getLoc();
  SmallVector<Expr> inits;
  for (Value init : whileOp.getInits()) {
    FailureOr<Expr> e = use(init);
    if (failed(e))
      return failure();
    inits.push_back(*e);
  }
  flushFor(op);
  auto emitAfter = [&]() {
    return emitBlock(after, [&](Operation *term) {
      return emitYieldAssign(before.getArguments(), term->getOperands());
    });
  };
  // while (cond) { body } when the condition is an expression.
  if (inits.empty() && cond.getArgs().empty()) {
    FailureOr<std::optional<Expr>> c = tryInlineBlock(before, cond.getCondition());
    if (failed(c))
      return failure();
    if (*c) {
      locComment(op);
      line("while (" + (*c)->text + ") {");
      ++indent;
      pushScope();
      LogicalResult r = emitAfter();
      popScope();
      --indent;
      line("}");
      return r;
    }
  }
  // do { before } while (cond); when the after region is empty (the lifter's
  // form of a do-while loop) and the condition needs no name from the body.
  if (inits.empty() && cond.getArgs().empty() && after.getOperations().size() == 1 &&
      after.getNumArguments() == 0) {
    locComment(op);
    size_t header = body.size();
    line("do {");
    size_t headerEnd = body.size();
    ++indent;
    pushScope();
    std::optional<std::string> tail;
    LogicalResult r = emitBlock(before, [&](Operation *) -> LogicalResult {
      FailureOr<Expr> c = use(cond.getCondition());
      if (failed(c))
        return failure();
      flushAll();
      // Identifiers declared in the body are out of scope in the condition.
      bool bodyNames = false;
      StringRef text = c->text;
      for (size_t i = 0; i < text.size();) {
        if (!llvm::isAlpha(text[i]) && text[i] != '_') {
          ++i;
          continue;
        }
        size_t j = i;
        while (j < text.size() && (llvm::isAlnum(text[j]) || text[j] == '_'))
          ++j;
        bodyNames |= scopes.back().contains(text.slice(i, j));
        i = j;
      }
      if (!bodyNames) {
        tail = c->text;
        return success();
      }
      line("if (!" + parenthesize(*c, kUnary) + ")");
      line("  break;");
      return success();
    });
    popScope();
    --indent;
    if (failed(r))
      return failure();
    if (tail) {
      line("} while (" + *tail + ");");
    } else {
      body.replace(header, headerEnd - header, std::string(2 * indent, ' ') + "while (true) {\n");
      line("}");
    }
    return success();
  }
  // General form: while (true) { before; if (!cond) break; after }.
  for (auto [i, arg] : llvm::enumerate(before.getArguments()))
    if (declareVar(arg.getType(), "", &inits[i], loc, arg).empty())
      return failure();
  for (auto [i, arg] : llvm::enumerate(after.getArguments())) {
    if (declareVar(arg.getType(), "", nullptr, loc, arg).empty())
      return failure();
    values[whileOp.getResult(i)] = values[arg];
  }
  locComment(op);
  line("while (true) {");
  ++indent;
  pushScope();
  LogicalResult r = emitBlock(before, [&](Operation *) -> LogicalResult {
    if (failed(emitYieldAssign(after.getArguments(), cond.getArgs())))
      return failure();
    FailureOr<Expr> c = use(cond.getCondition());
    if (failed(c))
      return failure();
    flushAll();
    line("if (!" + parenthesize(*c, kUnary) + ")");
    line("  break;");
    return success();
  });
  if (succeeded(r))
    r = emitAfter();
  popScope();
  --indent;
  line("}");
  return r;
}

LogicalResult FunctionEmitter::emitIf(Operation *op) {
  auto ifOp = cast<scf::IfOp>(op);
  FailureOr<Expr> c = use(ifOp.getCondition());
  if (failed(c))
    return failure();
  flushFor(op);
  SmallVector<Value> vars;
  for (Value res : ifOp.getResults()) {
    if (declareVar(res.getType(), "", nullptr, op->getLoc(), res).empty())
      return failure();
    vars.push_back(res);
  }
  auto onYield = [&](Operation *term) { return emitYieldAssign(vars, term->getOperands()); };
  auto isEmpty = [&](Block *b) { return !b || (b->getOperations().size() == 1 && vars.empty()); };
  Block *thenB = ifOp.thenBlock(), *elseB = ifOp.elseBlock();
  bool negate = isEmpty(thenB) && !isEmpty(elseB);
  if (negate)
    std::swap(thenB, elseB);
  locComment(op);
  line("if (" + (negate ? "!" + parenthesize(*c, kUnary) : c->text) + ") {");
  ++indent;
  pushScope();
  LogicalResult r = emitBlock(*thenB, onYield);
  popScope();
  --indent;
  if (succeeded(r) && !isEmpty(elseB)) {
    // Emit the else block on its own to turn `else { if ... }` into `else if`.
    std::string saved;
    std::swap(saved, body);
    ++indent;
    pushScope();
    r = emitBlock(*elseB, onYield);
    popScope();
    --indent;
    std::string elseText;
    std::swap(elseText, body);
    body = std::move(saved);
    std::string pad(2 * indent + 2, ' ');
    SmallVector<StringRef> lines;
    StringRef(elseText).split(lines, '\n', -1, /*KeepEmpty=*/false);
    bool chain =
        !lines.empty() && lines.front().starts_with(pad + "if (") && lines.back() == pad + "}";
    for (StringRef l : lines)
      if (l.starts_with(pad) && l.size() > pad.size() && l[pad.size()] != ' ' &&
          !l.starts_with(pad + "if (") && !l.starts_with(pad + "} else") && l != pad + "}")
        chain = false;
    // Only one top-level `if` statement.
    if (chain &&
        llvm::count_if(lines, [&](StringRef l) { return l.starts_with(pad + "if ("); }) != 1)
      chain = false;
    if (chain) {
      body.append(2 * indent, ' ');
      body += "} else " + lines.front().drop_front(pad.size()).str() + "\n";
      for (StringRef l : ArrayRef(lines).drop_front(1).drop_back(1))
        body += l.drop_front(2).str() + "\n";
    } else {
      line("} else {");
      body += elseText;
    }
  }
  line("}");
  return r;
}
