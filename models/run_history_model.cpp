#include "models/run_history_model.h"
#include "engine/core/arg_text.h"

#include "models/beam_table_model.h"
#include "engine/judge/judge_text.h"
#include "engine/core/json_input.h"
#include "engine/ato/run_settings.h"
#include "engine/verify/example_runs.h"

#include <cmath>
#include <set>

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

RunHistoryModel::RunHistoryModel(QObject *parent) : FlatTableModel(ColumnCount, parent) {}

void RunHistoryModel::setDatabase(storage::Database *db)
{
    m_db = db;
    reload();
}

QString RunHistoryModel::reload()
{
    QVector<ato::RunSummary> runs;
    QString error;
    m_examples.clear();
    if (m_db) {
        try {
            runs = ato::RunHistory(*m_db).runs();
            m_examples = verify::examplesByRun(*m_db);
        } catch (const storage::StoreError &e) {
            error = QString::fromUtf8(e.what());
        }
    }
    setRuns(runs);
    return error;
}

void RunHistoryModel::setRuns(const QVector<ato::RunSummary> &runs)
{
    beginResetModel();
    m_runs = runs;
    m_settings.clear();
    for (const ato::RunSummary &r : m_runs) {
        try {
            m_settings.push_back(ato::runDefiningSettings(ato::configFromJson(nlohmann::json::parse(r.configJson.toStdString()))));
        } catch (const std::exception &) {
            m_settings.push_back(nlohmann::json());
        }
    }
    // The settings that tell the listed runs apart (W&B's "differing columns"); the method has its
    // own column, and the seed and its text differ by nature.
    std::set<std::string> differing;
    for (size_t i = 1; i < m_settings.size(); ++i) {
        for (const ato::SettingDifference &d : ato::settingDifferences(m_settings[0], m_settings[i]))
            differing.insert(d.key);
    }
    for (const char *own : {"method", "seed"})
        differing.erase(own);
    m_differing.assign(differing.begin(), differing.end());
    endResetModel();
}

QString RunHistoryModel::settingsText(int row) const
{
    if (row < 0 || size_t(row) >= m_settings.size() || !m_settings[size_t(row)].is_object())
        return {};
    QStringList parts;
    for (const std::string &key : m_differing) {
        const nlohmann::json v = m_settings[size_t(row)].value(key, nlohmann::json());
        parts << QString::fromStdString(key + " " + (v.is_null() ? std::string("-") : (v.is_string() ? v.get<std::string>() : core::jsonExcerpt(v, 30))));
    }
    return parts.join(QStringLiteral(" \u00b7 "));
}

Qt::ItemFlags RunHistoryModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (index.isValid() && m_db && (index.column() == TagsColumn || index.column() == NoteColumn))
        f |= Qt::ItemIsEditable;
    return f;
}

bool RunHistoryModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || !m_db || !checkIndex(index, CheckIndexOption::IndexIsValid)
        || (index.column() != TagsColumn && index.column() != NoteColumn))
        return false;
    ato::RunSummary &r = m_runs[index.row()];
    const QString tags = index.column() == TagsColumn ? value.toString() : r.tags;
    const QString note = index.column() == NoteColumn ? value.toString() : r.note;
    try {
        ato::RunHistory history(*m_db);
        history.setTagsAndNote(r.id, tags, note);
        if (const std::optional<ato::RunSummary> stored = history.run(r.id)) {
            r.tags = stored->tags;
            r.note = stored->note;
        }
    } catch (const storage::StoreError &e) {
        Q_EMIT errorOccurred(QString::fromUtf8(e.what()));
        return false;
    }
    Q_EMIT dataChanged(index.siblingAtColumn(TagsColumn), index.siblingAtColumn(NoteColumn));
    return true;
}

int RunHistoryModel::rowOf(qint64 runId) const
{
    for (int i = 0; i < m_runs.size(); ++i) {
        if (m_runs[i].id == runId)
            return i;
    }
    return -1;
}

