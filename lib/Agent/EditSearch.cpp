//===- EditSearch.cpp - the generic edit search under the KB --------------===//
#include "kfix/Agent/EditSearch.h"

#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include <cmath>
#include <set>

using namespace mlir;
using namespace kfix;

namespace {

constexpr llvm::StringLiteral kEditPass = "kfix-repair-edit";

/// The integer/float arithmetic ops the values `roots` (an access's index, a
/// loop's bounds) are computed by (through casts and loads of locals' stores), nearest first.
std::vector<std::pair<Operation *, unsigned>> valueOps(ValueRange roots) {
  std::vector<std::pair<Operation *, unsigned>> out;
  SmallVector<std::pair<Value, unsigned>> work;
  for (Value v : roots)
    work.push_back({v, 0});
  llvm::SmallPtrSet<Operation *, 16> seen;
  for (size_t k = 0; k < work.size(); ++k) {
    auto [v, d] = work[k];
    Operation *def = v.getDefiningOp();
    if (!def || d > 3 || !seen.insert(def).second)
      continue;
    // An index kept in a named local (`const int last = npairs; y[last] = ...`):
    // the local's stores are sites (the value it is set from can be the slip),
    // and their values are followed. A local stored more than twice is a loop
    // variable or an accumulator: not followed.
    if (auto ld = dyn_cast<memref::LoadOp>(def)) {
      auto var = ld.getMemRef().getDefiningOp<memref::AllocaOp>();
      if (!var || var.getType().getRank() != 0 || !var->hasAttr("kfix.var"))
        continue;
      SmallVector<memref::StoreOp> stores;
      for (Operation *u : var->getUsers())
        if (auto st = dyn_cast<memref::StoreOp>(u); st && st.getMemRef() == var.getResult())
          stores.push_back(st);
      if (stores.empty() || stores.size() > 2)
        continue;
      for (memref::StoreOp st : stores)
        if (seen.insert(st).second) {
          out.push_back({st, d});
          work.push_back({st.getValue(), d + 1});
        }
      continue;
    }
    if (isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp, arith::ExtUIOp,
            arith::TruncIOp>(def)) {
      // A size parameter widened (`(size_t)batch * IJ * K`), or a named local
      // that is the whole index (`bias[row]` for `bias[c]`): the cast is where
      // another value can take its place.
      Value src = def->getOperand(0);
      auto srcLoad = src.getDefiningOp<memref::LoadOp>();
      auto srcVar = srcLoad ? srcLoad.getMemRef().getDefiningOp<memref::AllocaOp>() : nullptr;
      if (isa<BlockArgument>(src) ||
          (d == 0 && srcVar && srcVar.getType().getRank() == 0 && srcVar->hasAttr("kfix.var")))
        out.push_back({def, d});
      work.push_back({def->getOperand(0), d});
      continue;
    }
    if (def->getDialect() && def->getDialect()->getNamespace() == "arith" &&
        !isa<arith::ConstantOp>(def)) {
      out.push_back({def, d});
      for (Value o : def->getOperands())
        work.push_back({o, d + 1});
    }
  }
  return out;
}

/// The ops of an access's index (valueOps of its indices).
std::vector<std::pair<Operation *, unsigned>> indexOps(Operation *access) {
  if (auto l = dyn_cast<memref::LoadOp>(access))
    return valueOps(l.getIndices());
  if (auto s = dyn_cast<memref::StoreOp>(access))
    return valueOps(s.getIndices());
  return {};
}

std::string join(const std::vector<std::string> &v) {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i)
    s += (i ? "," : "") + v[i];
  return s;
}

