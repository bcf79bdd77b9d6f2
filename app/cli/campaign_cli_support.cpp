#include "app/cli/campaign_cli_support.h"
#include "engine/core/save_file.h"

#include "engine/evaluate/campaign_store.h"
#include "engine/evaluate/wmt_esa.h"
#include "engine/store/database.h"
#include "engine/store/store_error.h"
#include "engine/store/project.h"

#include <QCommandLineParser>
#include <QFile>

#include <stdexcept>

namespace gauntlet::cli {

bool readFile(Context &ctx, const QStringList &args, const QString &path, QByteArray *bytes)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        ctx.err << args[0] << ": cannot read " << path << ": " << file.errorString() << "\n";
        return false;
    }
    *bytes = file.readAll();
    return true;
}

bool readFiles(Context &ctx, const QStringList &args, const QStringList &paths, QVector<QPair<QString, QByteArray>> *files)
{
    for (const QString &path : paths) {
        QByteArray bytes;
        if (!readFile(ctx, args, path, &bytes))
            return false;
        files->append(qMakePair(path, bytes));
    }
    return true;
}

bool writeFile(Context &ctx, const QStringList &args, const QString &path, const QByteArray &bytes)
{
    if (const QString why = core::saveFile(path, bytes); !why.isEmpty()) {
        ctx.err << args[0] << ": cannot write " << path << ": " << why << "\n";
        return false;
    }
    return true;
}

qint64 findCampaign(evaluate::CampaignStore &store, const QString &name)
{
    const auto id = store.campaignId(name);
    if (!id)
        throw std::runtime_error(QStringLiteral("no campaign '%1' (see gauntlet campaigns list)").arg(name).toStdString());
    return *id;
}

int exportCampaignFile(Context &ctx, const QStringList &args, const QString &description, bool withAnnotator, const QString &fileWhat,
                       const std::function<QByteArray(evaluate::CampaignStore &store, qint64 id, const QString &annotator)> &bytes)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(description);
    parser.addPositionalArgument(QStringLiteral("campaign"), QStringLiteral("Name, uid or id."));
    if (withAnnotator)
        parser.addPositionalArgument(QStringLiteral("annotator"), QStringLiteral("The annotator."));
    parser.addPositionalArgument(QStringLiteral("file"), fileWhat);
    parseArguments(parser, args, ctx);
    const QStringList pos = parser.positionalArguments();
    if (pos.size() != (withAnnotator ? 3 : 2)) {
        ctx.err << args[0] << (withAnnotator ? ": expected CAMPAIGN ANNOTATOR FILE (see --help)\n" : ": expected CAMPAIGN FILE (see --help)\n");
        return ExitUsage;
    }
    evaluate::CampaignStore store(ctx.project().database());
    const qint64 id = findCampaign(store, pos[0]);
    return writeFile(ctx, args, pos.last(), bytes(store, id, withAnnotator ? pos[1] : QString())) ? int(ExitOk) : int(ExitFailure);
}

int storeFinished(Context &ctx, evaluate::CampaignStore &store, const QVector<evaluate::ImportedCampaign> &campaigns, const QString &answersNoun)
{
    for (const evaluate::ImportedCampaign &ic : campaigns)
        if (store.campaignId(ic.campaign.name))
            throw storage::StoreError(QStringLiteral("a campaign named '%1' already exists (nothing imported)").arg(ic.campaign.name));
    storage::Transaction transaction(ctx.project().database());
    QStringList lines;
    for (const evaluate::ImportedCampaign &ic : campaigns) {
        const qint64 id = store.importFinishedCampaign(ic);
        int answers = 0;
        for (const auto &list : ic.answers)
            answers += int(list.size());
        lines << QStringLiteral("campaign %1 '%2': %3 items, %4 %5 by %6 annotators")
                     .arg(QString::number(id), ic.campaign.name, QString::number(ic.campaign.items.size()), QString::number(answers),
                          answersNoun, QString::number(ic.answers.size()));
    }
    transaction.commit();
    for (const QString &line : lines)
        ctx.out << line << '\n';
    return ExitOk;
}

}  // namespace gauntlet::cli
