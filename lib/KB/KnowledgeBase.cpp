//===- KnowledgeBase.cpp - loading kb/ entries -----------------------------===//
#include "kfix/KB/KnowledgeBase.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

#ifndef KFIX_SOURCE_DIR
#define KFIX_SOURCE_DIR ""
#endif

using namespace llvm;
using namespace kfix;

static Error fieldError(StringRef path, const Twine &field, const Twine &msg) {
  return createStringError(inconvertibleErrorCode(), "%s: %s: %s", path.str().c_str(),
                           field.str().c_str(), msg.str().c_str());
}

static Expected<std::string> requireString(const json::Object &o, StringRef key, StringRef path,
                                           const Twine &where) {
  const json::Value *v = o.get(key);
  if (!v)
    return fieldError(path, where.isTriviallyEmpty() ? Twine(key) : where + "." + key,
                      "missing field");
  if (auto s = v->getAsString())
    return s->str();
  if (auto i = v->getAsInteger())
    return std::to_string(*i);
  if (auto d = v->getAsNumber())
    return std::to_string(*d);
  return fieldError(path, where.isTriviallyEmpty() ? Twine(key) : where + "." + key,
                    "expected a string");
}

static std::string optString(const json::Object &o, StringRef key) {
  if (const json::Value *v = o.get(key)) {
    if (auto s = v->getAsString())
      return s->str();
    if (auto i = v->getAsInteger())
      return std::to_string(*i);
  }
  return "";
}

static const StringRef kOps[] = {"eq", "ne", "in", "contains", "exists", "gt", "ge", "lt", "le"};