/// How much a suspect's bug class favours an edit kind at its site: the
/// model that recognized the shape also names the edit that undoes it.
double kindPrior(llvm::StringRef suspect, llvm::StringRef edit) {
  if (suspect == "stale-accumulator")
    return edit == "reinit" ? 3.0 : 1.0;
  if (suspect == "clip-term")
    return edit == "distribute" || edit == "collect" ? 3.0 : 0.8;
  if (suspect == "loop-step")
    return edit == "iconst" ? 1.5 : 1.0;
  if (suspect == "reduction-identity")
    return edit == "fconst" ? 1.5 : 1.0;
  if (suspect == "constant")
    return edit == "fconst" ? 2.0 : 0.5;
  if (suspect == "partly-read")
    return edit == "scale" || edit == "offset" ? 3.0 : edit == "operand" ? 1.3 : 1.0;
  if (suspect == "thread-dim")
    return edit == "axis" ? 2.0 : 1.0;
  if (suspect == "misdirected-write")
    return edit == "operand" || edit == "delta" ? 1.5 : 0.7;
  return 1.0;
}

/// The write sites of an output that has both elements written twice and
/// elements never written (a store aimed at the wrong element: `y[last]`
/// with `last = npairs` where `n - 1` was meant).
std::set<std::string> misdirectedWriteSites(const llvm::json::Value &signature) {
  std::set<std::string> out;
  auto *sig = signature.getAsObject();
  auto *findings = sig ? sig->getArray("findings") : nullptr;
  if (!findings)
    return out;
  std::set<std::string> unwritten;
  for (const llvm::json::Value &v : *findings)
    if (auto *f = v.getAsObject(); f && f->getString("kind") == "unwritten-output")
      if (auto *d = f->getObject("data"))
        if (auto o = d->getString("output"))
          unwritten.insert(o->str());
  for (const llvm::json::Value &v : *findings) {
    auto *f = v.getAsObject();
    if (!f || f->getString("kind") != "multi-writer-output")
      continue;
    auto *d = f->getObject("data");
    auto o = d ? d->getString("output") : std::nullopt;
    if (!o || !unwritten.count(o->str()))
      continue;
    if (auto *sites = f->getArray("sites"))
      for (const llvm::json::Value &s : *sites)
        if (auto *so = s.getAsObject())
          if (auto loc = so->getString("loc"))
            out.insert(loc->str());
  }
  return out;
}

/// The read sites of the inputs read only in part (the `partly-read-input`
/// findings), each with whether the elements read are a prefix of the input
/// (an index over too small an extent: `bias[row]`, a batch stride short of a
/// factor) rather than spread over it (a diagonal, a triangle: by design, often;
/// the diagnosis names no site for those).
std::map<std::string, bool> partlyReadSites(const llvm::json::Value &signature) {
  std::map<std::string, bool> out;
  auto *sig = signature.getAsObject();
  auto *findings = sig ? sig->getArray("findings") : nullptr;
  if (!findings)
    return out;
  for (const llvm::json::Value &v : *findings)
    if (auto *f = v.getAsObject(); f && f->getString("kind") == "partly-read-input") {
      auto *d = f->getObject("data");
      bool prefix = d && d->getInteger("last_read") && d->getInteger("read") &&
                    *d->getInteger("last_read") + 1 == *d->getInteger("read");
      if (auto *sites = f->getArray("sites"))
        for (const llvm::json::Value &s : *sites)
          if (auto *so = s.getAsObject())
            if (auto loc = so->getString("loc"))
              out[loc->str()] |= prefix;
    }
  return out;
}

/// `file:line` of a `file:line:col` location.
std::string lineOf(llvm::StringRef loc) {
  auto [head, col] = loc.rsplit(':');
  unsigned c;
  return col.getAsInteger(10, c) ? loc.str() : head.str();
}

} // namespace

/// The first `max` sites, and beyond them the sites of confident models that
/// name their edit (score >= 3): a second bug's model ranks below the first's
/// sites and the reads of the signature, and its named edit is one evaluation.
static void keepTop(std::vector<EditSite> &sites, size_t max) {
  if (sites.size() <= max)
    return;
  std::vector<EditSite> kept(sites.begin(), sites.begin() + max);
  for (size_t i = max; i < sites.size(); ++i)
    if (!sites[i].hint.empty() && sites[i].score >= 3.0)
      kept.push_back(sites[i]);
  sites = std::move(kept);
}

