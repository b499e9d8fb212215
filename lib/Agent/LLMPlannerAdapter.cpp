//===- LLMPlannerAdapter.cpp - the LLM planner in the repair loop ---------===//
//
// Asks the model for one action per step. Its allowed actions are the repair
// passes of the knowledge base (with the options their templates use), the
// edit search's typed edits (kfix-repair-edit: the prompt lists the candidates
// at the diagnosis's ranked sites, as the search would try them) and a
// unified diff to the kernel source; whatever it answers is validated against
// that schema by kfix::llm before it reaches the loop, and a patch is applied
// in memory and re-lifted, never executed.
//
//===----------------------------------------------------------------------===//
#include "kfix/Agent/LLMPlannerAdapter.h"
#include "kfix/Agent/EditSearch.h"
#include "kfix/Agent/Placeholders.h"

#include "kfix/LLM/Patch.h"
#include "mlir/IR/OperationSupport.h"
#include "llvm/Support/FormatVariadic.h"
#include <set>

using namespace kfix;

llm::ActionSchema kfix::actionSchemaFromKB(const KnowledgeBase &kb) {
  llm::ActionSchema schema;
  std::map<std::string, llm::PassSpec> passes;
  for (const KBEntry &e : kb.entries())
    for (const RepairTemplate &t : e.repairs) {
      llm::PassSpec &p = passes[t.pass];
      p.name = t.pass;
      if (p.description.empty())
        p.description = e.title;
      else if (p.description.find(e.title) == std::string::npos)
        p.description += "; " + e.title;
      for (auto &[name, value] : t.options) {
        if (p.findOption(name))
          continue;
        llm::OptionSpec o;
        o.name = name;
        o.type = llm::OptionType::String;
        llvm::StringRef phName, phArg;
        if (value == "{site}")
          o.description = "source location file:line[:col] to repair (empty: every site where "
                          "the pattern applies)";
        else if (parsePlaceholder(value, phName, phArg))
          o.description = placeholderHelp(phName, phArg);
        else
          o.description = "e.g. " + value;
        p.options.push_back(std::move(o));
      }
    }
  // The edit search's vocabulary (EditSearch.h, Edits.h): one typed edit (or
  // several, comma-separated option lists of one length) at an op's location.
  llm::PassSpec &edit = passes["kfix-repair-edit"];
  edit.name = "kfix-repair-edit";
  edit.description = "a small typed edit of the lifted IR at one op (the candidate_edits list "
                     "gives the ones the search ranks first)";
  auto opt = [&](const char *name, const char *what) {
    llm::OptionSpec o;
    o.name = name;
    o.type = llm::OptionType::String;
    o.description = what;
    edit.options.push_back(std::move(o));
  };
  opt("loc", "file:line:col of the op to edit, as listed");
  opt("kind", "operand | opcode | swap | delta | bypass | fconst | iconst | reinit | clamp0 | "
              "mulby | mirror | retype | ceil | unclamp | window | unroll-tail | once | exchange | "
              "stable-ratio | delete");
  opt("op", "the op's name at loc (arith.addf, arith.cmpi, scf.for, memref.store, ...)");
  opt("operand", "operand index, or result (delta, clamp0, mulby), or a local (reinit), or the "
                 "first name (exchange: arg:NAME, var:NAME, or const:K for a chunk number)");
  opt("with", "the replacement: a value (arg:NAME, var:NAME, arg:NAME-1), an op name, a "
              "predicate, a delta, a constant, a loop index (reinit), block:D / thread:D (once), "
              "or the second name (exchange)");
  for (auto &[name, spec] : passes)
    schema.passes.push_back(std::move(spec));
  return schema;
}

LLMPlannerAdapter::LLMPlannerAdapter(std::unique_ptr<llm::LLMClient> client,
                                     const KnowledgeBase &kb, std::string kernelName)
    : client(std::move(client)), planner(*this->client), kb(kb), kernelName(std::move(kernelName)),
      schema(actionSchemaFromKB(kb)) {}

uint64_t LLMPlannerAdapter::promptTokens() const { return client->getTotalUsage().promptTokens; }
uint64_t LLMPlannerAdapter::completionTokens() const {
  return client->getTotalUsage().completionTokens;
}

