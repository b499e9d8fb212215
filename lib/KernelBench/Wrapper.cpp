//===- Wrapper.cpp - interpret a load_inline host wrapper ------------------===//
//
// Runs the statements of a `torch::Tensor f(torch::Tensor x, ...)` wrapper over
// symbolic values: tensor shapes are lists of size expressions, integers are
// size expressions, and every `kernel<<<grid, block, smem>>>(args)` becomes a
// launch of the task. Anything else is an error naming the construct.
//
//===----------------------------------------------------------------------===//
#include "ImportState.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"

using namespace kfix;
using namespace kfix::kb;
using cpp::Tok;
using llvm::StringRef;

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

void SourceText::append(const py::StrPiece &p) {
  if (!fileOff.empty())
    fileOff.pop_back();
  text += p.value;
  fileOff.insert(fileOff.end(), p.srcOff.begin(), p.srcOff.end());
  if (fileOff.size() != text.size() + 1)
    fileOff.resize(text.size() + 1, p.bodyEnd);
}

void SourceText::appendSynthetic(StringRef s) {
  if (!fileOff.empty())
    fileOff.pop_back();
  text += s.str();
  fileOff.resize(text.size() + 1, StringRef::npos);
}

std::string SourceText::where(size_t at) const {
  size_t off = at < fileOff.size() ? fileOff[at] : StringRef::npos;
  if (off == StringRef::npos)
    off = fallback;
  return mod ? mod->where(off) : "<cuda source>";
}

bool TaskModel::nameTaken(StringRef n) const {
  for (const Buf &b : bufs)
    if (b.name == n)
      return true;
  for (const ScalarParam &s : scalars)
    if (s.name == n)
      return true;
  return false;
}

std::string TaskModel::uniqueName(const std::string &base) const {
  std::string b = base.empty() ? "t" : base;
  for (char &c : b)
    if (!llvm::isAlnum(c) && c != '_')
      c = '_';
  if (llvm::isDigit(b[0]))
    b = "t" + b;
  if (!nameTaken(b))
    return b;
  for (int i = 1;; ++i)
    if (!nameTaken(b + "_" + std::to_string(i)))
      return b + "_" + std::to_string(i);
}

const cpp::Function *CudaUnit::find(StringRef name) const {
  for (const cpp::Function &f : fns)
    if (f.name == name)
      return &f;
  return nullptr;
}

void CudaUnit::collectMacros() {
  for (const Tok &k : toks) {
    if (k.kind != Tok::PP)
      continue;
    StringRef line = StringRef(k.text).drop_front(1).ltrim();
    if (!line.consume_front("define"))
      continue;
    line = line.ltrim();
    size_t n = 0;
    while (n < line.size() && (llvm::isAlnum(line[n]) || line[n] == '_'))
      ++n;
    if (n == 0 || (n < line.size() && line[n] == '('))
      continue; // function-like macros are not expanded
    std::string body;
    for (StringRef part : llvm::split(line.substr(n), "\\\n"))
      body += part.str() + " ";
    macros[line.take_front(n)] = StringRef(body).trim().str();
  }
}

std::optional<DType> kfix::kb::dtypeOfCType(StringRef type) {
  std::string t;
  for (StringRef w : llvm::split(type, ' '))
    if (!w.empty() && w != "const" && w != "__restrict__" && w != "__restrict" &&
        w != "restrict" && w != "volatile" && w != "*" && w != "&" && w != "signed")
      t += (t.empty() ? "" : " ") + w.str();
  while (!t.empty() && (t.back() == '*' || t.back() == '&' || t.back() == ' '))
    t.pop_back();
  return llvm::StringSwitch<std::optional<DType>>(t)
      .Cases({"float", "torch::kFloat32", "torch::kFloat", "at::kFloat", "kFloat"}, DType::f32)
      .Cases({"double", "torch::kFloat64", "torch::kDouble", "at::kDouble", "kDouble"},
             DType::f64)
      .Cases({"half", "__half", "at::Half", "c10::Half", "torch::kHalf", "torch::kFloat16",
              "at::kHalf"},
             DType::f16)
      .Cases({"__nv_bfloat16", "at::BFloat16", "c10::BFloat16", "torch::kBFloat16",
              "at::kBFloat16"},
             DType::bf16)
      .Cases({"int", "int32_t", "torch::kInt32", "torch::kInt", "at::kInt", "kInt"},
             DType::i32)
      .Cases({"long", "long long", "int64_t", "long int", "torch::kInt64", "torch::kLong",
              "at::kLong", "kLong", "ptrdiff_t"},
             DType::i64)
      .Cases({"unsigned", "unsigned int", "uint32_t"}, DType::u32)
      .Cases({"size_t", "unsigned long", "uint64_t", "unsigned long long"}, DType::u64)
      .Cases({"short", "int16_t", "torch::kInt16"}, DType::i16)
      .Cases({"char", "int8_t", "torch::kInt8"}, DType::i8)
      .Cases({"unsigned char", "uint8_t", "torch::kUInt8", "torch::kByte", "at::kByte"},
             DType::u8)
      .Cases({"bool", "torch::kBool", "at::kBool"}, DType::boolean)
      .Default(std::nullopt);
}

StringRef kfix::kb::ctypeOf(DType t) {
  switch (t) {
  case DType::f64: return "double";
  case DType::f32: return "float";
  case DType::f16: return "half";
  case DType::bf16: return "__nv_bfloat16";
  case DType::i64: return "int64_t";
  case DType::i32: return "int";
  case DType::i16: return "int16_t";
  case DType::i8: return "int8_t";
  case DType::u64: return "uint64_t";
  case DType::u32: return "unsigned";
  case DType::u16: return "uint16_t";
  case DType::u8: return "uint8_t";
  case DType::boolean: return "bool";
  }
  return "float";
}

//===----------------------------------------------------------------------===//
// The interpreter
//===----------------------------------------------------------------------===//

namespace {
class Interp {
public:
  Interp(TaskModel &task, const CudaUnit &u) : task(task), u(u), t(u.toks) {}

