//===- Delivery.cpp - a repair delivered as a patch of the user's file ----===//
#include "kfix/Agent/Delivery.h"
#include "DeliveryCompile.h"
#include "DeliverySource.h"
#include "FixIts.h"

#include "kfix/Agent/Debug.h"
#include "kfix/Report/Report.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <memory>
#include <set>

using namespace kfix;
using namespace mlir;
using namespace kfix::delivery;

llvm::json::Value Delivery::toJSON() const {
  llvm::json::Array es;
  for (const SourceEdit &e : edits)
    es.push_back(
        llvm::json::Object{{"line", e.line}, {"kind", e.kind}, {"pass", e.pass}, {"text", e.text}});
  llvm::json::Object o{{"delivery", mode},
                       {"changed_lines", changedLines},
                       {"unchanged_lines_identical", unchangedIdentical},
                       {"structural_match", structural},
                       {"candidates_tried", candidatesTried},
                       {"validations", validations},
                       {"guards_dropped", guardsDropped},
                       {"edits", std::move(es)}};
  if (!reason.empty())
    o["reason"] = reason;
  if (!compile.empty()) {
    llvm::json::Object c;
    for (const CompileCheck &k : compile)
      c[k.tool] = k.toJSON();
    o["compile"] = std::move(c);
  }
  llvm::json::Array added;
  for (const std::string &h : headersAdded)
    added.push_back(h);
  o["headers"] =
      llvm::json::Object{{"subset_of_original", headersSubset}, {"added", std::move(added)}};
  return o;
}

//===----------------------------------------------------------------------===//
// Line diff measure
//===----------------------------------------------------------------------===//

unsigned kfix::changedLineCount(llvm::StringRef a, llvm::StringRef b, unsigned *removed) {
  llvm::SmallVector<llvm::StringRef> la, lb;
  a.split(la, '\n');
  b.split(lb, '\n');
  // Trim the common prefix and suffix, LCS on the rest.
  size_t p = 0;
  while (p < la.size() && p < lb.size() && la[p] == lb[p])
    ++p;
  size_t sa = la.size(), sb = lb.size();
  while (sa > p && sb > p && la[sa - 1] == lb[sb - 1])
    --sa, --sb;
  size_t n = sa - p, m = sb - p;
  unsigned lcs = 0;
  if (n && m && n * m <= 4000000) {
    std::vector<unsigned> prev(m + 1, 0), cur(m + 1, 0);
    for (size_t i = 1; i <= n; ++i) {
      for (size_t j = 1; j <= m; ++j)
        cur[j] = la[p + i - 1] == lb[p + j - 1] ? prev[j - 1] + 1 : std::max(prev[j], cur[j - 1]);
      std::swap(prev, cur);
    }
    lcs = prev[m];
  }
  if (removed)
    *removed = n - lcs;
  return (n - lcs) + (m - lcs);
}

//===----------------------------------------------------------------------===//
// Candidate patches from the fix-its, re-lifted and validated
//===----------------------------------------------------------------------===//