std::vector<Action> LLMPlannerAdapter::propose(const SearchState &state,
                                               const std::vector<std::string> &tried) {
  llm::PromptContext ctx;
  ctx.kernelName = kernelName;
  ctx.kernelSource = state.source;
  std::string ir;
  llvm::raw_string_ostream os(ir);
  mlir::OpPrintingFlags flags;
  flags.enableDebugInfo(false);
  state.module.get()->print(os, flags);
  if (ir.size() > 16000)
    ir = ir.substr(0, 16000) + "\n... (truncated)";
  ctx.liftedIR = ir;
  std::string sig = llvm::formatv("{0:2}", state.eval.signature).str();
  if (sig.size() > 8000)
    sig = sig.substr(0, 8000) + "\n... (truncated)";
  ctx.diagnosis = state.eval.summary + "\n" + state.eval.diagnosis + "\nsignature:\n" + sig;
  auto ranked = rankEntries(kb, state.eval.signature, state.eval.diagnosis + "\n" + state.source);
  std::string entries;
  for (size_t i = 0; i < ranked.size() && i < 5; ++i) {
    const KBEntry &e = *ranked[i].entry;
    entries += llvm::formatv("[{0}] {1} (score {2:F2})\n{3}\nrepair:", e.id, e.title,
                             ranked[i].score, e.explanation)
                   .str();
    for (auto &t : e.repairs) {
      entries += " " + t.pass;
      for (auto &[k, v] : t.options)
        entries += " " + k + "=" + v;
      entries += ";";
    }
    entries += "\n\n";
  }
  ctx.kbEntries = entries;
  // The edits the search would try first at the ranked sites: the model
  // chooses among the same candidates the search validates.
  std::string edits;
  unsigned listed = 0;
  for (const EditSite &site : editSites(state, 6)) {
    auto ops = opsAt(state.module.get(), site.loc, site.op);
    llvm::erase_if(ops, [](mlir::Operation *o) { return o->hasAttr("kfix.repaired"); });
    if (ops.empty())
      continue;
    for (const EditSpec &e : enumerateEdits(ops.front(), 5)) {
      if (listed++ >= 24)
        break;
      Action a = editAction({e});
      std::string line = "kfix-repair-edit";
      for (auto &[k, v] : a.options)
        line += " " + k + "=" + v;
      edits += line + "   # " + e.what + " (" + site.origin + ")\n";
    }
  }
  ctx.candidateEdits = edits;
  ctx.actions = schema;
  ctx.actions.allowPatch = !state.source.empty();
  ctx.history = history;

  auto r = planner.plan(ctx);
  if (!r) {
    stop = llvm::toString(r.takeError());
    if (stop.find("budget") != std::string::npos)
      stop = "budget-tokens";
    return {};
  }
  const llm::Action &a = r->action;
  Action out;
  out.rationale = a.rationale;
  if (a.kind == llm::ActionKind::GiveUp) {
    stop = "the model gave up: " + a.reason;
    return {};
  }
  if (a.kind == llm::ActionKind::ApplyPass) {
    out.kind = Action::Pass;
    out.pass = a.pass;
    for (auto &[k, v] : a.options) {
      if (auto s = v.getAsString())
        out.options[k] = s->str();
      else if (auto i = v.getAsInteger())
        out.options[k] = std::to_string(*i);
      else if (auto b = v.getAsBoolean())
        out.options[k] = *b ? "true" : "false";
      else if (auto d = v.getAsNumber())
        out.options[k] = std::to_string(*d);
    }
    // An empty loc means "every site".
    for (auto it = out.options.begin(); it != out.options.end();)
      it = it->second.empty() ? out.options.erase(it) : std::next(it);
  } else {
    auto patched = llm::applyUnifiedDiff(state.source, a.diff, llm::PatchOptions());
    if (!patched) {
      // The planner validated that the diff applies; report it as a failed step.
      history.push_back({"patch", "did not apply: " + llvm::toString(patched.takeError())});
      return {};
    }
    out.kind = Action::Patch;
    out.patch = patched->text;
  }
  if (std::find(tried.begin(), tried.end(), out.describe()) != tried.end())
    history.push_back({out.describe(), "already tried from this state; choose another"});
  return {out};
}

void LLMPlannerAdapter::observe(const Action &a, const Evaluation &before, const Evaluation &after,
                                bool kept) {
  std::string outcome = llvm::formatv("error measure {0:F4} -> {1:F4}: {2}; {3}", before.measure,
                                      after.measure, kept ? "kept" : "reverted", after.summary)
                            .str();
  history.push_back({a.describe(), outcome});
}
