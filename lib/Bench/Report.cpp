//===- Report.cpp - aggregates, results.json/.md and the SVG chart --------===//
#include "kfix/Bench/Bench.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"
#include <map>

using namespace kfix;
using namespace kfix::bench;

double Group::passAt1() const {
  unsigned denom = tasks - alreadyPassing;
  return denom ? double(repaired) / denom : 0.0;
}

static void add(Group &g, const TaskOutcome &o) {
  ++g.tasks;
  g.repaired += o.solved();
  g.alreadyPassing += o.verdict == "already-passing";
  g.errors += o.isError();
  if (o.verdict == "already-passing")
    return;
  ++g.regenTasks;
  if (!o.regen.empty()) {
    unsigned passes =
        llvm::count_if(o.regen, [](const RegenAttempt &a) { return a.outcome == "pass"; });
    g.regenPass1Sum += double(passes) / o.regen.size();
    g.regenTasksSolved += passes > 0;
  }
}

Summary bench::summarize(std::vector<TaskOutcome> outcomes) {
  Summary s;
  s.all.key = "all";
  std::map<std::string, Group> byClass, byFamily;
  for (const TaskOutcome &o : outcomes) {
    add(s.all, o);
    std::vector<std::string> classes = o.task.bugs;
    if (classes.empty())
      classes.push_back("(none)");
    for (auto &c : classes) {
      byClass[c].key = c;
      add(byClass[c], o);
    }
    byFamily[o.task.family].key = o.task.family;
    add(byFamily[o.task.family], o);
    s.crashes += o.verdict == "crash";
    s.timeouts += o.verdict == "timeout";
    if (o.verdict != "already-passing") {
      s.evaluationsAll += o.evaluations;
      s.wallMsAll += o.wallMs;
      s.tokensDebug += o.promptTokens + o.completionTokens;
    }
    if (o.solved()) {
      s.evaluationsSolved += o.evaluations;
      s.wallMsSolved += o.wallMs;
    }
    s.gateRejections += o.gateRejections.size();
    s.gateRejectionTasks += !o.gateRejections.empty();
    s.gateWouldReject += o.gateWouldReject;
    if (!o.regen.empty()) {
      s.regenerate = true;
      s.k = std::max<unsigned>(s.k, o.regen.size());
      for (const RegenAttempt &a : o.regen) {
        ++s.regenAttempts;
        s.regenPasses += a.outcome == "pass";
        s.tokensRegen += a.tokens;
      }
    }
  }
  for (auto &kv : byClass)
    s.byClass.push_back(kv.second);
  for (auto &kv : byFamily)
    s.byFamily.push_back(kv.second);
  if (s.all.regenTasks) {
    s.regenPassAt1 = s.all.regenPass1Sum / s.all.regenTasks;
    s.regenPassAtK = double(s.all.regenTasksSolved) / s.all.regenTasks;
  }
  s.outcomes = std::move(outcomes);
  return s;
}

static llvm::json::Object groupJSON(const Group &g, bool regen) {
  llvm::json::Object o{{"tasks", g.tasks},
                       {"repaired", g.repaired},
                       {"already_passing", g.alreadyPassing},
                       {"errors", g.errors},
                       {"debug_pass_at_1", g.tasks > g.alreadyPassing
                                               ? llvm::json::Value(g.passAt1())
                                               : llvm::json::Value(nullptr)}};
  if (regen && g.regenTasks) {
    o["regenerate_pass_at_1"] = g.regenPass1Sum / g.regenTasks;
    o["regenerate_pass_at_k"] = double(g.regenTasksSolved) / g.regenTasks;
  }
  return o;
}

static double perSuccess(double total, unsigned successes) {
  return successes ? total / successes : 0.0;
}

