//===- Retrieval.cpp - ranking KB entries against a failure signature -----===//
//
// score = 10 * (weighted fraction of the entry's symptoms that hold)
//       + BM25(query, entry text) normalized to [0, 1] over the KB.
// One implicit counter-indication: when the diagnosis' best suspect was named
// confidently by a bug-class model whose kind some KB entry claims (a positive
// `top_suspect_kind eq KIND` symptom), every entry that does not claim it
// loses kModelDisagreement of held weight.
// Symptoms dominate (they are checked facts); the text score orders entries
// whose symptoms tie and lets kernel vocabulary ("atomicAdd", "__half") count.
//
//===----------------------------------------------------------------------===//
#include "kfix/KB/KnowledgeBase.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include <cmath>
#include <map>
#include <set>

using namespace llvm;
using namespace kfix;

std::string Symptom::describe() const {
  std::string v;
  raw_string_ostream os(v);
  os << value;
  if (op == "exists")
    return field + " exists";
  return field + " " + op + " " + v;
}

/// Every value found at a dotted path; `[]` maps over arrays, and an array met
/// at the end of the path contributes its elements.
static void collect(const json::Value &v, ArrayRef<StringRef> parts,
                    std::vector<const json::Value *> &out) {
  if (parts.empty()) {
    if (const json::Array *a = v.getAsArray()) {
      for (const json::Value &e : *a)
        out.push_back(&e);
      if (a->empty())
        out.push_back(&v);
    } else {
      out.push_back(&v);
    }
    return;
  }
  StringRef part = parts.front();
  bool each = part.consume_back("[]");
  const json::Object *o = v.getAsObject();
  if (!o)
    return;
  const json::Value *child = o->get(part);
  if (!child)
    return;
  if (each) {
    if (const json::Array *a = child->getAsArray())
      for (const json::Value &e : *a)
        collect(e, parts.drop_front(), out);
    return;
  }
  collect(*child, parts.drop_front(), out);
}

static bool valueEquals(const json::Value &a, const json::Value &b) {
  if (auto x = a.getAsNumber())
    if (auto y = b.getAsNumber())
      return *x == *y;
  return a == b;
}

bool kfix::evaluate(const Symptom &s, const json::Value &signature) {
  SmallVector<StringRef> parts;
  StringRef(s.field).split(parts, '.');
  std::vector<const json::Value *> found;
  collect(signature, parts, found);
  // Drop the placeholder pushed for an empty array.
  llvm::erase_if(found,
                 [](const json::Value *v) { return v->getAsArray() && v->getAsArray()->empty(); });
  if (s.op == "exists")
    return !found.empty();
  auto any = [&](auto pred) { return llvm::any_of(found, [&](auto *v) { return pred(*v); }); };
  if (s.op == "eq" || s.op == "contains")
    return any([&](const json::Value &v) { return valueEquals(v, s.value); });
  if (s.op == "ne")
    return !found.empty() &&
           llvm::all_of(found, [&](auto *v) { return !valueEquals(*v, s.value); });
  if (s.op == "in") {
    const json::Array *set = s.value.getAsArray();
    if (!set)
      return false;
    return any([&](const json::Value &v) {
      return llvm::any_of(*set, [&](const json::Value &c) { return valueEquals(v, c); });
    });
  }
  auto threshold = s.value.getAsNumber();
  if (!threshold)
    return false;
  return any([&](const json::Value &v) {
    auto x = v.getAsNumber();
    if (!x)
      return false;
    if (s.op == "gt")
      return *x > *threshold;
    if (s.op == "ge")
      return *x >= *threshold;
    if (s.op == "lt")
      return *x < *threshold;
    return *x <= *threshold; // le
  });
}

/// A suspect score at or above which the model's class counts as the
/// diagnosis' claim (the models' priors for a matched shape start at 2.5-4;
/// weak shapes such as any comparison or a power-of-two tree stay below).
static constexpr double kConfidentSuspect = 2.5;
/// Held weight an entry loses when a confident model names another class.
static constexpr double kModelDisagreement = 2.0;

static std::vector<std::string> tokenize(StringRef text) {
  std::vector<std::string> out;
  std::string cur;
  auto flush = [&] {
    if (cur.size() >= 2)
      out.push_back(cur);
    cur.clear();
  };
  for (char c : text) {
    if (isAlnum(c)) {
      cur.push_back(toLower(c));
    } else {
      flush();
    }
  }
  flush();
  return out;
}

