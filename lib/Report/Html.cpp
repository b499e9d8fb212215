//===- Html.cpp - standalone HTML reports and unified diffs ---------------===//
#include "kfix/Report/Report.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <map>

using namespace kfix;

std::string kfix::htmlEscape(llvm::StringRef s) {
  std::string out;
  for (char c : s) {
    switch (c) {
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '&':
      out += "&amp;";
      break;
    case '"':
      out += "&quot;";
      break;
    default:
      out += c;
    }
  }
  return out;
}

std::string kfix::unifiedDiff(llvm::StringRef a, llvm::StringRef b, llvm::StringRef nameA,
                              llvm::StringRef nameB) {
  llvm::SmallVector<llvm::StringRef> la, lb;
  a.split(la, '\n');
  b.split(lb, '\n');
  size_t n = la.size(), m = lb.size();
  std::vector<std::vector<uint32_t>> lcs(n + 1, std::vector<uint32_t>(m + 1, 0));
  for (size_t i = n; i-- > 0;)
    for (size_t j = m; j-- > 0;)
      lcs[i][j] = la[i] == lb[j] ? lcs[i + 1][j + 1] + 1 : std::max(lcs[i + 1][j], lcs[i][j + 1]);
  // Edit script: ' ', '-', '+' with line numbers in a and b.
  struct Edit {
    char op;
    size_t ia, ib;
  };
  std::vector<Edit> edits;
  size_t i = 0, j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && la[i] == lb[j]) {
      edits.push_back({' ', i++, j++});
    } else if (i < n && (j == m || lcs[i + 1][j] >= lcs[i][j + 1])) {
      edits.push_back({'-', i++, j});
    } else {
      edits.push_back({'+', i, j++});
    }
  }
  std::string out;
  llvm::raw_string_ostream os(out);
  os << "--- " << nameA << "\n+++ " << nameB << "\n";
  const size_t ctx = 3;
  size_t k = 0;
  while (k < edits.size()) {
    if (edits[k].op == ' ') {
      ++k;
      continue;
    }
    size_t begin = k >= ctx ? k - ctx : 0;
    // Extend the hunk while changes are within 2*ctx of each other.
    size_t end = k, lastChange = k;
    while (end < edits.size() && end - lastChange <= 2 * ctx) {
      if (edits[end].op != ' ')
        lastChange = end;
      ++end;
    }
    end = std::min(edits.size(), lastChange + ctx + 1);
    size_t aStart = edits[begin].ia, bStart = edits[begin].ib, aLen = 0, bLen = 0;
    for (size_t e = begin; e < end; ++e) {
      if (edits[e].op != '+')
        ++aLen;
      if (edits[e].op != '-')
        ++bLen;
    }
    os << llvm::formatv("@@ -{0},{1} +{2},{3} @@\n", aLen ? aStart + 1 : aStart, aLen,
                        bLen ? bStart + 1 : bStart, bLen);
    for (size_t e = begin; e < end; ++e) {
      const Edit &ed = edits[e];
      os << ed.op << (ed.op == '+' ? lb[ed.ib] : la[ed.ia]) << "\n";
    }
    k = end;
  }
  return out;
}

std::string kfix::renderHtmlPage(llvm::StringRef title, const std::vector<std::string> &summary,
                                 llvm::StringRef sourceName, llvm::StringRef source,
                                 const std::vector<SourceNote> &notes,
                                 const std::vector<HtmlSection> &sections) {
  std::string out;
  llvm::raw_string_ostream os(out);
  os << "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>" << htmlEscape(title)
     << "</title>\n<style>\n"
        "body{font-family:sans-serif;margin:24px;color:#222}\n"
        "pre,code{font-family:monospace;font-size:12px}\n"
        "table.src{border-collapse:collapse}\n"
        "table.src td{padding:0 "
        "8px;vertical-align:top;white-space:pre;font-family:monospace;font-size:12px}\n"
        "td.ln{color:#999;text-align:right}\n"
        "tr.hit td{background:#fff1c2}\n"
        "td.note{color:#a00;white-space:normal;max-width:480px}\n"
        ".diff .add{background:#e6ffed}.diff .del{background:#ffeef0}\n"
        "</style></head><body>\n";
  os << "<h1>" << htmlEscape(title) << "</h1>\n<ul>\n";
  for (auto &s : summary)
    os << "<li>" << htmlEscape(s) << "</li>\n";
  os << "</ul>\n";
  if (!source.empty()) {
    std::multimap<unsigned, const SourceNote *> byLine;
    for (auto &n : notes)
      byLine.insert({n.line, &n});
    os << "<h2>" << htmlEscape(sourceName) << "</h2>\n<table class=\"src\">\n";
    llvm::SmallVector<llvm::StringRef> lines;
    source.split(lines, '\n');
    for (size_t i = 0; i < lines.size(); ++i) {
      unsigned ln = i + 1;
      auto range = byLine.equal_range(ln);
      bool hit = range.first != range.second;
      os << "<tr" << (hit ? " class=\"hit\"" : "") << " id=\"L" << ln << "\"><td class=\"ln\">"
         << ln << "</td><td>" << htmlEscape(lines[i]) << "</td><td class=\"note\">";
      for (auto it = range.first; it != range.second; ++it)
        os << "<b>" << htmlEscape(it->second->kind) << "</b>: " << htmlEscape(it->second->message)
           << "<br>";
      os << "</td></tr>\n";
    }
    os << "</table>\n";
  }
  for (auto &sec : sections)
    os << "<h2>" << htmlEscape(sec.heading) << "</h2>\n" << sec.html << "\n";
  os << "</body></html>\n";
  return out;
}

llvm::Error kfix::writeOutputFile(llvm::StringRef path, llvm::StringRef contents,
                                  const std::vector<std::string> &protect) {
  llvm::SmallString<256> abs(path);
  llvm::sys::fs::make_absolute(abs);
  for (const std::string &p : protect) {
    llvm::SmallString<256> pa(p);
    llvm::sys::fs::make_absolute(pa);
    if (llvm::sys::fs::equivalent(abs, pa) || abs == pa)
      return llvm::createStringError(std::errc::operation_not_permitted,
                                     "refusing to overwrite the input file %s", path.str().c_str());
  }
  llvm::SmallString<256> dir(abs);
  llvm::sys::path::remove_filename(dir);
  if (auto ec = llvm::sys::fs::create_directories(dir))
    return llvm::createStringError(ec, "cannot create %s: %s", dir.c_str(), ec.message().c_str());
  return llvm::writeToOutput(abs, [&](llvm::raw_ostream &os) {
    os << contents;
    return llvm::Error::success();
  });
}
