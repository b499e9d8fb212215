//===- ComposeSource.cpp - the CUDA text of a load_inline call -------------===//
//
// Follows `cuda_sources=` through string literals (every quoting), variables
// (module level, or local to the function that calls load_inline), `+`, lists,
// f-strings and `.format(...)`. Format fields are evaluated when their value is
// known at import time: module constants (numbers or strings), arithmetic on
// them, and `.format`'s keyword and positional arguments.
//
//===----------------------------------------------------------------------===//
#include "ImporterImpl.h"

#include "llvm/ADT/StringExtras.h"
#include <cmath>
#include <optional>
#include <cstdio>
#include <cstdlib>

using namespace kfix;
using namespace kfix::kb;
using namespace kfix::kb::detail;
using llvm::StringRef;

namespace {
/// Python's str() of a float: the shortest text that reads back the same.
std::string pyFloat(double v) {
  if (std::isnan(v))
    return "nan";
  if (std::isinf(v))
    return v < 0 ? "-inf" : "inf";
  char buf[64];
  for (int prec = 1; prec <= 17; ++prec) {
    std::snprintf(buf, sizeof(buf), "%.*g", prec, v);
    if (std::strtod(buf, nullptr) == v)
      break;
  }
  std::string s = buf;
  if (s.find_first_of(".en") == std::string::npos)
    s += ".0";
  return s;
}

/// The characters of `src` for which `keep` holds, each with its file offset.
SourceText keepChars(const SourceText &src, const std::vector<bool> &keep) {
  SourceText out;
  out.mod = src.mod;
  out.fallback = src.fallback;
  for (size_t i = 0; i < src.text.size(); ++i)
    if (keep[i]) {
      out.text += src.text[i];
      out.fileOff.push_back(i < src.fileOff.size() ? src.fileOff[i] : StringRef::npos);
    }
  out.fileOff.push_back(src.fileOff.empty() ? StringRef::npos : src.fileOff.back());
  return out;
}

/// textwrap.dedent: lines of blanks lose them; the longest run of leading blanks
/// common to the other lines is dropped from each of them.
SourceText dedentSource(const SourceText &src) {
  const std::string &t = src.text;
  std::vector<bool> keep(t.size(), true);
  std::optional<std::string> margin;
  for (size_t b = 0; b < t.size();) {
    size_t e = t.find('\n', b);
    if (e == std::string::npos)
      e = t.size();
    size_t ws = b;
    while (ws < e && (t[ws] == ' ' || t[ws] == '\t'))
      ++ws;
    if (ws == e) {
      for (size_t i = b; i < e; ++i)
        keep[i] = false;
    } else {
      std::string lead = t.substr(b, ws - b);
      if (!margin) {
        margin = lead;
      } else {
        size_t k = 0;
        while (k < margin->size() && k < lead.size() && (*margin)[k] == lead[k])
          ++k;
        margin->resize(k);
      }
    }
    b = e + 1;
  }
  if (margin && !margin->empty())
    for (size_t b = 0; b < t.size();) {
      size_t e = t.find('\n', b);
      if (e == std::string::npos)
        e = t.size();
      if (StringRef(t).slice(b, e).starts_with(*margin))
        for (size_t i = b; i < b + margin->size(); ++i)
          keep[i] = false;
      b = e + 1;
    }
  return keepChars(src, keep);
}

/// str.strip() / lstrip() / rstrip() without arguments.
SourceText stripSource(const SourceText &src, bool left, bool right) {
  const std::string &t = src.text;
  std::vector<bool> keep(t.size(), true);
  auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' ||
                                   c == '\f' || c == '\v'; };
  if (left)
    for (size_t i = 0; i < t.size() && blank(t[i]); ++i)
      keep[i] = false;
  if (right)
    for (size_t i = t.size(); i > 0 && blank(t[i - 1]); --i)
      keep[i - 1] = false;
  return keepChars(src, keep);
}
} // namespace