std::vector<EditSite> kfix::editSites(const SearchState &state, unsigned max) {
  std::vector<EditSite> out;
  if (!state.module)
    return out;
  Operation *module = state.module.get();
  auto addSite = [&](Operation *o, double weight, double score, std::string origin,
                     std::string kind = "", std::string hint = "") {
    std::string loc = formatLoc(o->getLoc());
    std::string op = o->getName().getStringRef().str();
    if (loc == "?")
      return;
    for (EditSite &s : out)
      if (s.loc == loc && s.op == op) {
        s.weight = std::max(s.weight, weight);
        if (s.kind.empty())
          s.kind = kind;
        if (s.hint.empty())
          s.hint = hint;
        return;
      }
    out.push_back({loc, op, weight, score, std::move(origin), std::move(kind), std::move(hint)});
  };
  // Suspects, best first.
  double top = 0;
  unsigned rank = 0;
  if (auto *sig = state.eval.signature.getAsObject())
    if (auto *sus = sig->getArray("suspects"))
      for (const llvm::json::Value &v : *sus) {
        auto *o = v.getAsObject();
        if (!o)
          continue;
        auto loc = o->getString("loc");
        auto op = o->getString("op");
        std::string kind = o->getString("kind").value_or("").str();
        std::string hint = o->getString("hint").value_or("").str();
        double score = o->getNumber("score").value_or(0);
        if (!loc || !op)
          continue;
        if (top == 0)
          top = std::max(score, 1e-6);
        double w = (score / top) / (1 + 0.2 * rank);
        // A confident model that names its edit ranks above the sites no
        // model explains (the reads and writes of the signature).
        if (!hint.empty() && score >= 2.5)
          w = std::min(1.0, 1.5 * w);
        // The kernel's own code: not what an earlier repair inserted.
        bool named = false;
        for (Operation *o : opsAt(module, *loc, *op))
          if (!o->hasAttr("kfix.repaired")) {
            addSite(o, w, score, llvm::formatv("suspect #{0}", rank + 1).str(), kind, hint);
            named = true;
            break;
          }
        // A location several arithmetic ops share (a macro's expansion:
        // `DIAG_LEN(R, C, k)` is one location for its select, min and
        // subtraction): the suspect names one of them; the others are sites
        // too, a little below it.
        if (named)
          for (Operation *o : opsAt(module, *loc))
            if (!o->hasAttr("kfix.repaired") && o->getName().getStringRef() != *op &&
                o->getDialect() && o->getDialect()->getNamespace() == "arith" &&
                !isa<arith::ConstantOp, arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp,
                     arith::ExtUIOp, arith::TruncIOp, arith::SIToFPOp, arith::FPToSIOp>(o))
              addSite(o, 0.8 * w, 0, llvm::formatv("beside suspect #{0}", rank + 1).str());
        ++rank;
      }
  // A loop test among the suspects (`k <= min(row, col)`): where its
  // variable starts (`int k = 0` for `int k = col`) is a site too.
  for (size_t i = 0, n = out.size(); i < n; ++i) {
    double w = out[i].weight * 0.9;
    std::string why = "start of the loop tested at " + out[i].loc;
    for (Operation *o : opsAt(module, out[i].loc, out[i].op)) {
      if (!isa<arith::CmpIOp>(o))
        continue;
      Operation *loop = nullptr;
      for (Operation *u : o->getUsers())
        if (isa<scf::ConditionOp>(u))
          loop = u->getParentOp();
      if (!loop)
        continue;
      for (Value v : o->getOperands()) {
        auto ld = v.getDefiningOp<memref::LoadOp>();
        auto var = ld ? ld.getMemRef().getDefiningOp<memref::AllocaOp>() : memref::AllocaOp();
        if (!var || var.getType().getRank() != 0)
          continue;
        for (Operation *u : var->getUsers()) {
          auto st = dyn_cast<memref::StoreOp>(u);
          if (!st || st.getMemRef() != var.getResult() || loop->isAncestor(st) ||
              !st.getValue().getDefiningOp<arith::ConstantOp>() || st->hasAttr("kfix.repaired"))
            continue;
          if (st->getBlock() == loop->getBlock() && !st->isBeforeInBlock(loop))
            continue;
          addSite(st, w, 0, why);
        }
      }
    }
  }
  // The signature's sites (faults, findings): the arithmetic of their indices,
  // and the comparisons of the guards around them (`tid * 4 < n` around a
  // float4 access that runs past the end: the guard is too loose).
  std::set<std::string> misdirected = misdirectedWriteSites(state.eval.signature);
  std::map<std::string, bool> partly = partlyReadSites(state.eval.signature);
  for (auto [i, loc] : llvm::enumerate(state.eval.sites))
    for (Operation *acc : opsAt(module, loc)) {
      if (!isa<memref::LoadOp, memref::StoreOp, vector::LoadOp, vector::StoreOp>(acc))
        continue;
      // A store whose elements another store writes too while others stay
      // unwritten: its index (or the local it is kept in) is the likeliest
      // slip, searched before the suspects of the error's shape.
      bool astray = isa<memref::StoreOp>(acc) && misdirected.count(loc);
      if (isa<memref::LoadOp, memref::StoreOp>(acc))
        for (auto [o, d] : indexOps(acc))
          if (!o->hasAttr("kfix.repaired")) {
            if (astray)
              addSite(o, 1.05 * std::pow(0.85, d), 0, "index of the misdirected write at " + loc,
                      "misdirected-write");
            else if (auto pr = partly.find(loc); pr != partly.end() && pr->second)
              addSite(o, 0.8 * std::pow(0.7, d) / (1 + 0.2 * i), 0,
                      "index of a read of an input read only in part at " + loc, "partly-read");
            else
              addSite(o, 0.8 * std::pow(0.7, d) / (1 + 0.2 * i), 0, "index at " + loc);
          }
      unsigned depth = 0;
      for (auto ifOp = acc->getParentOfType<scf::IfOp>(); ifOp && depth < 2;
           ifOp = ifOp->getParentOfType<scf::IfOp>(), ++depth) {
        SmallVector<Value> conds{ifOp.getCondition()};
        for (size_t k = 0; k < conds.size() && k < 6; ++k) {
          Operation *c = conds[k].getDefiningOp();
          if (isa_and_nonnull<arith::AndIOp, arith::OrIOp>(c))
            conds.append(c->operand_begin(), c->operand_end());
          else if (isa_and_nonnull<arith::CmpIOp>(c) && !c->hasAttr("kfix.repaired"))
            addSite(c, 0.75 * std::pow(0.8, depth) / (1 + 0.2 * i), 0, "guard of " + loc);
        }
      }
    }
  llvm::stable_sort(out, [](const EditSite &a, const EditSite &b) { return a.weight > b.weight; });
  keepTop(out, max);
  return out;
}

