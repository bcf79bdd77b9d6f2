// The command line of issue 21 (items 1, 3 and 5): `gauntlet runs translate`, `gauntlet examples add
// --from-run`, the provenance lines of `examples show`, and the translation step of `augment
// --translate-with` (engine/augment/run_translations.h).
#pragma once

#include "engine/augment/run_translations.h"
#include "engine/verify/example_store.h"

#include <QTextStream>

namespace gauntlet::cli {

class Context;

/// `gauntlet runs translate RUN [--systems A,B] [--all-candidates|--candidate ID] [--budget N] [--target-lang L]`.
int runsTranslate(Context &ctx, const QStringList &args);
/// `gauntlet examples add --from-run RUN [--candidate ID] [--target-lang L] [--author NAME]`.
int addExampleFromRun(Context &ctx, const QStringList &args);
/// The TSV of a report's translations (label, system, target, unknown words, text, translation) on
/// `out` and its counts and problems on `err`.
void printRunTranslations(QTextStream &out, QTextStream &err, const augment::RunTranslateReport &report, qint64 runId);
/// "provenance: ..." lines for an example made from a run (its "run:N" tag): the run, method, seed
/// and D before and after where the run stored them. Nothing for other examples.
void printExampleProvenance(QTextStream &out, storage::Database &db, const verify::ChallengeExample &example);

}  // namespace gauntlet::cli