  std::string error;
  std::vector<WVal> rets;
  bool returned = false;
  llvm::StringMap<WVal> vars;
  llvm::StringMap<std::string> typeAlias; ///< scalar_t -> float inside AT_DISPATCH

  bool fail(size_t at, const std::string &msg) {
    if (error.empty())
      error = u.src.where(at) + ": error: " + msg;
    return false;
  }
  std::optional<WVal> failV(size_t at, const std::string &msg) {
    fail(at, msg);
    return std::nullopt;
  }

  /// Executes tokens [b, e) as statements.
  bool execRange(size_t b, size_t e) {
    size_t p = b;
    while (p < e && !returned) {
      const Tok &k = t[p];
      if (k.kind == Tok::PP) { // #pragma and the like
        ++p;
        continue;
      }
      if (k.kind == Tok::Punct && k.text == ";") {
        ++p;
        continue;
      }
      if (k.kind == Tok::Punct && k.text == "{") {
        size_t m = cpp::matchBracket(t, p);
        if (m == StringRef::npos || m > e)
          return fail(k.begin, "unbalanced '{'");
        if (!execRange(p + 1, m))
          return false;
        p = m + 1;
        continue;
      }
      if (k.kind == Tok::Ident) {
        if (k.text == "if") {
          if (!execIf(p, e))
            return false;
          continue;
        }
        if (k.text == "for" || k.text == "while" || k.text == "do" || k.text == "switch" ||
            k.text == "goto" || k.text == "try")
          return fail(k.begin, "unsupported control flow '" + k.text +
                                   "' in the wrapper (the importer follows straight-line "
                                   "wrappers only)");
      }
      size_t se = stmtEnd(p, e);
      if (se == StringRef::npos)
        return fail(k.begin, "statement without ';'");
      if (!execStmt(p, se))
        return false;
      p = se + 1;
    }
    return true;
  }

private:
  TaskModel &task;
  const CudaUnit &u;
  const std::vector<Tok> &t;

  size_t stmtEnd(size_t p, size_t e) {
    int depth = 0;
    for (size_t q = p; q < e; ++q) {
      if (t[q].kind != Tok::Punct)
        continue;
      StringRef x = t[q].text;
      if (x == "(" || x == "[" || x == "{")
        ++depth;
      else if (x == ")" || x == "]" || x == "}")
        --depth;
      else if (x == ";" && depth == 0)
        return q;
    }
    return StringRef::npos;
  }

  static bool textHas(const std::vector<Tok> &t, size_t b, size_t e,
                      std::initializer_list<StringRef> words) {
    for (size_t q = b; q < e; ++q)
      for (StringRef w : words)
        if (t[q].text == w)
          return true;
    return false;
  }

  /// `if (cond) stmt [else stmt]`: only error checks are accepted (and skipped):
  /// conditions on cudaGetLastError()/cudaSuccess, or bodies that only report.
  bool execIf(size_t &p, size_t e) {
    size_t at = t[p].begin;
    size_t open = p + 1;
    size_t close = cpp::matchBracket(t, open);
    if (close == StringRef::npos || close >= e)
      return fail(at, "malformed 'if'");
    auto bodyEnd = [&](size_t b) -> size_t {
      if (t[b].text == "{")
        return cpp::matchBracket(t, b);
      return stmtEnd(b, e);
    };
    size_t b1 = close + 1, e1 = bodyEnd(b1);
    if (e1 == StringRef::npos)
      return fail(at, "malformed 'if'");
    size_t next = e1 + 1;
    size_t e2 = e1;
    if (next < e && t[next].text == "else") {
      e2 = bodyEnd(next + 1);
      if (e2 == StringRef::npos)
        return fail(at, "malformed 'else'");
      next = e2 + 1;
    }
    bool errorCheck =
        textHas(t, open, close, {"cudaSuccess", "cudaGetLastError", "cudaError_t", "err",
                                 "error", "status"}) ||
        (textHas(t, b1, e2 + 1,
                 {"throw", "TORCH_CHECK", "AT_ERROR", "printf", "fprintf", "cerr",
                  "std::cerr", "TORCH_CHECK_MSG", "abort", "exit"}) &&
         !textHas(t, b1, e2 + 1, {"<<<"}));
    if (!errorCheck)
      return fail(at, "unsupported control flow 'if' in the wrapper (only error checks are "
                      "skipped; the importer follows straight-line wrappers)");
    p = next;
    return true;
  }

  /// Parses an expression over [p, e) that must use all of it.
  cpp::ExprP parseAll(size_t p, size_t e) {
    std::string err;
    size_t errAt = 0;
    size_t q = p;
    cpp::ExprP x = cpp::parseExpr(t, q, e, err, errAt);
    if (!x) {
      fail(errAt, err);
      return nullptr;
    }
    if (q != e) {
      fail(t[q].begin, "unexpected '" + t[q].text + "'");
      return nullptr;
    }
    return x;
  }

  static bool isTypeWord(StringRef w) {
    return llvm::StringSwitch<bool>(w)
        .Cases({"const", "constexpr", "static", "volatile", "unsigned", "signed", "register"},
               true)
        .Default(false);
  }

