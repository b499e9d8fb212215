//===- Args.cpp - small argument parser for kfix subcommands --------------===//
#include "kfix/Driver/Args.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"

using namespace kfix;

Args &Args::option(const std::string &name, const std::string &help,
                   std::vector<std::string> aliases) {
  specs_.push_back({name, {help, true}});
  for (auto &a : aliases)
    aliases_[a] = name;
  return *this;
}

Args &Args::flag(const std::string &name, const std::string &help) {
  specs_.push_back({name, {help, false}});
  return *this;
}

void Args::printHelp(llvm::raw_ostream &os) const {
  os << "usage: " << usage_ << "\n\noptions:\n";
  for (auto &[name, spec] : specs_) {
    std::string left = "--" + name + (spec.takesValue ? " VALUE" : "");
    for (auto &[a, target] : aliases_)
      if (target == name)
        left += ", " + a;
    os << "  " << llvm::left_justify(left, 28) << " " << spec.help << "\n";
  }
  os << "  " << llvm::left_justify("--help", 28) << " show this help\n";
}

bool Args::parse(int argc, char **argv, int &exitCode, size_t numPositionals) {
  if (!parse(argc, argv, exitCode))
    return false;
  if (positionals_.size() == numPositionals)
    return true;
  llvm::errs() << (argc > 0 ? argv[0] : "kfix") << ": expected " << numPositionals << " argument"
               << (numPositionals == 1 ? "" : "s") << ", got " << positionals_.size() << "\n";
  printHelp(llvm::errs());
  exitCode = 2;
  return false;
}

bool Args::parse(int argc, char **argv, int &exitCode) {
  std::string self = argc > 0 ? argv[0] : "kfix";
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      printHelp(llvm::outs());
      exitCode = 0;
      return false;
    }
    if (arg == "--") {
      for (++i; i < argc; ++i)
        positionals_.push_back(argv[i]);
      break;
    }
    if (!arg.starts_with("-") || arg == "-") {
      positionals_.push_back(arg.str());
      continue;
    }
    std::string name;
    std::optional<std::string> inlineValue;
    if (arg.starts_with("--")) {
      auto [n, v] = arg.drop_front(2).split('=');
      name = n.str();
      if (arg.contains('='))
        inlineValue = v.str();
    } else {
      auto it = aliases_.find(arg.str());
      if (it == aliases_.end()) {
        llvm::errs() << self << ": unknown option '" << arg << "' (see --help)\n";
        exitCode = 2;
        return false;
      }
      name = it->second;
    }
    if (auto it = aliases_.find("--" + name); it != aliases_.end())
      name = it->second;
    const Spec *spec = nullptr;
    for (auto &[n, s] : specs_)
      if (n == name)
        spec = &s;
    if (!spec) {
      llvm::errs() << self << ": unknown option '--" << name << "' (see --help)\n";
      exitCode = 2;
      return false;
    }
    if (!spec->takesValue) {
      if (inlineValue) {
        llvm::errs() << self << ": option '--" << name << "' takes no value\n";
        exitCode = 2;
        return false;
      }
      values_[name] = "true";
      continue;
    }
    if (inlineValue) {
      values_[name] = *inlineValue;
    } else if (i + 1 < argc) {
      values_[name] = argv[++i];
    } else {
      llvm::errs() << self << ": option '--" << name << "' needs a value\n";
      exitCode = 2;
      return false;
    }
  }
  return true;
}

std::optional<std::string> Args::get(const std::string &name) const {
  auto it = values_.find(name);
  if (it == values_.end())
    return std::nullopt;
  return it->second;
}

std::string Args::get(const std::string &name, const std::string &dflt) const {
  return get(name).value_or(dflt);
}

bool Args::has(const std::string &name) const { return values_.count(name); }

bool Args::getInt(const std::string &name, int64_t &out, int64_t dflt, std::string &err) const {
  auto v = get(name);
  if (!v) {
    out = dflt;
    return true;
  }
  if (llvm::StringRef(*v).getAsInteger(10, out)) {
    err = "--" + name + ": expected an integer, got '" + *v + "'";
    return false;
  }
  return true;
}

bool Args::getDouble(const std::string &name, double &out, double dflt, std::string &err) const {
  auto v = get(name);
  if (!v) {
    out = dflt;
    return true;
  }
  if (llvm::StringRef(*v).getAsDouble(out)) {
    err = "--" + name + ": expected a number, got '" + *v + "'";
    return false;
  }
  return true;
}