QVariant RunHistoryModel::data(const QModelIndex &index, int role) const
{
    if (!isRowIndex(index))
        return {};
    const ato::RunSummary &r = m_runs[index.row()];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case IdColumn: return r.id;
        case StatusColumn:
            return statusLabel(r);
        case MethodColumn: return methodLabel(r.method);
        case SettingsColumn: return settingsText(index.row());
        case JudgesColumn: return r.outputJudgesJson.isEmpty() ? QString() : judge::judgeSummary(nlohmann::json::parse(r.outputJudgesJson.toStdString(), nullptr, false));
        case TagsColumn: return r.tags;
        case NoteColumn: return r.note;
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
        QString tip = tr("Run %1, %2\nSeed: %3").arg(core::argText(r.id), core::argText(r.method), core::argText(r.seedText));
        if (!r.outputText.isEmpty())
            tip += tr("\nOutput (%1): %2").arg(r.selectedBy, r.outputText);
        if (!r.error.isEmpty())
            tip += tr("\nError: %1").arg(r.error);
        tip += tr("\nConfig: %1").arg(prettyJson(r.configJson));
        return tip;
    }
    case Qt::EditRole:
        if (index.column() == TagsColumn)
            return r.tags;
        if (index.column() == NoteColumn)
            return r.note;
        return {};
    case SortRole:
        switch (index.column()) {
        case IdColumn: return r.id;
        case StepsColumn: return qMax(0, r.stepCount - 1);
        case BestLossColumn: return std::isnan(r.bestLoss) ? QVariant() : QVariant(r.bestLoss);
        case DifficultyColumn:
            return std::isnan(r.outputDifficulty) ? (std::isnan(r.seedDifficulty) ? QVariant() : QVariant(r.seedDifficulty)) : QVariant(r.outputDifficulty);
        case StartedColumn: return r.startedAt.isEmpty() ? r.createdAt : r.startedAt;
        case FinishedColumn: return r.finishedAt;
        default: return data(index, Qt::DisplayRole);
        }
    case FilterRole:
        if (index.column() == StatusColumn)
            return statusLabel(r) + u' ' + r.statusName();
        return data(index, Qt::DisplayRole);
    case RunIdRole: return r.id;
    case StatusRole: return QString::fromLatin1(ato::runStatusName(r.status));
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
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole) {
        switch (section) {
        case SettingsColumn: return tr("The settings whose values differ between the runs listed");
        case TagsColumn: return tr("Your tags, comma-separated (double-click or F2 to edit)");
        case NoteColumn: return tr("Your note on the run (double-click or F2 to edit)");
        default: return {};
        }
    }
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    return columnTitle(section, {tr("Run"), tr("Status"), tr("Method"), tr("Settings"), tr("Seed"), tr("Output"), tr("D seed \u2192 output"),
                                 tr("Judges (output)"), tr("Steps"), tr("Best L"), tr("Tags"), tr("Note"), tr("Started"), tr("Finished"),
                                 tr("Examples")});
}

QString RunHistoryModel::statusLabel(const ato::RunSummary &r)
{
    switch (r.status) {
    case ato::RunStatus::Queued: return tr("queued");
    case ato::RunStatus::Running: return tr("running");
    case ato::RunStatus::Finished: return tr("finished");
    case ato::RunStatus::Cancelled: return r.interrupted() ? tr("interrupted") : tr("stopped");
    case ato::RunStatus::Failed: return tr("failed");
    }
    return tr("failed");
}

QString RunHistoryModel::methodLabel(const QString &method)
{
    static const struct {
        const char *method, *label;
    } Labels[] = {{"direct", QT_TR_NOOP("ATO-Direct")},
                  {"two-phase", QT_TR_NOOP("ATO-TwoPhase")},
                  {"random-words", QT_TR_NOOP("random words")},
                  {"random-words-common", QT_TR_NOOP("random words (common)")},
                  {"random-words-rare", QT_TR_NOOP("random words (rare)")},
                  {"random-subwords", QT_TR_NOOP("random subwords")}};
    for (const auto &entry : Labels)
        if (method == QLatin1String(entry.method))
            return tr(entry.label);
    return method;
}

}  // namespace gauntlet
