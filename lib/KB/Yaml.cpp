//===- Yaml.cpp - YAML documents as llvm::json values ---------------------===//
//
// KB entries are YAML for people and JSON-shaped data for code: the loader
// turns the YAML node tree into an llvm::json::Value once and works on that.
//
//===----------------------------------------------------------------------===//
#include "kfix/KB/KnowledgeBase.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"

using namespace llvm;

namespace {
struct Converter {
  SourceMgr &sm;
  StringRef path;
  std::string error;

  void fail(yaml::Node *node, const Twine &msg) {
    if (!error.empty())
      return;
    auto lc = sm.getLineAndColumn(node->getSourceRange().Start);
    error = (path + ":" + Twine(lc.first) + ":" + Twine(lc.second) + ": " + msg).str();
  }

  json::Value scalar(StringRef v, bool plain) {
    if (!plain)
      return v.str();
    if (v == "true" || v == "True")
      return true;
    if (v == "false" || v == "False")
      return false;
    if (v == "null" || v == "~" || v.empty())
      return nullptr;
    int64_t i;
    if (!v.getAsInteger(10, i))
      return i;
    double d;
    if (!v.getAsDouble(d) && (v.find_first_of("0123456789") != StringRef::npos) &&
        v.find_first_not_of("0123456789+-.eE") == StringRef::npos)
      return d;
    return v.str();
  }

  json::Value convert(yaml::Node *node) {
    if (!node)
      return nullptr;
    if (auto *s = dyn_cast<yaml::ScalarNode>(node)) {
      SmallString<64> storage;
      StringRef v = s->getValue(storage);
      bool plain = s->getRawValue().size() > 0 && s->getRawValue()[0] != '"' &&
                   s->getRawValue()[0] != '\'';
      return scalar(v, plain);
    }
    if (auto *b = dyn_cast<yaml::BlockScalarNode>(node))
      return b->getValue().str();
    if (auto *seq = dyn_cast<yaml::SequenceNode>(node)) {
      json::Array arr;
      for (yaml::Node &n : *seq)
        arr.push_back(convert(&n));
      return arr;
    }
    if (auto *map = dyn_cast<yaml::MappingNode>(node)) {
      json::Object obj;
      for (yaml::KeyValueNode &kv : *map) {
        auto *key = dyn_cast_or_null<yaml::ScalarNode>(kv.getKey());
        if (!key) {
          fail(kv.getKey(), "mapping keys must be plain scalars");
          continue;
        }
        SmallString<32> storage;
        std::string k = key->getValue(storage).str();
        if (obj.find(k) != obj.end())
          fail(key, "duplicate key '" + k + "'");
        obj[k] = convert(kv.getValue());
      }
      return obj;
    }
    if (isa<yaml::NullNode>(node))
      return nullptr;
    fail(node, "unsupported YAML node (aliases and tags are not used in kfix files)");
    return nullptr;
  }
};
} // namespace

Expected<json::Value> kfix::yamlToJson(StringRef text, StringRef path) {
  SourceMgr sm;
  std::string diag;
  raw_string_ostream diagOs(diag);
  yaml::Stream stream(text, sm, /*ShowColors=*/false);
  // Route parser errors into a string with file:line:col.
  sm.setDiagHandler(
      [](const SMDiagnostic &d, void *ctx) {
        auto *out = static_cast<std::string *>(ctx);
        if (out->empty())
          *out = (Twine(d.getLineNo()) + ":" + Twine(d.getColumnNo() + 1) + ": " +
                  d.getMessage())
                     .str();
      },
      &diag);
  Converter conv{sm, path, ""};
  json::Value result = nullptr;
  auto it = stream.begin();
  if (it != stream.end())
    result = conv.convert(it->getRoot());
  if (stream.failed() || !diag.empty())
    return createStringError(inconvertibleErrorCode(), "%s:%s", path.str().c_str(),
                             diag.empty() ? " malformed YAML" : diag.c_str());
  if (!conv.error.empty())
    return createStringError(inconvertibleErrorCode(), "%s", conv.error.c_str());
  return result;
}
