#include "engine/ato/jsonl_writer.h"

#include "engine/ato/ato_error.h"

#include <cmath>

namespace gauntlet::ato {

namespace {
nlohmann::json number(double v)
{
    return std::isnan(v) ? nlohmann::json(nullptr) : nlohmann::json(v);
}

nlohmann::json changesJson(const std::vector<TokenChange> &changes)
{
    nlohmann::json out = nlohmann::json::array();
    for (const TokenChange &c : changes)
        out.push_back({{"position", c.position}, {"from", c.from}, {"to", c.to}, {"from_piece", c.fromPiece}, {"to_piece", c.toPiece}});
    return out;
}
}  // namespace

nlohmann::json toJson(const TermValues &v)
{
    return {{"loss", number(v.loss)},
            {"difficulty", number(v.difficulty)},
            {"fluency_loss", number(v.fluencyLoss)},
            {"cohesion_loss", number(v.cohesionLoss)},
            {"perplexity", number(v.perplexity)}};
}

nlohmann::json toJson(const RunResult &r)
{
    nlohmann::json j{{"seed_text", r.seedText}, {"output_text", r.outputText}, {"selected_by", r.selectedBy}, {"values", toJson(r.values)},
                     {"seed_values", toJson(r.seedValues)}, {"step", r.step}, {"phase", r.phase},
                     {"harder", r.harder()}};
    if (!r.judges.is_null())
        j["judges"] = r.judges;
    if (!r.notes.empty())
        j["notes"] = r.notes;
    if (r.mtTerm.texts > 0 || r.mtTermUnknownWords >= 0 || r.mtTermRoundTripChrf == r.mtTermRoundTripChrf)
        j["mt_term"] = {{"texts", r.mtTerm.texts},
                        {"requests", r.mtTerm.requests},
                        {"ms", r.mtTerm.ms},
                        {"unknown_words", r.mtTermUnknownWords},
                        {"round_trip_chrf", number(r.mtTermRoundTripChrf)}};
    if (!r.objectiveOutputText.empty())
        j["mt_term"]["objective_output"] = {{"output_text", r.objectiveOutputText}, {"values", toJson(r.objectiveOutputValues)}};
    return j;
}

JsonlTraceWriter::JsonlTraceWriter(const std::string &path, bool includeCandidates)
    : m_out(path, std::ios::app | std::ios::binary), m_path(path), m_includeCandidates(includeCandidates)
{
    if (!m_out)
        throw AtoError("cannot open '" + path + "' for writing");
}

void JsonlTraceWriter::write(const nlohmann::json &line)
{
    m_out << line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
    m_out.flush();
    if (!m_out)
        throw AtoError("cannot write to '" + m_path + "'");
}

void JsonlTraceWriter::runStarted(const RunStartedEvent &e)
{
    write({{"event", "run_started"}, {"seed_text", e.seedText}, {"config", toJson(e.config)}, {"models", e.models}});
}

void JsonlTraceWriter::stepFinished(const StepFinishedEvent &e)
{
    nlohmann::json beam = nlohmann::json::array();
    for (const BeamMemberRecord &m : e.beam)
        beam.push_back({{"rank", m.rank}, {"text", m.text}, {"ids", m.ids}, {"values", toJson(m.values)}, {"injected", m.injected},
                        {"parent_rank", m.parentRank}, {"changes_vs_seed", changesJson(m.changesVsSeed)},
                        {"changes_vs_parent", changesJson(m.changesVsParent)}});
    nlohmann::json line{{"event", "step"},
                        {"phase", e.phase},
                        {"step", e.step},
                        {"best_loss", number(e.bestLoss)},
                        {"mean_loss", number(e.meanLoss)},
                        {"candidates_scored", e.candidatesScored},
                        {"duplicates", e.duplicates},
                        {"filtered", e.filtered},
                        {"vocabulary_rejected", e.vocabularyRejected},
                        {"context_rejected", e.contextRejected},
                        {"grammar_rejected", e.grammarRejected},
                        {"shortlist_used", e.shortlistUsed},
                        {"elapsed_ms", e.elapsedMs},
                        {"beam", beam}};
    if (e.mtTerm.texts > 0 || e.mtTerm.ms > 0)
        line["mt_term"] = {{"texts", e.mtTerm.texts}, {"requests", e.mtTerm.requests}, {"ms", e.mtTerm.ms}};
    if (m_includeCandidates) {
        nlohmann::json candidates = nlohmann::json::array();
        for (const ArchiveRecord &c : e.candidates)
            candidates.push_back({{"text", c.text}, {"values", toJson(c.values)}});
        line["candidates"] = candidates;
        if (!e.pool.empty()) {
            nlohmann::json pool = nlohmann::json::array();
            for (const PoolRecord &c : e.pool) {
                nlohmann::json entry{{"text", c.text}, {"fate", fateName(c.fate)}, {"parent_rank", c.parentRank}, {"position", c.position}};
                if (!c.reason.empty())
                    entry["reason"] = c.reason;
                if (fateScored(c.fate))
                    entry["loss"] = number(c.values.loss);
                pool.push_back(std::move(entry));
            }
            line["pool"] = std::move(pool);
        }
    }
    write(line);
}

void JsonlTraceWriter::archiveScored(const ArchiveScoredEvent &e)
{
    if (!m_includeCandidates)
        return;
    nlohmann::json candidates = nlohmann::json::array();
    for (const auto &[text, perplexity] : e.perplexities)
        candidates.push_back({{"text", text}, {"perplexity", number(perplexity)}});
    write({{"event", "archive_scored"}, {"phase", e.phase}, {"candidates", candidates}});
}

void JsonlTraceWriter::phaseChanged(const PhaseChangedEvent &e)
{
    write({{"event", "phase_changed"}, {"phase", e.phase}, {"seed_text", e.seedText}, {"ids", e.ids}});
}

void JsonlTraceWriter::runEnded(const RunEndedEvent &e)
{
    nlohmann::json line{{"event", "run_ended"}, {"status", runStatusName(e.status)}};
    if (!e.error.empty())
        line["error"] = e.error;
    if (e.result)
        line["result"] = toJson(*e.result);
    write(line);
}

}  // namespace gauntlet::ato
