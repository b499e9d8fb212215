//===- ActionSchema.cpp - the allowed actions as JSON Schema, text, JSON --===//
#include "kfix/LLM/Action.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace kfix::llm;
namespace json = llvm::json;

static json::Value optionSchema(const OptionSpec &o) {
  json::Object s;
  switch (o.type) {
  case OptionType::Bool:
    s["type"] = "boolean";
    break;
  case OptionType::Int:
    s["type"] = "integer";
    if (o.minInt)
      s["minimum"] = *o.minInt;
    if (o.maxInt)
      s["maximum"] = *o.maxInt;
    break;
  case OptionType::Float:
    s["type"] = "number";
    break;
  case OptionType::String:
    s["type"] = "string";
    s["pattern"] = "^[A-Za-z0-9_.:+/@-]{1,256}$";
    break;
  case OptionType::Enum: {
    s["type"] = "string";
    json::Array values;
    for (const std::string &v : o.enumValues)
      values.push_back(v);
    s["enum"] = std::move(values);
    break;
  }
  }
  if (!o.description.empty())
    s["description"] = o.description;
  return s;
}

static json::Value constString(llvm::StringRef v) {
  return json::Object{{"enum", json::Array{v.str()}}};
}

json::Value kfix::llm::buildActionJSONSchema(const ActionSchema &schema) {
  json::Array branches;
  for (const PassSpec &p : schema.passes) {
    json::Object props;
    json::Array required;
    for (const OptionSpec &o : p.options) {
      props[o.name] = optionSchema(o);
      if (o.required)
        required.push_back(o.name);
    }
    json::Object options{
        {"type", "object"}, {"properties", std::move(props)}, {"additionalProperties", false}};
    if (!required.empty())
      options["required"] = std::move(required);
    branches.push_back(
        json::Object{{"type", "object"},
                     {"properties", json::Object{{"action", constString("apply_pass")},
                                                 {"pass", constString(p.name)},
                                                 {"options", std::move(options)},
                                                 {"rationale", json::Object{{"type", "string"}}}}},
                     {"required", json::Array{"action", "pass", "options", "rationale"}},
                     {"additionalProperties", false}});
  }
  if (schema.allowPatch)
    branches.push_back(
        json::Object{{"type", "object"},
                     {"properties", json::Object{{"action", constString("patch")},
                                                 {"diff", json::Object{{"type", "string"}}},
                                                 {"rationale", json::Object{{"type", "string"}}}}},
                     {"required", json::Array{"action", "diff", "rationale"}},
                     {"additionalProperties", false}});
  if (schema.allowGiveUp)
    branches.push_back(
        json::Object{{"type", "object"},
                     {"properties", json::Object{{"action", constString("give_up")},
                                                 {"reason", json::Object{{"type", "string"}}}}},
                     {"required", json::Array{"action", "reason"}},
                     {"additionalProperties", false}});
  return json::Object{{"type", "object"}, {"anyOf", std::move(branches)}};
}

std::string kfix::llm::describeActions(const ActionSchema &schema) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (!schema.passes.empty()) {
    os << "1. Apply one repair pass:\n"
          "   {\"action\":\"apply_pass\",\"pass\":\"<name>\",\"options\":{...},"
          "\"rationale\":\"<why>\"}\n"
          "   Allowed passes (no others exist):\n";
    for (const PassSpec &p : schema.passes) {
      os << "   - " << p.name;
      if (!p.description.empty())
        os << ": " << p.description;
      os << "\n";
      for (const OptionSpec &o : p.options) {
        os << "       option " << o.name << " (" << getOptionTypeName(o.type);
        if (o.type == OptionType::Enum)
          os << ": " << llvm::join(o.enumValues, " | ");
        if (o.minInt || o.maxInt) {
          os << ", range ";
          if (o.minInt)
            os << *o.minInt;
          os << "..";
          if (o.maxInt)
            os << *o.maxInt;
        }
        if (o.required)
          os << ", required";
        os << ")";
        if (!o.description.empty())
          os << ": " << o.description;
        os << "\n";
      }
      if (p.options.empty())
        os << "       (no options; send \"options\":{})\n";
    }
  }
  if (schema.allowPatch)
    os << "2. Patch the kernel source:\n"
          "   {\"action\":\"patch\",\"diff\":\"<unified diff against the .cu file, with "
          "@@ hunks and exact context lines>\",\"rationale\":\"<why>\"}\n";
  if (schema.allowGiveUp)
    os << "3. Give up when no allowed action can help:\n"
          "   {\"action\":\"give_up\",\"reason\":\"<why>\"}\n";
  return text;
}

static llvm::Error fail(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

llvm::Expected<ActionSchema> kfix::llm::parseActionSchema(const json::Value &value) {
  const json::Object *o = value.getAsObject();
  if (!o)
    return fail("actions: expected an object");
  ActionSchema schema;
  if (std::optional<bool> b = o->getBoolean("allow_patch"))
    schema.allowPatch = *b;
  if (std::optional<bool> b = o->getBoolean("allow_give_up"))
    schema.allowGiveUp = *b;
  const json::Array *passes = o->getArray("passes");
  if (!passes)
    return schema;
  for (const json::Value &pv : *passes) {
    const json::Object *p = pv.getAsObject();
    std::optional<llvm::StringRef> name = p ? p->getString("name") : std::nullopt;
    if (!name || name->empty())
      return fail("actions.passes: each pass needs a \"name\"");
    PassSpec pass;
    pass.name = name->str();
    if (std::optional<llvm::StringRef> d = p->getString("description"))
      pass.description = d->str();
    if (const json::Array *opts = p->getArray("options")) {
      for (const json::Value &ov : *opts) {
        const json::Object *oo = ov.getAsObject();
        std::optional<llvm::StringRef> oname = oo ? oo->getString("name") : std::nullopt;
        if (!oname || oname->empty())
          return fail("pass '" + pass.name + "': each option needs a \"name\"");
        OptionSpec spec;
        spec.name = oname->str();
        llvm::StringRef type = oo->getString("type").value_or("string");
        if (type == "bool")
          spec.type = OptionType::Bool;
        else if (type == "int")
          spec.type = OptionType::Int;
        else if (type == "float")
          spec.type = OptionType::Float;
        else if (type == "string")
          spec.type = OptionType::String;
        else if (type == "enum")
          spec.type = OptionType::Enum;
        else
          return fail("pass '" + pass.name + "' option '" + spec.name + "': unknown type '" + type +
                      "' (bool, int, float, string, enum)");
        if (const json::Array *values = oo->getArray("enum"))
          for (const json::Value &v : *values)
            if (std::optional<llvm::StringRef> s = v.getAsString())
              spec.enumValues.push_back(s->str());
        if (spec.type == OptionType::Enum && spec.enumValues.empty())
          return fail("pass '" + pass.name + "' option '" + spec.name +
                      "': an enum needs \"enum\" values");
        spec.minInt = oo->getInteger("min");
        spec.maxInt = oo->getInteger("max");
        spec.required = oo->getBoolean("required").value_or(false);
        if (std::optional<llvm::StringRef> d = oo->getString("description"))
          spec.description = d->str();
        pass.options.push_back(std::move(spec));
      }
    }
    schema.passes.push_back(std::move(pass));
  }
  return schema;
}