Action kfix::editAction(const std::vector<EditSpec> &edits) {
  Action a;
  a.kind = Action::Pass;
  a.pass = kEditPass.str();
  a.enumerated = true;
  a.origin = "edits";
  std::vector<std::string> loc, kind, op, operand, with, what;
  bool anyOperand = false, anyWith = false;
  for (const EditSpec &e : edits) {
    loc.push_back(e.loc);
    kind.push_back(e.kind);
    op.push_back(e.op);
    operand.push_back(e.operand.empty() ? "-" : e.operand);
    with.push_back(e.with.empty() ? "-" : e.with);
    anyOperand |= !e.operand.empty();
    anyWith |= !e.with.empty();
    what.push_back(e.what);
  }
  a.options["loc"] = join(loc);
  a.options["kind"] = join(kind);
  a.options["op"] = join(op);
  if (anyOperand)
    a.options["operand"] = join(operand);
  if (anyWith)
    a.options["with"] = join(with);
  a.rationale = "edit search: ";
  for (size_t i = 0; i < what.size(); ++i)
    a.rationale += (i ? "; " : "") + what[i];
  return a;
}

std::vector<EditSite> EditPlanner::sitesFor(const SearchState &state) {
  std::vector<EditSite> sites = editSites(state, opts.maxSites);
  if (!haveRoot) {
    haveRoot = true;
    rootSites = sites;
    return sites;
  }
  Operation *module = state.module.get();
  for (const EditSite &r : rootSites) {
    auto ops = opsAt(module, r.loc, r.op);
    if (llvm::none_of(ops, [](Operation *o) { return !o->hasAttr("kfix.repaired"); }))
      continue;
    auto it =
        llvm::find_if(sites, [&](const EditSite &s) { return s.loc == r.loc && s.op == r.op; });
    EditSite inherited = r;
    inherited.weight *= 0.9;
    inherited.origin += " of the kernel as given";
    if (it == sites.end())
      sites.push_back(inherited);
    else if (it->weight < inherited.weight)
      *it = inherited;
  }
  llvm::stable_sort(sites,
                    [](const EditSite &a, const EditSite &b) { return a.weight > b.weight; });
  keepTop(sites, opts.maxSites + 2);
  return sites;
}

