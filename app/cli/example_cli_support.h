// Helpers shared by the example commands (examples, translate, verify).
#pragma once

#include "engine/verify/example_store.h"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QTextStream>

namespace gauntlet::cli {

/// --author NAME: the local profile name recorded with examples, reviews and comments.
QCommandLineOption authorOption();
/// The --author value, else $GAUNTLET_PROFILE, else $USER, else "anonymous".
QString authorName(const QCommandLineParser &parser, const QCommandLineOption &option);

/// The stored example `id`. Throws std::runtime_error "there is no example ID" when there is none
/// (cli::run prints it under the command's name, exit status ExitFailure).
verify::ChallengeExample requireExample(verify::ExampleStore &store, qint64 id);

/// A whole UTF-8 text file (at most 1 MiB) without a trailing newline. Throws InputFileError
/// naming the file when it is missing, too large or not valid UTF-8.
QString readUtf8TextFile(const QString &path);

/// The verdict matrix (tab-separated: row, overall, one column per rule) and the gate with its
/// explanation.
void printAssessment(QTextStream &out, const verify::ExampleAssessment &assessment);

/// The LLM verifiers' raw replies behind the matrix (issue 19: see why a verdict is what it is):
/// one line per (rule, verifier, row) with the verdict and the reply, cut to 160 characters on one
/// line unless `full`.
void printVerifierReplies(QTextStream &out, verify::ExampleStore &store, qint64 exampleId, bool full);

/// Every field of `example`, its rules, outputs, the assessment, the verifiers' replies and the history.
void printExample(QTextStream &out, verify::ExampleStore &store, const verify::ChallengeExample &example, bool fullReplies = false);

class Context;

/// `gauntlet examples override ID (--system S | --reference) --rule N --verdict pass|fail --reason TEXT
/// [--remove]` (app/cli/verdict_commands.cpp).
int overrideVerdict(Context &ctx, const QStringList &args);
/// `gauntlet verifiers stats`.
int verifierStatsCommand(Context &ctx, const QStringList &args);

}  // namespace gauntlet::cli
