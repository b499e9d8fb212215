//===- Export.cpp - splice repaired kernels back into a candidate module ---===//
//
// The candidate's CUDA strings are found as the importer finds them (the
// cuda_sources of every load_inline call). Each __global__ / __device__
// function that the repaired .cu defines replaces the function of the same name
// in those strings; the replacement is encoded for the literal it lands in (raw
// or not, triple-quoted or not), so that everything else in the file keeps its
// bytes. Functions the candidate did not have are inserted before the first
// replaced one.
//
//===----------------------------------------------------------------------===//
#include "ImportState.h"
#include "kfix/KernelBench/KernelBench.h"
#include "kfix/Runtime/Npy.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include <functional>
#include <set>

using namespace kfix;
using namespace kfix::kb;
using llvm::StringRef;

static llvm::Error fail(const llvm::Twine &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
}

namespace {
struct Composer {
  const py::Module &m;
  llvm::StringMap<const py::Expr *> consts;
  std::string error;
  /// Literals whose braces are format syntax (`.format` templates; f-strings say
  /// so themselves): text spliced into them doubles its braces.
  std::set<const py::StrPiece *> formatPieces;
  /// Literals that are templates of `%` formatting: `%` is written `%%`.
  std::set<const py::StrPiece *> percentPieces;
  explicit Composer(const py::Module &m) : m(m) {
    for (const py::Stmt &s : m.body)
      if (s.kind == py::Stmt::Assign && s.value)
        for (const py::ExprP &t : s.targets)
          if (t->kind == py::Expr::Name)
            consts[t->text] = s.value.get();
    // Locals of functions (sources built in __init__), where no module-level
    // variable has the name.
    std::function<void(const py::Block &)> locals = [&](const py::Block &b) {
      for (const py::Stmt &s : b) {
        if (s.kind == py::Stmt::Assign && s.value)
          for (const py::ExprP &t : s.targets)
            if (t->kind == py::Expr::Name)
              consts.try_emplace(t->text, s.value.get());
        locals(s.body);
      }
    };
    for (const py::Stmt &s : m.body)
      locals(s.body);
  }
  bool compose(const py::Expr &e, SourceText &out, std::vector<const py::StrPiece *> &pieces,
               int depth, bool format = false, bool percent = false) {
    if (depth > 20)
      return false;
    switch (e.kind) {
    case py::Expr::Str:
      for (const py::StrPiece &p : e.pieces) {
        out.append(p);
        pieces.push_back(&p);
        if (format || p.isFormat)
          formatPieces.insert(&p);
        if (percent)
          percentPieces.insert(&p);
      }
      return true;
    case py::Expr::Name: {
      auto it = consts.find(e.text);
      return it != consts.end() && compose(*it->second, out, pieces, depth + 1, format, percent);
    }
    case py::Expr::BinOp:
      if (e.text == "%") // TEMPLATE % values
        return compose(*e.args[0], out, pieces, depth + 1, format, true);
      return e.text == "+" && compose(*e.args[0], out, pieces, depth + 1, format, percent) &&
             compose(*e.args[1], out, pieces, depth + 1, format, percent);
    case py::Expr::List:
    case py::Expr::Tuple:
      for (size_t i = 0; i < e.args.size(); ++i) {
        if (i)
          out.appendSynthetic("\n");
        if (!compose(*e.args[i], out, pieces, depth + 1, format, percent))
          return false;
      }
      return true;
    case py::Expr::Call: { // TEMPLATE.format(...), dedent(S), S.strip(), "SEP".join([...])
      const py::Expr &callee = *e.args[0];
      std::string fn = py::dottedName(callee);
      // Dropping indentation or outer blanks moves no function: its file offsets
      // are those of the literal either way.
      if ((fn == "textwrap.dedent" || fn == "dedent") && e.args.size() == 2)
        return compose(*e.args[1], out, pieces, depth + 1, format, percent);
      if (callee.kind != py::Expr::Attr || callee.args.empty())
        return false;
      StringRef m = callee.text;
      if (m == "strip" || m == "lstrip" || m == "rstrip")
        return e.args.size() == 1 && compose(*callee.args[0], out, pieces, depth + 1, format, percent);
      if (m == "join" && e.args.size() == 2) {
        const py::Expr *sep = callee.args[0].get(), *seq = e.args[1].get();
        if (sep->kind == py::Expr::Name)
          if (auto it = consts.find(sep->text); it != consts.end())
            sep = it->second;
        if (seq->kind == py::Expr::Name)
          if (auto it = consts.find(seq->text); it != consts.end())
            seq = it->second;
        if (sep->kind != py::Expr::Str ||
            (seq->kind != py::Expr::List && seq->kind != py::Expr::Tuple))
          return false;
        for (size_t i = 0; i < seq->args.size(); ++i) {
          if (i)
            out.appendSynthetic(sep->str());
          if (!compose(*seq->args[i], out, pieces, depth + 1, format, percent))
            return false;
        }
        return true;
      }
      return m == "format" && compose(*callee.args[0], out, pieces, depth + 1, true, percent);
    }
    default:
      return false;
    }
  }
};

void findLoadInline(const py::Block &b, std::vector<const py::Expr *> &out) {
  std::function<void(const py::Expr &)> visit = [&](const py::Expr &e) {
    if (e.kind == py::Expr::Call && StringRef(py::dottedName(*e.args[0])).ends_with("load_inline"))
      out.push_back(&e);
    for (const py::ExprP &k : e.args)
      if (k)
        visit(*k);
  };
  for (const py::Stmt &s : b) {
    if (s.value)
      visit(*s.value);
    findLoadInline(s.body, out);
    for (const py::Stmt &c : s.clauses)
      findLoadInline(c.body, out);
  }
}

/// Encodes `text` for the inside of literal `p`; empty optional when it cannot.
std::optional<std::string> encodeFor(const py::StrPiece &p, StringRef rawText, bool format,
                                     bool percent) {
  std::string braced;
  if (format || percent) { // `{` is written `{{` in a format template, `%` `%%` in a
                           // `%` template
    for (char c : rawText) {
      braced += c;
      if ((format && (c == '{' || c == '}')) || (percent && c == '%'))
        braced += c;
    }
    rawText = braced;
  }
  StringRef text = rawText;
  std::string q = p.triple ? std::string(3, p.quote) : std::string(1, p.quote);
  if (p.raw) {
    if (StringRef(text).contains(q) || (!p.triple && StringRef(text).contains('\n')))
      return std::nullopt;
    return text.str();
  }
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    // In a triple-quoted literal a quote needs escaping only where it could start
    // the closing run (before another quote, or last).
    bool closes = !p.triple || i + 1 == text.size() || text[i + 1] == p.quote;
    if (c == '\\')
      out += "\\\\";
    else if (c == p.quote && closes)
      out += std::string("\\") + c;
    else if (c == '\n' && !p.triple)
      out += "\\n";
    else
      out += c;
  }
  return out;
}

