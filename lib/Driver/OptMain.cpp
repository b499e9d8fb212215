//===- OptMain.cpp - kfix-opt ---------------------------------------------===//
#include "kfix/Driver/Driver.h"
#include "kfix/InitAll.h"

#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int kfix::optMain(int argc, char **argv) {
  mlir::DialectRegistry registry;
  kfix::registerAllDialects(registry);
  kfix::registerAllPasses();
  return mlir::asMainReturnCode(mlir::MlirOptMain(argc, argv, "kfix optimizer driver\n", registry));
}