  bool execStmt(size_t p, size_t e) {
    const Tok &k = t[p];
    if (k.kind == Tok::Ident && k.text == "return") {
      if (p + 1 == e) {
        returned = true;
        return true;
      }
      cpp::ExprP x = parseAll(p + 1, e);
      if (!x)
        return false;
      auto v = eval(*x);
      if (!v)
        return false;
      if (v->kind == WVal::List && x->kind == cpp::Expr::Braced) {
        for (const cpp::ExprP &kid : x->kids) {
          auto kv = eval(*kid);
          if (!kv)
            return false;
          rets.push_back(*kv);
        }
      } else if (v->kind == WVal::List && !v->list.empty() && v->buf == -2) {
        // make_tuple / vector of tensors: kept in `tensors` below.
        rets = tupleVals;
      } else {
        rets.push_back(*v);
      }
      returned = true;
      return true;
    }
    if (k.kind == Tok::Ident && k.text == "throw")
      return true;
    if (k.kind == Tok::Ident && (k.text == "using" || k.text == "typedef"))
      return fail(k.begin, "type aliases are not supported in the wrapper");
    // Kernel launch.
    size_t q = p;
    if (k.kind == Tok::Ident) {
      std::string name = k.text;
      ++q;
      while (q + 1 < e && t[q].text == "::" && t[q + 1].kind == Tok::Ident) {
        name += "::" + t[q + 1].text;
        q += 2;
      }
      std::string targs;
      if (q < e && t[q].text == "<") {
        int depth = 0;
        size_t r = q;
        for (; r < e; ++r) {
          if (t[r].text == "<")
            ++depth;
          else if (t[r].text == ">" && --depth == 0)
            break;
          else if (r != q) {
            std::string w = t[r].text;
            auto it = typeAlias.find(w);
            if (it != typeAlias.end())
              w = it->second;
            targs += (targs.empty() || t[r].kind != Tok::Ident ? "" : " ") + w;
          }
        }
        if (r < e && r + 1 < e && t[r + 1].text == "<<<") {
          q = r + 1;
          name += "<" + targs + ">";
        }
      }
      if (q < e && t[q].text == "<<<")
        return execLaunch(p, name, q, e);
    }
    // Declaration: [qualifiers] TYPE [*&]* NAME (= init | (args) | {args}) [, NAME ...]
    q = p;
    std::string type;
    while (q < e && t[q].kind == Tok::Ident && isTypeWord(t[q].text)) {
      if (t[q].text == "unsigned" || t[q].text == "signed")
        type += t[q].text + " ";
      ++q;
    }
    if (q < e && t[q].kind == Tok::Ident) {
      size_t typeStart = q;
      type += t[q].text;
      ++q;
      while (q + 1 < e && t[q].text == "::" && t[q + 1].kind == Tok::Ident) {
        type += "::" + t[q + 1].text;
        q += 2;
      }
      while (q + 1 < e && t[q].kind == Tok::Ident &&
             (t[q].text == "int" || t[q].text == "long" || t[q].text == "short" ||
              t[q].text == "char") &&
             t[q + 1].kind == Tok::Ident) {
        type += " " + t[q].text;
        ++q;
      }
      if (q < e && t[q].text == "<") { // std::vector<int64_t>
        int depth = 0;
        for (; q < e; ++q) {
          if (t[q].text == "<")
            ++depth;
          else if (t[q].text == ">" && --depth == 0)
            break;
        }
        ++q;
        type += "<>";
      }
      bool pointer = false;
      while (q < e && (t[q].text == "*" || t[q].text == "&" || t[q].text == "const" ||
                       t[q].text == "__restrict__")) {
        pointer |= t[q].text == "*";
        ++q;
      }
      if (q + 1 <= e && q < e && t[q].kind == Tok::Ident &&
          (q + 1 == e || t[q + 1].text == "=" || t[q + 1].text == "(" ||
           t[q + 1].text == "{" || t[q + 1].text == ",")) {
        (void)typeStart;
        return execDecl(type, pointer, q, e);
      }
    }
    // Assignment: NAME (= | op=) expr
    if (k.kind == Tok::Ident && p + 1 < e && t[p + 1].kind == Tok::Punct &&
        (t[p + 1].text == "=" || t[p + 1].text == "+=" || t[p + 1].text == "-=" ||
         t[p + 1].text == "*=" || t[p + 1].text == "/=")) {
      auto it = vars.find(k.text);
      if (it == vars.end())
        return fail(k.begin, "assignment to unknown variable '" + k.text + "'");
      cpp::ExprP x = parseAll(p + 2, e);
      if (!x)
        return false;
      auto v = eval(*x);
      if (!v)
        return false;
      if (t[p + 1].text != "=") {
        Sym::Kind op = t[p + 1].text == "+=" ? Sym::Add
                       : t[p + 1].text == "-=" ? Sym::Sub
                       : t[p + 1].text == "*=" ? Sym::Mul
                                               : Sym::Div;
        if (!isNum(it->second) || !isNum(*v))
          return fail(k.begin, "compound assignment on a non-number");
        WVal r = it->second;
        r.s = bin(op, r.s, v->s);
        v = r;
      }
      it->second = *v;
      return true;
    }
    // Expression statement.
    cpp::ExprP x = parseAll(p, e);
    if (!x)
      return false;
    if (x->kind == cpp::Expr::Call && x->kids[0]->kind == cpp::Expr::Ident) {
      StringRef fn = x->kids[0]->text;
      if (fn.starts_with("AT_DISPATCH"))
        return execDispatch(*x);
      if (fn == "TORCH_CHECK" || fn.starts_with("CHECK") || fn.starts_with("AT_ASSERT") ||
          fn.starts_with("C10_") || fn.starts_with("cuda") || fn.starts_with("AT_CUDA_CHECK") ||
          fn == "printf" || fn == "TORCH_INTERNAL_ASSERT" || fn.starts_with("gpuErrchk") ||
          fn.starts_with("CUDA_CHECK") || fn.starts_with("TORCH_WARN") ||
          fn.starts_with("at::cuda::") || fn.starts_with("c10::cuda::"))
        return true;
      return fail(x->at, "unsupported call '" + fn.str() + "' in the wrapper");
    }
    if (x->kind == cpp::Expr::Call && x->kids[0]->kind == cpp::Expr::Member) {
      StringRef m = x->kids[0]->text;
      if (m == "zero_" || m == "fill_")
        return fail(x->at, "in-place '" + m.str() +
                               "' in the wrapper is not supported (allocate with torch::zeros)");
    }
    return fail(x->at, "unsupported statement in the wrapper");
  }

  static bool isNum(const WVal &v) { return v.kind == WVal::Int || v.kind == WVal::Float; }

