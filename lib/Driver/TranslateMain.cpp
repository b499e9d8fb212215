//===- TranslateMain.cpp - kfix-translate ---------------------------------===//
#include "kfix/Driver/Driver.h"
#include "kfix/Translation/Translations.h"

#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

int kfix::translateMain(int argc, char **argv) {
  kfix::registerAllTranslations();
  return mlir::failed(mlir::mlirTranslateMain(argc, argv, "kfix translation driver\n"));
}
