//===- Action.cpp - parse and validate the model's JSON action ------------===//
#include "kfix/LLM/Action.h"
#include "kfix/Support/BoundedJSON.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include <cstdio>
#include <cstdlib>

using namespace kfix::llm;
namespace json = llvm::json;

static llvm::Error fail(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

llvm::StringRef kfix::llm::getOptionTypeName(OptionType type) {
  switch (type) {
  case OptionType::Bool:
    return "bool";
  case OptionType::Int:
    return "int";
  case OptionType::Float:
    return "float";
  case OptionType::String:
    return "string";
  case OptionType::Enum:
    return "enum";
  }
  return "string";
}

llvm::StringRef kfix::llm::getActionKindName(ActionKind kind) {
  switch (kind) {
  case ActionKind::ApplyPass:
    return "apply_pass";
  case ActionKind::Patch:
    return "patch";
  case ActionKind::GiveUp:
    return "give_up";
  }
  return "give_up";
}

const OptionSpec *PassSpec::findOption(llvm::StringRef optName) const {
  for (const OptionSpec &o : options)
    if (o.name == optName)
      return &o;
  return nullptr;
}

const PassSpec *ActionSchema::findPass(llvm::StringRef passName) const {
  for (const PassSpec &p : passes)
    if (p.name == passName)
      return &p;
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Rendering
//===----------------------------------------------------------------------===//

static std::string renderOptionValue(const json::Value &v) {
  if (std::optional<bool> b = v.getAsBoolean())
    return *b ? "true" : "false";
  if (std::optional<int64_t> i = v.getAsInteger())
    return std::to_string(*i);
  if (std::optional<double> d = v.getAsNumber()) {
    // Shortest form that reads back as the same double.
    char buf[32];
    for (int precision = 6; precision <= 17; ++precision) {
      snprintf(buf, sizeof(buf), "%.*g", precision, *d);
      if (strtod(buf, nullptr) == *d)
        break;
    }
    return buf;
  }
  if (std::optional<llvm::StringRef> s = v.getAsString())
    return s->str();
  return "";
}

std::string Action::toPassPipeline() const {
  std::string s = pass;
  if (options.empty())
    return s;
  s += "{";
  llvm::ListSeparator sep(" ");
  for (const auto &[name, value] : options) {
    s += sep;
    s += name + "=" + renderOptionValue(value);
  }
  return s + "}";
}

json::Value Action::toJSON() const {
  json::Object o{{"action", getActionKindName(kind)}};
  switch (kind) {
  case ActionKind::ApplyPass: {
    o["pass"] = pass;
    json::Object opts;
    for (const auto &[name, value] : options)
      opts[name] = value;
    o["options"] = std::move(opts);
    o["rationale"] = rationale;
    break;
  }
  case ActionKind::Patch:
    o["diff"] = diff;
    o["rationale"] = rationale;
    break;
  case ActionKind::GiveUp:
    o["reason"] = reason;
    break;
  }
  return o;
}

std::string Action::summary() const {
  switch (kind) {
  case ActionKind::ApplyPass:
    return "apply_pass " + toPassPipeline();
  case ActionKind::Patch: {
    unsigned lines = llvm::count(diff, '\n');
    return "patch (" + std::to_string(lines) + "-line diff)";
  }
  case ActionKind::GiveUp:
    return "give_up";
  }
  return "give_up";
}

//===----------------------------------------------------------------------===//
// Extraction
//===----------------------------------------------------------------------===//

/// End (one past the closing brace) of the balanced object starting at
/// `start`, skipping braces inside strings; npos when unterminated or when the
/// search's work budget (characters scanned, over every candidate) runs out.
static size_t findObjectEnd(llvm::StringRef text, size_t start, size_t &budget) {
  int depth = 0;
  bool inString = false, escaped = false;
  for (size_t i = start; i < text.size(); ++i) {
    if (budget == 0)
      return llvm::StringRef::npos;
    --budget;
    char c = text[i];
    if (inString) {
      if (escaped)
        escaped = false;
      else if (c == '\\')
        escaped = true;
      else if (c == '"')
        inString = false;
      continue;
    }
    if (c == '"')
      inString = true;
    else if (c == '{')
      ++depth;
    else if (c == '}' && --depth == 0)
      return i + 1;
  }
  return llvm::StringRef::npos;
}

/// Work allowed to the search for the object: every '{' of the reply is a
/// candidate start whose scan may run to the end, which is quadratic in a
/// reply of many unbalanced braces (60 KB of '{' took a minute). 32 scans of
/// the whole reply is far more than a real reply needs.
static size_t searchBudget(llvm::StringRef reply) { return 32 * reply.size() + (1u << 16); }

/// The first '{' at or after `from` that starts a balanced, parseable JSON
/// object; fills [begin, end). `exhausted` is set when the budget ran out.
static bool findObject(llvm::StringRef text, size_t from, size_t &begin, size_t &end,
                       bool &sawUnterminated, size_t &budget, bool &exhausted) {
  for (size_t pos = text.find('{', from); pos != llvm::StringRef::npos;
       pos = text.find('{', pos + 1)) {
    size_t stop = findObjectEnd(text, pos, budget);
    if (budget == 0) {
      exhausted = true;
      return false;
    }
    if (stop == llvm::StringRef::npos) {
      sawUnterminated = true;
      continue;
    }
    // Parsing costs about as much as the scan did.
    budget -= std::min(budget, stop - pos);
    llvm::Expected<json::Value> parsed = kfix::parseBoundedJSON(text.slice(pos, stop));
    if (!parsed) {
      llvm::consumeError(parsed.takeError());
      continue;
    }
    if (!parsed->getAsObject())
      continue;
    begin = pos;
    end = stop;
    return true;
  }
  return false;
}

llvm::Expected<std::string> kfix::llm::extractJSONObject(llvm::StringRef reply) {
  if (reply.trim().empty())
    return fail("the reply is empty; expected one JSON object");
  size_t begin = 0, end = 0;
  bool unterminated = false, exhausted = false;
  size_t budget = searchBudget(reply);
  if (!findObject(reply, 0, begin, end, unterminated, budget, exhausted)) {
    if (exhausted)
      return fail("the reply has too many unbalanced or malformed '{' to find one JSON "
                  "object in it; send exactly one JSON object");
    if (unterminated)
      return fail("the reply has an unterminated or malformed JSON object; expected one "
                  "complete JSON object");
    // Report the parser's error on the first brace, which is the most useful.
    size_t first = reply.find('{');
    if (first == llvm::StringRef::npos)
      return fail("the reply contains no JSON object");
    size_t one = searchBudget(reply);
    llvm::Expected<json::Value> parsed =
        kfix::parseBoundedJSON(reply.slice(first, findObjectEnd(reply, first, one)));
    if (!parsed)
      return fail("the reply's JSON does not parse: " + llvm::toString(parsed.takeError()));
    return fail("the reply's JSON is not an object");
  }
  size_t b2, e2;
  bool dummy = false, spent = false;
  if (findObject(reply, end, b2, e2, dummy, budget, spent))
    return fail("the reply contains more than one JSON object; send exactly one action");
  return reply.slice(begin, end).str();
}

//===----------------------------------------------------------------------===//
// Validation
//===----------------------------------------------------------------------===//

static bool isSafeOptionString(llvm::StringRef s) {
  return llvm::all_of(
      s, [](char c) { return llvm::isAlnum(c) || llvm::StringRef("_.:+-/@").contains(c); });
}

static std::string joinNames(llvm::ArrayRef<std::string> names) {
  return names.empty() ? std::string("(none)") : llvm::join(names, ", ");
}

static llvm::Expected<json::Value> validateOption(const PassSpec &pass, const OptionSpec &spec,
                                                  const json::Value &v) {
  std::string where = "option '" + spec.name + "' of pass '" + pass.name + "'";
  switch (spec.type) {
  case OptionType::Bool:
    if (std::optional<bool> b = v.getAsBoolean())
      return json::Value(*b);
    return fail(where + " must be a boolean (true or false)");
  case OptionType::Int: {
    std::optional<int64_t> i = v.getAsInteger();
    if (!i)
      return fail(where + " must be an integer");
    if (spec.minInt && *i < *spec.minInt)
      return fail(where + " must be >= " + llvm::Twine(*spec.minInt) + ", got " + llvm::Twine(*i));
    if (spec.maxInt && *i > *spec.maxInt)
      return fail(where + " must be <= " + llvm::Twine(*spec.maxInt) + ", got " + llvm::Twine(*i));
    return json::Value(*i);
  }
  case OptionType::Float:
    if (std::optional<double> d = v.getAsNumber())
      return json::Value(*d);
    return fail(where + " must be a number");
  case OptionType::String: {
    std::optional<llvm::StringRef> s = v.getAsString();
    if (!s)
      return fail(where + " must be a string");
    if (s->empty() || s->size() > 256 || !isSafeOptionString(*s))
      return fail(where + " must be 1-256 characters of [A-Za-z0-9_.:+-/@]");
    return json::Value(s->str());
  }
  case OptionType::Enum: {
    std::optional<llvm::StringRef> s = v.getAsString();
    if (!s || !llvm::is_contained(spec.enumValues, *s))
      return fail(where + " must be one of: " + joinNames(spec.enumValues));
    return json::Value(s->str());
  }
  }
  return fail(where + " has an unknown type");
}

static llvm::Error checkKeys(const json::Object &o, llvm::StringRef action,
                             llvm::ArrayRef<llvm::StringRef> allowed) {
  std::vector<std::string> unknown;
  for (const auto &kv : o)
    if (!llvm::is_contained(allowed, kv.first.str()))
      unknown.push_back(kv.first.str());
  if (unknown.empty())
    return llvm::Error::success();
  llvm::sort(unknown);
  for (std::string &u : unknown)
    u = "'" + u.substr(0, 64) + "'";
  std::vector<std::string> names(allowed.begin(), allowed.end());
  return fail("unexpected field" + llvm::Twine(unknown.size() > 1 ? "s " : " ") +
              joinNames(unknown) + " in the '" + action +
              "' action (allowed fields: " + joinNames(names) + ")");
}

static llvm::Expected<std::string> getText(const json::Object &o, llvm::StringRef key,
                                           bool required, size_t limit) {
  const json::Value *v = o.get(key);
  if (!v || v->kind() == json::Value::Null) {
    if (required)
      return fail("missing field '" + key + "' (a string)");
    return std::string();
  }
  std::optional<llvm::StringRef> s = v->getAsString();
  if (!s)
    return fail("field '" + key + "' must be a string");
  if (required && s->trim().empty())
    return fail("field '" + key + "' must not be empty");
  if (s->size() > limit)
    return fail("field '" + key + "' is " + llvm::Twine(s->size()) + " bytes; the limit is " +
                llvm::Twine(limit));
  return s->str();
}

llvm::Expected<Action> kfix::llm::validateAction(const json::Value &value,
                                                 const ActionSchema &schema) {
  const json::Object *o = value.getAsObject();
  if (!o)
    return fail("the action must be a JSON object");
  const json::Value *kindValue = o->get("action");
  if (!kindValue)
    return fail("missing field 'action' (one of apply_pass, patch, give_up)");
  std::optional<llvm::StringRef> kindName = kindValue->getAsString();
  if (!kindName)
    return fail("field 'action' must be a string (one of apply_pass, patch, give_up)");

  Action action;
  if (*kindName == "apply_pass") {
    if (schema.passes.empty())
      return fail("action 'apply_pass' is not allowed in this step (no passes are allowed)");
    if (llvm::Error e = checkKeys(*o, *kindName, {"action", "pass", "options", "rationale"}))
      return std::move(e);
    action.kind = ActionKind::ApplyPass;
    const json::Value *passValue = o->get("pass");
    std::optional<llvm::StringRef> passName = passValue ? passValue->getAsString() : std::nullopt;
    std::vector<std::string> allowed;
    for (const PassSpec &p : schema.passes)
      allowed.push_back(p.name);
    if (!passName)
      return fail("field 'pass' must be a string naming one of: " + joinNames(allowed));
    const PassSpec *pass = schema.findPass(*passName);
    if (!pass)
      return fail("pass '" + *passName + "' is not in the allowed list: " + joinNames(allowed));
    action.pass = pass->name;

    const json::Value *optsValue = o->get("options");
    const json::Object *opts = nullptr;
    if (optsValue && optsValue->kind() != json::Value::Null) {
      opts = optsValue->getAsObject();
      if (!opts)
        return fail("field 'options' must be an object");
    }
    if (opts) {
      std::vector<std::string> known;
      for (const OptionSpec &s : pass->options)
        known.push_back(s.name);
      std::vector<std::string> unknown;
      for (const auto &kv : *opts)
        if (!pass->findOption(kv.first))
          unknown.push_back(kv.first.str());
      if (!unknown.empty()) {
        llvm::sort(unknown);
        for (std::string &u : unknown)
          u = "'" + u.substr(0, 64) + "'";
        return fail("pass '" + pass->name + "' has no option" + (unknown.size() > 1 ? "s " : " ") +
                    joinNames(unknown) + " (its options: " + joinNames(known) + ")");
      }
    }
    // Keep the spec's order so toPassPipeline() is deterministic.
    for (const OptionSpec &spec : pass->options) {
      const json::Value *v = opts ? opts->get(spec.name) : nullptr;
      if (!v) {
        if (spec.required)
          return fail("pass '" + pass->name + "' requires option '" + spec.name + "' (" +
                      getOptionTypeName(spec.type) + ")");
        continue;
      }
      llvm::Expected<json::Value> checked = validateOption(*pass, spec, *v);
      if (!checked)
        return checked.takeError();
      action.options.emplace_back(spec.name, std::move(*checked));
    }
    llvm::Expected<std::string> rationale =
        getText(*o, "rationale", /*required=*/false, schema.maxTextBytes);
    if (!rationale)
      return rationale.takeError();
    action.rationale = std::move(*rationale);
    return action;
  }

  if (*kindName == "patch") {
    if (!schema.allowPatch)
      return fail("action 'patch' is not allowed in this step");
    if (llvm::Error e = checkKeys(*o, *kindName, {"action", "diff", "rationale"}))
      return std::move(e);
    action.kind = ActionKind::Patch;
    llvm::Expected<std::string> diff = getText(*o, "diff", /*required=*/true, schema.maxDiffBytes);
    if (!diff)
      return diff.takeError();
    llvm::StringRef d = *diff;
    if (!d.starts_with("@@ ") && !d.contains("\n@@ "))
      return fail("field 'diff' must be a unified diff with at least one '@@ -a,b +c,d @@' "
                  "hunk header");
    action.diff = std::move(*diff);
    llvm::Expected<std::string> rationale =
        getText(*o, "rationale", /*required=*/false, schema.maxTextBytes);
    if (!rationale)
      return rationale.takeError();
    action.rationale = std::move(*rationale);
    return action;
  }

  if (*kindName == "give_up") {
    if (!schema.allowGiveUp)
      return fail("action 'give_up' is not allowed in this step");
    if (llvm::Error e = checkKeys(*o, *kindName, {"action", "reason"}))
      return std::move(e);
    action.kind = ActionKind::GiveUp;
    llvm::Expected<std::string> reason =
        getText(*o, "reason", /*required=*/true, schema.maxTextBytes);
    if (!reason)
      return reason.takeError();
    action.reason = std::move(*reason);
    return action;
  }

  std::string shown = kindName->take_front(64).str();
  return fail("unknown action '" + shown + "'; expected one of: apply_pass, patch, give_up");
}

llvm::Expected<Action> kfix::llm::parseAction(llvm::StringRef reply, const ActionSchema &schema) {
  llvm::Expected<std::string> text = extractJSONObject(reply);
  if (!text)
    return text.takeError();
  llvm::Expected<json::Value> value = kfix::parseBoundedJSON(*text);
  if (!value)
    return fail("the reply's JSON does not parse: " + llvm::toString(value.takeError()));
  return validateAction(*value, schema);
}