  bool execDecl(const std::string &type, bool pointer, size_t q, size_t e) {
    size_t bufsBefore = task.bufs.size();
    while (q < e) {
      std::string name = t[q].text;
      size_t at = t[q].begin;
      ++q;
      std::optional<WVal> v;
      size_t valueEnd = q;
      if (q < e && (t[q].text == "(" || t[q].text == "{")) {
        size_t m = cpp::matchBracket(t, q);
        if (m == StringRef::npos || m >= e)
          return fail(t[q].begin, "unbalanced brackets");
        std::vector<WVal> cargs;
        size_t r = q + 1;
        while (r < m) {
          size_t ae = r;
          int depth = 0;
          for (; ae < m; ++ae) {
            StringRef x = t[ae].text;
            if (x == "(" || x == "[" || x == "{")
              ++depth;
            else if (x == ")" || x == "]" || x == "}")
              --depth;
            else if (x == "," && depth == 0)
              break;
          }
          cpp::ExprP ax = parseAll(r, ae);
          if (!ax)
            return false;
          auto av = eval(*ax);
          if (!av)
            return false;
          cargs.push_back(*av);
          r = ae + 1;
        }
        valueEnd = m + 1;
        if (type == "dim3") {
          v = makeDim3(cargs, at);
          if (!v)
            return false;
        } else if (cargs.size() == 1) {
          v = cargs[0];
        } else if (type == "std::vector<>" || type == "at::IntArrayRef" ||
                   type == "c10::IntArrayRef") {
          WVal l;
          l.kind = WVal::List;
          for (const WVal &c : cargs) {
            if (c.kind != WVal::Int)
              return fail(at, "a list of non-integers");
            l.list.push_back(c.s);
          }
          v = l;
        } else {
          return fail(at, "cannot construct '" + type + "' from " +
                              std::to_string(cargs.size()) + " values");
        }
      } else if (q < e && t[q].text == "=") {
        size_t ve = q + 1;
        int depth = 0;
        for (; ve < e; ++ve) {
          StringRef x = t[ve].text;
          if (x == "(" || x == "[" || x == "{")
            ++depth;
          else if (x == ")" || x == "]" || x == "}")
            --depth;
          else if (x == "," && depth == 0)
            break;
        }
        cpp::ExprP x = parseAll(q + 1, ve);
        if (!x)
          return false;
        v = eval(*x);
        if (!v)
          return false;
        valueEnd = ve;
      } else {
        v = WVal(); // uninitialised declaration
      }
      auto conv = convert(*v, type, pointer, at);
      if (!conv)
        return false;
      // A tensor created by this declaration is named after its variable.
      if (conv->kind == WVal::Tensor && conv->buf >= int(bufsBefore) &&
          StringRef(task.bufs[conv->buf].name).starts_with("tmp")) {
        task.bufs[conv->buf].name.clear();
        task.bufs[conv->buf].name = task.uniqueName(name);
      }
      vars[name] = *conv;
      q = valueEnd;
      if (q < e && t[q].text == ",")
        ++q;
      else if (q < e)
        return fail(t[q].begin, "unexpected '" + t[q].text + "'");
    }
    return true;
  }

  std::optional<WVal> makeDim3(const std::vector<WVal> &cargs, size_t at) {
    if (cargs.empty() || cargs.size() > 3)
      return failV(at, "dim3 takes 1 to 3 values");
    if (cargs.size() == 1 && cargs[0].kind == WVal::Dim3)
      return cargs[0];
    WVal d;
    d.kind = WVal::Dim3;
    for (size_t i = 0; i < 3; ++i) {
      if (i >= cargs.size()) {
        d.list.push_back(lit(1));
        continue;
      }
      if (cargs[i].kind != WVal::Int)
        return failV(at, "dim3 takes integers");
      d.list.push_back(cargs[i].s);
    }
    return d;
  }

  std::optional<WVal> convert(const WVal &v, const std::string &rawType, bool pointer, size_t at) {
    std::string type = rawType;
    if (auto it = typeAlias.find(type); it != typeAlias.end())
      type = it->second;
    if (type == "auto" || type == "torch::Tensor" || type == "at::Tensor" || type == "Tensor" ||
        type == "torch::TensorOptions" || type == "at::TensorOptions" ||
        type == "std::vector<>" || type == "at::IntArrayRef" || type == "c10::IntArrayRef" ||
        type == "cudaStream_t" || type == "at::cuda::CUDAStream" || type == "c10::ScalarType" ||
        type == "at::ScalarType" || type == "torch::ScalarType" || type == "cudaError_t" ||
        type == "torch::Device" || type == "at::Device" || type == "c10::Device") {
      if ((type == "torch::Tensor" || type == "at::Tensor" || type == "Tensor") &&
          v.kind != WVal::Tensor)
        return failV(at, "a tensor variable initialised with something that is not a tensor");
      return v;
    }
    if (type == "dim3") {
      if (v.kind == WVal::Dim3)
        return v;
      if (v.kind == WVal::Int)
        return makeDim3({v}, at);
      return failV(at, "dim3 from something that is not an integer");
    }
    auto dt = dtypeOfCType(type);
    if (pointer) {
      if (v.kind != WVal::Ptr)
        return failV(at, "a pointer variable that does not hold a tensor's data_ptr");
      WVal r = v;
      if (dt && type != "void") {
        r.dt = *dt;
        r.dtKnown = true;
      }
      return r;
    }
    if (!dt)
      return failV(at, "unsupported type '" + rawType + "' in the wrapper");
    if (v.kind == WVal::None)
      return failV(at, "a variable without a value");
    if (!isNum(v))
      return failV(at, "a number variable initialised with something that is not a number");
    WVal r = v;
    if (isFloat(*dt)) {
      r.kind = WVal::Float;
    } else {
      if (v.kind == WVal::Float && v.s->isFloat())
        return failV(at, "float to integer conversion is not supported in the wrapper");
      r.kind = WVal::Int;
    }
    return r;
  }

  std::vector<WVal> tupleVals;
  int macroDepth = 0;

  std::optional<WVal> intVal(SymP s) {
    WVal v;
    v.kind = WVal::Int;
    v.s = s;
    return v;
  }

  const Buf &buf(int i) const { return task.bufs[i]; }