namespace {

std::string applyEdits(const std::string &text, std::vector<SourceEdit> edits, bool &ok) {
  std::stable_sort(edits.begin(), edits.end(),
                   [](const SourceEdit &a, const SourceEdit &b) { return a.offset < b.offset; });
  std::string out;
  size_t pos = 0;
  ok = true;
  for (const SourceEdit &e : edits) {
    if (e.offset < pos) {
      ok = false;
      return "";
    }
    out += text.substr(pos, e.offset - pos);
    out += e.text;
    pos = e.offset + e.length;
  }
  out += text.substr(pos);
  return out;
}

/// Access guards the patch does not need: a repair that guards every access
/// of a buffer also wraps reads the file guards already (`row < M && k < K ?
/// A[..] : 0`), which the fix-its cannot see. The guard edits of a patch that
/// validates are dropped, all at once and then one by one, wherever the file
/// without them lifts and passes the same full validation; `edits` and `text`
/// become the smaller patch. At most four validations.
void minimizeGuards(TaskEvaluator &ev, const std::string &orig, std::vector<SourceEdit> &edits,
                    std::string &text, Delivery &d) {
  auto isGuard = [](const SourceEdit &e) { return e.kind == "guard-access"; };
  size_t guards = llvm::count_if(edits, isGuard);
  if (!guards || guards == edits.size())
    return;
  unsigned budget = 4;
  auto tryWithout = [&](const std::function<bool(size_t)> &drop) {
    std::vector<SourceEdit> kept;
    for (size_t i = 0; i < edits.size(); ++i)
      if (!drop(i))
        kept.push_back(edits[i]);
    if (kept.size() == edits.size() || kept.empty() || !budget)
      return false;
    bool ok;
    std::string smaller = applyEdits(orig, kept, ok);
    if (!ok)
      return false;
    std::string err;
    auto m = ev.relift(smaller, err);
    if (!m)
      return false;
    --budget;
    ++d.validations;
    if (!ev.evaluate(*m, /*full=*/true).passed)
      return false;
    edits = std::move(kept);
    text = std::move(smaller);
    ++d.guardsDropped;
    return true;
  };
  if (tryWithout([&](size_t i) { return isGuard(edits[i]); }) || guards == 1)
    return;
  for (size_t i = edits.size(); i-- > 0;)
    if (isGuard(edits[i]))
      tryWithout([&](size_t j) { return j == i; });
}

} // namespace

/// The ops under `root` as a list of names, types and the attributes that
/// carry meaning (constants, predicates), locations and kfix.* markers left
/// out: two with the same list are the same kernel.
std::vector<std::string> kfix::opShape(Operation *root) {
  std::vector<std::string> out;
  root->walk([&](Operation *op) {
    std::string s;
    llvm::raw_string_ostream os(s);
    os << op->getName();
    for (Type t : op->getResultTypes())
      os << " " << t;
    for (NamedAttribute a : op->getAttrs()) {
      if (a.getName().getValue().starts_with("kfix.") || a.getName() == "sym_name" ||
          a.getName() == "function_type" || a.getName().getValue().starts_with("arg_attrs") ||
          a.getName().getValue() == "workgroup_attributions")
        continue;
      os << " " << a.getName().getValue() << "=" << a.getValue();
    }
    out.push_back(s);
  });
  return out;
}

