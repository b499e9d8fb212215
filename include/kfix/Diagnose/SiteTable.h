//===- SiteTable.h - site numbers of kfix ops to source locations -*- C++ -*-===//
#ifndef KFIX_DIAGNOSE_SITETABLE_H
#define KFIX_DIAGNOSE_SITETABLE_H

#include "kfix/Diagnose/Finding.h"

#include "mlir/IR/Operation.h"
#include <algorithm>
#include <map>
#include <vector>

namespace kfix {

/// Maps the `site` of every kfix op in an instrumented module to a SiteInfo,
/// so that detectors can name source locations, buffers and checked ops.
class SiteTable {
public:
  SiteTable() = default;
  /// Collects every kfix op below `root` (a module, gpu.module or gpu.func).
  static SiteTable build(mlir::Operation *root);

  /// Adds or replaces one entry (tests and hand-made tables).
  void add(SiteInfo info);
  /// The entry of `site`; a placeholder with loc "?" when unknown.
  SiteInfo get(int64_t site) const;
  const SiteInfo *lookup(int64_t site) const;
  size_t size() const { return sites.size(); }
  const std::map<int64_t, SiteInfo> &entries() const { return sites; }

private:
  std::map<int64_t, SiteInfo> sites;
};

/// `table->get(site)`, or a bare entry holding only the site number when a
/// detector runs without a table.
inline SiteInfo siteInfo(const SiteTable *table, int64_t site) {
  if (table)
    return table->get(site);
  SiteInfo info;
  info.site = site;
  return info;
}

/// The entries of a per-site map ordered by when each site first fired
/// (`State::firstSeq`).
template <typename State>
std::vector<std::pair<int64_t, const State *>>
sitesInFiringOrder(const std::map<int64_t, State> &perSite) {
  std::vector<std::pair<int64_t, const State *>> order;
  for (auto &[site, s] : perSite)
    order.push_back({site, &s});
  std::stable_sort(order.begin(), order.end(), [](const auto &a, const auto &b) {
    return a.second->firstSeq < b.second->firstSeq;
  });
  return order;
}

} // namespace kfix

#endif