  /// Shape of a tensor value (a view's own shape when it has one).
  std::vector<SymP> shapeOf(const WVal &v) const {
    return v.list.empty() ? buf(v.buf).shape : v.list;
  }

  static SymP numel(const std::vector<SymP> &sh) {
    SymP n = lit(1);
    for (const SymP &d : sh)
      n = bin(Sym::Mul, n, d);
    return n;
  }

  std::optional<int64_t> dimIndex(const WVal &idx, size_t rank, size_t at) {
    auto c = constInt(idx.s);
    if (idx.kind != WVal::Int || !c)
      return failV(at, "a dimension index that is not a constant"), std::nullopt;
    int64_t d = *c < 0 ? *c + int64_t(rank) : *c;
    if (d < 0 || d >= int64_t(rank))
      return failV(at, "dimension " + std::to_string(*c) + " out of range for a tensor of rank " +
                           std::to_string(rank)),
             std::nullopt;
    return d;
  }

  std::optional<WVal> newTensor(std::vector<SymP> shape, const WVal *opts, int init,
                                size_t at, const std::string &hint, DType dt, bool dtKnown) {
    if (opts && (opts->kind == WVal::Options || opts->kind == WVal::DTypeV) && opts->dtKnown) {
      dt = opts->dt;
      dtKnown = true;
    }
    Buf b;
    b.origin = Buf::Created;
    b.name = task.uniqueName(hint.empty() ? "tmp" : hint);
    b.shape = std::move(shape);
    b.dtype = dt;
    b.dtypeKnown = dtKnown;
    b.init = init;
    b.where = u.src.where(at);
    task.bufs.push_back(b);
    WVal v;
    v.kind = WVal::Tensor;
    v.buf = int(task.bufs.size()) - 1;
    return v;
  }

  std::optional<std::vector<SymP>> sizeList(const WVal &v, size_t at) {
    if (v.kind == WVal::List)
      return v.list;
    if (v.kind == WVal::Int)
      return std::vector<SymP>{v.s};
    return failV(at, "expected a list of sizes"), std::nullopt;
  }

  std::optional<WVal> evalCall(const cpp::Expr &x, const std::string &hint) {
    const cpp::Expr &callee = *x.kids[0];
    if (callee.kind == cpp::Expr::Ident && callee.text == "sizeof") {
      std::string ty = x.kids[1]->text;
      if (auto it = typeAlias.find(ty); it != typeAlias.end())
        ty = it->second;
      int64_t size = llvm::StringSwitch<int64_t>(ty)
                         .Cases({"float2", "int2", "double"}, 8)
                         .Cases({"float4", "int4", "double2"}, 16)
                         .Default(0);
      if (!size)
        if (auto dt = dtypeOfCType(ty))
          size = int64_t(dtypeSize(*dt));
      if (!size)
        return failV(x.at, "sizeof(" + x.kids[1]->text + ") of a type the importer does not "
                           "know");
      return intVal(lit(size));
    }
    std::vector<WVal> args;
    for (size_t i = 1; i < x.kids.size(); ++i) {
      if (x.kids[i]->kind == cpp::Expr::Lambda) {
        WVal l;
        l.kind = WVal::Lambda;
        l.lambda = x.kids[i];
        args.push_back(l);
        continue;
      }
      auto a = eval(*x.kids[i]);
      if (!a)
        return std::nullopt;
      args.push_back(*a);
    }
    if (callee.kind == cpp::Expr::Member)
      return evalMethod(x, callee, args);
    if (callee.kind != cpp::Expr::Ident)
      return failV(x.at, "unsupported call");
    StringRef fn = callee.text;
    StringRef base = fn.rsplit("::").second.empty() ? fn : fn.rsplit("::").second;
    bool torchNs = fn.starts_with("torch::") || fn.starts_with("at::");
    if (torchNs && (base == "empty" || base == "zeros" || base == "ones")) {
      if (args.empty())
        return failV(x.at, fn.str() + " without sizes");
      auto sh = sizeList(args[0], x.at);
      if (!sh)
        return std::nullopt;
      return newTensor(*sh, args.size() > 1 ? &args[1] : nullptr,
                       base == "zeros" ? 1 : base == "ones" ? 2 : 0, x.at, hint, DType::f32,
                       false);
    }
    if (torchNs && (base == "empty_like" || base == "zeros_like" || base == "ones_like")) {
      if (args.empty() || args[0].kind != WVal::Tensor)
        return failV(x.at, fn.str() + " needs a tensor");
      const Buf &src = buf(args[0].buf);
      return newTensor(shapeOf(args[0]), args.size() > 1 ? &args[1] : nullptr,
                       base == "zeros_like" ? 1 : base == "ones_like" ? 2 : 0, x.at, hint,
                       src.dtype, src.dtypeKnown);
    }
    if (fn == "torch::TensorOptions" || fn == "at::TensorOptions") {
      WVal o;
      o.kind = WVal::Options;
      return o;
    }
    if (fn == "std::min" || fn == "std::max" || fn == "min" || fn == "max") {
      if (args.size() != 2 || !isNum(args[0]) || !isNum(args[1]))
        return failV(x.at, fn.str() + " of two numbers expected");
      WVal r = args[0];
      r.s = bin(base == "min" ? Sym::Min : Sym::Max, args[0].s, args[1].s);
      if (args[1].kind == WVal::Float)
        r.kind = WVal::Float;
      return r;
    }
    if (fn == "dim3")
      return makeDim3(args, x.at);
    if (fn == "std::make_tuple" || fn == "std::vector" || fn == "std::tuple") {
      tupleVals = args;
      WVal l;
      l.kind = WVal::List;
      l.buf = -2;
      l.list.push_back(lit(0));
      return l;
    }
    if (fn.starts_with("at::cuda::") || fn.starts_with("c10::cuda::") ||
        fn.starts_with("cuda")) {
      return WVal();
    }
    return failV(x.at, "unsupported call '" + fn.str() + "' in the wrapper");
  }