bool Importer::formatField(StringRef fullField, size_t at, const py::Expr *fmt,
                           unsigned &autoIndex, std::string &text) {
  StringRef field = fullField;
  // Messages quote at most one line of the field.
  std::string shown = fullField.split('\n').first.take_front(40).str();
  if (shown.size() < fullField.size())
    shown += "...";
  // field = expr[!conv][:spec]
  StringRef body = field, spec;
  size_t colon = StringRef::npos;
  int depth = 0;
  for (size_t i = 0; i < field.size(); ++i) {
    char c = field[i];
    if (c == '(' || c == '[')
      ++depth;
    else if (c == ')' || c == ']')
      --depth;
    else if (c == ':' && depth == 0) {
      colon = i;
      break;
    }
  }
  if (colon != StringRef::npos) {
    body = field.substr(0, colon);
    spec = field.substr(colon + 1);
  }
  if (size_t bang = body.rfind('!'); bang != StringRef::npos && bang + 2 == body.size() &&
                                     (body.back() == 'r' || body.back() == 's'))
    body = body.substr(0, bang);
  body = body.trim();

  const py::Expr *value = nullptr;
  if (fmt) {
    // .format(a, b, name=c): {} / {0} / {name}
    if (body.empty() || llvm::all_of(body, llvm::isDigit)) {
      unsigned idx = autoIndex++;
      if (!body.empty())
        body.getAsInteger(10, idx);
      if (idx + 1 < fmt->args.size())
        value = fmt->args[idx + 1].get();
    } else if (const py::Expr *kw = py::keyword(*fmt, body)) {
      value = kw;
    }
    if (!value) {
      d.error(cand.where(at), "format field '{" + shown + "}' has no argument in the "
                              ".format(...) call");
      return false;
    }
  } else {
    auto snippet = py::parseModule(cand.path, "__kfix_field = " + body.str() + "\n");
    if (!snippet || snippet->body.size() != 1 || !snippet->body[0].value) {
      if (!snippet)
        llvm::consumeError(snippet.takeError());
      d.error(cand.where(at), "cannot read the f-string field '{" + shown + "}'");
      return false;
    }
    snippets.push_back(std::make_unique<py::Module>(std::move(*snippet)));
    value = snippets.back()->body[0].value.get();
  }

  std::optional<std::string> str;
  double num = 0;
  bool isFloat = false;
  if (!formatValue(*value, at, "{" + shown + "}", str, num, isFloat))
    return false;
  if (str) {
    text = *str;
    return true;
  }
  std::optional<double> v = num;
  StringRef sp = spec.trim();
  if (sp.empty() || sp == "d" || sp == "g") {
    text = isFloat ? pyFloat(*v) : std::to_string((int64_t)*v);
    return true;
  }
  unsigned prec = 0;
  if (sp.consume_front(".") && sp.consume_back("f") && !sp.getAsInteger(10, prec)) {
    char buf[64];
    std::snprintf(buf, sizeof(buf), "%.*f", (int)prec, *v);
    text = buf;
    return true;
  }
  d.error(cand.where(at), "unsupported format spec ':" + spec.str() + "' in a CUDA source");
  return false;
}

bool Importer::formatValue(const py::Expr &value, size_t at, const std::string &shown,
                           std::optional<std::string> &str, double &num, bool &isFloat) {
  const py::Expr *rp = &cscope.resolve(value);
  if (value.kind == py::Expr::Name)
    if (auto it = srcLocals.find(value.text); it != srcLocals.end())
      rp = &cscope.resolve(*it->second);
  const py::Expr &r = *rp;
  if (r.kind == py::Expr::Str) {
    SourceText sub;
    if (!composeSource(r, sub, 1, nullptr))
      return false;
    str = sub.text;
    return true;
  }
  // A number: evaluate without making its names size symbols of the task.
  llvm::StringMap<int64_t> saved = cscope.symbolValues;
  std::string why;
  auto s = cscope.toSym(r, why);
  std::optional<double> v = s ? evalSym(*s, cscope.symbolValues) : std::nullopt;
  cscope.symbolValues = saved;
  if (!v) {
    d.error(cand.where(at), "the format field '" + shown + "' has no value known at "
                            "import time" + (why.empty() ? "" : " (" + why + ")"));
    return false;
  }
  num = *v;
  isFloat = (*s)->isFloat();
  return true;
}