/// Indents the lines after the first of `text` with the blanks that precede
/// offset `at` on its line in `file` (a source indented in its literal, read
/// through textwrap.dedent, keeps its look); `trailing`: also after a final
/// newline (text inserted before other code).
std::string indentLike(StringRef file, size_t at, StringRef text, bool trailing) {
  size_t lineStart = file.rfind('\n', at == 0 ? 0 : at - 1);
  lineStart = lineStart == StringRef::npos || at == 0 ? 0 : lineStart + 1;
  StringRef prefix = file.slice(lineStart, at);
  if (prefix.empty() || prefix.find_first_not_of(" \t") != StringRef::npos)
    return text.str();
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    out += text[i];
    if (text[i] == '\n' &&
        (i + 1 < text.size() ? text[i + 1] != '\n' : trailing))
      out += prefix.str();
  }
  return out;
}

struct Edit {
  size_t begin, end;
  std::string text;
};
} // namespace

llvm::Error kfix::exportKernelBench(StringRef candidate, StringRef repaired, StringRef outPath,
                                    std::vector<std::string> &replaced) {
  if (outPath == candidate || llvm::sys::fs::equivalent(candidate, outPath))
    return fail(outPath + ": refusing to overwrite the candidate; write the repaired module "
                          "elsewhere");
  auto cb = llvm::MemoryBuffer::getFile(candidate, /*IsText=*/true);
  if (!cb)
    return fail(candidate + ": cannot read: " + cb.getError().message());
  auto rb = llvm::MemoryBuffer::getFile(repaired, /*IsText=*/true);
  if (!rb)
    return fail(repaired + ": cannot read: " + rb.getError().message());
  auto mod = py::parseModule(candidate, (*cb)->getBuffer().str());
  if (!mod)
    return mod.takeError();

  // The repaired functions.
  std::string rsrc = (*rb)->getBuffer().str();
  std::string lexErr;
  size_t lexAt = 0;
  std::vector<cpp::Tok> rtoks = cpp::lex(rsrc, lexErr, lexAt);
  if (!lexErr.empty())
    return fail(repaired + ": error at offset " + llvm::Twine(lexAt) + ": " + lexErr);
  std::vector<cpp::Function> rfns;
  for (const cpp::Function &f : cpp::findFunctions(rtoks))
    if ((f.isGlobal || f.isDevice) && !f.usesTorch)
      rfns.push_back(f);
  if (rfns.empty())
    return fail(repaired + ": defines no __global__ or __device__ function");

  // The candidate's CUDA strings.
  std::vector<const py::Expr *> calls;
  findLoadInline(mod->body, calls);
  if (calls.empty())
    return fail(candidate + ": no load_inline(...) call");
  Composer comp(*mod);
  struct Unit {
    SourceText src;
    std::vector<const py::StrPiece *> pieces;
    std::vector<cpp::Tok> toks;
    std::vector<cpp::Function> fns;
  };
  std::vector<Unit> units;
  for (const py::Expr *c : calls) {
    const py::Expr *cuda = py::keyword(*c, "cuda_sources");
    if (!cuda && c->args.size() > 3)
      cuda = c->args[3].get();
    if (!cuda)
      continue;
    Unit u;
    u.src.mod = &*mod;
    if (!comp.compose(*cuda, u.src, u.pieces, 0))
      return fail(mod->where(cuda->loc) + ": error: cannot read cuda_sources as string "
                                          "literals");
    u.toks = cpp::lex(u.src.text, lexErr, lexAt);
    if (!lexErr.empty())
      return fail(u.src.where(lexAt) + ": error: " + lexErr);
    u.fns = cpp::findFunctions(u.toks);
    units.push_back(std::move(u));
  }

  auto pieceOf = [&](const Unit &u, size_t fileOffset) -> const py::StrPiece * {
    for (const py::StrPiece *p : u.pieces)
      if (fileOffset >= p->bodyBegin && fileOffset <= p->bodyEnd)
        return p;
    return nullptr;
  };
  std::vector<Edit> edits;
  std::vector<const cpp::Function *> added;
  size_t firstAt = StringRef::npos;
  const py::StrPiece *firstPiece = nullptr;
  for (const cpp::Function &rf : rfns) {
    std::string text = rsrc.substr(rf.declBegin, rf.end - rf.declBegin);
    bool found = false;
    for (const Unit &u : units) {
      for (const cpp::Function &cf : u.fns) {
        if (cf.name != rf.name || cf.isGlobal != rf.isGlobal)
          continue;
        size_t fb = u.src.fileOff[cf.declBegin], fe = u.src.fileOff[cf.end - 1];
        const py::StrPiece *p = pieceOf(u, fb);
        if (fb == StringRef::npos || fe == StringRef::npos || !p || pieceOf(u, fe) != p)
          return fail(u.src.where(cf.declBegin) + ": error: kernel '" + cf.name +
                      "' spans several string literals; cannot splice it");
        auto enc = encodeFor(*p, indentLike(mod->text, fb, text, false),
                             comp.formatPieces.count(p) != 0, comp.percentPieces.count(p) != 0);
        if (!enc)
          return fail(u.src.where(cf.declBegin) + ": error: the repaired '" + cf.name +
                      "' contains the closing quotes of its raw string literal");
        edits.push_back({fb, fe + 1, *enc});
        replaced.push_back(cf.name);
        if (fb < firstAt) {
          firstAt = fb;
          firstPiece = p;
        }
        found = true;
        break;
      }
      if (found)
        break;
    }
    if (!found)
      added.push_back(&rf);
  }
  if (edits.empty())
    return fail(repaired + ": none of its functions (" + rfns.front().name +
                (rfns.size() > 1 ? ", ..." : "") + ") is defined in the candidate's CUDA "
                                                   "source");
  if (!added.empty()) {
    std::string text;
    for (const cpp::Function *f : added) {
      text += rsrc.substr(f->declBegin, f->end - f->declBegin) + "\n\n";
      replaced.push_back(f->name);
    }
    auto enc = encodeFor(*firstPiece, indentLike(mod->text, firstAt, text, true),
                         comp.formatPieces.count(firstPiece) != 0,
                         comp.percentPieces.count(firstPiece) != 0);
    if (!enc)
      return fail(repaired + ": an added function contains the closing quotes of the raw "
                             "string literal");
    edits.push_back({firstAt, firstAt, *enc});
  }
  std::sort(edits.begin(), edits.end(), [](const Edit &a, const Edit &b) {
    return a.begin != b.begin ? a.begin > b.begin : a.end > b.end;
  });
  std::string out = mod->text;
  for (const Edit &e : edits)
    out.replace(e.begin, e.end - e.begin, e.text);
  return writeFileAtomically(outPath, out);
}