  std::optional<WVal> evalMethod(const cpp::Expr &x, const cpp::Expr &member,
                                 const std::vector<WVal> &args) {
    auto base = eval(*member.kids[0]);
    if (!base)
      return std::nullopt;
    StringRef m = member.text;
    if (base->kind == WVal::Options) {
      WVal o = *base;
      if (m == "dtype" && !args.empty() && args[0].kind == WVal::DTypeV) {
        o.dt = args[0].dt;
        o.dtKnown = true;
      }
      return o; // device(), layout(), requires_grad(): irrelevant here
    }
    if (base->kind == WVal::List) {
      if (m == "size")
        return intVal(lit(int64_t(base->list.size())));
      if (m == "vec")
        return base;
      return failV(x.at, "unsupported list method '" + m.str() + "'");
    }
    if (base->kind != WVal::Tensor)
      return failV(x.at, "method '" + m.str() + "' on something that is not a tensor");
    std::vector<SymP> sh = shapeOf(*base);
    const Buf &b = buf(base->buf);
    if (m == "size" || m == "stride") {
      if (args.size() != 1)
        return failV(x.at, m.str() + "() with an index expected");
      auto d = dimIndex(args[0], sh.size(), x.at);
      if (!d)
        return std::nullopt;
      if (m == "size")
        return intVal(sh[*d]);
      return intVal(numel(std::vector<SymP>(sh.begin() + *d + 1, sh.end())));
    }
    if (m == "sizes" || m == "shape") {
      WVal l;
      l.kind = WVal::List;
      l.list = sh;
      return l;
    }
    if (m == "numel")
      return intVal(numel(sh));
    if (m == "dim" || m == "ndimension")
      return intVal(lit(int64_t(sh.size())));
    if (m == "is_cuda" || m == "is_contiguous")
      return intVal(lit(1));
    if (m == "contiguous" || m == "cuda")
      return base;
    if (m == "options") {
      WVal o;
      o.kind = WVal::Options;
      o.dt = b.dtype;
      o.dtKnown = b.dtypeKnown;
      return o;
    }
    if (m == "scalar_type" || m == "dtype") {
      WVal d;
      d.kind = WVal::DTypeV;
      d.dt = b.dtype;
      d.dtKnown = true;
      return d;
    }
    if (m == "device" || m == "get_device")
      return WVal();
    if (m == "view" || m == "reshape") {
      std::vector<SymP> ns;
      if (args.size() == 1 && args[0].kind == WVal::List)
        ns = args[0].list;
      else
        for (const WVal &a : args) {
          if (a.kind != WVal::Int)
            return failV(x.at, m.str() + "() with sizes that are not integers");
          ns.push_back(a.s);
        }
      for (SymP &d : ns)
        if (auto c = constInt(d); c && *c == -1) {
          SymP known = lit(1);
          for (const SymP &o : ns)
            if (o != d)
              known = bin(Sym::Mul, known, o);
          d = bin(Sym::Div, numel(sh), known);
        }
      WVal r = *base;
      r.list = ns;
      return r;
    }
    if (m == "data_ptr" || m == "data" || m == "const_data_ptr" || m == "mutable_data_ptr") {
      WVal p;
      p.kind = WVal::Ptr;
      p.buf = base->buf;
      if (!member.targs.empty()) {
        std::string ty = member.targs;
        if (auto it = typeAlias.find(ty); it != typeAlias.end())
          ty = it->second;
        auto dt = dtypeOfCType(ty);
        if (!dt)
          return failV(x.at, "unsupported element type '" + member.targs + "'");
        p.dt = *dt;
        p.dtKnown = true;
      } else {
        p.dt = b.dtype;
        p.dtKnown = b.dtypeKnown;
      }
      return p;
    }
    return failV(x.at, "unsupported tensor method '" + m.str() +
                           "' in the wrapper (a torch op the task cannot express)");
  }