bool Importer::percentFormat(const py::Expr &e, SourceText &out, int depth) {
  SourceText tmpl;
  tmpl.mod = out.mod;
  tmpl.fallback = out.fallback;
  if (!composeSource(*e.args[0], tmpl, depth + 1, nullptr))
    return false;
  // The values: a tuple (positional), a dict / dict(k=v) (named), else one value.
  auto local = [&](const py::Expr &x) -> const py::Expr & {
    if (x.kind == py::Expr::Name)
      if (auto it = srcLocals.find(x.text); it != srcLocals.end())
        return cscope.resolve(*it->second);
    return cscope.resolve(x);
  };
  const py::Expr &vals = local(*e.args[1]);
  std::vector<const py::Expr *> positional;
  std::vector<std::pair<std::string, const py::Expr *>> named;
  bool isMap = false;
  if (vals.kind == py::Expr::Tuple) {
    for (const py::ExprP &x : vals.args)
      positional.push_back(x.get());
  } else if (vals.kind == py::Expr::Dict) {
    isMap = true;
    for (size_t i = 0; i + 1 < vals.args.size(); i += 2) {
      if (vals.args[i]->kind != py::Expr::Str) {
        d.error(cand.where(vals.args[i]->loc), "a '%' format dict key that is not a string");
        return false;
      }
      named.push_back({vals.args[i]->str(), vals.args[i + 1].get()});
    }
  } else if (vals.kind == py::Expr::Call && py::dottedName(*vals.args[0]) == "dict" &&
             vals.args.size() == 1) {
    isMap = true;
    for (const auto &kv : vals.kwargs)
      named.push_back({kv.first, kv.second.get()});
  } else {
    positional.push_back(e.args[1].get());
  }
  const std::string &v = tmpl.text;
  auto off = [&](size_t i) {
    size_t o = i < tmpl.fileOff.size() ? tmpl.fileOff[i] : StringRef::npos;
    return o == StringRef::npos ? e.loc.offset : o;
  };
  size_t next = 0;
  for (size_t i = 0; i < v.size();) {
    if (v[i] != '%') {
      out.appendAt(StringRef(&v[i], 1),
                   i < tmpl.fileOff.size() ? tmpl.fileOff[i] : StringRef::npos);
      ++i;
      continue;
    }
    size_t at = off(i);
    if (i + 1 < v.size() && v[i + 1] == '%') {
      out.appendAt("%", at);
      i += 2;
      continue;
    }
    // %[(key)][flags][width][.precision][length]type
    size_t j = i + 1;
    std::string key;
    bool hasKey = false;
    if (j < v.size() && v[j] == '(') {
      size_t close = v.find(')', j);
      if (close == std::string::npos) {
        d.error(cand.where(at), "unterminated '%(' key in a '%'-formatted CUDA source");
        return false;
      }
      key = v.substr(j + 1, close - j - 1);
      hasKey = true;
      j = close + 1;
    }
    std::string flags, width, prec;
    while (j < v.size() && StringRef("-+ #0").contains(v[j]))
      flags += v[j++];
    while (j < v.size() && llvm::isDigit(v[j]))
      width += v[j++];
    if (j < v.size() && v[j] == '.') {
      prec = ".";
      ++j;
      while (j < v.size() && llvm::isDigit(v[j]))
        prec += v[j++];
    }
    while (j < v.size() && (v[j] == 'l' || v[j] == 'h' || v[j] == 'L'))
      ++j;
    char conv = j < v.size() ? v[j] : 0;
    std::string spec = v.substr(i, j + 1 - i);
    if (!conv || !StringRef("diusrfFeEgGxXo").contains(conv)) {
      d.error(cand.where(at), "unsupported '%' conversion '" + spec +
                                  "' in a '%'-formatted CUDA source (d, i, u, s, r, f, e, g, "
                                  "x, o and %% are understood)");
      return false;
    }
    const py::Expr *value = nullptr;
    if (hasKey != isMap) {
      d.error(cand.where(at), hasKey ? "'" + spec + "' needs a dict of values after '%'"
                                     : "'" + spec + "' without a key, but the values after "
                                       "'%' are a dict");
      return false;
    }
    if (hasKey) {
      for (const auto &kv : named)
        if (kv.first == key)
          value = kv.second;
      if (!value) {
        d.error(cand.where(at), "'%(" + key + ")' has no value in the dict after '%'");
        return false;
      }
    } else {
      if (next >= positional.size()) {
        d.error(cand.where(at), "'" + spec + "' has no value: not enough values after '%'");
        return false;
      }
      value = positional[next++];
    }
    std::optional<std::string> str;
    double num = 0;
    bool isFloat = false;
    if (!formatValue(*value, at, spec, str, num, isFloat))
      return false;
    std::string cfmt = "%" + flags + width + prec;
    char buf[128];
    std::string text;
    if (str || conv == 's' || conv == 'r') {
      std::string sv = str ? *str : isFloat ? pyFloat(num) : std::to_string((int64_t)num);
      if (str && conv == 'r')
        sv = "'" + sv + "'";
      text = sv;
      size_t w = 0;
      if (!StringRef(width).getAsInteger(10, w) && w > text.size())
        text = flags.find('-') != std::string::npos ? text + std::string(w - text.size(), ' ')
                                                    : std::string(w - text.size(), ' ') + text;
      if (str && conv != 's' && conv != 'r') {
        d.error(cand.where(at), "'" + spec + "' of a string in a '%'-formatted CUDA source");
        return false;
      }
    } else if (StringRef("diuxXo").contains(conv)) {
      char c = conv == 'i' || conv == 'u' ? 'd' : conv;
      std::snprintf(buf, sizeof(buf), (cfmt + "ll" + c).c_str(), (long long)num);
      text = buf;
    } else {
      std::snprintf(buf, sizeof(buf), (cfmt + conv).c_str(), num);
      text = buf;
    }
    out.appendAt(text, at);
    i = j + 1;
  }
  if (!isMap && next != positional.size()) {
    d.error(cand.where(e.args[1]->loc), "more values after '%' than fields in the CUDA "
                                        "source (not all arguments converted)");
    return false;
  }
  return true;
}