Delivery kfix::deliverRepair(Session &s, ModuleOp repaired, const std::string &regenerated,
                             const DeliveryOptions &opts) {
  Delivery d;
  d.source = regenerated;
  const std::string &orig = s.candidateSource;
  DeliveryCompileGate gate(s, opts, orig);
  auto fallback = [&](std::string why) {
    // The changed kernel regenerated within the user's file, before the
    // whole file.
    if (!orig.empty() && !regenerated.empty() && s.candidate) {
      TaskEvaluator kev(s, /*useDiagnostics=*/false);
      Delivery k = d;
      std::string kwhy;
      if (deliverKernelInPlace(s, repaired, regenerated, kev, gate, k, kwhy)) {
        k.reason = why;
        gate.finish(k);
        return k;
      }
      d.validations = k.validations;
      why += "; " + kwhy;
    }
    d.mode = "regenerated";
    d.reason = std::move(why);
    d.source = regenerated;
    d.edits.clear();
    d.diff = orig.empty() ? ""
                          : unifiedDiff(orig, regenerated,
                                        llvm::sys::path::filename(s.candidatePath), "repaired.cu");
    d.changedLines = changedLineCount(orig, regenerated);
    d.unchangedIdentical = false; // a regeneration keeps no line by design
    if (regenerated.empty() && !orig.empty()) {
      // The exporter could not write the repaired kernel as CUDA: nothing to
      // hand over (an empty file is not a repair of the user's).
      d.mode = "not-delivered";
      d.reason += "; the repaired kernel could not be regenerated as CUDA";
      d.source.clear();
      d.diff.clear();
      d.changedLines = 0;
    } else if (std::string no = regenerated.empty() ? "" : gate.check(regenerated); !no.empty()) {
      // Nothing that compiles where the user's file does: not delivered.
      d.mode = "not-delivered";
      d.reason += "; the regenerated kernel " + no;
      d.source.clear();
      d.diff.clear();
      d.changedLines = 0;
    }
    gate.finish(d);
    return d;
  };
  if (orig.empty())
    return fallback("the candidate has no CUDA source (an MLIR input)");
  SrcText src(orig);
  // Fix-its for every repaired op; where none expresses an op (or a
  // statement of the original is gone), the innermost loop or `if` around it
  // is regenerated whole and the fix-its collected again.
  std::set<Operation *> whole;
  std::unique_ptr<FixIts> fxp;
  for (int round = 0; round < 6; ++round) {
    fxp = std::make_unique<FixIts>(src, llvm::sys::path::filename(s.candidatePath),
                                   s.candidate ? *s.candidate : ModuleOp());
    fxp->wholeStmts = whole;
    fxp->collect(repaired);
    Operation *c = nullptr;
    if (!fxp->unhandled.empty() && fxp->unhandledOp)
      c = fxp->enclosingCompound(fxp->unhandledOp);
    else if (fxp->unhandled.empty())
      c = fxp->compoundForDeleted(repaired);
    if (getenv("KFIX_DELIVERY_DEBUG"))
      llvm::errs() << "delivery round " << round << ": unhandled '" << fxp->unhandled
                   << "', regenerating whole: " << (c ? c->getName().getStringRef() : "-") << "\n";
    if (!c)
      break;
    whole.insert(c);
  }
  FixIts &fx = *fxp;
  if (!fx.unhandled.empty())
    return fallback("no source edit for the repaired op " + fx.unhandled);
  if (fx.sites.empty())
    return fallback("the repaired ops carry no source location in the file");

  // Candidate patches: alternative k of every site (the last one where a site
  // has fewer), k = 0.. ; structural matches first, then the others.
  size_t maxAlt = 0;
  for (const Site &st : fx.sites)
    maxAlt = std::max(maxAlt, st.alternatives.size());
  std::vector<std::vector<SourceEdit>> candidates;
  for (size_t k = 0; k < maxAlt; ++k) {
    std::vector<SourceEdit> es;
    for (const Site &st : fx.sites) {
      auto &alt = st.alternatives[std::min(k, st.alternatives.size() - 1)];
      es.insert(es.end(), alt.begin(), alt.end());
    }
    // Smaller first: access guards inside a statement guarded by the same
    // condition, then any access guard inside a guarded statement, dropped.
    auto without = [&](bool anyCond) {
      std::vector<SourceEdit> out;
      for (const SourceEdit &e : es) {
        bool inside = false;
        if (e.kind == "guard-access")
          for (const SourceEdit &g : es)
            if (g.kind == "guard-statement" && e.offset >= g.scopeBegin && e.offset < g.scopeEnd &&
                (anyCond || g.cond == e.cond))
              inside = true;
        if (!inside)
          out.push_back(e);
      }
      return out;
    };
    for (auto v : {without(true), without(false)})
      if (v.size() != es.size() && std::find_if(candidates.begin(), candidates.end(), [&](auto &c) {
                                     return c.size() == v.size();
                                   }) == candidates.end())
        candidates.push_back(v);
    candidates.push_back(std::move(es));
  }
  std::vector<std::string> want = opShape(repaired);
  TaskEvaluator ev(s, /*useDiagnostics=*/false);
  struct Tried {
    std::vector<SourceEdit> edits;
    std::string text;
    mlir::OwningOpRef<ModuleOp> module;
    bool structural;
  };
  std::vector<Tried> lifted;
  std::string lastError;
  for (auto &es : candidates) {
    // Overlaps: an edit that encloses another (a statement regenerated around
    // a token another site replaces) gives way to the smaller one.
    std::vector<SourceEdit> kept;
    for (const SourceEdit &e : es) {
      bool encloses = false;
      for (const SourceEdit &x : es)
        if (&x != &e && x.offset >= e.offset && x.offset + x.length <= e.offset + e.length &&
            (x.length < e.length || (x.length == e.length && &x < &e)) && e.length)
          encloses = true;
      // The same insertion twice (a barrier in each inlined copy of one
      // helper): once in the file.
      bool repeated = !e.length && llvm::any_of(kept, [&](const SourceEdit &x) {
        return !x.length && x.offset == e.offset && x.text == e.text;
      });
      if (!encloses && !repeated)
        kept.push_back(e);
    }
    // Soft edits where no other edit touches their text.
    for (const SourceEdit &se : fx.softEdits)
      if (llvm::none_of(kept, [&](const SourceEdit &x) {
            return x.offset < se.offset + se.length && se.offset < x.offset + x.length;
          }))
        kept.push_back(se);
    es = std::move(kept);
    bool ok;
    std::string text = applyEdits(orig, es, ok);
    ++d.candidatesTried;
    if (getenv("KFIX_DELIVERY_DEBUG"))
      for (const SourceEdit &e : es)
        llvm::errs() << "edit " << e.kind << " at " << e.offset << "+" << e.length << " (line "
                     << e.line << "): '" << e.text << "'\n";
    if (getenv("KFIX_DELIVERY_DEBUG"))
      llvm::errs() << "--- delivery candidate " << d.candidatesTried << ":\n"
                   << unifiedDiff(orig, text, "a", "b") << "\n";
    if (!ok) {
      lastError = "overlapping edits";
      continue;
    }
    std::string err;
    auto m = ev.relift(text, err);
    if (!m) {
      lastError = "the patched file does not lift: " + llvm::StringRef(err).split('\n').first.str();
      continue;
    }
    bool structural = opShape(*m) == want;
    lifted.push_back({es, text, std::move(m), structural});
  }
  std::stable_partition(lifted.begin(), lifted.end(), [](const Tried &t) { return t.structural; });
  for (Tried &t : lifted) {
    if (d.validations >= 3)
      break;
    ++d.validations;
    Evaluation e = ev.evaluate(*t.module, /*full=*/true);
    if (!e.passed) {
      lastError = "the patched file does not validate: " + e.summary;
      continue;
    }
    // The header rule, then the compilers: the patch needs no header the
    // file lacks and compiles wherever the file does.
    std::set<std::string> had = includedHeaders(orig);
    std::vector<std::string> added;
    for (const std::string &h : includedHeaders(t.text))
      if (!had.count(h))
        added.push_back(h);
    if (!added.empty()) {
      lastError =
          "the patched file includes " + llvm::join(added, ", ") + ", which the original does not";
      continue;
    }
    minimizeGuards(ev, orig, t.edits, t.text, d);
    if (std::string no = gate.check(t.text); !no.empty()) {
      lastError = "the patched file " + no;
      continue;
    }
    d.mode = "patch";
    d.source = t.text;
    d.edits = t.edits;
    d.structural = t.structural;
    d.diff = unifiedDiff(orig, t.text, llvm::sys::path::filename(s.candidatePath), "repaired.cu");
    unsigned removed = 0;
    d.changedLines = changedLineCount(orig, t.text, &removed);
    // Every line the edits do not touch is kept byte for byte: the diff
    // removes no more lines than the edits touch.
    std::set<unsigned> touched;
    for (const SourceEdit &e : t.edits)
      if (e.length || (e.offset < orig.size() && orig[e.offset] != '\n' &&
                       e.offset != src.lineBegin(src.lineOf(e.offset))))
        for (unsigned l = src.lineOf(e.offset);
             l <= src.lineOf(e.offset + (e.length ? e.length - 1 : 0)); ++l)
          touched.insert(l);
    d.unchangedIdentical = removed <= touched.size();
    gate.finish(d);
    return d;
  }
  return fallback(lastError.empty() ? "no candidate patch" : lastError);
}
