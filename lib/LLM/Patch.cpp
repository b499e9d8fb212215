//===- Patch.cpp - apply a unified diff to a string in memory -------------===//
//
// Works on lines held in memory only: nothing here opens a file or runs a
// program, whatever the diff's headers name.
//
//===----------------------------------------------------------------------===//
#include "kfix/LLM/Patch.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include <vector>

using namespace kfix::llm;

namespace {

struct HunkLine {
  char kind; // ' ', '-', '+'
  std::string text;
  unsigned diffLine; // 1-based line in the diff
};

struct Hunk {
  unsigned index = 0;
  std::string header;
  unsigned diffLine = 0;
  unsigned oldStart = 0, oldCount = 0, newStart = 0, newCount = 0;
  std::vector<HunkLine> lines;
  bool newHasNoNewline = false; // "\ No newline" after a ' ' or '+' line
};

llvm::Error fail(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

std::string quote(llvm::StringRef s) {
  std::string out = "\"";
  for (char c : s.take_front(160)) {
    if (c == '"' || c == '\\')
      out += '\\';
    if (c == '\t') {
      out += "\\t";
      continue;
    }
    out += c;
  }
  if (s.size() > 160)
    out += "...";
  return out + "\"";
}

/// Parses "@@ -a[,b] +c[,d] @@ ...".
bool parseHeader(llvm::StringRef line, Hunk &h) {
  if (!line.consume_front("@@ -"))
    return false;
  auto number = [&](unsigned &out) {
    size_t n = 0;
    while (n < line.size() && llvm::isDigit(line[n]))
      ++n;
    if (n == 0 || line.take_front(n).getAsInteger(10, out))
      return false;
    line = line.drop_front(n);
    return true;
  };
  if (!number(h.oldStart))
    return false;
  h.oldCount = 1;
  if (line.consume_front(",") && !number(h.oldCount))
    return false;
  if (!line.consume_front(" +") || !number(h.newStart))
    return false;
  h.newCount = 1;
  if (line.consume_front(",") && !number(h.newCount))
    return false;
  return line.starts_with(" @@") || line == " @@";
}

llvm::Expected<std::vector<Hunk>> parseDiff(llvm::StringRef diff, const PatchOptions &opts) {
  llvm::SmallVector<llvm::StringRef> lines;
  diff.split(lines, '\n');
  if (!lines.empty() && lines.back().empty())
    lines.pop_back();
  std::vector<Hunk> hunks;
  unsigned plusHeaders = 0, minusHeaders = 0;
  Hunk *current = nullptr;
  unsigned oldSeen = 0, newSeen = 0;
  for (size_t i = 0; i < lines.size(); ++i) {
    llvm::StringRef line = lines[i];
    if (line.ends_with("\r"))
      line = line.drop_back();
    unsigned lineNo = i + 1;
    bool countsDone = current && oldSeen >= current->oldCount && newSeen >= current->newCount;
    if (line.starts_with("@@")) {
      Hunk h;
      if (!parseHeader(line, h))
        return fail("diff line " + llvm::Twine(lineNo) + ": malformed hunk header " + quote(line) +
                    " (expected \"@@ -a,b +c,d @@\")");
      h.index = hunks.size() + 1;
      h.header = line.str();
      if (size_t close = line.find(" @@", 3); close != llvm::StringRef::npos)
        h.header = line.take_front(close + 3).str();
      h.diffLine = lineNo;
      hunks.push_back(std::move(h));
      current = &hunks.back();
      oldSeen = newSeen = 0;
      continue;
    }
    bool fileHeader = line.starts_with("--- ") || line.starts_with("+++ ") ||
                      line.starts_with("diff ") || line.starts_with("index ");
    if (fileHeader && (!current || countsDone || !opts.strictCounts)) {
      // A "--- x" inside a lenient hunk is ambiguous with removing "-- x";
      // only a "--- " followed by "+++ " is a file header there.
      bool isHeader =
          !current || line.starts_with("diff ") || line.starts_with("index ") ||
          (line.starts_with("--- ") && i + 1 < lines.size() && lines[i + 1].starts_with("+++ ")) ||
          (line.starts_with("+++ ") && i > 0 && lines[i - 1].starts_with("--- "));
      if (isHeader) {
        if (line.starts_with("+++ ") && ++plusHeaders > 1)
          return fail("diff line " + llvm::Twine(lineNo) +
                      ": the diff touches more than one file; patch only the kernel source");
        if (line.starts_with("--- ") && ++minusHeaders > 1)
          return fail("diff line " + llvm::Twine(lineNo) +
                      ": the diff touches more than one file; patch only the kernel source");
        current = nullptr;
        continue;
      }
    }
    if (!current) {
      // Prose or headers before the first hunk are ignored; a stray +/- line is not.
      if (!hunks.empty())
        return fail("diff line " + llvm::Twine(lineNo) + ": " + quote(line) +
                    " is outside any hunk");
      continue;
    }
    if (opts.strictCounts && countsDone && !line.starts_with("\\"))
      return fail("hunk " + llvm::Twine(current->index) + " (" + current->header +
                  "): more lines than its header counts, at diff line " + llvm::Twine(lineNo));
    char kind = line.empty() ? ' ' : line.front();
    llvm::StringRef text = line.empty() ? line : line.drop_front();
    switch (kind) {
    case ' ':
    case '-':
    case '+':
      current->lines.push_back({kind, text.str(), lineNo});
      if (kind != '+')
        ++oldSeen;
      if (kind != '-')
        ++newSeen;
      break;
    case '\\': {
      if (current->lines.empty())
        return fail("diff line " + llvm::Twine(lineNo) + ": '\\' marker before any hunk line");
      char prev = current->lines.back().kind;
      if (prev != '-')
        current->newHasNoNewline = true;
      break;
    }
    default:
      return fail("hunk " + llvm::Twine(current->index) + " (" + current->header + "): diff line " +
                  llvm::Twine(lineNo) + " " + quote(line) +
                  " does not start with ' ', '-', '+' or '\\'");
    }
  }
  if (hunks.empty())
    return fail("the diff has no hunks (no \"@@ -a,b +c,d @@\" header)");
  for (Hunk &h : hunks) {
    unsigned oldN = 0, newN = 0;
    for (const HunkLine &l : h.lines) {
      oldN += l.kind != '+';
      newN += l.kind != '-';
    }
    if (oldN == 0 && newN == 0)
      return fail("hunk " + llvm::Twine(h.index) + " (" + h.header + ") is empty");
    if (opts.strictCounts && (oldN != h.oldCount || newN != h.newCount))
      return fail("hunk " + llvm::Twine(h.index) + " (" + h.header + "): header counts " +
                  llvm::Twine(h.oldCount) + " old / " + llvm::Twine(h.newCount) +
                  " new lines, body has " + llvm::Twine(oldN) + " / " + llvm::Twine(newN));
  }
  return hunks;
}

bool matchesAt(const std::vector<std::string> &src, size_t pos,
               const std::vector<const HunkLine *> &old, bool loose) {
  if (pos + old.size() > src.size())
    return false;
  for (size_t i = 0; i < old.size(); ++i) {
    llvm::StringRef a = src[pos + i], b = old[i]->text;
    if (loose ? a.rtrim() != b.rtrim() : a != b)
      return false;
  }
  return true;
}

} // namespace

llvm::Expected<PatchResult> kfix::llm::applyUnifiedDiff(llvm::StringRef original,
                                                        llvm::StringRef diff,
                                                        const PatchOptions &options) {
  llvm::Expected<std::vector<Hunk>> hunks = parseDiff(diff, options);
  if (!hunks)
    return hunks.takeError();

  std::vector<std::string> src;
  bool finalNewline = original.empty() || original.ends_with("\n");
  {
    llvm::SmallVector<llvm::StringRef> parts;
    original.split(parts, '\n');
    if (!parts.empty() && finalNewline)
      parts.pop_back();
    for (llvm::StringRef p : parts)
      src.push_back(p.str());
  }

  PatchResult result;
  long delta = 0;      // lines added minus removed so far (plus offsets found)
  size_t minStart = 0; // hunks apply in order and never overlap
  for (const Hunk &h : *hunks) {
    std::vector<const HunkLine *> old;
    for (const HunkLine &l : h.lines)
      if (l.kind != '+')
        old.push_back(&l);
    // "-5,0" inserts after line 5; "-5,3" replaces lines 5..7.
    long expected =
        (old.empty() ? static_cast<long>(h.oldStart) : static_cast<long>(h.oldStart) - 1) + delta;
    if (expected < static_cast<long>(minStart))
      expected = minStart;
    std::string where = "hunk " + std::to_string(h.index) + " (" + h.header + ")";

    long found = -1;
    if (old.empty()) {
      if (expected > static_cast<long>(src.size()))
        return fail(where + ": inserts after line " + llvm::Twine(expected) +
                    " but the source has only " + llvm::Twine(src.size()) + " lines");
      found = expected;
    } else {
      for (bool loose : {false, true}) {
        for (long k = 0; k <= static_cast<long>(options.maxOffset) && found < 0; ++k) {
          for (long cand : {expected - k, expected + k}) {
            if (cand < static_cast<long>(minStart) || (k == 0 && cand != expected))
              continue;
            if (matchesAt(src, cand, old, loose)) {
              found = cand;
              break;
            }
          }
          if (expected - k < static_cast<long>(minStart) && expected + k + old.size() > src.size())
            break;
        }
        if (found >= 0)
          break;
      }
    }
    if (found < 0) {
      // Explain the mismatch at the position the header names.
      size_t pos = std::min<size_t>(std::max<long>(expected, 0), src.size());
      for (size_t i = 0; i < old.size(); ++i) {
        const HunkLine &l = *old[i];
        const char *what = l.kind == '-' ? "removed" : "context";
        if (pos + i >= src.size())
          return fail(where + ": " + what + " line " + llvm::Twine(pos + i + 1) + " " +
                      quote(l.text) + " (diff line " + llvm::Twine(l.diffLine) +
                      ") is past the end of the source (" + llvm::Twine(src.size()) +
                      " lines), and the hunk matches nowhere else");
        if (src[pos + i] != l.text)
          return fail(where + ": " + what + " line " + llvm::Twine(pos + i + 1) +
                      " does not match: expected " + quote(l.text) + " (diff line " +
                      llvm::Twine(l.diffLine) + "), source has " + quote(src[pos + i]) +
                      "; the hunk matches nowhere else");
      }
      return fail(where + ": does not apply");
    }
    if (found != expected)
      ++result.hunksOffset;
    // Context lines keep the source's text (they may differ in trailing
    // whitespace when the loose match was used).
    std::vector<std::string> repl;
    size_t oldIndex = 0;
    for (const HunkLine &l : h.lines) {
      if (l.kind == ' ')
        repl.push_back(src[found + oldIndex]);
      else if (l.kind == '+')
        repl.push_back(l.text);
      if (l.kind != '+')
        ++oldIndex;
    }
    bool reachesEnd = static_cast<size_t>(found) + old.size() == src.size();
    src.erase(src.begin() + found, src.begin() + found + old.size());
    src.insert(src.begin() + found, repl.begin(), repl.end());
    if (reachesEnd)
      finalNewline = !h.newHasNoNewline;
    delta += static_cast<long>(repl.size()) - static_cast<long>(old.size()) + (found - expected);
    minStart = found + repl.size();
    ++result.hunksApplied;
  }

  for (size_t i = 0; i < src.size(); ++i) {
    result.text += src[i];
    if (i + 1 < src.size() || finalNewline)
      result.text += '\n';
  }
  return result;
}