bool Importer::appendFormatted(const py::StrPiece &p, SourceText &out, const py::Expr *fmt) {
  if (!p.isFormat && !fmt) {
    out.append(p);
    return true;
  }
  const std::string &v = p.value;
  auto off = [&](size_t i) { return i < p.srcOff.size() ? p.srcOff[i] : p.bodyEnd; };
  unsigned autoIndex = 0;
  for (size_t i = 0; i < v.size();) {
    char c = v[i];
    if ((c == '{' || c == '}') && i + 1 < v.size() && v[i + 1] == c) {
      out.appendAt(StringRef(&v[i], 1), off(i));
      i += 2;
      continue;
    }
    if (c == '}') {
      d.error(cand.where(off(i)), "single '}' in a format string");
      return false;
    }
    if (c != '{') {
      size_t j = v.find_first_of("{}", i);
      if (j == std::string::npos)
        j = v.size();
      for (size_t k = i; k < j; ++k)
        out.appendAt(StringRef(&v[k], 1), off(k));
      i = j;
      continue;
    }
    // {field}, with nested brackets in the expression
    size_t j = i + 1;
    int depth = 0;
    while (j < v.size() && !(v[j] == '}' && depth == 0)) {
      if (v[j] == '{' || v[j] == '(' || v[j] == '[')
        ++depth;
      else if (v[j] == ')' || v[j] == ']' || v[j] == '}')
        --depth;
      ++j;
    }
    if (j >= v.size()) {
      d.error(cand.where(off(i)), "unterminated format field in a CUDA source");
      return false;
    }
    std::string text;
    if (!formatField(StringRef(v).slice(i + 1, j), off(i), fmt, autoIndex, text))
      return false;
    out.appendAt(text, off(i));
    i = j + 1;
  }
  return true;
}

