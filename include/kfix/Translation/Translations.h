//===- Translations.h - kfix-translate translations -------------*- C++ -*-===//
#ifndef KFIX_TRANSLATION_TRANSLATIONS_H
#define KFIX_TRANSLATION_TRANSLATIONS_H

namespace kfix {

/// kfix-translate's translations (--import-cuda, --export-cuda,
/// --kfix-extract-ptx), defined in lib/Driver: the driver is where the
/// frontend and the exporter meet. (extractPTX is lib/Pipelines', Pipelines.h.)
void registerAllTranslations();

} // namespace kfix

#endif
