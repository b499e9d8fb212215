//===- SuspectDefinitions.cpp - where a suspect's named constant is defined ===//
//
// A model names the op that uses a constant (the shuffle with the partial
// mask, the loop stepping by the tile size, the shared array too small); the
// fix is often where the constant is defined: `#define FULL_MASK 0x0000ffff`,
// `constexpr int kBlock = 256;`. For the suspects whose defect is a constant,
// every name on the suspect's source line that the file defines as a constant
// (a `#define NAME value` or a `const`/`constexpr` with a literal initializer)
// gets a suspect of its own at the definition, just below the use's score.
//
//===----------------------------------------------------------------------===//
#include "SuspectModels.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Regex.h"

using namespace kfix;
using namespace kfix::suspects;

namespace {

/// Kinds whose defect is a constant's value.
bool constantKind(llvm::StringRef k) {
  return k == "shuffle-mask" || k == "shuffle-offsets" || k == "tile-size" ||
         k == "shared-extent" || k == "reduction-identity" || k == "loop-bound" ||
         k == "off-by-one";
}

struct Definition {
  unsigned line = 0, col = 0;
};

/// Constants the file defines, by name: `#define NAME literal-ish` and
/// `const[expr] T NAME = literal-ish;`.
llvm::StringMap<Definition> fileConstants(llvm::ArrayRef<llvm::StringRef> lines) {
  llvm::StringMap<Definition> out;
  llvm::Regex define("^[ \t]*#[ \t]*define[ \t]+([A-Za-z_][A-Za-z0-9_]*)[ \t]+[-+(0-9.]");
  llvm::Regex constant(
      "(^|[^A-Za-z0-9_])(constexpr|const)[ \t]+[A-Za-z_][A-Za-z0-9_: <>]*"
      "[ \t]([A-Za-z_][A-Za-z0-9_]*)[ \t]*=[ \t]*[-+(0-9.][-+()0-9.xXa-fA-FuUlL* /]*;");
  for (auto [i, text] : llvm::enumerate(lines)) {
    llvm::SmallVector<llvm::StringRef> m;
    llvm::StringRef name;
    if (define.match(text, &m))
      name = m[1];
    else if (constant.match(text, &m))
      name = m[3];
    else
      continue;
    size_t col = text.find(name);
    out.try_emplace(name, Definition{unsigned(i + 1), unsigned(col + 1)});
  }
  return out;
}

} // namespace

void suspects::definitionModels(SuspectContext &ctx) {
  // Collected first: adding suspects while walking the map would move it.
  struct Use {
    std::string file, kind, name;
    unsigned line;
    double score;
  };
  std::vector<Use> uses;
  std::map<std::string, std::vector<llvm::StringRef>> linesOf;
  std::map<std::string, std::unique_ptr<llvm::MemoryBuffer>> buffers;
  std::map<std::string, llvm::StringMap<Definition>> constantsOf;
  for (auto &[key, s] : ctx.out) {
    if (!constantKind(s.kind) || s.score < 1.5)
      continue;
    if (!buffers.count(s.file)) {
      auto buf = llvm::MemoryBuffer::getFile(s.file);
      if (!buf)
        continue;
      llvm::SmallVector<llvm::StringRef> lines;
      (*buf)->getBuffer().split(lines, '\n');
      linesOf[s.file].assign(lines.begin(), lines.end());
      constantsOf[s.file] = fileConstants(linesOf[s.file]);
      buffers[s.file] = std::move(*buf);
    }
    const auto &lines = linesOf[s.file];
    if (s.line == 0 || s.line > lines.size())
      continue;
    llvm::StringRef text = lines[s.line - 1];
    // Identifiers on the use's line.
    llvm::StringSet<> seen;
    for (size_t i = 0; i < text.size();) {
      if (!(llvm::isAlpha(text[i]) || text[i] == '_')) {
        ++i;
        continue;
      }
      size_t j = i;
      while (j < text.size() && (llvm::isAlnum(text[j]) || text[j] == '_'))
        ++j;
      llvm::StringRef id = text.slice(i, j);
      i = j;
      auto it = constantsOf[s.file].find(id);
      if (it == constantsOf[s.file].end() || it->second.line == s.line || !seen.insert(id).second)
        continue;
      uses.push_back({s.file, s.kind, id.str(), s.line, s.score});
    }
  }
  for (const Use &u : uses) {
    const Definition &d = constantsOf[u.file].find(u.name)->second;
    ctx.addAt(
        u.file, d.line, d.col, "#define/constexpr " + u.name, u.kind, 0.9 * u.score,
        llvm::formatv("'{0}', used by the suspect at line {1}, is defined here", u.name, u.line)
            .str(),
        /*anchor=*/nullptr);
  }
}