bool Importer::composeSource(const py::Expr &e, SourceText &out, int depth,
                             const py::Expr *fmt) {
  if (depth > 20) {
    d.error(cand.where(e.loc), "source strings refer to each other in a cycle");
    return false;
  }
  switch (e.kind) {
  case py::Expr::Str:
    for (const py::StrPiece &p : e.pieces)
      if (!appendFormatted(p, out, fmt))
        return false;
    return true;
  case py::Expr::Name: {
    if (auto it = srcLocals.find(e.text); it != srcLocals.end() && it->second != &e)
      return composeSource(*it->second, out, depth + 1, fmt);
    auto it = cscope.consts.find(e.text);
    if (it == cscope.consts.end()) {
      d.error(cand.where(e.loc), "source string '" + e.text + "' is neither a module-level "
                                 "variable nor a local of the function calling load_inline");
      return false;
    }
    return composeSource(*it->second, out, depth + 1, fmt);
  }
  case py::Expr::BinOp:
    if (e.text == "+")
      return composeSource(*e.args[0], out, depth + 1, fmt) &&
             composeSource(*e.args[1], out, depth + 1, fmt);
    if (e.text == "%")
      return percentFormat(e, out, depth);
    break;
  case py::Expr::List:
  case py::Expr::Tuple:
    for (size_t i = 0; i < e.args.size(); ++i) {
      if (i)
        out.appendSynthetic("\n");
      if (!composeSource(*e.args[i], out, depth + 1, fmt))
        return false;
    }
    return true;
  case py::Expr::Call: {
    // TEMPLATE.format(...): fields of the template's literals are replaced.
    const py::Expr &callee = *e.args[0];
    std::string fn = py::dottedName(callee);
    // textwrap.dedent(SRC) / dedent(SRC): the common indentation is dropped.
    if ((fn == "textwrap.dedent" || fn == "dedent") && e.args.size() == 2 &&
        e.kwargs.empty()) {
      SourceText sub;
      sub.mod = out.mod;
      sub.fallback = out.fallback;
      if (!composeSource(*e.args[1], sub, depth + 1, fmt))
        return false;
      out.appendText(dedentSource(sub));
      return true;
    }
    if (callee.kind == py::Expr::Attr && !callee.args.empty() && e.kwargs.empty()) {
      StringRef m = callee.text;
      // SRC.strip() / .lstrip() / .rstrip() (whitespace only).
      if ((m == "strip" || m == "lstrip" || m == "rstrip") && e.args.size() == 1) {
        SourceText sub;
        sub.mod = out.mod;
        sub.fallback = out.fallback;
        if (!composeSource(*callee.args[0], sub, depth + 1, fmt))
          return false;
        out.appendText(stripSource(sub, m != "rstrip", m != "lstrip"));
        return true;
      }
      // SRC.replace(OLD, NEW[, COUNT]): OLD and NEW strings known at import time,
      // also str(N) / a number; the new text is reported at the replaced text.
      if (m == "replace" && (e.args.size() == 3 || e.args.size() == 4)) {
        SourceText sub;
        sub.mod = out.mod;
        sub.fallback = out.fallback;
        if (!composeSource(*callee.args[0], sub, depth + 1, fmt))
          return false;
        std::string texts[2];
        for (int k = 0; k < 2; ++k) {
          const py::Expr *a = e.args[k + 1].get();
          bool viaStr = false;
          if (a->kind == py::Expr::Call && a->args.size() == 2 && a->kwargs.empty() &&
              py::dottedName(*a->args[0]) == "str") {
            a = a->args[1].get();
            viaStr = true;
          }
          std::optional<std::string> str;
          double num = 0;
          bool isFloat = false;
          if (!formatValue(*a, a->loc.offset, "replace argument", str, num, isFloat))
            return false;
          if (!str && !viaStr) {
            d.error(cand.where(a->loc), "str.replace of a number (str(...) is understood)");
            return false;
          }
          texts[k] = str ? *str : isFloat ? pyFloat(num) : std::to_string((int64_t)num);
        }
        int64_t count = -1;
        if (e.args.size() == 4) {
          std::optional<std::string> str;
          double num = 0;
          bool isFloat = false;
          if (!formatValue(*e.args[3], e.args[3]->loc.offset, "replace count", str, num,
                           isFloat))
            return false;
          if (str || isFloat) {
            d.error(cand.where(e.args[3]->loc), "the count of str.replace is not an integer");
            return false;
          }
          count = int64_t(num);
        }
        if (texts[0].empty()) {
          d.error(cand.where(e.args[1]->loc), "str.replace of an empty string in a CUDA source "
                                              "is not understood");
          return false;
        }
        SourceText r;
        r.mod = out.mod;
        r.fallback = out.fallback;
        size_t i = 0;
        for (; count != 0;) {
          size_t j = sub.text.find(texts[0], i);
          if (j == std::string::npos)
            break;
          for (size_t k = i; k < j; ++k)
            r.appendAt(StringRef(&sub.text[k], 1), sub.fileOff[k]);
          size_t at = sub.fileOff[j];
          r.appendAt(texts[1], at == StringRef::npos ? out.fallback : at);
          i = j + texts[0].size();
          if (count > 0)
            --count;
        }
        for (size_t k = i; k < sub.text.size(); ++k)
          r.appendAt(StringRef(&sub.text[k], 1), sub.fileOff[k]);
        out.appendText(r);
        return true;
      }
      // "SEP".join([A, B, ...]): the items with the separator between them.
      if (m == "join" && e.args.size() == 2) {
        auto local = [&](const py::Expr &x) -> const py::Expr & {
          if (x.kind == py::Expr::Name)
            if (auto it = srcLocals.find(x.text); it != srcLocals.end())
              return *it->second;
          return cscope.resolve(x);
        };
        const py::Expr &sep = local(*callee.args[0]);
        const py::Expr &seq = local(*e.args[1]);
        if (sep.kind == py::Expr::Str &&
            (seq.kind == py::Expr::List || seq.kind == py::Expr::Tuple)) {
          for (size_t i = 0; i < seq.args.size(); ++i) {
            if (i && !composeSource(sep, out, depth + 1, nullptr))
              return false;
            if (!composeSource(*seq.args[i], out, depth + 1, fmt))
              return false;
          }
          return true;
        }
      }
    }
    if (callee.kind == py::Expr::Attr && callee.text == "format" && !callee.args.empty()) {
      for (size_t i = 1; i < e.args.size(); ++i)
        if (e.args[i]->kind == py::Expr::Opaque) {
          d.error(cand.where(e.args[i]->loc), "cannot read " + e.args[i]->text +
                                                  " of .format(...) in a CUDA source");
          return false;
        }
      return composeSource(*callee.args[0], out, depth + 1, &e);
    }
    break;
  }
  default:
    break;
  }
  d.error(cand.where(e.loc), "cannot read this as CUDA source text (string literals, string "
                             "variables, '+', lists, f-strings, .format, '%' formatting, \"sep\".join, "
                             "textwrap.dedent, .strip and .replace are understood)");
  return false;
}
