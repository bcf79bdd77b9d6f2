#include "engine/ato/run_history.h"
#include "engine/core/save_file.h"
#include "engine/core/arg_text.h"

#include "engine/core/csv.h"
#include "engine/ato/ato_error.h"
#include "engine/ato/jsonl_writer.h"

#include <QFile>

#include <cmath>

namespace gauntlet::ato {

namespace {

double real(const QVariant &v)
{
    return v.isNull() ? ato::TermValues::unknown : v.toDouble();
}

std::string utf8(const QVariant &v)
{
    return v.toString().toStdString();
}

nlohmann::json parseJson(const QString &text, const QString &what)
{
    try {
        return nlohmann::json::parse(text.toStdString());
    } catch (const nlohmann::json::exception &e) {
        throw storage::StoreError(QStringLiteral("stored %1 is not valid JSON: %2").arg(what, QString::fromUtf8(e.what())));
    }
}

ato::TokenIds idsFrom(const QString &text, const QString &what)
{
    const nlohmann::json j = parseJson(text, what);
    ato::TokenIds ids;
    if (!j.is_array())
        throw storage::StoreError(QStringLiteral("stored %1 is not a JSON array").arg(what));
    for (const auto &v : j)
        ids.push_back(v.get<std::int64_t>());
    return ids;
}

std::vector<ato::TokenChange> changesFrom(const nlohmann::json &list)
{
    std::vector<ato::TokenChange> out;
    if (!list.is_array())
        return out;
    for (const auto &c : list) {
        ato::TokenChange change;
        change.position = c.value("position", std::int64_t(0));
        change.from = c.value("from", std::int64_t(0));
        change.to = c.value("to", std::int64_t(0));
        change.fromPiece = c.value("from_piece", std::string());
        change.toPiece = c.value("to_piece", std::string());
        out.push_back(std::move(change));
    }
    return out;
}

const char *summarySql =
    "SELECT r.id, r.seed_id, r.seed_text, r.method, r.config_json, r.models_json, r.status, r.error, r.created_at, r.started_at, "
    "r.finished_at, res.output_text, res.selected_by, "
    "(SELECT count(*) FROM run_steps s WHERE s.run_id = r.id), (SELECT min(best_loss) FROM run_steps s WHERE s.run_id = r.id AND s.phase = 1), "
    "(SELECT difficulty FROM beam_members b WHERE b.run_id = r.id AND b.step = 0 ORDER BY b.rank LIMIT 1), res.difficulty, "
    "r.tags, r.note, res.judges_json "
    "FROM runs r LEFT JOIN run_results res ON res.run_id = r.id ";

RunSummary summaryFrom(const storage::SqlQuery &q)
{
    RunSummary s;
    s.id = q.value(0).toLongLong();
    if (!q.value(1).isNull())
        s.seedId = q.value(1).toLongLong();
    s.seedText = q.value(2).toString();
    s.method = q.value(3).toString();
    s.configJson = q.value(4).toString();
    s.modelsJson = q.value(5).toString();
    s.status = ato::runStatusFromName(q.value(6).toString().toStdString()).value_or(ato::RunStatus::Failed);
    s.error = q.value(7).toString();
    s.createdAt = q.value(8).toString();
    s.startedAt = q.value(9).toString();
    s.finishedAt = q.value(10).toString();
    s.outputText = q.value(11).toString();
    s.selectedBy = q.value(12).toString();
    s.stepCount = q.value(13).toInt();
    s.bestLoss = real(q.value(14));
    s.seedDifficulty = real(q.value(15));
    s.outputDifficulty = real(q.value(16));
    s.tags = q.value(17).toString();
    s.note = q.value(18).toString();
    if (!q.value(19).isNull()) {
        try {
            const nlohmann::json judges = nlohmann::json::parse(q.value(19).toString().toStdString());
            if (judges.is_object() && judges.contains("output"))
                s.outputJudgesJson = QString::fromStdString(judges["output"].dump());
        } catch (const nlohmann::json::exception &) {
            // a damaged report shows no judges here; trace() names the problem
        }
    }
    return s;
}

QString csvNumber(double v)
{
    return std::isnan(v) ? QString() : QString::number(v, 'g', 10);
}

}  // namespace

QVector<RunSummary> RunHistory::runs()
{
    QVector<RunSummary> out;
    storage::SqlQuery q(m_db, QLatin1String(summarySql) + QStringLiteral("ORDER BY r.id DESC"));
    q.exec();
    while (q.next())
        out.push_back(summaryFrom(q));
    return out;
}

std::optional<RunSummary> RunHistory::run(qint64 runId)
{
    storage::SqlQuery q(m_db, QLatin1String(summarySql) + QStringLiteral("WHERE r.id = ?"));
    q.bind(0, runId).exec();
    if (!q.next())
        return std::nullopt;
    return summaryFrom(q);
}

namespace {

/// difficulty, fluency loss, cohesion loss and perplexity from the four columns from `first` on.
void readTerms(const storage::SqlQuery &q, int first, ato::TermValues *values)
{
    values->difficulty = real(q.value(first));
    values->fluencyLoss = real(q.value(first + 1));
    values->cohesionLoss = real(q.value(first + 2));
    values->perplexity = real(q.value(first + 3));
}

/// Moves `at` on to trace.steps' row of `step` (rows come in step order); false when there is none.
bool advanceToStep(const RunTrace &trace, int step, size_t *at)
{
    while (*at < trace.steps.size() && trace.steps[*at].step < step)
        ++*at;
    return *at < trace.steps.size() && trace.steps[*at].step == step;
}

/// Runs `sql`, whose one placeholder is the run id, and calls `row` with each result row.
template <typename Row>
void forEachRow(storage::Database &db, const QString &sql, qint64 runId, const Row &row)
{
    storage::SqlQuery q(db, sql);
    q.bind(0, runId).exec();
    while (q.next())
        row(q);
}

/// The run's steps (run_steps), in order, without their beams.
void readSteps(storage::Database &db, qint64 runId, RunTrace &trace)
{
    const QString sql = QStringLiteral("SELECT step, phase, best_loss, mean_loss, candidates_scored, elapsed_ms, vocabulary_rejected, "
                                       "grammar_rejected, mt_term_texts, mt_term_requests, mt_term_ms FROM run_steps WHERE run_id = ? ORDER BY step");
    forEachRow(db, sql, runId, [&](const storage::SqlQuery &steps) {
        ato::StepFinishedEvent e;
        e.step = steps.value(0).toInt();
        e.phase = steps.value(1).toInt();
        e.bestLoss = real(steps.value(2));
        e.meanLoss = real(steps.value(3));
        e.candidatesScored = steps.value(4).toInt();
        e.elapsedMs = steps.value(5).toDouble();
        e.vocabularyRejected = steps.value(6).toInt();
        e.grammarRejected = steps.value(7).toInt();
        e.mtTerm = {steps.value(8).toInt(), steps.value(9).toInt(), steps.value(10).toDouble()};
        trace.steps.push_back(std::move(e));
    });
}

/// Every step's beam (beam_members), by rank.
void readBeams(storage::Database &db, qint64 runId, RunTrace &trace)
{
    size_t at = 0;
    const QString sql = QStringLiteral("SELECT step, rank, text, token_ids, loss, difficulty, fluency_loss, cohesion_loss, perplexity, "
                                       "injected, parent_rank, changes_json FROM beam_members WHERE run_id = ? ORDER BY step, rank");
    forEachRow(db, sql, runId, [&](const storage::SqlQuery &members) {
        const int step = members.value(0).toInt();
        if (!advanceToStep(trace, step, &at))
            return;  // a member without its step row cannot exist (foreign key); skip defensively
        ato::BeamMemberRecord m;
        m.rank = members.value(1).toInt();
        m.text = utf8(members.value(2));
        m.ids = idsFrom(members.value(3).toString(), QStringLiteral("token ids of run %1 step %2").arg(runId).arg(step));
        m.values.loss = real(members.value(4));
        readTerms(members, 5, &m.values);
        m.injected = members.value(9).toInt() != 0;
        m.parentRank = members.value(10).isNull() ? -1 : members.value(10).toInt();
        const nlohmann::json changes = parseJson(members.value(11).toString(), QStringLiteral("changes of run %1 step %2").arg(runId).arg(step));
        if (changes.is_object()) {
            m.changesVsSeed = changesFrom(changes.value("vs_seed", nlohmann::json::array()));
            m.changesVsParent = changesFrom(changes.value("vs_parent", nlohmann::json::array()));
        }
        trace.steps[at].beam.push_back(std::move(m));
    });
}

/// The candidate archive (archive_candidates) with each candidate's step and phase.
void readArchive(storage::Database &db, qint64 runId, RunTrace &trace)
{
    const QString sql = QStringLiteral("SELECT step, phase, text, token_ids, loss, difficulty, fluency_loss, cohesion_loss, perplexity "
                                       "FROM archive_candidates WHERE run_id = ? ORDER BY id");
    forEachRow(db, sql, runId, [&](const storage::SqlQuery &archive) {
        ato::ArchiveRecord c;
        c.text = utf8(archive.value(2));
        c.ids = idsFrom(archive.value(3).toString(), QStringLiteral("token ids of an archive candidate of run %1").arg(runId));
        c.values.loss = real(archive.value(4));
        readTerms(archive, 5, &c.values);
        trace.archive.push_back(std::move(c));
        trace.archiveSteps.push_back(archive.value(0).toInt());
        trace.archivePhases.push_back(archive.value(1).toInt());
    });
}

/// Each step's pool (step_pool).
void readPools(storage::Database &db, qint64 runId, RunTrace &trace)
{
    // Each step's pool with the candidates' fates (schema 18; empty for runs stored before).
    size_t at = 0;
    const QString sql = QStringLiteral("SELECT p.step, p.fate, p.reason, p.parent_rank, p.position, COALESCE(p.text, c.text), p.loss, "
                                       "c.difficulty, c.fluency_loss, c.cohesion_loss, c.perplexity FROM step_pool p "
                                       "LEFT JOIN archive_candidates c ON c.id = p.archive_candidate_id WHERE p.run_id = ? "
                                       "ORDER BY p.step, p.ordinal");
    forEachRow(db, sql, runId, [&](const storage::SqlQuery &pool) {
        const int step = pool.value(0).toInt();
        if (!advanceToStep(trace, step, &at))
            return;  // cannot happen (foreign key)
        const std::optional<ato::CandidateFate> fate = ato::fateFromName(utf8(pool.value(1)));
        if (!fate)
            throw storage::StoreError(QStringLiteral("run %1 step %2: unknown candidate fate '%3'").arg(runId).arg(step).arg(pool.value(1).toString()));
        ato::PoolRecord c;
        c.fate = *fate;
        c.reason = utf8(pool.value(2));
        c.parentRank = pool.value(3).isNull() ? -1 : pool.value(3).toInt();
        c.position = pool.value(4).isNull() ? -1 : pool.value(4).toLongLong();
        c.text = utf8(pool.value(5));
        c.values.loss = real(pool.value(6));
        readTerms(pool, 7, &c.values);
        trace.steps[at].pool.push_back(std::move(c));
    });
}

/// The run's result (run_results) when it has one; its seed values are the first beam's best.
void readResult(storage::Database &db, qint64 runId, const QString &seedText, RunTrace &trace)
{
    storage::SqlQuery result(db, QStringLiteral("SELECT r.output_text, r.selected_by, r.difficulty, r.fluency_loss, r.cohesion_loss, r.perplexity, "
                                       "c.step, c.phase, r.judges_json FROM run_results r LEFT JOIN archive_candidates c ON c.id = r.archive_candidate_id "
                                       "WHERE r.run_id = ?"));
    result.bind(0, runId).exec();
    if (result.next()) {
        ato::RunResult r;
        r.seedText = seedText.toStdString();
        r.outputText = utf8(result.value(0));
        r.selectedBy = utf8(result.value(1));
        readTerms(result, 2, &r.values);
        r.step = result.value(6).isNull() ? 0 : result.value(6).toInt();
        r.phase = result.value(7).isNull() ? 1 : result.value(7).toInt();
        if (!trace.steps.empty() && !trace.steps.front().beam.empty()) {
            r.seedValues = trace.steps.front().beam.front().values;
        }
        if (!result.value(8).isNull())
            r.judges = parseJson(result.value(8).toString(), QStringLiteral("judges of run %1").arg(runId));
        trace.result = std::move(r);
    }
}

}  // namespace

RunTrace RunHistory::trace(qint64 runId, bool withArchive)
{
    const std::optional<RunSummary> summary = run(runId);
    if (!summary)
        throw storage::StoreError(QStringLiteral("%1: there is no run %2").arg(core::argText(m_db.path()), core::argText(runId)));
    RunTrace trace;
    trace.summary = *summary;
    {
        storage::SqlQuery start(m_db, QStringLiteral("SELECT phase2_seed_text FROM runs WHERE id = ?"));
        start.bind(0, runId).exec();
        if (start.next() && !start.value(0).isNull())
            trace.phase2SeedText = start.value(0).toString();
    }
    try {
        trace.config = ato::configFromJson(parseJson(summary->configJson, QStringLiteral("config of run %1").arg(runId)));
    } catch (const ato::AtoError &e) {
        throw storage::StoreError(QStringLiteral("run %1: the stored config is invalid: %2").arg(runId).arg(QString::fromUtf8(e.what())));
    }

    readSteps(m_db, runId, trace);
    readBeams(m_db, runId, trace);
    if (withArchive) {
        readArchive(m_db, runId, trace);
        readPools(m_db, runId, trace);
    }
    readResult(m_db, runId, summary->seedText, trace);
    return trace;
}

void RunHistory::setTagsAndNote(qint64 runId, const QString &tags, const QString &note)
{
    QStringList clean;
    for (const QString &t : tags.split(QLatin1Char(','))) {
        const QString tag = t.simplified();
        if (!tag.isEmpty() && !clean.contains(tag))
            clean << tag;
    }
    storage::SqlQuery q(m_db, QStringLiteral("UPDATE runs SET tags = ?, note = ? WHERE id = ?"));
    q.bind(0, clean.join(QStringLiteral(", "))).bind(1, note.trimmed()).bind(2, runId).exec();
    if (q.rowsAffected() != 1)
        throw storage::StoreError(QStringLiteral("%1: there is no run %2").arg(core::argText(m_db.path()), core::argText(runId)));
}

void RunHistory::exportJsonl(qint64 runId, const QString &path)
{
    const RunTrace t = trace(runId, true);
    QFile::remove(path);  // the writer appends; an export replaces the file
    ato::JsonlTraceWriter writer(path.toStdString(), true);
    nlohmann::json models = nlohmann::json::object();
    try {
        models = nlohmann::json::parse(t.summary.modelsJson.toStdString());
    } catch (const nlohmann::json::exception &) {
        models = nlohmann::json::object();
    }
    writer.runStarted({t.summary.seedText.toStdString(), t.config, models});
    int phase = 1;
    for (const ato::StepFinishedEvent &step : t.steps) {
        if (step.phase != phase) {
            phase = step.phase;
            ato::PhaseChangedEvent changed;
            changed.phase = phase;
            if (t.phase2SeedText)
                changed.seedText = t.phase2SeedText->toStdString();
            else if (!step.beam.empty())
                changed.seedText = step.beam.front().text;
            writer.phaseChanged(changed);
        }
        ato::StepFinishedEvent withCandidates = step;
        for (size_t i = 0; i < t.archive.size(); ++i) {
            if (t.archiveSteps[i] == step.step)
                withCandidates.candidates.push_back(t.archive[i]);
        }
        writer.stepFinished(withCandidates);
    }
    ato::RunEndedEvent ended;
    // A run still queued or running (another process's, or an interrupted one) ends the trace as cancelled.
    ended.status = ato::runEnded(t.summary.status) ? t.summary.status : ato::RunStatus::Cancelled;
    ended.error = t.summary.error.toStdString();
    ended.result = t.result;
    writer.runEnded(ended);
}

void RunHistory::exportCsv(qint64 runId, const QString &path)
{
    const RunTrace t = trace(runId, false);
    QByteArray out = "run_id,step,phase,rank,text,loss,difficulty,fluency_loss,cohesion_loss,perplexity,injected,parent_rank\r\n";
    for (const ato::StepFinishedEvent &step : t.steps) {
        for (const ato::BeamMemberRecord &m : step.beam) {
            const QStringList fields{QString::number(runId),
                                     QString::number(step.step),
                                     QString::number(step.phase),
                                     QString::number(m.rank),
                                     core::csvField(QString::fromStdString(m.text)),
                                     csvNumber(m.values.loss),
                                     csvNumber(m.values.difficulty),
                                     csvNumber(m.values.fluencyLoss),
                                     csvNumber(m.values.cohesionLoss),
                                     csvNumber(m.values.perplexity),
                                     m.injected ? QStringLiteral("1") : QStringLiteral("0"),
                                     m.parentRank >= 0 ? QString::number(m.parentRank) : QString()};
            out += fields.join(QLatin1Char(',')).toUtf8() + "\r\n";
        }
    }
    if (const QString why = core::saveFile(path, out); !why.isEmpty())
        throw storage::StoreError(QStringLiteral("%1: cannot write: %2").arg(path, why));
}

}  // namespace gauntlet::ato
