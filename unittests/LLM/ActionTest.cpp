//===- ActionTest.cpp - tests of action extraction and validation ---------===//
#include "kfix/LLM/Action.h"

#include "llvm/Support/FormatVariadic.h"
#include "gtest/gtest.h"

using namespace kfix::llm;

static ActionSchema makeSchema() {
  ActionSchema s;
  PassSpec guard{"kfix-repair-bounds-guard", "guard", {}};
  OptionSpec mode;
  mode.name = "mode";
  mode.type = OptionType::Enum;
  mode.enumValues = {"skip", "clamp"};
  mode.required = true;
  OptionSpec loc;
  loc.name = "loc";
  loc.type = OptionType::String;
  guard.options = {mode, loc};
  PassSpec unroll{"kfix-repair-unroll", "", {}};
  OptionSpec factor;
  factor.name = "factor";
  factor.type = OptionType::Int;
  factor.minInt = 1;
  factor.maxInt = 8;
  OptionSpec vec;
  vec.name = "vec";
  vec.type = OptionType::Bool;
  OptionSpec eps;
  eps.name = "eps";
  eps.type = OptionType::Float;
  unroll.options = {factor, vec, eps};
  s.passes = {guard, unroll};
  return s;
}

static std::string err(llvm::StringRef reply, const ActionSchema &s = makeSchema()) {
  llvm::Expected<Action> a = parseAction(reply, s);
  if (a) {
    ADD_FAILURE() << "accepted: " << a->summary();
    return "";
  }
  return llvm::toString(a.takeError());
}

TEST(Action, ExtractsFromFencesAndProse) {
  llvm::Expected<std::string> j =
      extractJSONObject("I think {this} is it:\n```json\n{\"a\": \"}{\"}\n```\nDone.");
  ASSERT_TRUE(static_cast<bool>(j)) << llvm::toString(j.takeError());
  EXPECT_EQ(*j, "{\"a\": \"}{\"}");
}

TEST(Action, ExtractionErrors) {
  EXPECT_EQ(llvm::toString(extractJSONObject("").takeError()),
            "the reply is empty; expected one JSON object");
  EXPECT_EQ(llvm::toString(extractJSONObject("no json").takeError()),
            "the reply contains no JSON object");
  EXPECT_EQ(llvm::toString(extractJSONObject("{\"a\":1} {\"b\":2}").takeError()),
            "the reply contains more than one JSON object; send exactly one action");
}

TEST(Action, ApplyPassIsNormalized) {
  llvm::Expected<Action> a = parseAction(
      R"({"action":"apply_pass","pass":"kfix-repair-unroll","options":{"vec":true,"factor":4,"eps":0.5},"rationale":"r"})",
      makeSchema());
  ASSERT_TRUE(static_cast<bool>(a)) << llvm::toString(a.takeError());
  EXPECT_EQ(a->kind, ActionKind::ApplyPass);
  // Options come out in the spec's order.
  EXPECT_EQ(a->toPassPipeline(), "kfix-repair-unroll{factor=4 vec=true eps=0.5}");
  EXPECT_EQ(a->summary(), "apply_pass kfix-repair-unroll{factor=4 vec=true eps=0.5}");
  EXPECT_EQ(a->rationale, "r");
}

TEST(Action, NoOptions) {
  llvm::Expected<Action> a =
      parseAction(R"({"action":"apply_pass","pass":"kfix-repair-unroll"})", makeSchema());
  ASSERT_TRUE(static_cast<bool>(a)) << llvm::toString(a.takeError());
  EXPECT_EQ(a->toPassPipeline(), "kfix-repair-unroll");
}

