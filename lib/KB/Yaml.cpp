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

  /// Records the first error at `node`'s position, else at `fallback`'s. An
  /// empty node (the missing key of `? ` in a mapping) has no position: asking
  /// the SourceMgr for its line read out of bounds (found by fuzz/).
  void fail(yaml::Node *node, const Twine &msg, yaml::Node *fallback = nullptr) {
    if (!error.empty())
      return;
    for (yaml::Node *n : {node, fallback}) {
      SMLoc at = n ? n->getSourceRange().Start : SMLoc();
      if (at.isValid() && sm.FindBufferContainingLoc(at) != 0) {
        auto lc = sm.getLineAndColumn(at);
        error = (path + ":" + Twine(lc.first) + ":" + Twine(lc.second) + ": " + msg).str();
        return;
      }
    }
    error = (path + ": " + msg).str();
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

  /// Nesting of the node being converted. convert recurses once per level (and
  /// LLVM's parser is lazy, so it parses as we descend): a document of 20000
  /// '[' overflowed the stack (found by fuzz/). KB entries nest 4 deep.
  unsigned depth = 0;
  static constexpr unsigned kMaxDepth = 64;

  json::Value convert(yaml::Node *node) {
    if (!node)
      return nullptr;
    if (depth >= kMaxDepth) {
      fail(node, "nested more than " + Twine(kMaxDepth) + " levels deep");
      return nullptr;
    }
    ++depth;
    json::Value v = convertNode(node);
    --depth;
    return v;
  }

  json::Value convertNode(yaml::Node *node) {
    if (auto *s = dyn_cast<yaml::ScalarNode>(node)) {
      SmallString<64> storage;
      StringRef v = s->getValue(storage);
      bool plain =
          s->getRawValue().size() > 0 && s->getRawValue()[0] != '"' && s->getRawValue()[0] != '\'';
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
          fail(kv.getKey(), "mapping keys must be plain scalars", map);
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

/// The offset of the first '[' or '{' that opens flow level maxDepth + 1
/// (outside double-quoted strings and comments), or npos. LLVM's scanner is
/// quadratic in the number of open flow collections (80000 '[' took 5 s), so
/// such a document is rejected before it is scanned. Conservative: a quote or a
/// bracket inside a plain scalar only makes the count larger by the rare
/// unbalanced bracket of prose.
static size_t flowDepthExcess(StringRef text, unsigned maxDepth) {
  unsigned depth = 0;
  bool inString = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (inString) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        inString = false;
      continue;
    }
    if (c == '"') {
      inString = true;
    } else if (c == '#' && (i == 0 || text[i - 1] == ' ' || text[i - 1] == '\n')) {
      size_t nl = text.find('\n', i);
      if (nl == StringRef::npos)
        break;
      i = nl;
    } else if (c == '[' || c == '{') {
      if (++depth > maxDepth)
        return i;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return StringRef::npos;
}

Expected<json::Value> kfix::yamlToJson(StringRef text, StringRef path) {
  if (size_t at = flowDepthExcess(text, Converter::kMaxDepth); at != StringRef::npos) {
    StringRef before = text.take_front(at);
    size_t line = before.count('\n') + 1;
    size_t col = at - (before.rfind('\n') == StringRef::npos ? 0 : before.rfind('\n') + 1) + 1;
    return createStringError(inconvertibleErrorCode(),
                             "%s:%zu:%zu: nested more than %u levels deep", path.str().c_str(),
                             line, col, Converter::kMaxDepth);
  }
  SourceMgr sm;
  std::string diag;
  raw_string_ostream diagOs(diag);
  yaml::Stream stream(text, sm, /*ShowColors=*/false);
  // Route parser errors into a string with file:line:col.
  sm.setDiagHandler(
      [](const SMDiagnostic &d, void *ctx) {
        auto *out = static_cast<std::string *>(ctx);
        if (out->empty())
          *out = (Twine(d.getLineNo()) + ":" + Twine(d.getColumnNo() + 1) + ": " + d.getMessage())
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
