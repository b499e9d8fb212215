//===- EditProgress.cpp - finer feedback than the share of wrong elements -===//
//
// What the repair search reads besides the error measure: per output and
// size, the share of wrong elements and the typical and worst relative
// errors of the signature's cases (finerProgress for the edit planner's
// ordering, muchCloser for keeping a step that leaves every element wrong,
// zeroedOutput for refusing one whose error fell with all of the work).
//
//===----------------------------------------------------------------------===//
#include "kfix/Agent/EditSearch.h"

#include "llvm/Support/FormatVariadic.h"
#include <map>
#include <string>

using namespace mlir;
using namespace kfix;

namespace {

struct CaseStat {
  double frac = 0, medRel = 0, maxRel = 0;
  bool zero = false; ///< the wrong elements are zero
};

/// The signature's cases by output and sizes.
std::map<std::string, CaseStat> caseStats(const llvm::json::Object *o) {
  std::map<std::string, CaseStat> m;
  if (auto *arr = o->getArray("cases"))
    for (const llvm::json::Value &v : *arr)
      if (auto *c = v.getAsObject()) {
        std::string key = c->getString("output").value_or("").str();
        if (auto *s = c->get("sizes"))
          key += llvm::formatv("{0}", *s).str();
        m[key] = {c->getNumber("mismatch_fraction").value_or(0),
                  c->getNumber("median_rel_error").value_or(0),
                  c->getNumber("max_rel_error").value_or(0)};
        if (auto *mag = c->getObject("magnitude"))
          m[key].zero = mag->getString("kind") == "zero";
      }
  return m;
}

} // namespace

double kfix::finerProgress(const Evaluation &before, const Evaluation &after) {
  if (after.error)
    return -1;
  auto *b = before.signature.getAsObject(), *a = after.signature.getAsObject();
  if (!a || !b)
    return 0;
  double p = 0;
  auto count = [](const llvm::json::Object *o, llvm::StringRef key) -> long {
    auto *arr = o->getArray(key);
    return arr ? long(arr->size()) : -1;
  };
  long fb = count(b, "faults"), fa = count(a, "faults");
  if (fb >= 0 && fa >= 0 && fa < fb)
    p += 1;
  long sb = count(b, "failing_sizes"), sa = count(a, "failing_sizes");
  if (sb >= 0 && sa >= 0 && sa < sb)
    p += 1;
  // Per output and size: the share of wrong elements, the typical error.
  auto cb = caseStats(b), ca = caseStats(a);
  bool closer = false, typical = false;
  for (auto &[k, s] : cb) {
    auto it = ca.find(k);
    if (it == ca.end())
      continue;
    if (it->second.frac < s.frac - 0.01 && it->second.frac < 0.9 * s.frac)
      closer = true;
    if (s.medRel > 0 && it->second.medRel < 0.5 * s.medRel)
      typical = true;
  }
  if (closer)
    p += 0.5;
  if (typical)
    p += 0.25;
  return p;
}

bool kfix::muchCloser(const Evaluation &before, const Evaluation &after) {
  if (after.error)
    return false;
  auto *b = before.signature.getAsObject(), *a = after.signature.getAsObject();
  if (!a || !b)
    return false;
  auto count = [](const llvm::json::Object *o, llvm::StringRef key) -> long {
    auto *arr = o->getArray(key);
    return arr ? long(arr->size()) : 0;
  };
  if (count(a, "faults") > count(b, "faults"))
    return false;
  auto cb = caseStats(b), ca = caseStats(a);
  // Or closer and left with one systematic error: every wrong element off by
  // the same relative amount (max ~ median), where the errors were spread.
  auto uniform = [](const CaseStat &c) { return c.maxRel <= 1.05 * c.medRel; };
  unsigned closer = 0;
  for (auto &[k, s] : cb) {
    if (s.frac <= 0)
      continue;
    auto it = ca.find(k);
    if (it == ca.end())
      return false;
    const CaseStat &x = it->second;
    if (x.frac == 0) {
      ++closer;
      continue;
    }
    // Much lower with no more elements wrong; or the worst error lower and
    // the rest one systematic error (a few elements right by chance before
    // may be wrong now: the error that remains is no longer cancelled).
    bool muchLower = s.medRel > 0 && x.medRel < 0.25 * s.medRel && x.frac <= s.frac + 1e-9;
    bool settled = s.medRel > 0 && x.maxRel < s.maxRel && uniform(x) && s.maxRel > 1.5 * s.medRel &&
                   x.frac <= s.frac + 0.05;
    if (!muchLower && !settled)
      return false;
    ++closer;
  }
  return closer > 0;
}

bool kfix::zeroedOutput(const Evaluation &before, const Evaluation &after) {
  auto *b = before.signature.getAsObject(), *a = after.signature.getAsObject();
  if (!a || !b || after.passed)
    return false;
  auto allZero = [](const llvm::json::Object *o) {
    unsigned n = 0;
    for (auto &[k, s] : caseStats(o))
      n += s.zero && s.frac >= 0.999;
    return n;
  };
  return allZero(a) > allZero(b);
}