llvm::json::Value Summary::toJSON() const {
  llvm::json::Object byC, byF;
  for (const Group &g : byClass)
    byC[g.key] = groupJSON(g, regenerate);
  for (const Group &g : byFamily)
    byF[g.key] = groupJSON(g, regenerate);
  llvm::json::Array tasks;
  for (const TaskOutcome &o : outcomes)
    tasks.push_back(o.toJSON());
  llvm::json::Object o{
      {"kfix_bench_results", 1},
      {"dir", dir},
      {"target", target},
      {"planner", planner},
      {"ablation", ablation},
      {"shard", shard},
      {"summary", groupJSON(all, regenerate)},
      {"crashes", crashes},
      {"timeouts", timeouts},
      {"costs",
       llvm::json::Object{
           {"evaluations", evaluationsAll},
           {"wall_ms", wallMsAll},
           {"evaluations_per_success", perSuccess(evaluationsAll, all.repaired)},
           {"wall_ms_per_success", perSuccess(wallMsAll, all.repaired)},
           {"mean_evaluations_of_a_success", perSuccess(evaluationsSolved, all.repaired)},
           {"mean_wall_ms_of_a_success", perSuccess(wallMsSolved, all.repaired)},
           {"debug_tokens", tokensDebug},
           {"debug_tokens_per_success", perSuccess(tokensDebug, all.repaired)}}},
      {"integrity", llvm::json::Object{{"tasks_with_gate_rejections", gateRejectionTasks},
                                       {"gate_rejections", gateRejections},
                                       {"gate_would_reject", gateWouldReject}}},
      {"by_bug_class", std::move(byC)},
      {"by_family", std::move(byF)},
      {"tasks", std::move(tasks)}};
  if (regenerate)
    o["regenerate"] = llvm::json::Object{
        {"k", k},
        {"attempts", regenAttempts},
        {"passing_attempts", regenPasses},
        {"pass_at_1", regenPassAt1},
        {"pass_at_k", regenPassAtK},
        {"tokens", tokensRegen},
        {"tokens_per_success", perSuccess(tokensRegen, regenPasses)},
        {"tokens_per_solved_task", perSuccess(tokensRegen, all.regenTasksSolved)}};
  if (minPassAt1)
    o["min_pass_at_1"] = *minPassAt1;
  return o;
}

//===----------------------------------------------------------------------===//
// Markdown
//===----------------------------------------------------------------------===//

static std::string pct(double f) { return llvm::formatv("{0:F1}%", 100.0 * f).str(); }

static std::string mdCell(llvm::StringRef s) {
  std::string out;
  for (char c : s) {
    if (c == '|')
      out += "\\|";
    else if (c == '\n')
      out += ' ';
    else
      out += c;
  }
  return out;
}

static void groupTable(llvm::raw_ostream &os, llvm::StringRef title, const Summary &s,
                       const std::vector<Group> &groups) {
  os << "\n## Per " << title << "\n\n| " << title
     << " | tasks | repaired | already passing | errors | Debug Pass@1 |";
  if (s.regenerate)
    os << " Regenerate Pass@1 | Regenerate Pass@" << s.k << " |";
  os << "\n|---|---:|---:|---:|---:|---:|";
  if (s.regenerate)
    os << "---:|---:|";
  os << "\n";
  for (const Group &g : groups) {
    os << "| " << mdCell(g.key) << " | " << g.tasks << " | " << g.repaired << " | "
       << g.alreadyPassing << " | " << g.errors << " | "
       << (g.tasks > g.alreadyPassing ? pct(g.passAt1()) : std::string("n/a")) << " |";
    if (s.regenerate) {
      double p1 = g.regenTasks ? g.regenPass1Sum / g.regenTasks : 0;
      double pk = g.regenTasks ? double(g.regenTasksSolved) / g.regenTasks : 0;
      os << " " << pct(p1) << " | " << pct(pk) << " |";
    }
    os << "\n";
  }
}