/// The edits a site's suspect model names (`kind=K operand=I with=V`; a
/// model may name alternatives, `... | ...`), in its order.
static std::vector<EditSpec> hintedEdits(const EditSite &site, Operation *op) {
  std::vector<EditSpec> out;
  llvm::SmallVector<llvm::StringRef> hints;
  llvm::StringRef(site.hint).split(hints, " | ", -1, false);
  for (llvm::StringRef hint : hints) {
    EditSpec h{
        formatLoc(op->getLoc()),   op->getName().getStringRef().str(), "operand", "", "", 0.5,
        "the suspect model's edit"};
    for (llvm::StringRef part : llvm::split(hint, ' ')) {
      auto [k, v] = part.split('=');
      if (k == "kind")
        h.kind = v.str();
      else if (k == "operand")
        h.operand = v.str();
      else if (k == "with")
        h.with = v.str();
    }
    out.push_back(std::move(h));
  }
  return out;
}

std::vector<Action> EditPlanner::singles(const SearchState &state,
                                         const std::set<std::string> &skip, bool topSites) {
  std::vector<Action> out;
  Operation *module = state.module.get();
  std::set<std::string> seen(skip);
  auto sites = sitesFor(state);
  size_t from = topSites ? 0 : std::min<size_t>(opts.pairSites, sites.size());
  size_t top = std::min<size_t>(opts.pairSites, sites.size());
  // With the top sites, the named edits of the confident models below them
  // (a second bug's model ranked under the first's sites): one evaluation
  // each, where the lower sites' turn may come after the budget.
  for (size_t si = from; si < sites.size(); ++si) {
    const EditSite &site = sites[si];
    bool hintOnly = topSites && si >= top;
    if (hintOnly && (site.hint.empty() || site.score < 3.0))
      continue;
    auto ops = opsAt(module, site.loc, site.op);
    // Not an op a repair made, nor one whose result nothing reads any more
    // (a quotient a repair recomputed in float).
    llvm::erase_if(ops, [](Operation *o) {
      return o->hasAttr("kfix.repaired") ||
             (o->getNumResults() &&
              llvm::all_of(o->getResults(), [](Value r) { return r.use_empty(); }));
    });
    if (ops.empty())
      continue;
    Operation *op = ops.front();
    std::vector<std::string> twins = twinLocs(op);
    // Reads of inputs read only in part whose indices are the same expression
    // (`gamma[cl]` and `beta[cl]` a line apart): the same slip copied, twins.
    if (site.kind == "partly-read" && op->getNumResults() == 1)
      for (const EditSite &other : sites) {
        if (&other == &site || other.kind != "partly-read" || other.loc == site.loc)
          continue;
        for (Operation *o : opsAt(module, other.loc, other.op))
          if (!o->hasAttr("kfix.repaired") && sameResultExpr(o, op) &&
              !llvm::is_contained(twins, other.loc))
            twins.push_back(other.loc);
      }
    // A hinted site: its hinted edit even when its prior is not among the
    // site's best.
    unsigned taken = 0;
    // A misdirected write's index: the value it should be is one of many in
    // scope (a size less one, another local), so more of them are tried.
    unsigned perSite = site.kind == "misdirected-write" ? 3 * opts.editsPerSite : opts.editsPerSite;
    std::vector<EditSpec> edits =
        enumerateEdits(op, site.hint.empty() ? perSite : 64, opts.nearest);
    // The hinted edit even when the enumeration did not reach it (an operand
    // replaced by a local declared far from the site): the model named it.
    // (A model may name alternatives, `kind=K ... | kind=K ...`: each goes
    // first, in order.)
    llvm::SmallVector<llvm::StringRef> hints;
    llvm::StringRef(site.hint).split(hints, " | ", -1, false);
    std::vector<EditSpec> named = hintedEdits(site, op);
    for (const EditSpec &h : llvm::reverse(named)) {
      bool listed = llvm::any_of(edits, [&](const EditSpec &e) {
        return e.kind == h.kind && e.operand == h.operand && e.with == h.with;
      });
      if (!listed && !h.with.empty())
        edits.insert(edits.begin(), h);
    }
    for (const EditSpec &e : edits) {
      double score = site.weight * e.prior * kindPrior(site.kind, e.kind);
      // The element a misdirected write missed is most often a last one
      // (`n - 1`, a row's last column): a size less one first.
      if (site.kind == "misdirected-write" && llvm::StringRef(e.with).starts_with("arg:") &&
          llvm::StringRef(e.with).ends_with("-1"))
        score *= 2.5;
      // The edit the suspect's model names: first at its site.
      // (`operand=I with=V` names an operand edit; `kind=K operand=I with=V`
      // another kind's.)
      auto hintRank = llvm::find_if(hints, [&](llvm::StringRef h) {
        return h == "kind=" + e.kind + " operand=" + e.operand + " with=" + e.with ||
               (e.kind == "operand" && h == "operand=" + e.operand + " with=" + e.with);
      });
      bool isHint = hintRank != hints.end();
      if (!isHint && (taken >= perSite || hintOnly))
        continue;
      if (!isHint)
        ++taken;
      // x8, and at least what the likeliest edit of any kind scores at the
      // site (a new term's prior is low: `mulby` is 0.1 where an opcode is 0.7).
      if (isHint)
        score = std::max(score * 8, site.weight * 2.0) * (1 - 0.01 * (hintRank - hints.begin()));
      if (!twins.empty() && e.kind != "delete" && e.kind != "swap") {
        // The same slip copied on the line: all of them at once first.
        std::vector<EditSpec> all{e};
        for (const std::string &t : twins) {
          EditSpec c = e;
          c.loc = t;
          all.push_back(c);
        }
        Action a = editAction(all);
        a.score = score * 1.05;
        a.evidence = isHint && site.score >= 3.0;
        a.rationale += llvm::formatv(" (x{0} on the line; {1})", all.size(), site.origin).str();
        if (seen.insert(a.describe()).second)
          out.push_back(std::move(a));
      }
      Action a = editAction({e});
      a.score = score;
      a.evidence = isHint && site.score >= 3.0;
      a.rationale += " (" + site.origin + ")";
      if (seen.insert(a.describe()).second)
        out.push_back(std::move(a));
    }
    if (!hintOnly && touchesHalf(op)) {
      // Widening an f16/bf16 accumulator: the existing precision repair.
      Action a;
      a.pass = "kfix-repair-accumulate-f32";
      a.options["loc"] = lineOf(site.loc);
      a.enumerated = true;
      a.origin = "edits";
      a.rationale = "edit search: widen the f16/bf16 accumulator (" + site.origin + ")";
      a.score = site.weight * 0.4;
      if (seen.insert(a.describe()).second)
        out.push_back(std::move(a));
    }
  }
  llvm::stable_sort(out, [](const Action &a, const Action &b) { return a.score > b.score; });
  // Deleting a store is the last resort: after every other edit.
  std::stable_partition(out.begin(), out.end(), [](const Action &a) {
    auto it = a.options.find("kind");
    return it == a.options.end() || it->second != "delete";
  });
  unsigned cap = topSites ? opts.maxSingles / 2 : opts.maxSingles - opts.maxSingles / 2;
  if (out.size() > cap)
    out.resize(cap);
  return out;
}

