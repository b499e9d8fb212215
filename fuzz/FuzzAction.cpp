//===- FuzzAction.cpp - libFuzzer target: LLM action replies and schemas --===//
//
// The input is a model's reply (parseAction against a fixed schema with an
// option of every type). An input with a line `----` is a schema JSON
// (parseActionSchema) above it and a reply below it, parsed against that
// schema. Properties: a valid action names an allowed pass, its options are
// schema options, and its pass pipeline cannot break out of the braces.
//
//===----------------------------------------------------------------------===//
#include "FuzzCommon.h"
#include "kfix/LLM/Action.h"

#include "llvm/ADT/StringExtras.h"

using namespace kfix;
using namespace kfix::llm;

static const char *kSchema = R"({
  "passes": [
    {"name": "kfix-repair-bounds-guard", "description": "add a bounds guard",
     "options": [{"name": "site", "type": "string", "description": "file:line"},
                 {"name": "bound", "type": "string"}]},
    {"name": "kfix-repair-edit", "description": "a typed edit",
     "options": [{"name": "loc", "type": "string", "required": true},
                 {"name": "kind", "type": "enum", "enum": ["operand", "op", "pred", "const"]},
                 {"name": "operand", "type": "int", "min": 0, "max": 8},
                 {"name": "with", "type": "string"}]},
    {"name": "kfix-repair-accumulate", "options": [
                 {"name": "wide", "type": "bool"},
                 {"name": "scale", "type": "float"},
                 {"name": "count", "type": "int"}]},
    {"name": "kfix-repair-sync"}
  ],
  "allow_patch": true, "allow_give_up": true
})";

static bool safePipelineChar(char c) {
  return llvm::isAlnum(c) || llvm::StringRef("_.:+-/@= ").contains(c);
}

static void checkAction(const Action &a, const ActionSchema &schema) {
  (void)a.summary();
  llvm::json::Value j = a.toJSON();
  // The canonical form validates again to the same action.
  llvm::Expected<Action> again = validateAction(j, schema);
  KFIX_FUZZ_CHECK(bool(again), "an action's canonical JSON validates again");
  KFIX_FUZZ_CHECK(again->kind == a.kind && again->pass == a.pass,
                  "canonical JSON keeps the action");
  if (a.kind != ActionKind::ApplyPass)
    return;
  const PassSpec *p = schema.findPass(a.pass);
  KFIX_FUZZ_CHECK(p != nullptr, "apply_pass names an allowed pass");
  for (const auto &[name, value] : a.options)
    KFIX_FUZZ_CHECK(p->findOption(name) != nullptr, "options are the pass's options");
  std::string pipe = a.toPassPipeline();
  llvm::StringRef s(pipe);
  KFIX_FUZZ_CHECK(s.starts_with(a.pass), "the pipeline starts with the pass");
  llvm::StringRef rest = s.drop_front(a.pass.size());
  if (rest.empty())
    return;
  KFIX_FUZZ_CHECK(rest.front() == '{' && rest.back() == '}', "options in one pair of braces");
  rest = rest.drop_front().drop_back();
  for (char c : rest)
    KFIX_FUZZ_CHECK(safePipelineChar(c), "option values cannot break out of the braces");
}

static void parseReply(llvm::StringRef reply, const ActionSchema &schema) {
  llvm::Expected<Action> a = parseAction(reply, schema);
  if (!a) {
    fuzz::expectMessage(a.takeError());
    return;
  }
  checkAction(*a, schema);
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const ActionSchema fixed = [] {
    auto j = llvm::json::parse(kSchema);
    auto s = parseActionSchema(*j);
    if (!s) {
      std::fprintf(stderr, "bad built-in schema: %s\n", llvm::toString(s.takeError()).c_str());
      std::abort();
    }
    return *s;
  }();
  llvm::StringRef in = fuzz::bytes(data, size);
  llvm::StringRef schemaText, reply;
  if (!fuzz::splitAt(in, "----", schemaText, reply)) {
    parseReply(in, fixed);
    return 0;
  }
  llvm::Expected<llvm::json::Value> j = llvm::json::parse(schemaText);
  if (!j) {
    llvm::consumeError(j.takeError());
    return 0;
  }
  llvm::Expected<ActionSchema> schema = parseActionSchema(*j);
  if (!schema) {
    fuzz::expectMessage(schema.takeError());
    return 0;
  }
  (void)buildActionJSONSchema(*schema);
  (void)describeActions(*schema);
  parseReply(reply, *schema);
  return 0;
}
