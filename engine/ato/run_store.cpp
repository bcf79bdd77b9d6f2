#include "engine/ato/run_store.h"
#include "engine/ato/run_settings.h"

#include "engine/core/json_input.h"

#include <QCoreApplication>
#include <QSysInfo>

#include <cerrno>
#include <csignal>

#include "engine/ato/jsonl_writer.h"

#include <cmath>

namespace gauntlet::ato {

namespace {

QVariant real(double v)
{
    return std::isnan(v) ? QVariant() : QVariant(v);
}

QString text(const std::string &s)
{
    return QString::fromUtf8(s.data(), int(s.size()));
}

QString json(const nlohmann::json &j)
{
    return text(j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

/// Binds D, L_CoLA, L_cos and perplexity (the schema's column order) from placeholder `first` on.
storage::SqlQuery &bindTerms(storage::SqlQuery &query, int first, const ato::TermValues &v)
{
    return query.bind(first, real(v.difficulty))
        .bind(first + 1, real(v.fluencyLoss))
        .bind(first + 2, real(v.cohesionLoss))
        .bind(first + 3, real(v.perplexity));
}

/// Binds a scored text's text, token ids (JSON), loss, D, L_CoLA, L_cos and perplexity (the beam
/// and archive tables' column order) from placeholder `first` on; NaN values bind as NULL.
storage::SqlQuery &bindScoredText(storage::SqlQuery &query, int first, const std::string &t, const ato::TokenIds &ids, const ato::TermValues &v)
{
    query.bind(first, text(t)).bind(first + 1, json(ids)).bind(first + 2, real(v.loss));
    return bindTerms(query, first + 3, v);
}

nlohmann::json changes(const std::vector<ato::TokenChange> &list)
{
    nlohmann::json out = nlohmann::json::array();
    for (const ato::TokenChange &c : list)
        out.push_back({{"position", c.position}, {"from", c.from}, {"to", c.to}, {"from_piece", c.fromPiece}, {"to_piece", c.toPiece}});
    return out;
}

}  // namespace

RunStore::RunStore(storage::Database &db, std::optional<qint64> seedId, bool archive) : m_db(db), m_seedId(seedId), m_archive(archive) {}

void RunStore::runStarted(const ato::RunStartedEvent &e)
{
    const QString now = storage::utcTimestamp();
    storage::SqlQuery q(m_db, QStringLiteral("INSERT INTO runs (seed_id, seed_text, method, config_json, models_json, status, created_at, started_at, "
                                    "process_id, host) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    q.bind(0, m_seedId ? QVariant(*m_seedId) : QVariant())
        .bind(1, text(e.seedText))
        .bind(2, text(ato::methodLabel(e.config)))
        .bind(3, json(ato::toJson(e.config)))
        .bind(4, json(e.models))
        .bind(5, QString::fromLatin1(ato::runStatusName(ato::RunStatus::Running)))
        .bind(6, now)
        .bind(7, now)
        .bind(8, QCoreApplication::applicationPid())
        .bind(9, QSysInfo::machineHostName())
        .exec();
    m_runId = q.lastInsertId();
}

void RunStore::stepFinished(const ato::StepFinishedEvent &e)
{
    storage::Transaction tx(m_db);
    storage::SqlQuery step(m_db, QStringLiteral("INSERT OR REPLACE INTO run_steps (run_id, step, phase, best_loss, mean_loss, candidates_scored, "
                                       "elapsed_ms, finished_at, vocabulary_rejected, grammar_rejected, mt_term_texts, mt_term_requests, "
                                       "mt_term_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    step.bind(0, m_runId)
        .bind(1, e.step)
        .bind(2, e.phase)
        .bind(3, real(e.bestLoss))
        .bind(4, real(e.meanLoss))
        .bind(5, e.candidatesScored)
        .bind(6, qint64(std::llround(e.elapsedMs)))
        .bind(7, storage::utcTimestamp())
        .bind(8, e.vocabularyRejected)
        .bind(9, e.grammarRejected)
        .bind(10, e.mtTerm.texts)
        .bind(11, e.mtTerm.requests)
        .bind(12, qint64(std::llround(e.mtTerm.ms)))
        .exec();
    storage::SqlQuery member(m_db, QStringLiteral("INSERT OR REPLACE INTO beam_members (run_id, step, rank, text, token_ids, loss, difficulty, "
                                         "fluency_loss, cohesion_loss, perplexity, injected, parent_rank, changes_json) "
                                         "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    for (const ato::BeamMemberRecord &m : e.beam) {
        member.bind(0, m_runId).bind(1, e.step).bind(2, m.rank);
        bindScoredText(member, 3, m.text, m.ids, m.values)
            .bind(10, m.injected ? 1 : 0)
            .bind(11, m.parentRank >= 0 ? QVariant(m.parentRank) : QVariant())
            .bind(12, json({{"vs_seed", changes(m.changesVsSeed)}, {"vs_parent", changes(m.changesVsParent)}}))
            .exec();
    }
    if (m_archive) {
        storage::SqlQuery candidate(m_db, QStringLiteral("INSERT OR IGNORE INTO archive_candidates (run_id, step, phase, text, token_ids, loss, "
                                                "difficulty, fluency_loss, cohesion_loss, perplexity) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
        for (const ato::ArchiveRecord &c : e.candidates) {
            candidate.bind(0, m_runId).bind(1, e.step).bind(2, e.phase);
            bindScoredText(candidate, 3, c.text, c.ids, c.values).exec();
        }
        // The pool with each candidate's fate (issue 34 item 6); a scored one points at its
        // archive row (the archive keeps a text once per phase, so it may be an earlier step's).
        storage::SqlQuery archived(m_db, QStringLiteral("SELECT id FROM archive_candidates WHERE run_id = ? AND phase = ? AND text = ?"));
        storage::SqlQuery pool(m_db, QStringLiteral("INSERT OR REPLACE INTO step_pool (run_id, step, ordinal, archive_candidate_id, text, parent_rank, "
                                           "position, fate, reason, loss) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
        for (size_t i = 0; i < e.pool.size(); ++i) {
            const ato::PoolRecord &c = e.pool[i];
            QVariant archiveId;
            if (ato::fateScored(c.fate)) {
                archived.bind(0, m_runId).bind(1, e.phase).bind(2, text(c.text)).exec();
                if (archived.next())
                    archiveId = archived.value(0);
            }
            pool.bind(0, m_runId)
                .bind(1, e.step)
                .bind(2, qint64(i))
                .bind(3, archiveId)
                .bind(4, archiveId.isNull() ? QVariant(text(c.text)) : QVariant())
                .bind(5, c.parentRank >= 0 ? QVariant(c.parentRank) : QVariant())
                .bind(6, c.position >= 0 ? QVariant(qint64(c.position)) : QVariant())
                .bind(7, QString::fromLatin1(ato::fateName(c.fate)))
                .bind(8, c.reason.empty() ? QVariant() : QVariant(text(c.reason)))
                .bind(9, real(c.values.loss))
                .exec();
        }
    }
    tx.commit();
}

void RunStore::archiveScored(const ato::ArchiveScoredEvent &e)
{
    if (!m_archive || m_runId == 0 || e.perplexities.empty())
        return;
    storage::Transaction tx(m_db);
    storage::SqlQuery update(m_db, QStringLiteral("UPDATE archive_candidates SET perplexity = ? WHERE run_id = ? AND phase = ? AND text = ?"));
    for (const auto &[candidate, perplexity] : e.perplexities)
        update.bind(0, real(perplexity)).bind(1, m_runId).bind(2, e.phase).bind(3, text(candidate)).exec();
    tx.commit();
}

void RunStore::phaseChanged(const ato::PhaseChangedEvent &e)
{
    if (m_runId == 0 || e.phase != 2)
        return;
    storage::SqlQuery q(m_db, QStringLiteral("UPDATE runs SET phase2_seed_text = ? WHERE id = ?"));
    q.bind(0, text(e.seedText)).bind(1, m_runId).exec();
}

void RunStore::runEnded(const ato::RunEndedEvent &e)
{
    if (m_runId == 0)
        return;
    storage::Transaction tx(m_db);
    storage::SqlQuery q(m_db, QStringLiteral("UPDATE runs SET status = ?, error = ?, finished_at = ? WHERE id = ?"));
    q.bind(0, QString::fromLatin1(ato::runStatusName(e.status)))
        .bind(1, e.error.empty() ? QVariant() : QVariant(text(e.error)))
        .bind(2, storage::utcTimestamp())
        .bind(3, m_runId)
        .exec();
    if (e.result) {
        const ato::RunResult &r = *e.result;
        QVariant candidateId;
        storage::SqlQuery find(m_db, QStringLiteral("SELECT id FROM archive_candidates WHERE run_id = ? AND text = ? ORDER BY phase DESC LIMIT 1"));
        find.bind(0, m_runId).bind(1, text(r.outputText)).exec();
        if (find.next())
            candidateId = find.value(0);
        storage::SqlQuery result(m_db, QStringLiteral("INSERT OR REPLACE INTO run_results (run_id, output_text, selected_by, archive_candidate_id, "
                                             "difficulty, fluency_loss, cohesion_loss, perplexity, judges_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"));
        result.bind(0, m_runId)
            .bind(1, text(r.outputText))
            .bind(2, text(r.selectedBy))
            .bind(3, candidateId);
        bindTerms(result, 4, r.values).bind(8, r.judges.is_null() ? QVariant() : QVariant(json(r.judges))).exec();
    }
    tx.commit();
}

std::set<QString> RunStore::finishedSeedTexts(storage::Database &db, const QString &method, const ato::AtoConfig &config,
                                              std::map<QString, QString> *otherSettings)
{
    const nlohmann::json wanted = ato::runDefiningSettings(config);
    std::set<QString> out;
    std::map<QString, QString> other;
    storage::SqlQuery q(db, QStringLiteral("SELECT seed_text, config_json FROM runs WHERE method = ? AND status = ?"));
    q.bind(0, method).bind(1, QString::fromLatin1(ato::runStatusName(ato::RunStatus::Finished))).exec();
    while (q.next()) {
        const QString text = q.value(0).toString();
        nlohmann::json stored;
        try {
            stored = ato::runDefiningSettings(ato::configFromJson(core::parseJson(q.value(1).toString().toStdString())));
        } catch (const std::exception &) {
            continue;  // an unreadable config cannot show the same settings
        }
        if (stored == wanted) {
            out.insert(text);
            continue;
        }
        const std::vector<ato::SettingDifference> differences = ato::settingDifferences(stored, wanted);
        if (!differences.empty()) {
            const ato::SettingDifference &d = differences.front();
            other[text] = QString::fromStdString(d.key + " " + (d.left.is_null() ? std::string("-") : core::jsonExcerpt(d.left, 40)) + " -> "
                                                 + core::jsonExcerpt(d.right, 40));
        }
    }
    if (otherSettings) {
        for (const auto &[text, difference] : other)
            if (!out.count(text))
                (*otherSettings)[text] = difference;
    }
    return out;
}

namespace {

/// Whether process `pid` on this machine still exists (kill with signal 0 only checks).
bool processAlive(qint64 pid)
{
    if (pid <= 0)
        return false;
    if (pid == QCoreApplication::applicationPid())
        return true;
    return ::kill(pid_t(pid), 0) == 0 || errno == EPERM;
}

}  // namespace

int RunStore::markInterruptedRuns(storage::Database &db)
{
    const QString host = QSysInfo::machineHostName();
    std::vector<qint64> gone;
    {
        storage::SqlQuery q(db, QStringLiteral("SELECT id, process_id, host FROM runs WHERE status IN (?, ?)"));
        q.bind(0, QString::fromLatin1(ato::runStatusName(ato::RunStatus::Running)))
            .bind(1, QString::fromLatin1(ato::runStatusName(ato::RunStatus::Queued)))
            .exec();
        while (q.next()) {
            const QVariant pid = q.value(1);
            const QString runHost = q.value(2).toString();
            if (!runHost.isEmpty() && runHost != host)
                continue;  // another machine's run (a shared project file): not ours to judge
            if (pid.isNull() || !processAlive(pid.toLongLong()))
                gone.push_back(q.value(0).toLongLong());
        }
    }
    if (gone.empty())
        return 0;
    storage::Transaction tx(db);
    storage::SqlQuery update(db, QStringLiteral("UPDATE runs SET status = ?, error = ?, finished_at = ? WHERE id = ?"));
    for (const qint64 id : gone) {
        update.bind(0, QString::fromLatin1(ato::runStatusName(ato::RunStatus::Cancelled)))
            .bind(1, QStringLiteral("interrupted: the process running it ended before the run finished (killed?); its finished steps are kept"))
            .bind(2, storage::utcTimestamp())
            .bind(3, id)
            .exec();
    }
    tx.commit();
    return int(gone.size());
}

}  // namespace gauntlet::ato
