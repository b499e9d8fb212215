//===- Args.h - small argument parser for kfix subcommands -------*- C++ -*-===//
//
// Subcommands parse their own argv with this (llvm::cl is global and already
// holds every MLIR option). Flags: `--name value`, `--name=value`, `-o value`,
// boolean `--name`; the rest are positionals.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_DRIVER_ARGS_H
#define KFIX_DRIVER_ARGS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace kfix {

class Args {
public:
  Args(std::string usage) : usage_(std::move(usage)) {}
  /// Declares a flag taking a value (`aliases` like "-o").
  Args &option(const std::string &name, const std::string &help,
               std::vector<std::string> aliases = {});
  /// Declares a boolean flag.
  Args &flag(const std::string &name, const std::string &help);
  /// Parses; on error or --help prints to errs/outs and returns false with
  /// `exitCode` set (0 for --help, 2 for errors).
  bool parse(int argc, char **argv, int &exitCode);
  /// parse() that also requires exactly `numPositionals` positionals (an
  /// error with the usage, exit code 2, otherwise).
  bool parse(int argc, char **argv, int &exitCode, size_t numPositionals);

  std::optional<std::string> get(const std::string &name) const;
  std::string get(const std::string &name, const std::string &dflt) const;
  bool has(const std::string &name) const;
  const std::vector<std::string> &positionals() const { return positionals_; }
  /// Integer value of a flag, with an error message naming it on bad input.
  bool getInt(const std::string &name, int64_t &out, int64_t dflt, std::string &err) const;
  bool getDouble(const std::string &name, double &out, double dflt, std::string &err) const;
  void printHelp(llvm::raw_ostream &os) const;

private:
  struct Spec {
    std::string help;
    bool takesValue;
  };
  std::string usage_;
  std::vector<std::pair<std::string, Spec>> specs_;
  std::map<std::string, std::string> aliases_;
  std::map<std::string, std::string> values_;
  std::vector<std::string> positionals_;
};

} // namespace kfix

#endif
