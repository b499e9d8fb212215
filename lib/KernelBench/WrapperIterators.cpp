//===- WrapperIterators.cpp - iterator ranges over size lists -------------===//
//
// Wrappers build output shapes from iterator ranges of a tensor's sizes:
// `std::vector<int64_t> out(x.sizes().begin(), x.sizes().end() - 1)`. An
// iterator is `L.begin()`/`L.end()` (also `cbegin`/`cend`, `std::begin(L)`,
// `std::end(L)`) of a list-valued expression, moved by `+ k`, `- k`,
// `std::next(it[, k])` or `std::prev(it[, k])` with k fixed for every size.
//
//===----------------------------------------------------------------------===//
#include "WrapperInterp.h"

using namespace kfix;
using namespace kfix::kb;
using namespace kfix::kb::detail;

namespace {
bool isBeginEnd(StringRef m, bool &isEnd) {
  isEnd = m == "end" || m == "cend";
  return isEnd || m == "begin" || m == "cbegin";
}
} // namespace

/// `it` as (list, position), or nullopt without a diagnostic when `it` does
/// not have an iterator's shape; an error (and nullopt) when it has one but a
/// part cannot be evaluated.
std::optional<Interp::IterPos> Interp::iterator(const cpp::Expr &it, bool &failed) {
  failed = false;
  // L.begin() / L.end()
  if (it.kind == cpp::Expr::Call && it.kids.size() == 1 &&
      it.kids[0]->kind == cpp::Expr::Member) {
    bool isEnd;
    if (!isBeginEnd(it.kids[0]->text, isEnd))
      return std::nullopt;
    return iteratorOf(*it.kids[0]->kids[0], isEnd, failed);
  }
  if (it.kind == cpp::Expr::Call && !it.kids.empty() && it.kids[0]->kind == cpp::Expr::Ident) {
    StringRef fn = it.kids[0]->text;
    fn.consume_front("std::");
    bool isEnd;
    // std::begin(L) / std::end(L)
    if (isBeginEnd(fn, isEnd) && it.kids.size() == 2)
      return iteratorOf(*it.kids[1], isEnd, failed);
    // std::next(it[, k]) / std::prev(it[, k])
    if ((fn == "next" || fn == "prev") && (it.kids.size() == 2 || it.kids.size() == 3)) {
      auto base = iterator(*it.kids[1], failed);
      if (!base)
        return std::nullopt;
      int64_t k = 1;
      if (it.kids.size() == 3) {
        auto kv = fixedStep(*it.kids[2], failed);
        if (!kv)
          return std::nullopt;
        k = *kv;
      }
      base->pos += fn == "next" ? k : -k;
      return base;
    }
    return std::nullopt;
  }
  // it + k / it - k
  if (it.kind == cpp::Expr::Binary && (it.text == "+" || it.text == "-")) {
    auto base = iterator(*it.kids[0], failed);
    if (!base)
      return std::nullopt;
    auto kv = fixedStep(*it.kids[1], failed);
    if (!kv)
      return std::nullopt;
    base->pos += it.text == "+" ? *kv : -*kv;
    return base;
  }
  return std::nullopt;
}

std::optional<Interp::IterPos> Interp::iteratorOf(const cpp::Expr &listExpr, bool isEnd,
                                                  bool &failed) {
  auto l = eval(listExpr);
  if (!l) {
    failed = true;
    return std::nullopt;
  }
  if (l->kind != WVal::List) {
    failed = true;
    fail(listExpr.at, "an iterator of something that is not a list of sizes");
    return std::nullopt;
  }
  IterPos p;
  p.list = l->list;
  p.pos = isEnd ? int64_t(p.list.size()) : 0;
  p.at = listExpr.at;
  return p;
}

std::optional<int64_t> Interp::fixedStep(const cpp::Expr &k, bool &failed) {
  auto v = eval(k);
  auto kv = v && v->kind == WVal::Int ? fixedInt(v->s, symbolValues) : std::nullopt;
  if (!kv) {
    failed = true;
    if (v)
      fail(k.at, "an iterator moved by an amount that changes with the sizes");
  }
  return kv;
}

std::optional<WVal> Interp::listFromRange(const cpp::Expr &first, const cpp::Expr &last,
                                          bool &failed) {
  auto a = iterator(first, failed);
  if (!a)
    return std::nullopt;
  auto b = iterator(last, failed);
  if (!b) {
    if (!failed) {
      failed = true;
      fail(last.at, "the end of an iterator range is not an iterator of a list of sizes");
    }
    return std::nullopt;
  }
  if (a->list.size() != b->list.size() ||
      !std::equal(a->list.begin(), a->list.end(), b->list.begin(),
                  [](const SymP &x, const SymP &y) { return same(x, y); })) {
    failed = true;
    return failV(last.at, "an iterator range over two different lists");
  }
  int64_t n = int64_t(a->list.size());
  if (a->pos < 0 || b->pos > n || a->pos > b->pos) {
    failed = true;
    return failV(first.at, "an iterator range [" + std::to_string(a->pos) + ", " +
                               std::to_string(b->pos) + ") outside a list of " +
                               std::to_string(n) + " sizes");
  }
  WVal l;
  l.kind = WVal::List;
  l.list.assign(a->list.begin() + a->pos, a->list.begin() + b->pos);
  return l;
}
