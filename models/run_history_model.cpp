#include "models/run_history_model.h"

#include "models/beam_table_model.h"
#include "engine/verify/example_runs.h"

#include <cmath>

#include <QDateTime>

#include <nlohmann/json.hpp>

namespace gauntlet {

namespace {

QString localTime(const QString &iso)
{
    if (iso.isEmpty())
        return {};
    QDateTime t = QDateTime::fromString(iso, Qt::ISODateWithMs);
    if (!t.isValid())
        return iso;
    return t.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
}

QString prettyJson(const QString &text)
{
    try {
        return QString::fromStdString(nlohmann::json::parse(text.toStdString()).dump(1));
    } catch (const nlohmann::json::exception &) {
        return text;
    }
}

}  // namespace

RunHistoryModel::RunHistoryModel(QObject *parent) : QAbstractTableModel(parent) {}

void RunHistoryModel::setDatabase(Database *db)
{
    m_db = db;
    reload();
}

QString RunHistoryModel::reload()
{
    QVector<RunSummary> runs;
    QString error;
    m_examples.clear();
    if (m_db) {
        try {
            runs = RunHistory(*m_db).runs();
            m_examples = examplesByRun(*m_db);
        } catch (const StoreError &e) {
            error = QString::fromUtf8(e.what());
        }
    }
    setRuns(runs);
    return error;
}

void RunHistoryModel::setRuns(const QVector<RunSummary> &runs)
{
    beginResetModel();
    m_runs = runs;
    endResetModel();
}

int RunHistoryModel::rowOf(qint64 runId) const
{
    for (int i = 0; i < m_runs.size(); ++i) {
        if (m_runs[i].id == runId)
            return i;
    }
    return -1;
}

int RunHistoryModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_runs.size());
}

int RunHistoryModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RunHistoryModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const RunSummary &r = m_runs[index.row()];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case IdColumn: return r.id;
        case StatusColumn:
            return statusLabel(r);
        case MethodColumn: return methodLabel(r.method);
        case SeedColumn: return r.seedText;
        case OutputColumn: return r.outputText;
        case StepsColumn: return qMax(0, r.stepCount - 1);
        case BestLossColumn: return BeamTableModel::formatValue(r.bestLoss);
        case DifficultyColumn:  // D of the seed and of the output (lower is harder; issue 34: the output's was missing)
            return std::isnan(r.outputDifficulty) ? BeamTableModel::formatValue(r.seedDifficulty)
                                                   : QStringLiteral("%1 \u2192 %2").arg(BeamTableModel::formatValue(r.seedDifficulty),
                                                                                        BeamTableModel::formatValue(r.outputDifficulty));
        case StartedColumn: return localTime(r.startedAt.isEmpty() ? r.createdAt : r.startedAt);
        case FinishedColumn: return localTime(r.finishedAt);
        case ExamplesColumn: {
            QStringList ids;
            for (const qint64 id : m_examples.value(r.id))
                ids << QString::number(id);
            return ids.join(QStringLiteral(", "));
        }
        default: return {};
        }
    case Qt::ToolTipRole: {
        if (index.column() == ExamplesColumn && m_examples.contains(r.id))
            return tr("Challenge examples made from this run (double-click to open the first in Contribute)");
        QString tip = tr("Run %1, %2\nSeed: %3").arg(r.id).arg(r.method, r.seedText);
        if (!r.outputText.isEmpty())
            tip += tr("\nOutput (%1): %2").arg(r.selectedBy, r.outputText);
        if (!r.error.isEmpty())
            tip += tr("\nError: %1").arg(r.error);
        tip += tr("\nConfig: %1").arg(prettyJson(r.configJson));
        return tip;
    }
    case RunIdRole: return r.id;
    case StatusRole: return r.status;
    case ExampleIdsRole: {
        QList<qint64> ids;
        for (const qint64 id : m_examples.value(r.id))
            ids << id;
        return QVariant::fromValue(ids);
    }
    case Qt::TextAlignmentRole:
        return index.column() == IdColumn || index.column() == StepsColumn || index.column() == BestLossColumn
                   ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                   : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    default: return {};
    }
}

QVariant RunHistoryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case IdColumn: return tr("Run");
    case StatusColumn: return tr("Status");
    case MethodColumn: return tr("Method");
    case SeedColumn: return tr("Seed");
    case OutputColumn: return tr("Output");
    case StepsColumn: return tr("Steps");
    case BestLossColumn: return tr("Best L");
    case DifficultyColumn: return tr("D seed \u2192 output");
    case StartedColumn: return tr("Started");
    case FinishedColumn: return tr("Finished");
    case ExamplesColumn: return tr("Examples");
    default: return {};
    }
}

QString RunHistoryModel::statusLabel(const RunSummary &r)
{
    if (r.status == QLatin1String("finished"))
        return tr("finished");
    if (r.status == QLatin1String("running"))
        return tr("running");
    if (r.status == QLatin1String("cancelled"))
        return r.error.startsWith(QLatin1String("interrupted:")) ? tr("interrupted") : tr("stopped");
    if (r.status == QLatin1String("failed"))
        return tr("failed");
    return r.status;
}

QString RunHistoryModel::methodLabel(const QString &method)
{
    if (method == QLatin1String("direct"))
        return tr("ATO-Direct");
    if (method == QLatin1String("two-phase"))
        return tr("ATO-TwoPhase");
    if (method == QLatin1String("random-words"))
        return tr("random words");
    if (method == QLatin1String("random-words-common"))
        return tr("random words (common)");
    if (method == QLatin1String("random-words-rare"))
        return tr("random words (rare)");
    if (method == QLatin1String("random-subwords"))
        return tr("random subwords");
    return method;
}

}  // namespace gauntlet