  std::optional<WVal> eval(const cpp::Expr &x, const std::string &hint = "") {
    switch (x.kind) {
    case cpp::Expr::Int:
      return intVal(lit(x.i));
    case cpp::Expr::Float: {
      WVal v;
      v.kind = WVal::Float;
      v.s = flit(x.f);
      return v;
    }
    case cpp::Expr::Str: {
      WVal v;
      return v;
    }
    case cpp::Expr::Ident: {
      auto it = vars.find(x.text);
      if (it != vars.end())
        return it->second;
      if (auto dt = dtypeOfCType(x.text)) {
        WVal d;
        d.kind = WVal::DTypeV;
        d.dt = *dt;
        d.dtKnown = true;
        return d;
      }
      if (auto m = u.macros.find(x.text); m != u.macros.end()) {
        if (++macroDepth > 16)
          return failV(x.at, "macro '" + x.text + "' expands into itself");
        std::string err;
        size_t errAt = 0;
        std::vector<Tok> mt = cpp::lex(m->second, err, errAt);
        size_t q = 0;
        cpp::ExprP me = err.empty() ? cpp::parseExpr(mt, q, mt.size() - 1, err, errAt)
                                    : nullptr;
        if (!me || q != mt.size() - 1)
          return failV(x.at, "macro '" + x.text + "' is not an expression the importer can "
                             "read");
        // The expansion's nodes carry offsets into the macro text: report at the use.
        std::function<void(cpp::Expr &)> relocate = [&](cpp::Expr &n) {
          n.at = x.at;
          for (cpp::ExprP &k : n.kids)
            relocate(*k);
        };
        relocate(*me);
        auto v = eval(*me);
        --macroDepth;
        return v;
      }
      if (x.text == "torch::kCUDA" || x.text == "at::kCUDA" || x.text == "nullptr" ||
          x.text == "NULL")
        return WVal();
      return failV(x.at, "unknown name '" + x.text + "' in the wrapper");
    }
    case cpp::Expr::Call:
      return evalCall(x, hint);
    case cpp::Expr::Member: {
      // A member without a call: x.sizes is not valid C++; treat as method.
      return failV(x.at, "member access '" + x.text + "' without a call is not supported");
    }
    case cpp::Expr::Index: {
      auto b = eval(*x.kids[0]);
      auto i = b ? eval(*x.kids[1]) : std::nullopt;
      if (!b || !i)
        return std::nullopt;
      if (b->kind != WVal::List)
        return failV(x.at, "indexing something that is not a size list");
      auto d = dimIndex(*i, b->list.size(), x.at);
      if (!d)
        return std::nullopt;
      return intVal(b->list[*d]);
    }
    case cpp::Expr::Unary: {
      auto a = eval(*x.kids[0]);
      if (!a)
        return std::nullopt;
      if (x.text == "+" && isNum(*a))
        return a;
      if (x.text == "-" && isNum(*a)) {
        WVal r = *a;
        r.s = neg(a->s);
        return r;
      }
      return failV(x.at, "unsupported operator '" + x.text + "' in the wrapper");
    }
    case cpp::Expr::Binary: {
      auto a = eval(*x.kids[0]);
      auto b = a ? eval(*x.kids[1]) : std::nullopt;
      if (!a || !b)
        return std::nullopt;
      Sym::Kind k;
      if (x.text == "+") k = Sym::Add;
      else if (x.text == "-") k = Sym::Sub;
      else if (x.text == "*") k = Sym::Mul;
      else if (x.text == "/") k = Sym::Div;
      else if (x.text == "%") k = Sym::Mod;
      else
        return failV(x.at, "unsupported operator '" + x.text + "' in the wrapper");
      if (!isNum(*a) || !isNum(*b))
        return failV(x.at, "arithmetic on something that is not a number");
      WVal r;
      r.kind = a->kind == WVal::Float || b->kind == WVal::Float ? WVal::Float : WVal::Int;
      r.s = bin(k, a->s, b->s);
      return r;
    }
    case cpp::Expr::Ternary: {
      // (a < b) ? a : b  ->  min / max
      const cpp::Expr &c = *x.kids[0];
      if (c.kind == cpp::Expr::Binary &&
          (c.text == "<" || c.text == ">" || c.text == "<=" || c.text == ">=")) {
        auto l = eval(*c.kids[0]), r = eval(*c.kids[1]);
        auto t1 = eval(*x.kids[1]), t2 = eval(*x.kids[2]);
        if (!l || !r || !t1 || !t2)
          return std::nullopt;
        if (isNum(*l) && isNum(*r) && isNum(*t1) && isNum(*t2)) {
          bool less = c.text[0] == '<';
          if (same(t1->s, l->s) && same(t2->s, r->s))
            return intVal(bin(less ? Sym::Min : Sym::Max, l->s, r->s));
          if (same(t1->s, r->s) && same(t2->s, l->s))
            return intVal(bin(less ? Sym::Max : Sym::Min, l->s, r->s));
        }
      }
      return failV(x.at, "unsupported conditional expression in the wrapper (only min/max "
                         "idioms are understood)");
    }
    case cpp::Expr::Cast: {
      auto a = eval(*x.kids[0]);
      if (!a)
        return std::nullopt;
      bool ptr = StringRef(x.text).contains('*');
      std::string ty = x.text;
      while (!ty.empty() && (ty.back() == '*' || ty.back() == ' '))
        ty.pop_back();
      if (ptr)
        return convert(*a, ty, true, x.at);
      return convert(*a, ty, false, x.at);
    }
    case cpp::Expr::Braced: {
      WVal l;
      l.kind = WVal::List;
      for (const cpp::ExprP &k : x.kids) {
        auto v = eval(*k);
        if (!v)
          return std::nullopt;
        if (v->kind == WVal::Int)
          l.list.push_back(v->s);
        else
          l.list.push_back(nullptr); // tensors in `return {a, b}`
      }
      return l;
    }
    case cpp::Expr::Lambda:
      return failV(x.at, "a lambda outside AT_DISPATCH is not supported");
    }
    return failV(x.at, "unsupported expression");
  }

  bool execDispatch(const cpp::Expr &call) {
    // AT_DISPATCH_*(TYPE, "name", [&] { ... })
    if (call.kids.size() < 4 || call.kids.back()->kind != cpp::Expr::Lambda)
      return fail(call.at, "unsupported " + call.kids[0]->text + " form");
    auto ty = eval(*call.kids[1]);
    if (!ty)
      return false;
    if (ty->kind != WVal::DTypeV)
      return fail(call.kids[1]->at, "the dispatch type is not a scalar type");
    typeAlias["scalar_t"] = ctypeOf(ty->dt).str();
    const cpp::Expr &l = *call.kids.back();
    return execRange(l.lambdaBody, l.lambdaEnd);
  }

