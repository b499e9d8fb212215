//===- DeliveryKernel.cpp - the repaired kernel regenerated in its file ---===//
//
// Between a patch and a whole regenerated file: where no fix-it expresses a
// repair (a reduction tree rewritten, an accumulator widened through vector
// intrinsics), the changed kernel's definition alone is replaced by the
// exporter's text of the repaired kernel, in the user's file. Everything
// outside that definition (includes, comments, helpers, other kernels, the
// host wrapper) stays byte for byte. The result is re-lifted and validated
// as any patch; a template kernel (the exporter writes one instantiation)
// or a kernel the scan cannot delimit gives way to the whole regeneration.
//
//===----------------------------------------------------------------------===//
#include "DeliveryCompile.h"
#include "DeliverySource.h"

#include "kfix/Agent/Debug.h"
#include "kfix/Report/Report.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

#include <algorithm>

using namespace mlir;

namespace kfix {

namespace {

/// The offset just past the `}` matching the `{` at `open`, skipping
/// comments and string and character literals; npos when unbalanced.
size_t matchBrace(llvm::StringRef t, size_t open) {
  int depth = 0;
  for (size_t i = open; i < t.size(); ++i) {
    char c = t[i];
    if (c == '/' && i + 1 < t.size() && t[i + 1] == '/') {
      i = t.find('\n', i);
      if (i == llvm::StringRef::npos)
        return i;
      continue;
    }
    if (c == '/' && i + 1 < t.size() && t[i + 1] == '*') {
      i = t.find("*/", i + 2);
      if (i == llvm::StringRef::npos)
        return i;
      ++i;
      continue;
    }
    if (c == '"' || c == '\'') {
      for (++i; i < t.size() && t[i] != c; ++i)
        if (t[i] == '\\')
          ++i;
      continue;
    }
    if (c == '{')
      ++depth;
    else if (c == '}' && --depth == 0)
      return i + 1;
  }
  return llvm::StringRef::npos;
}

/// [begin, end) of the definition of kernel `name` in `t` whose name starts
/// at `at`: from its `__global__` to its closing brace. std::nullopt for a
/// template (`template <...>` before it) or text the scan cannot delimit.
std::optional<std::pair<size_t, size_t>> definitionAt(llvm::StringRef t, size_t at,
                                                      llvm::StringRef name) {
  if (at + name.size() > t.size() || t.substr(at, name.size()) != name ||
      (at && delivery::isIdent(t[at - 1])) ||
      (at + name.size() < t.size() && delivery::isIdent(t[at + name.size()])))
    return std::nullopt;
  size_t g = t.substr(0, at).rfind("__global__");
  if (g == llvm::StringRef::npos || t.slice(g, at).find_first_of(";{}") != llvm::StringRef::npos)
    return std::nullopt;
  // A template header ends right before the declaration.
  // (`#include <...>` on the line before is not one.)
  llvm::StringRef before = t.substr(0, g).rtrim();
  size_t nl = before.rfind('\n');
  llvm::StringRef last = before.substr(nl == llvm::StringRef::npos ? 0 : nl + 1).ltrim();
  if (before.ends_with(">") && !last.starts_with("#"))
    return std::nullopt;
  size_t open = t.find('{', at);
  if (open == llvm::StringRef::npos || t.slice(at, open).contains(';'))
    return std::nullopt;
  size_t end = matchBrace(t, open);
  if (end == llvm::StringRef::npos)
    return std::nullopt;
  return std::make_pair(g, end);
}

} // namespace

bool deliverKernelInPlace(Session &s, ModuleOp repaired, const std::string &regenerated,
                          TaskEvaluator &ev, DeliveryCompileGate &gate, Delivery &d,
                          std::string &why) {
  const std::string &orig = s.candidateSource;
  if (orig.empty() || regenerated.empty() || !s.candidate) {
    why = "nothing to regenerate in place";
    return false;
  }
  llvm::StringRef file = llvm::sys::path::filename(s.candidatePath);
  struct Piece {
    size_t begin, end;
    std::string text, name;
  };
  std::vector<Piece> pieces;
  bool bad = false;
  repaired.walk([&](gpu::GPUFuncOp f) {
    if (bad)
      return;
    gpu::GPUFuncOp before;
    (*s.candidate).walk([&](gpu::GPUFuncOp g) {
      if (g.getName() == f.getName())
        before = g;
    });
    if (before && opShape(before) == opShape(f))
      return; // unchanged
    auto src = f->getAttrOfType<StringAttr>("kfix.name");
    std::string name = src ? src.getValue().str() : f.getName().str();
    auto flc = dyn_cast<FileLineColLoc>(f.getLoc());
    if (!before || name.find('<') != std::string::npos || !flc ||
        llvm::sys::path::filename(flc.getFilename().getValue()) != file) {
      why = "kernel " + name + " is a template instantiation or has no definition in the file";
      bad = true;
      return;
    }
    delivery::SrcText st(orig);
    size_t at = st.lineBegin(flc.getLine()) + flc.getColumn() - 1;
    auto range = definitionAt(orig, at, name);
    // The exporter's text of the same kernel.
    size_t r = llvm::StringRef::npos;
    for (size_t p = regenerated.find(name); p != std::string::npos;
         p = regenerated.find(name, p + 1))
      if (definitionAt(regenerated, p, name)) {
        r = p;
        break;
      }
    auto fresh = r == std::string::npos ? std::nullopt : definitionAt(regenerated, r, name);
    if (!range || !fresh) {
      why = "the definition of kernel " + name + " could not be delimited";
      bad = true;
      return;
    }
    std::string text = regenerated.substr(fresh->first, fresh->second - fresh->first);
    // The file's `__launch_bounds__(...)` between `__global__` and the name
    // (a register budget the exporter does not know) stays.
    llvm::StringRef head = llvm::StringRef(orig).slice(range->first, at);
    if (size_t lb = head.find("__launch_bounds__"); lb != llvm::StringRef::npos) {
      size_t open = head.find('(', lb);
      int depth = 0;
      size_t close = llvm::StringRef::npos;
      for (size_t i = open; open != llvm::StringRef::npos && i < head.size(); ++i) {
        depth += head[i] == '(' ? 1 : head[i] == ')' ? -1 : 0;
        if (depth == 0) {
          close = i;
          break;
        }
      }
      size_t v = llvm::StringRef(text).find("__global__ void ");
      if (close != llvm::StringRef::npos && v == 0)
        text.insert(16, head.slice(lb, close + 1).str() + " ");
    }
    pieces.push_back({range->first, range->second, std::move(text), name});
  });
  if (bad)
    return false;
  if (pieces.empty()) {
    why = "no kernel changed";
    return false;
  }
  std::sort(pieces.begin(), pieces.end(),
            [](const Piece &a, const Piece &b) { return a.begin > b.begin; });
  std::string text = orig;
  for (const Piece &p : pieces)
    text.replace(p.begin, p.end - p.begin, p.text);
  std::string err;
  auto m = ev.relift(text, err);
  if (!m) {
    why = "the file with the kernel regenerated in place does not lift: " +
          llvm::StringRef(err).split('\n').first.str();
    return false;
  }
  ++d.validations;
  Evaluation e = ev.evaluate(*m, /*full=*/true);
  if (!e.passed) {
    why = "the file with the kernel regenerated in place does not validate: " + e.summary;
    return false;
  }
  std::set<std::string> had = includedHeaders(orig);
  for (const std::string &h : includedHeaders(text))
    if (!had.count(h)) {
      why = "the kernel regenerated in place needs " + h;
      return false;
    }
  if (std::string no = gate.check(text); !no.empty()) {
    why = "the file with the kernel regenerated in place " + no;
    return false;
  }
  d.mode = "kernel";
  d.source = text;
  d.edits.clear();
  delivery::SrcText st(orig);
  for (const Piece &p : pieces) {
    SourceEdit se;
    se.offset = p.begin, se.length = p.end - p.begin, se.text = p.text;
    se.kind = "regenerate-kernel", se.line = st.lineOf(p.begin), se.pass = p.name;
    d.edits.push_back(se);
  }
  d.diff = unifiedDiff(orig, text, file, "repaired.cu");
  d.changedLines = changedLineCount(orig, text);
  d.unchangedIdentical = false; // the kernel's own lines are rewritten
  return true;
}

} // namespace kfix