std::string bench::renderMarkdown(const Summary &s) {
  std::string text;
  llvm::raw_string_ostream os(text);
  unsigned denom = s.all.tasks - s.all.alreadyPassing;
  os << "# kfix bench\n\n";
  os << "Tasks: `" << s.dir << "` (" << s.all.tasks << " tasks";
  if (!s.shard.empty())
    os << ", shard " << s.shard;
  os << "); target " << s.target << ", planner " << s.planner << ", ablation " << s.ablation
     << ".\n\n";
  os << llvm::formatv("Debug Pass@1: {0}/{1} = {2} ({3} already passing, {4} errors)\n",
                      s.all.repaired, denom, pct(s.all.passAt1()), s.all.alreadyPassing,
                      s.all.errors);
  if (s.regenerate)
    os << llvm::formatv("Regenerate Pass@1: {0}; Pass@{1}: {2} ({3} of {4} attempts passed)\n",
                        pct(s.regenPassAt1), s.k, pct(s.regenPassAtK), s.regenPasses,
                        s.regenAttempts);
  if (s.minPassAt1)
    os << llvm::formatv("Regression threshold: Debug Pass@1 >= {0} ({1})\n", pct(*s.minPassAt1),
                        s.all.passAt1() + 1e-12 >= *s.minPassAt1 ? "met" : "NOT MET");
  os << "\n## Summary\n\n| metric | value |\n|---|---:|\n";
  os << "| tasks | " << s.all.tasks << " |\n";
  os << "| already passing (not counted in Pass@1) | " << s.all.alreadyPassing << " |\n";
  os << "| repaired | " << s.all.repaired << " |\n";
  os << "| Debug Pass@1 | " << pct(s.all.passAt1()) << " |\n";
  os << "| errors (of which crashes, timeouts) | " << s.all.errors << " (" << s.crashes << ", "
     << s.timeouts << ") |\n";
  os << llvm::formatv("| evaluations per success | {0:F1} |\n",
                      perSuccess(s.evaluationsAll, s.all.repaired));
  os << llvm::formatv("| wall time per success (s) | {0:F2} |\n",
                      perSuccess(s.wallMsAll, s.all.repaired) / 1000);
  os << llvm::formatv("| mean evaluations of a repaired task | {0:F1} |\n",
                      perSuccess(s.evaluationsSolved, s.all.repaired));
  os << llvm::formatv("| mean wall time of a repaired task (s) | {0:F2} |\n",
                      perSuccess(s.wallMsSolved, s.all.repaired) / 1000);
  os << llvm::formatv("| debug tokens per success | {0:F0} |\n",
                      perSuccess(s.tokensDebug, s.all.repaired));
  os << "| integrity rejections (tasks / candidates) | " << s.gateRejectionTasks << " / "
     << s.gateRejections << " |\n";
  if (s.ablation == "integrity")
    os << "| accepted repairs the gate would have rejected | " << s.gateWouldReject << " |\n";
  if (s.regenerate) {
    os << "| Regenerate Pass@1 (mean over attempts) | " << pct(s.regenPassAt1) << " |\n";
    os << "| Regenerate Pass@" << s.k << " | " << pct(s.regenPassAtK) << " |\n";
    os << llvm::formatv("| regenerate tokens per success (passing attempt) | {0:F0} |\n",
                        perSuccess(s.tokensRegen, s.regenPasses));
  }
  groupTable(os, "bug class", s, s.byClass);
  groupTable(os, "family", s, s.byFamily);
  os << "\n## Tasks\n\n| task | family | bug classes | verdict | stop reason | evaluations | "
        "wall (s) | repairs / error |";
  if (s.regenerate)
    os << " regenerate |";
  os << "\n|---|---|---|---|---|---:|---:|---|";
  if (s.regenerate)
    os << "---|";
  os << "\n";
  for (const TaskOutcome &o : s.outcomes) {
    std::string what = o.error.empty() ? llvm::join(o.repairs, "; ") : o.error;
    if (!o.gateRejections.empty())
      what += (what.empty() ? "" : "; ") + std::string("gate rejected: ") + o.gateRejections[0];
    if (o.gateWouldReject)
      what +=
          (what.empty() ? "" : "; ") + std::string("gate would reject: ") + o.gateWouldRejectReason;
    os << "| " << mdCell(o.task.id) << " | " << mdCell(o.task.family) << " | "
       << mdCell(llvm::join(o.task.bugs, ", ")) << " | " << o.verdict << " | "
       << mdCell(o.stopReason) << " | " << o.evaluations << " | "
       << llvm::formatv("{0:F2}", o.wallMs / 1000) << " | " << mdCell(what) << " |";
    if (s.regenerate) {
      std::vector<std::string> r;
      for (auto &a : o.regen)
        r.push_back(a.outcome);
      os << " " << mdCell(llvm::join(r, ", ")) << " |";
    }
    os << "\n";
  }
  return text;
}

std::string bench::renderComparison(const std::vector<std::pair<std::string, Summary>> &runs) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "# kfix bench: ablations\n\n";
  if (!runs.empty())
    os << "Tasks: `" << runs.front().second.dir << "` (" << runs.front().second.all.tasks
       << " tasks, " << runs.front().second.all.alreadyPassing << " already passing).\n\n";
  os << "| configuration | repaired | Debug Pass@1 | errors | evaluations per success | wall "
        "time per success (s) | integrity rejections | gate would reject |\n";
  os << "|---|---:|---:|---:|---:|---:|---:|---:|\n";
  for (auto &[name, s] : runs)
    os << "| " << name << " | " << s.all.repaired << "/" << (s.all.tasks - s.all.alreadyPassing)
       << " | " << pct(s.all.passAt1()) << " | " << s.all.errors << " | "
       << llvm::formatv("{0:F1}", perSuccess(s.evaluationsAll, s.all.repaired)) << " | "
       << llvm::formatv("{0:F2}", perSuccess(s.wallMsAll, s.all.repaired) / 1000) << " | "
       << s.gateRejections << " | "
       << (s.ablation == "integrity" ? std::to_string(s.gateWouldReject) : std::string("-"))
       << " |\n";
  return text;
}