static std::string entryText(const KBEntry &e) {
  std::string t = e.title + " " + e.bugClass + " " + e.explanation;
  for (auto &k : e.keywords)
    t += " " + k + " " + k; // keywords count double
  return t;
}

/// The suspect kinds an entry claims: its positive `top_suspect_kind eq`
/// (or `in`) symptoms.
static std::set<std::string> claimedKinds(const KBEntry &e) {
  std::set<std::string> out;
  for (const Symptom &s : e.symptoms) {
    if (s.field != "top_suspect_kind" || s.weight <= 0)
      continue;
    if (auto k = s.value.getAsString())
      out.insert(k->str());
    if (const json::Array *a = s.value.getAsArray())
      for (const json::Value &v : *a)
        if (auto k = v.getAsString())
          out.insert(k->str());
  }
  return out;
}

std::vector<RankedEntry> kfix::rankEntries(const KnowledgeBase &kb, const json::Value &signature,
                                           StringRef query) {
  const auto &entries = kb.entries();
  // The best suspect's model, when it is confident and some entry claims it.
  std::string topKind;
  if (const json::Object *o = signature.getAsObject()) {
    auto kind = o->getString("top_suspect_kind");
    auto score = o->getNumber("top_suspect_score");
    if (kind && !kind->empty() && score && *score >= kConfidentSuspect)
      topKind = kind->str();
  }
  std::vector<std::set<std::string>> claims;
  bool claimed = false;
  for (const KBEntry &e : entries) {
    claims.push_back(claimedKinds(e));
    claimed |= !topKind.empty() && claims.back().count(topKind);
  }
  if (!claimed)
    topKind.clear();
  // BM25 over the entries as documents.
  std::vector<std::map<std::string, int>> tf(entries.size());
  std::vector<double> len(entries.size());
  std::map<std::string, int> df;
  double avgLen = 0;
  for (size_t i = 0; i < entries.size(); ++i) {
    auto toks = tokenize(entryText(entries[i]));
    len[i] = toks.size();
    avgLen += toks.size();
    for (auto &t : toks)
      tf[i][t]++;
    for (auto &kv : tf[i])
      df[kv.first]++;
  }
  avgLen = entries.empty() ? 1 : avgLen / entries.size();
  std::set<std::string> queryTerms;
  for (auto &t : tokenize(query))
    queryTerms.insert(t);
  const double k1 = 1.2, b = 0.75, n = entries.size();
  std::vector<double> bm25(entries.size(), 0);
  double maxBm25 = 0;
  for (size_t i = 0; i < entries.size(); ++i) {
    for (const std::string &q : queryTerms) {
      auto it = tf[i].find(q);
      if (it == tf[i].end())
        continue;
      double idf = std::log(1 + (n - df[q] + 0.5) / (df[q] + 0.5));
      double f = it->second;
      bm25[i] += idf * f * (k1 + 1) / (f + k1 * (1 - b + b * len[i] / avgLen));
    }
    maxBm25 = std::max(maxBm25, bm25[i]);
  }

  std::vector<RankedEntry> ranked;
  for (size_t i = 0; i < entries.size(); ++i) {
    RankedEntry r;
    r.entry = &entries[i];
    double total = 0, held = 0;
    for (const Symptom &s : entries[i].symptoms) {
      total += std::abs(s.weight);
      bool ok = evaluate(s, signature);
      if (ok && s.weight > 0) {
        held += s.weight;
        r.reasons.push_back(formatv("{0} (+{1})", s.describe(), s.weight).str());
      } else if (ok && s.weight < 0) {
        held += s.weight; // a counter-indication
        r.reasons.push_back(formatv("{0} ({1})", s.describe(), s.weight).str());
      }
    }
    if (!topKind.empty() && !claims[i].count(topKind)) {
      held -= kModelDisagreement;
      r.reasons.push_back(formatv("top suspect is a confident {0} (another entry's class) (-{1})",
                                  topKind, kModelDisagreement)
                              .str());
    }
    r.symptomScore = total > 0 ? std::max(0.0, held / total) : 0;
    r.textScore = maxBm25 > 0 ? bm25[i] / maxBm25 : 0;
    if (r.textScore > 0)
      r.reasons.push_back(formatv("text match {0:F2}", r.textScore).str());
    r.score = 10 * r.symptomScore + r.textScore;
    ranked.push_back(std::move(r));
  }
  llvm::stable_sort(ranked, [](const RankedEntry &a, const RankedEntry &b) {
    if (a.score != b.score)
      return a.score > b.score;
    return a.entry->id < b.entry->id;
  });
  return ranked;
}