TEST(Action, StrictValidation) {
  EXPECT_EQ(err(R"({"pass":"x"})"), "missing field 'action' (one of apply_pass, patch, give_up)");
  EXPECT_EQ(err(R"({"action":"exec","cmd":"ls"})"),
            "unknown action 'exec'; expected one of: apply_pass, patch, give_up");
  EXPECT_EQ(err(R"({"action":"apply_pass","pass":"kfix-evil"})"),
            "pass 'kfix-evil' is not in the allowed list: kfix-repair-bounds-guard, "
            "kfix-repair-unroll");
  EXPECT_EQ(err(R"({"action":"apply_pass","pass":"kfix-repair-bounds-guard"})"),
            "pass 'kfix-repair-bounds-guard' requires option 'mode' (enum)");
  EXPECT_EQ(err(R"({"action":"apply_pass","pass":"kfix-repair-unroll","options":{"factor":"4"}})"),
            "option 'factor' of pass 'kfix-repair-unroll' must be an integer");
  EXPECT_EQ(err(R"({"action":"apply_pass","pass":"kfix-repair-unroll","options":{"factor":0}})"),
            "option 'factor' of pass 'kfix-repair-unroll' must be >= 1, got 0");
  EXPECT_EQ(err(R"({"action":"apply_pass","pass":"kfix-repair-unroll","options":{"vec":1}})"),
            "option 'vec' of pass 'kfix-repair-unroll' must be a boolean (true or false)");
  EXPECT_EQ(err(R"({"action":"apply_pass","pass":"kfix-repair-unroll","options":[]})"),
            "field 'options' must be an object");
  EXPECT_EQ(
      err(R"({"action":"apply_pass","pass":"kfix-repair-bounds-guard","options":{"mode":"skip","loc":"a b"}})"),
      "option 'loc' of pass 'kfix-repair-bounds-guard' must be 1-256 characters of "
      "[A-Za-z0-9_.:+-/@]");
  EXPECT_EQ(err(R"({"action":"give_up"})"), "missing field 'reason' (a string)");
  EXPECT_EQ(err(R"({"action":"give_up","reason":"  "})"), "field 'reason' must not be empty");
  EXPECT_EQ(err(R"({"action":"patch","diff":"replace line 3"})"),
            "field 'diff' must be a unified diff with at least one '@@ -a,b +c,d @@' hunk "
            "header");
  EXPECT_EQ(err("[1,2]"), "the reply contains no JSON object");
}

TEST(Action, DisallowedKinds) {
  ActionSchema s = makeSchema();
  s.allowPatch = false;
  s.allowGiveUp = false;
  EXPECT_EQ(err(R"({"action":"patch","diff":"@@ -1 +1 @@\n-a\n+b\n"})", s),
            "action 'patch' is not allowed in this step");
  EXPECT_EQ(err(R"({"action":"give_up","reason":"x"})", s),
            "action 'give_up' is not allowed in this step");
  s.passes.clear();
  EXPECT_EQ(err(R"({"action":"apply_pass","pass":"kfix-repair-unroll"})", s),
            "action 'apply_pass' is not allowed in this step (no passes are allowed)");
}

TEST(Action, TextLimits) {
  ActionSchema s = makeSchema();
  s.maxTextBytes = 8;
  EXPECT_EQ(err(R"({"action":"give_up","reason":"123456789"})", s),
            "field 'reason' is 9 bytes; the limit is 8");
}

TEST(Action, SchemaRoundTrip) {
  llvm::Expected<llvm::json::Value> j = llvm::json::parse(R"({
    "passes":[{"name":"p","options":[{"name":"m","type":"enum","enum":["a","b"]},
                                     {"name":"n","type":"int","min":0,"max":3,"required":true}]}],
    "allow_patch":false})");
  ASSERT_TRUE(static_cast<bool>(j));
  llvm::Expected<ActionSchema> s = parseActionSchema(*j);
  ASSERT_TRUE(static_cast<bool>(s)) << llvm::toString(s.takeError());
  EXPECT_FALSE(s->allowPatch);
  ASSERT_EQ(s->passes.size(), 1u);
  EXPECT_EQ(s->passes[0].options[1].maxInt, 3);
  EXPECT_TRUE(s->passes[0].options[1].required);
  std::string schema = llvm::formatv("{0}", buildActionJSONSchema(*s)).str();
  EXPECT_NE(schema.find(R"("required":["n"])"), std::string::npos) << schema;
  EXPECT_EQ(schema.find("\"patch\""), std::string::npos) << schema;
  std::string text = describeActions(*s);
  EXPECT_NE(text.find("option m (enum: a | b)"), std::string::npos) << text;
  EXPECT_NE(text.find("option n (int, range 0..3, required)"), std::string::npos) << text;

  llvm::Expected<llvm::json::Value> bad =
      llvm::json::parse(R"({"passes":[{"name":"p","options":[{"name":"m","type":"list"}]}]})");
  ASSERT_TRUE(static_cast<bool>(bad));
  llvm::Expected<ActionSchema> badSchema = parseActionSchema(*bad);
  ASSERT_FALSE(static_cast<bool>(badSchema));
  EXPECT_EQ(llvm::toString(badSchema.takeError()),
            "pass 'p' option 'm': unknown type 'list' (bool, int, float, string, enum)");
}
