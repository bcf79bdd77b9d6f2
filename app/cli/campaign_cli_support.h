// Helpers shared by the `gauntlet campaigns` subcommands (campaigns_command.cpp,
// campaigns_interop_command.cpp, campaigns_adjudicate_command.cpp): errors as one line naming the
// subcommand, whole-file reads and atomic writes, and campaign lookup.
#pragma once

#include "app/cli/command.h"

#include <QByteArray>
#include <QPair>
#include <QString>
#include <QStringList>
#include <QVector>

#include <functional>

namespace gauntlet::evaluate {
class CampaignStore;
struct ImportedCampaign;
}  // namespace gauntlet::evaluate

namespace gauntlet::cli {

/// Reads the whole of `path` into `bytes`; false after printing "cannot read PATH: why".
bool readFile(Context &ctx, const QStringList &args, const QString &path, QByteArray *bytes);
/// readFile of every path, as (path, bytes) pairs in order; false at the first that fails.
bool readFiles(Context &ctx, const QStringList &args, const QStringList &paths, QVector<QPair<QString, QByteArray>> *files);
/// Writes `bytes` to `path` through QSaveFile (all or nothing); false after printing why.
bool writeFile(Context &ctx, const QStringList &args, const QString &path, const QByteArray &bytes);
/// The id of the campaign named `name` (name, uid or id). Throws std::runtime_error "no campaign
/// 'NAME' (see gauntlet campaigns list)" when there is none (cli::run prints it under the
/// subcommand's name, exit status ExitFailure).
qint64 findCampaign(evaluate::CampaignStore &store, const QString &name);
/// An export subcommand taking CAMPAIGN [ANNOTATOR] FILE: parses the command line (`description`
/// for --help, `fileWhat` for FILE), finds the campaign and writes what `bytes(store, id, annotator)`
/// returns to FILE (annotator empty without `withAnnotator`). Returns the exit code: ExitUsage for
/// wrong arguments, ExitFailure for an unknown campaign, an unwritable file or a thrown error.
int exportCampaignFile(Context &ctx, const QStringList &args, const QString &description, bool withAnnotator, const QString &fileWhat,
                       const std::function<QByteArray(evaluate::CampaignStore &store, qint64 id, const QString &annotator)> &bytes);

/// Stores finished (imported) campaigns, all in one transaction, after checking that none of
/// their names is taken (nothing is stored when one is; issue 39: import-wmt stored one language
/// pair at a time). Prints one line per campaign, counting its answers as `answersNoun`
/// ("answers", "ratings"), after the commit. Returns ExitOk; throws StoreError.
int storeFinished(Context &ctx, evaluate::CampaignStore &store, const QVector<evaluate::ImportedCampaign> &campaigns, const QString &answersNoun);

}  // namespace gauntlet::cli
