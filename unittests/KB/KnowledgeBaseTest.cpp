//===- KnowledgeBaseTest.cpp - KB parsing, predicates and ranking ---------===//
#include "kfix/KB/KnowledgeBase.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

using namespace kfix;

static const char *kTail = R"(
id: missing-tail-guard
title: Missing bounds guard on the tail
bug_class: bounds
symptoms:
  - {field: spatial.pattern, op: in, value: [tail, last-block], weight: 2}
  - {field: "findings[].kind", op: contains, value: out-of-bounds}
  - {field: sizes.only_multiples_of_block_pass, op: eq, value: true}
explanation: |
  The kernel writes every element of full blocks but the last partial block
  reads and writes past the end.
confirm: {instrument: kfix-instrument-bounds, finding: out-of-bounds}
repair:
  pass: kfix-repair-bounds-guard
  options: {loc: "{site}", bound: [n, numel]}
example: {before: examples/tail/before.cu, after: examples/tail/after.cu}
test: test/kb/missing-tail-guard.test
provenance: written for kfix
keywords: [tail, guard, idx, bounds]
)";

static const char *kRace = R"(
id: missing-syncthreads
title: Missing __syncthreads between shared write and read
bug_class: sync
symptoms:
  - {field: "findings[].kind", op: contains, value: race-shared, weight: 3}
  - {field: nondeterministic, op: eq, value: true}
explanation: Threads read shared memory before other threads wrote it.
repair: {pass: kfix-repair-missing-barrier, options: {loc: "{site}"}}
example: {before: x.cu}
test: test/kb/missing-syncthreads.test
provenance: written for kfix
keywords: [syncthreads, shared, barrier]
)";

TEST(KB, ParsesEntry) {
  auto e = parseKBEntry(kTail, "tail.yaml");
  ASSERT_TRUE(!!e) << llvm::toString(e.takeError());
  EXPECT_EQ(e->id, "missing-tail-guard");
  EXPECT_EQ(e->symptoms.size(), 3u);
  EXPECT_EQ(e->symptoms[0].weight, 2);
  ASSERT_EQ(e->repairs.size(), 1u);
  EXPECT_EQ(e->repairs[0].pass, "kfix-repair-bounds-guard");
  EXPECT_EQ(e->repairs[0].options.at("bound"), "n");
  EXPECT_EQ(e->repairs[0].alternatives.at("bound").size(), 2u);
  EXPECT_EQ(e->confirmInstrument, "kfix-instrument-bounds");
}

TEST(KB, ErrorsNameTheField) {
  std::string noRepair = kRace;
  noRepair.replace(noRepair.find("repair:"), 7, "repairx:");
  auto e = parseKBEntry(noRepair, "race.yaml");
  ASSERT_FALSE(!!e);
  std::string msg = llvm::toString(e.takeError());
  EXPECT_NE(msg.find("race.yaml: repair"), std::string::npos) << msg;

  std::string badOp = kRace;
  badOp.replace(badOp.find("op: eq"), 6, "op: approx");
  auto e2 = parseKBEntry(badOp, "race.yaml");
  ASSERT_FALSE(!!e2);
  msg = llvm::toString(e2.takeError());
  EXPECT_NE(msg.find("symptoms[1].op"), std::string::npos) << msg;

  auto e3 = parseKBEntry("id: [unclosed", "bad.yaml");
  ASSERT_FALSE(!!e3);
  msg = llvm::toString(e3.takeError());
  EXPECT_NE(msg.find("bad.yaml:"), std::string::npos) << msg;
}

TEST(KB, Predicates) {
  llvm::json::Value sig = llvm::json::Object{
      {"spatial", llvm::json::Object{{"pattern", "tail"}}},
      {"mismatch_fraction", 0.02},
      {"findings", llvm::json::Array{llvm::json::Object{{"kind", "out-of-bounds"}},
                                     llvm::json::Object{{"kind", "nan-origin"}}}}};
  auto sym = [](const char *f, const char *op, llvm::json::Value v) {
    Symptom s;
    s.field = f;
    s.op = op;
    s.value = std::move(v);
    return s;
  };
  EXPECT_TRUE(evaluate(sym("spatial.pattern", "eq", "tail"), sig));
  EXPECT_FALSE(evaluate(sym("spatial.pattern", "eq", "scattered"), sig));
  EXPECT_TRUE(evaluate(sym("spatial.pattern", "in", llvm::json::Array{"x", "tail"}), sig));
  EXPECT_TRUE(evaluate(sym("findings[].kind", "contains", "nan-origin"), sig));
  EXPECT_FALSE(evaluate(sym("findings[].kind", "contains", "race-shared"), sig));
  EXPECT_TRUE(evaluate(sym("mismatch_fraction", "lt", 0.1), sig));
  EXPECT_FALSE(evaluate(sym("mismatch_fraction", "gt", 0.1), sig));
  EXPECT_TRUE(evaluate(sym("spatial", "exists", nullptr), sig));
  EXPECT_FALSE(evaluate(sym("precision", "exists", nullptr), sig));
  EXPECT_TRUE(evaluate(sym("spatial.pattern", "ne", "everything"), sig));
}

TEST(KB, RanksBySymptomsThenText) {
  auto tail = parseKBEntry(kTail, "a.yaml");
  auto race = parseKBEntry(kRace, "b.yaml");
  ASSERT_TRUE(tail && race);
  // Build a KB in memory through a temporary directory.
  llvm::SmallString<128> dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("kbtest", dir));
  auto write = [&](const char *name, const char *text) {
    std::error_code ec;
    llvm::raw_fd_ostream os((dir + "/" + name).str(), ec);
    os << text;
  };
  write("a.yaml", kTail);
  write("b.yaml", kRace);
  auto kb = KnowledgeBase::load(dir);
  ASSERT_TRUE(!!kb) << llvm::toString(kb.takeError());

  llvm::json::Value raceSig = llvm::json::Object{
      {"findings", llvm::json::Array{llvm::json::Object{{"kind", "race-shared"}}}},
      {"nondeterministic", true}};
  auto r = rankEntries(*kb, raceSig, "__shared__ float red[256];");
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r[0].entry->id, "missing-syncthreads");
  EXPECT_DOUBLE_EQ(r[0].symptomScore, 1.0);
  EXPECT_FALSE(r[0].reasons.empty());

  llvm::json::Value tailSig =
      llvm::json::Object{{"spatial", llvm::json::Object{{"pattern", "tail"}}}};
  r = rankEntries(*kb, tailSig, "");
  EXPECT_EQ(r[0].entry->id, "missing-tail-guard");
  // Text alone breaks a tie in the symptom score.
  r = rankEntries(*kb, llvm::json::Object{}, "add a barrier syncthreads");
  EXPECT_EQ(r[0].entry->id, "missing-syncthreads");
  llvm::sys::fs::remove_directories(dir);
}
