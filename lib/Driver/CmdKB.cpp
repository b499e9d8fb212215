//===- CmdKB.cpp - `kfix kb list|search|check` -----------------------------===//
#include "kfix/Support/BoundedJSON.h"
#include "kfix/Driver/Args.h"
#include "kfix/Driver/Driver.h"
#include "kfix/InitAll.h"
#include "kfix/KB/KnowledgeBase.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace llvm;
using namespace kfix;

static int kbList(const KnowledgeBase &kb) {
  for (const KBEntry &e : kb.entries())
    outs() << left_justify(e.id, 34) << " " << left_justify(e.bugClass, 14) << " " << e.title
           << "\n";
  return 0;
}

static int kbSearch(const KnowledgeBase &kb, const Args &args) {
  auto sigPath = args.get("signature");
  if (!sigPath) {
    errs() << "kfix kb search: --signature SIG.json is required\n";
    return 2;
  }
  auto buf = MemoryBuffer::getFile(*sigPath);
  if (!buf) {
    errs() << *sigPath << ": " << buf.getError().message() << "\n";
    return 2;
  }
  auto sig = kfix::parseBoundedJSON((*buf)->getBuffer());
  if (!sig) {
    errs() << *sigPath << ": invalid JSON: " << toString(sig.takeError()) << "\n";
    return 2;
  }
  // A report.json from `kfix diagnose` holds the signature under "signature".
  json::Value signature = *sig;
  if (auto *o = sig->getAsObject())
    if (auto *inner = o->get("signature"))
      signature = *inner;
  std::string query;
  if (auto q = args.get("query"))
    query = *q;
  if (auto qf = args.get("kernel")) {
    auto kb2 = MemoryBuffer::getFile(*qf);
    if (!kb2) {
      errs() << *qf << ": " << kb2.getError().message() << "\n";
      return 2;
    }
    query += " " + (*kb2)->getBuffer().str();
  }
  if (auto *o = signature.getAsObject())
    if (auto s = o->getString("summary"))
      query += " " + s->str();
  int64_t k;
  std::string err;
  if (!args.getInt("top", k, 5, err)) {
    errs() << "kfix kb search: " << err << "\n";
    return 2;
  }
  auto ranked = rankEntries(kb, signature, query);
  if (args.has("json")) {
    json::Array arr;
    for (size_t i = 0; i < ranked.size() && (int64_t)i < k; ++i) {
      json::Array reasons;
      for (auto &r : ranked[i].reasons)
        reasons.push_back(r);
      arr.push_back(json::Object{{"id", ranked[i].entry->id},
                                 {"score", ranked[i].score},
                                 {"symptom_score", ranked[i].symptomScore},
                                 {"text_score", ranked[i].textScore},
                                 {"reasons", std::move(reasons)}});
    }
    outs() << formatv("{0:2}", json::Value(std::move(arr))) << "\n";
    return 0;
  }
  for (size_t i = 0; i < ranked.size() && (int64_t)i < k; ++i) {
    const RankedEntry &r = ranked[i];
    outs() << formatv("{0}. {1}  score {2:F2}  ({3})\n", i + 1, r.entry->id, r.score,
                      r.entry->title);
    for (auto &reason : r.reasons)
      outs() << "     - " << reason << "\n";
  }
  return 0;
}

/// Checks one repair template: the pass is registered and its options parse.
static std::string checkRepair(const RepairTemplate &t) {
  std::string opts;
  for (auto &[k, v] : t.options) {
    std::string val = v;
    // Placeholders are filled by the planner; use a value of the right shape.
    if (StringRef(val).starts_with("{"))
      val = "x";
    opts += (opts.empty() ? "" : " ") + k + "=" + val;
  }
  std::string pipeline = "gpu.module(" + t.pass + (opts.empty() ? "" : "{" + opts + "}") + ")";
  mlir::MLIRContext ctx;
  mlir::PassManager pm(&ctx);
  std::string err;
  raw_string_ostream os(err);
  if (mlir::failed(mlir::parsePassPipeline(pipeline, pm, os)))
    return "repair '" + pipeline + "' does not parse: " + err;
  return "";
}

static int kbCheck(const KnowledgeBase &kb) {
  kfix::registerAllPasses();
  unsigned problems = 0;
  SmallString<256> root(kb.dir());
  sys::path::remove_filename(root); // the tree holding kb/ and test/
  for (const KBEntry &e : kb.entries()) {
    std::vector<std::string> issues;
    for (const RepairTemplate &t : e.repairs)
      if (std::string m = checkRepair(t); !m.empty())
        issues.push_back(m);
    if (!e.confirmInstrument.empty() && !mlir::PassInfo::lookup(e.confirmInstrument))
      issues.push_back("confirm.instrument '" + e.confirmInstrument + "' is not a registered pass");
    for (auto [what, rel] : {std::pair<StringRef, std::string>{"test", e.regressionTest},
                             {"example.before", e.exampleBefore},
                             {"example.after", e.exampleAfter}}) {
      if (rel.empty())
        continue;
      SmallString<256> p(root);
      sys::path::append(p, rel);
      if (!sys::fs::exists(p))
        issues.push_back((what + " '" + rel + "' does not exist").str());
    }
    if (StringRef(e.path).rsplit('/').second != e.id + ".yaml")
      issues.push_back("file name must be <id>.yaml");
    for (auto &i : issues)
      errs() << e.path << ": " << i << "\n";
    problems += issues.size();
  }
  if (problems) {
    errs() << "kfix kb check: " << problems << " problem(s) in " << kb.entries().size()
           << " entries\n";
    return 1;
  }
  outs() << "kfix kb check: " << kb.entries().size() << " entries OK\n";
  return 0;
}

static int kbMain(int argc, char **argv) {
  Args args("kfix kb list|search|check [--kb DIR] [--signature SIG.json] [--kernel FILE]");
  args.option("kb", "knowledge-base directory (default: $KFIX_KB_DIR or the installed kb/)")
      .option("signature", "failure signature JSON (or a kfix diagnose report.json)")
      .option("kernel", "kernel source whose text joins the query")
      .option("query", "extra query text")
      .option("top", "how many entries to print (default 5)", {"-k"})
      .flag("json", "print the ranking as JSON");
  int code = 0;
  if (!args.parse(argc, argv, code, 1))
    return code;
  std::string dir = args.get("kb", KnowledgeBase::defaultDir(nullptr));
  auto kb = KnowledgeBase::load(dir);
  if (!kb) {
    errs() << "kfix kb: " << toString(kb.takeError()) << "\n";
    return 2;
  }
  const std::string &verb = args.positionals()[0];
  if (verb == "list")
    return kbList(*kb);
  if (verb == "search")
    return kbSearch(*kb, args);
  if (verb == "check")
    return kbCheck(*kb);
  errs() << "kfix kb: unknown verb '" << verb << "' (list, search, check)\n";
  return 2;
}

static bool registered = [] {
  registerSubcommand({"kb", "list, search (rank against a signature) and check the KB", kbMain});
  return true;
}();