//===----------------------------------------------------------------------===//
// SVG
//===----------------------------------------------------------------------===//

static std::string xmlEscape(llvm::StringRef s) {
  std::string out;
  for (char c : s) {
    switch (c) {
    case '&':
      out += "&amp;";
      break;
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '"':
      out += "&quot;";
      break;
    default:
      out += c;
    }
  }
  return out;
}

std::string bench::renderSVG(const Summary &s) {
  const int width = 720, labelW = 190, barW = 400, row = 24, barH = 16;
  int rows = s.byFamily.size() + s.byClass.size();
  int height = 70 + 2 * 34 + rows * row + (s.regenerate ? 24 : 0);
  std::string text;
  llvm::raw_string_ostream os(text);
  os << llvm::formatv("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" "
                      "viewBox=\"0 0 {0} {1}\" font-family=\"sans-serif\" font-size=\"12\">\n",
                      width, height);
  os << llvm::formatv("<rect width=\"{0}\" height=\"{1}\" fill=\"white\"/>\n", width, height);
  os << llvm::formatv("<text x=\"10\" y=\"22\" font-size=\"15\" font-weight=\"bold\">kfix "
                      "bench: Debug Pass@1 {0} ({1}/{2}), ablation {3}</text>\n",
                      pct(s.all.passAt1()), s.all.repaired, s.all.tasks - s.all.alreadyPassing,
                      xmlEscape(s.ablation));
  int y = 44;
  if (s.regenerate) {
    os << llvm::formatv("<rect x=\"10\" y=\"{0}\" width=\"12\" height=\"10\" fill=\"#3b7dd8\"/>"
                        "<text x=\"26\" y=\"{1}\">Debug Pass@1</text>"
                        "<rect x=\"130\" y=\"{0}\" width=\"12\" height=\"10\" fill=\"#e08a2c\"/>"
                        "<text x=\"146\" y=\"{1}\">Regenerate Pass@1</text>\n",
                        y, y + 10);
    y += 24;
  }
  auto panel = [&](llvm::StringRef title, const std::vector<Group> &groups) {
    os << llvm::formatv("<text x=\"10\" y=\"{0}\" font-weight=\"bold\">Pass@1 per {1}</text>\n",
                        y + 14, title);
    os << llvm::formatv("<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"#888\"/>\n",
                        labelW, y + 20, y + 22 + groups.size() * row);
    y += 24;
    for (const Group &g : groups) {
      double p = g.passAt1();
      int w = int(p * barW + 0.5);
      int h = s.regenerate ? barH / 2 : barH;
      os << llvm::formatv("<text x=\"{0}\" y=\"{1}\" text-anchor=\"end\">{2}</text>\n", labelW - 6,
                          y + 13, xmlEscape(g.key));
      os << llvm::formatv("<rect x=\"{0}\" y=\"{1}\" width=\"{2}\" height=\"{3}\" "
                          "fill=\"#eef\"/>\n",
                          labelW, y + 2, barW, barH);
      os << llvm::formatv("<rect x=\"{0}\" y=\"{1}\" width=\"{2}\" height=\"{3}\" "
                          "fill=\"#3b7dd8\"><title>{4}: {5}</title></rect>\n",
                          labelW, y + 2, w, h, xmlEscape(g.key), pct(p));
      if (s.regenerate) {
        double r = g.regenTasks ? g.regenPass1Sum / g.regenTasks : 0;
        os << llvm::formatv("<rect x=\"{0}\" y=\"{1}\" width=\"{2}\" height=\"{3}\" "
                            "fill=\"#e08a2c\"/>\n",
                            labelW, y + 2 + h, int(r * barW + 0.5), h);
      }
      os << llvm::formatv("<text x=\"{0}\" y=\"{1}\">{2} ({3}/{4})</text>\n", labelW + barW + 8,
                          y + 13, g.tasks > g.alreadyPassing ? pct(p) : std::string("n/a"),
                          g.repaired, g.tasks - g.alreadyPassing);
      y += row;
    }
    y += 10;
  };
  panel("family", s.byFamily);
  panel("bug class", s.byClass);
  os << "</svg>\n";
  return text;
}