std::vector<Action> EditPlanner::pairs(const SearchState &state,
                                       const std::set<std::string> &skip) {
  double m = state.eval.measure;
  // Only when no single edit lowered the error.
  for (auto &[key, o] : outcomes)
    if (key.first == m && o.kept)
      return {};
  auto sites = sitesFor(state);
  unsigned confident = 0;
  for (const EditSite &s : sites)
    if (s.score >= opts.confidentSuspect)
      ++confident;
  if (confident < 2 || sites.size() < 2)
    return {};
  if (sites.size() > opts.pairSites)
    sites.resize(opts.pairSites);
  Operation *module = state.module.get();
  // The best single edits of each site: those that moved a finer signal first.
  std::vector<std::vector<std::pair<EditSpec, double>>> best;
  for (const EditSite &site : sites) {
    std::vector<std::pair<EditSpec, double>> cands;
    auto ops = opsAt(module, site.loc, site.op);
    llvm::erase_if(ops, [](Operation *o) { return o->hasAttr("kfix.repaired"); });
    // The edits the site's model names first, whatever their kind (a
    // vector tail's start times the width): the model is sure of them.
    std::vector<EditSpec> named =
        ops.empty() ? std::vector<EditSpec>{} : hintedEdits(site, ops.front());
    for (const EditSpec &h : named)
      if (h.kind != "operand" || !h.with.empty())
        cands.push_back({h, site.weight * 4});
    if (!ops.empty())
      for (const EditSpec &e : enumerateEdits(ops.front(), opts.editsPerSite + 3, opts.nearest)) {
        // Pairs combine slips of the existing code; the edits that add a
        // statement or a term are tried alone.
        if (e.kind == "delete" || e.kind == "reinit" || e.kind == "clamp0" || e.kind == "mulby")
          continue;
        if (llvm::any_of(named, [&](const EditSpec &h) {
              return h.kind == e.kind && h.operand == e.operand && h.with == e.with;
            }))
          continue;
        if (cands.size() >= opts.editsPerSite)
          break;
        double score = site.weight * e.prior;
        auto it = outcomes.find({m, editAction({e}).describe()});
        if (it != outcomes.end()) {
          if (it->second.broke)
            continue;
          score *= 1 + it->second.progress;
        }
        cands.push_back({e, score});
      }
    llvm::stable_sort(cands, [](auto &a, auto &b) { return a.second > b.second; });
    if (cands.size() > opts.pairEditsPerSite)
      cands.resize(opts.pairEditsPerSite);
    best.push_back(std::move(cands));
  }
  std::vector<Action> out;
  std::set<std::string> seen(skip);
  for (size_t i = 0; i < best.size(); ++i)
    for (size_t j = i + 1; j < best.size(); ++j)
      for (auto &[a, sa] : best[i])
        for (auto &[b, sb] : best[j]) {
          Action act = editAction({a, b});
          act.score = sa * sb;
          act.rationale +=
              llvm::formatv(" (a pair: {0} and {1})", sites[i].origin, sites[j].origin).str();
          if (seen.insert(act.describe()).second)
            out.push_back(std::move(act));
        }
  llvm::stable_sort(out, [](const Action &a, const Action &b) { return a.score > b.score; });
  if (out.size() > opts.maxPairs)
    out.resize(opts.maxPairs);
  return out;
}