Expected<KBEntry> kfix::parseKBEntry(StringRef text, StringRef path) {
  auto doc = yamlToJson(text, path);
  if (!doc)
    return doc.takeError();
  const json::Object *o = doc->getAsObject();
  if (!o)
    return fieldError(path, "<document>", "expected a mapping at the top level");
  KBEntry e;
  e.path = path.str();
  for (auto [key, dest] : {std::pair<StringRef, std::string *>{"id", &e.id},
                           {"title", &e.title},
                           {"bug_class", &e.bugClass},
                           {"explanation", &e.explanation},
                           {"provenance", &e.provenance}}) {
    auto v = requireString(*o, key, path, "");
    if (!v)
      return v.takeError();
    *dest = *v;
  }
  if (e.id.empty() ||
      e.id.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-") != std::string::npos)
    return fieldError(path, "id", "must be non-empty lowercase letters, digits and '-'");

  const json::Array *symptoms = o->getArray("symptoms");
  if (!symptoms || symptoms->empty())
    return fieldError(path, "symptoms", "expected a non-empty list of predicates");
  for (auto [i, sv] : llvm::enumerate(*symptoms)) {
    std::string where = "symptoms[" + std::to_string(i) + "]";
    const json::Object *so = sv.getAsObject();
    if (!so)
      return fieldError(path, where, "expected {field, op, value}");
    Symptom s;
    auto field = requireString(*so, "field", path, where);
    if (!field)
      return field.takeError();
    s.field = *field;
    auto op = requireString(*so, "op", path, where);
    if (!op)
      return op.takeError();
    s.op = *op;
    if (!llvm::is_contained(kOps, StringRef(s.op)))
      return fieldError(path, where + ".op",
                        "unknown operator '" + s.op + "' (eq ne in contains exists gt ge lt le)");
    if (const json::Value *v = so->get("value"))
      s.value = *v;
    else if (s.op != "exists")
      return fieldError(path, where + ".value", "missing field");
    if (auto w = so->getNumber("weight"))
      s.weight = *w;
    e.symptoms.push_back(std::move(s));
  }

  if (const json::Object *c = o->getObject("confirm")) {
    e.confirmInstrument = optString(*c, "instrument");
    e.confirmFinding = optString(*c, "finding");
  }

  const json::Value *rv = o->get("repair");
  std::vector<const json::Object *> repairs;
  if (rv && rv->getAsObject())
    repairs.push_back(rv->getAsObject());
  else if (rv && rv->getAsArray())
    for (const json::Value &r : *rv->getAsArray())
      if (const json::Object *ro = r.getAsObject())
        repairs.push_back(ro);
  if (repairs.empty())
    return fieldError(path, "repair", "expected a mapping {pass, options} or a list of them");
  for (auto [i, ro] : llvm::enumerate(repairs)) {
    RepairTemplate t;
    auto pass = requireString(*ro, "pass", path, "repair");
    if (!pass)
      return pass.takeError();
    t.pass = *pass;
    if (const json::Object *opts = ro->getObject("options"))
      for (const auto &kv : *opts) {
        if (auto s = kv.second.getAsString())
          t.options[kv.first.str()] = s->str();
        else if (auto n = kv.second.getAsInteger())
          t.options[kv.first.str()] = std::to_string(*n);
        else if (auto b = kv.second.getAsBoolean())
          t.options[kv.first.str()] = *b ? "true" : "false";
        else if (const json::Array *alts = kv.second.getAsArray()) {
          for (const json::Value &a : *alts) {
            if (auto s = a.getAsString())
              t.alternatives[kv.first.str()].push_back(s->str());
            else if (auto n = a.getAsInteger())
              t.alternatives[kv.first.str()].push_back(std::to_string(*n));
            else if (auto d = a.getAsNumber())
              t.alternatives[kv.first.str()].push_back(std::to_string(*d));
          }
          if (!t.alternatives[kv.first.str()].empty())
            t.options[kv.first.str()] = t.alternatives[kv.first.str()].front();
        } else
          return fieldError(path, "repair.options." + kv.first.str(),
                            "expected a string, number, boolean or list of them");
      }
    e.repairs.push_back(std::move(t));
  }

  if (const json::Object *ex = o->getObject("example")) {
    e.exampleBefore = optString(*ex, "before");
    e.exampleAfter = optString(*ex, "after");
  }
  if (e.exampleBefore.empty())
    return fieldError(path, "example.before", "missing field");
  e.regressionTest = optString(*o, "test");
  if (e.regressionTest.empty())
    return fieldError(path, "test", "missing field (the regression test under test/kb/)");
  if (const json::Array *kw = o->getArray("keywords"))
    for (const json::Value &k : *kw)
      if (auto s = k.getAsString())
        e.keywords.push_back(s->str());
  return e;
}

Expected<KnowledgeBase> KnowledgeBase::load(StringRef dir) {
  KnowledgeBase kb;
  kb.dir_ = dir.str();
  std::error_code ec;
  std::vector<std::string> files;
  for (sys::fs::directory_iterator it(dir, ec), end; it != end && !ec; it.increment(ec))
    if (StringRef(it->path()).ends_with(".yaml"))
      files.push_back(it->path());
  if (ec)
    return createStringError(ec, "%s: cannot read the KB directory: %s", dir.str().c_str(),
                             ec.message().c_str());
  llvm::sort(files);
  for (const std::string &f : files) {
    auto buf = MemoryBuffer::getFile(f);
    if (!buf)
      return createStringError(buf.getError(), "%s: %s", f.c_str(),
                               buf.getError().message().c_str());
    auto entry = parseKBEntry((*buf)->getBuffer(), f);
    if (!entry)
      return entry.takeError();
    if (kb.find(entry->id))
      return fieldError(f, "id", "duplicate id '" + entry->id + "'");
    kb.entries_.push_back(std::move(*entry));
  }
  if (kb.entries_.empty())
    return createStringError(inconvertibleErrorCode(), "%s: no KB entries (*.yaml)",
                             dir.str().c_str());
  return kb;
}

const KBEntry *KnowledgeBase::find(StringRef id) const {
  for (const KBEntry &e : entries_)
    if (e.id == id)
      return &e;
  return nullptr;
}

std::string KnowledgeBase::defaultDir(const char *argv0) {
  if (auto env = sys::Process::GetEnv("KFIX_KB_DIR"))
    return *env;
  // Next to the executable (an installed tree or an unpacked tarball), whether or
  // not the caller knows argv[0]: getMainExecutable reads /proc/self/exe.
  std::string exe = sys::fs::getMainExecutable(argv0, (void *)&KnowledgeBase::defaultDir);
  if (!exe.empty()) {
    SmallString<256> p(sys::path::parent_path(sys::path::parent_path(exe)));
    sys::path::append(p, "share", "kfix", "kb");
    if (sys::fs::is_directory(p))
      return std::string(p);
  }
  SmallString<256> src(KFIX_SOURCE_DIR);
  sys::path::append(src, "kb");
  return std::string(src);
}
