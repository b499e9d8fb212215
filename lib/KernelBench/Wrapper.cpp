//===- Wrapper.cpp - interpret a load_inline host wrapper ------------------===//
//
// Runs the statements of a `torch::Tensor f(torch::Tensor x, ...)` wrapper over
// symbolic values: tensor shapes are lists of size expressions, integers are
// size expressions, and every `kernel<<<grid, block, smem>>>(args)` becomes a
// launch of the task. Anything else is an error naming the construct.
//
//===----------------------------------------------------------------------===//
#include "WrapperInterp.h"

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

void SourceText::appendAt(StringRef s, size_t off) {
  if (!fileOff.empty())
    fileOff.pop_back();
  text += s.str();
  fileOff.resize(text.size(), off);
  fileOff.push_back(off);
}

void SourceText::appendText(const SourceText &o) {
  if (!fileOff.empty())
    fileOff.pop_back();
  text += o.text;
  fileOff.insert(fileOff.end(), o.fileOff.begin(), o.fileOff.end());
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
    if (n == 0)
      continue;
    std::string body;
    for (StringRef part : llvm::split(line.substr(n), "\\\n"))
      body += part.str() + " ";
    if (n < line.size() && line[n] == '(') {
      // Function-like: NAME(a, b) body. Variadic ones are left alone.
      StringRef rest = StringRef(body).drop_front(1);
      size_t close = rest.find(')');
      if (close == StringRef::npos || rest.substr(0, close).contains("..."))
        continue;
      FnMacro fm;
      for (StringRef prm : llvm::split(rest.substr(0, close), ','))
        if (!prm.trim().empty())
          fm.params.push_back(prm.trim().str());
      fm.body = rest.substr(close + 1).trim().str();
      fnMacros[line.take_front(n)] = fm;
      continue;
    }
    macros[line.take_front(n)] = StringRef(body).trim().str();
  }
  // File-scope constants (`constexpr int WARP = 32;`, `static const int TILE = 16;`)
  // are read like object-like macros by the wrapper interpreter; also those in a
  // namespace (named or anonymous), whose braces open no scope the wrapper lacks.
  int depth = 0;
  std::vector<bool> braceIsNamespace;
  for (size_t i = 0; i < toks.size(); ++i) {
    const Tok &k = toks[i];
    if (k.kind == Tok::Punct && k.text == "{") {
      bool ns = (i >= 1 && toks[i - 1].text == "namespace") ||
                (i >= 2 && toks[i - 2].text == "namespace" && toks[i - 1].kind == Tok::Ident);
      braceIsNamespace.push_back(ns && depth == 0);
      if (!braceIsNamespace.back())
        ++depth;
    } else if (k.kind == Tok::Punct && k.text == "}") {
      bool ns = !braceIsNamespace.empty() && braceIsNamespace.back();
      if (!braceIsNamespace.empty())
        braceIsNamespace.pop_back();
      if (!ns)
        --depth;
    } else if (k.kind == Tok::Punct && (k.text == "(" || k.text == "["))
      ++depth;
    else if (k.kind == Tok::Punct && (k.text == ")" || k.text == "]"))
      --depth;
    if (depth != 0 || k.kind != Tok::Ident ||
        (k.text != "constexpr" && k.text != "const" && k.text != "static"))
      continue;
    if (i > 0 && toks[i - 1].kind == Tok::Ident) // mid-declaration
      continue;
    size_t q = i;
    bool isConst = false;
    while (q < toks.size() && toks[q].kind == Tok::Ident &&
           (toks[q].text == "constexpr" || toks[q].text == "const" ||
            toks[q].text == "static" || toks[q].text == "unsigned" ||
            toks[q].text == "long" || toks[q].text == "int" || toks[q].text == "int64_t" ||
            toks[q].text == "int32_t" || toks[q].text == "size_t" || toks[q].text == "float" ||
            toks[q].text == "double" || toks[q].text == "auto")) {
      isConst |= toks[q].text == "constexpr" || toks[q].text == "const";
      ++q;
    }
    if (!isConst || q + 2 >= toks.size() || toks[q].kind != Tok::Ident ||
        toks[q + 1].text != "=")
      continue;
    std::string name = toks[q].text;
    std::string body;
    size_t r = q + 2;
    int d = 0;
    for (; r < toks.size(); ++r) {
      const Tok &x = toks[r];
      if (x.kind == Tok::Punct && (x.text == "(" || x.text == "["))
        ++d;
      else if (x.kind == Tok::Punct && (x.text == ")" || x.text == "]"))
        --d;
      else if (x.kind == Tok::Punct && (x.text == ";" || x.text == "{") && d == 0)
        break;
      body += (body.empty() ? "" : " ") + x.text;
    }
    if (r < toks.size() && toks[r].text == ";" && !body.empty() && !macros.count(name))
      macros[name] = body;
    i = r;
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

using namespace kfix::kb::detail;

bool kfix::kb::runWrapper(TaskModel &task, const CudaUnit &unit, const cpp::Function &fn,
                          const std::vector<WVal> &args, std::vector<WVal> &rets,
                          std::string &error, const llvm::StringMap<int64_t> *symbolValues,
                          const std::vector<const CudaUnit *> &linked) {
  Interp in(task, unit, symbolValues);
  in.linked = linked;
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
    if (args[i].kind == WVal::None) {
      // None reaches a C++ `c10::optional<torch::Tensor>` / `std::optional<...>`
      // (pybind11 rejects it for a plain torch::Tensor).
      if (!tensorParam || !StringRef(p.type).contains("optional")) {
        error = unit.src.where(t[fn.nameTok].begin) + ": error: wrapper '" + fn.name +
                "' parameter '" + p.name + "' (" + p.type + ") gets None from "
                "ModelNew.forward, which only an optional tensor parameter accepts";
        return false;
      }
      in.vars[p.name] = args[i];
      continue;
    }
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