std::vector<Action> EditPlanner::propose(const SearchState &state,
                                         const std::vector<std::string> &tried) {
  if (!state.module)
    return {};
  std::set<std::string> skip(tried.begin(), tried.end());
  // The single edits at the top sites, then (when none helped) pairs among
  // those sites, then the single edits at the other sites.
  unsigned phase = calls[state.fingerprint]++;
  if (phase == 0)
    return singles(state, skip, true);
  if (phase == 1) {
    auto p = pairs(state, skip);
    if (!p.empty())
      return p;
    phase = calls[state.fingerprint]++;
  }
  if (phase == 2)
    return singles(state, skip, false);
  if (phase == 3) {
    // Budget left and nothing found: the edits the narrow passes cut, at
    // twice the sites (a -1 at the best suspect ranked below its operand
    // replacements: `2 * n - 1 - i` for `2 * (n - 1) - i`).
    EditSearchOptions narrow = opts;
    opts.editsPerSite *= 3;
    opts.maxSites *= 2;
    opts.maxSingles *= 3;
    opts.pairSites = 0;
    std::vector<Action> out = singles(state, skip, false);
    opts = narrow;
    return out;
  }
  return {};
}

void EditPlanner::observe(const Action &a, const Evaluation &before, const Evaluation &after,
                          bool kept) {
  if (a.pass != kEditPass)
    return;
  Outcome o;
  o.kept = kept;
  o.broke = after.error;
  o.progress = std::max(0.0, finerProgress(before, after));
  outcomes[{before.measure, a.describe()}] = o;
}