  bool execLaunch(size_t p, const std::string &kernel, size_t open, size_t e) {
    size_t at = t[p].begin;
    // <<< config >>>
    size_t close = open + 1;
    int depth = 0;
    for (; close < e; ++close) {
      StringRef x = t[close].text;
      if (x == "(" || x == "[" || x == "{")
        ++depth;
      else if (x == ")" || x == "]" || x == "}")
        --depth;
      else if (x == ">>>" && depth == 0)
        break;
    }
    if (close >= e)
      return fail(at, "launch without '>>>'");
    std::vector<WVal> cfg;
    if (!evalList(open + 1, close, cfg))
      return false;
    if (cfg.size() < 2 || cfg.size() > 4)
      return fail(at, "a launch configuration takes 2 to 4 values");
    size_t ao = close + 1;
    if (ao >= e || t[ao].text != "(")
      return fail(at, "launch without arguments");
    size_t ac = cpp::matchBracket(t, ao);
    if (ac == StringRef::npos || ac + 1 != e)
      return fail(at, "malformed launch arguments");
    std::vector<WVal> args;
    if (!evalList(ao + 1, ac, args))
      return false;
    std::string base = kernel.substr(0, kernel.find('<'));
    const cpp::Function *kf = u.find(base);
    if (!kf || !kf->isGlobal)
      return fail(at, "launched kernel '" + base + "' is not a __global__ function of the "
                      "CUDA source");
    if (kf->params.size() != args.size())
      return fail(at, "kernel '" + base + "' takes " + std::to_string(kf->params.size()) +
                          " arguments, the launch passes " + std::to_string(args.size()));
    LaunchRec l;
    l.kernel = kernel;
    l.where = u.src.where(at);
    for (int w = 0; w < 2; ++w) {
      const WVal &c = cfg[w];
      SymP *dst = w == 0 ? l.grid : l.block;
      if (c.kind == WVal::Dim3) {
        for (int d = 0; d < 3; ++d)
          dst[d] = c.list[d];
      } else if (c.kind == WVal::Int) {
        dst[0] = c.s;
        dst[1] = dst[2] = lit(1);
      } else {
        return fail(at, std::string(w == 0 ? "grid" : "block") +
                            " is neither an integer nor a dim3");
      }
    }
    l.smem = lit(0);
    if (cfg.size() >= 3) {
      if (cfg[2].kind != WVal::Int)
        return fail(at, "dynamic shared memory size is not an integer");
      l.smem = cfg[2].s;
    }
    for (size_t i = 0; i < args.size(); ++i) {
      const cpp::Param &kp = kf->params[i];
      const WVal &a = args[i];
      if (kp.pointer) {
        if (a.kind != WVal::Ptr)
          return fail(at, "argument " + std::to_string(i + 1) + " ('" + kp.name +
                              "') of kernel '" + base +
                              "' is a pointer but the wrapper does not pass a tensor's "
                              "data_ptr");
        Buf &b = task.bufs[a.buf];
        std::string ty = kp.type;
        if (auto it = typeAlias.find(StringRef(ty).trim().str()); it != typeAlias.end())
          ty = it->second;
        auto kdt = dtypeOfCType(ty);
        for (auto &[alias, real] : typeAlias)
          if (StringRef(kp.type).contains(alias))
            kdt = dtypeOfCType(real);
        DType dt = a.dtKnown ? a.dt : kdt ? *kdt : b.dtype;
        if (b.dtypeKnown && b.dtype != dt && b.origin != Buf::Created)
          return fail(at, "argument '" + kp.name + "' reads '" + b.name + "' as " +
                              dtypeName(dt).str() + " but it holds " +
                              dtypeName(b.dtype).str());
        b.dtype = dt;
        b.dtypeKnown = true;
        if (!StringRef(kp.type).starts_with("const") && !StringRef(kp.type).contains(" const"))
          b.written = true;
        l.params.push_back(b.name);
        continue;
      }
      if (!isNum(a))
        return fail(at, "argument " + std::to_string(i + 1) + " ('" + kp.name +
                            "') of kernel '" + base + "' is neither a pointer nor a number");
      std::string ty = kp.type;
      for (auto &[alias, real] : typeAlias)
        if (StringRef(ty).contains(alias))
          ty = real;
      auto dt = dtypeOfCType(ty);
      if (!dt)
        return fail(at, "parameter '" + kp.name + "' of kernel '" + base +
                            "' has a type the task cannot express: '" + kp.type + "'");
      std::string pname = kp.name.empty() ? "arg" + std::to_string(i) : kp.name;
      std::string chosen;
      for (const ScalarParam &s : task.scalars)
        if ((s.name == pname || StringRef(s.name).starts_with(pname + "_")) &&
            s.dtype == *dt && print(s.value) == print(a.s))
          chosen = s.name;
      if (chosen.empty()) {
        ScalarParam s;
        s.name = task.uniqueName(pname);
        s.dtype = *dt;
        s.value = a.s;
        task.scalars.push_back(s);
        chosen = s.name;
      }
      l.params.push_back(chosen);
    }
    task.launches.push_back(std::move(l));
    return true;
  }

  bool evalList(size_t b, size_t e, std::vector<WVal> &out) {
    size_t r = b;
    while (r < e) {
      size_t ae = r;
      int depth = 0;
      for (; ae < e; ++ae) {
        StringRef x = t[ae].text;
        if (x == "(" || x == "[" || x == "{")
          ++depth;
        else if (x == ")" || x == "]" || x == "}")
          --depth;
        else if (x == "," && depth == 0)
          break;
      }
      cpp::ExprP ax = parseAll(r, ae);
      if (!ax)
        return false;
      auto v = eval(*ax);
      if (!v)
        return false;
      out.push_back(*v);
      r = ae + 1;
    }
    return true;
  }
};
} // namespace

bool kfix::kb::runWrapper(TaskModel &task, const CudaUnit &unit, const cpp::Function &fn,
                          const std::vector<WVal> &args, std::vector<WVal> &rets,
                          std::string &error) {
  Interp in(task, unit);
  const std::vector<Tok> &t = unit.toks;
  if (fn.params.size() != args.size()) {
    error = unit.src.where(t[fn.nameTok].begin) + ": error: wrapper '" + fn.name + "' takes " +
            std::to_string(fn.params.size()) + " arguments, ModelNew.forward passes " +
            std::to_string(args.size());
    return false;
  }
  for (size_t i = 0; i < args.size(); ++i) {
    const cpp::Param &p = fn.params[i];
    bool tensorParam = StringRef(p.type).contains("Tensor");
    if (tensorParam != (args[i].kind == WVal::Tensor)) {
      error = unit.src.where(t[fn.nameTok].begin) + ": error: wrapper '" + fn.name +
              "' parameter '" + p.name + "' (" + p.type + ") gets " +
              (args[i].kind == WVal::Tensor ? "a tensor" : "a number") +
              " from ModelNew.forward";
      return false;
    }
    WVal v = args[i];
    if (!tensorParam) {
      auto dt = dtypeOfCType(p.type);
      if (!dt) {
        error = unit.src.where(t[fn.nameTok].begin) + ": error: wrapper parameter '" + p.name +
                "' has an unsupported type '" + p.type + "'";
        return false;
      }
      v.kind = isFloat(*dt) ? WVal::Float : WVal::Int;
    }
    in.vars[p.name] = v;
  }
  if (!in.execRange(fn.bodyTok + 1, fn.bodyEndTok)) {
    error = in.error;
    return false;
  }
  rets = in.rets;
  return true;
}