std::vector<Action> KBThenEditsPlanner::propose(const SearchState &state,
                                                const std::vector<std::string> &tried) {
  unsigned phase = calls[state.fingerprint]++;
  std::vector<Action> out;
  std::set<std::string> seen(tried.begin(), tried.end());
  std::vector<Action> edited = edits->propose(state, tried);
  // A suspect model the diagnosis is sure of (score >= 3) whose repair is an
  // edit of the search and no KB entry's (a stale accumulator's restart, a
  // bounds test against another dimension): the two best edits at it go
  // before the KB's list (two evaluations where the KB would have been first;
  // a whole budget where its entries all miss). Not for the models the KB
  // repairs (an overflow, a barrier): an edit that lowers the error a little
  // would be kept and leave the KB's repair nothing to match.
  bool editModel = false;
  size_t hinted = 0;
  if (auto *sig = state.eval.signature.getAsObject())
    if (auto *sus = sig->getArray("suspects")) {
      double top = -1;
      for (const llvm::json::Value &v : *sus) {
        auto *o = v.getAsObject();
        double sc = o ? o->getNumber("score").value_or(0) : 0;
        if (top < 0)
          top = sc;
        // Confident suspects near the best score only.
        if (sc < 2.5 || sc < 0.75 * top)
          break;
        std::string kind = o->getString("kind").value_or("").str();
        // The models whose repair is an edit of the search, no KB entry's.
        static const std::set<std::string> editModels = {
            "stale-accumulator", "guard-extent",     "size-scale",      "flatten-stride",
            "sibling-extent",    "unroll-tail",      "replicated-term", "swapped-names",
            "vector-unit",       "padding-identity", "window-halves"};
        editModel |= sc >= 3.0 && editModels.count(kind);
        // A model that names its edit: that edit (the best at its site)
        // goes first, for the best two such suspects (a second bug's site,
        // or a sibling read ranked below an epsilon's KB repair).
        if (!o->getString("hint").value_or("").empty())
          ++hinted;
      }
    }
  size_t early = phase != 0  ? 0
                 : editModel ? std::min<size_t>(2, edited.size())
                             : std::min<size_t>(std::min<size_t>(hinted, 2), edited.size());
  for (size_t i = 0; i < early; ++i)
    if (seen.insert(edited[i].describe()).second)
      out.push_back(edited[i]);
  // The other confident models' named edits (a suspect of score >= 3 whose
  // model names its edit), one per site, up to eight early in all: with two
  // bugs, the second's model ranks below the first's sites (a vector index
  // divided as an element index, below two sibling reads of the same
  // coefficient table) and the KB's list would spend the budget before it.
  if (early > 0) {
    std::set<std::string> sitesTaken;
    for (size_t i = 0; i < early; ++i)
      sitesTaken.insert(edited[i].options.count("loc") ? edited[i].options.at("loc") : "");
    for (size_t i = early; i < edited.size() && out.size() < 8; ++i) {
      const Action &a = edited[i];
      auto loc = a.options.find("loc");
      if (!a.evidence || loc == a.options.end() || llvm::StringRef(loc->second).contains(','))
        continue;
      if (sitesTaken.insert(loc->second).second && seen.insert(a.describe()).second)
        out.push_back(a);
    }
  }
  if (phase == 0)
    for (Action &a : kb->propose(state, tried))
      if (seen.insert(a.describe()).second)
        out.push_back(std::move(a));
  for (Action &a : edited)
    if (seen.insert(a.describe()).second)
      out.push_back(std::move(a));
  return out;
}

void KBThenEditsPlanner::observe(const Action &a, const Evaluation &before, const Evaluation &after,
                                 bool kept) {
  kb->observe(a, before, after, kept);
  edits->observe(a, before, after, kept);
}
