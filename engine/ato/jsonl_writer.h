// A run observer that appends one JSON object per event to a file (JSON Lines): the trace of a run
// for scripts and for `gauntlet merge` / `evaluate-augmented`.
#pragma once

#include "engine/ato/run_events.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <string>

namespace gauntlet::ato {

nlohmann::json toJson(const TermValues &values);
nlohmann::json toJson(const RunResult &result);

/// Lines: {"event":"run_started",...}, {"event":"step",...} (beam with texts, ids, token changes and
/// terms; with `includeCandidates` also the step's scored pool as "candidates", and the whole pool
/// with each candidate's fate, reason and L as "pool"), {"event":"phase_changed"},
/// {"event":"run_ended","status":...,"result":{...}}. Each line is flushed when written.
class JsonlTraceWriter : public RunObserver {
public:
    /// Opens `path` for appending; throws AtoError naming it if it cannot.
    explicit JsonlTraceWriter(const std::string &path, bool includeCandidates = false);
    void runStarted(const RunStartedEvent &event) override;
    void stepFinished(const StepFinishedEvent &event) override;
    void phaseChanged(const PhaseChangedEvent &event) override;
    /// With candidates: one "archive_scored" line with each archived text's perplexity.
    void archiveScored(const ArchiveScoredEvent &event) override;
    void runEnded(const RunEndedEvent &event) override;

private:
    void write(const nlohmann::json &line);
    std::ofstream m_out;
    std::string m_path;
    bool m_includeCandidates;
};

}  // namespace gauntlet::ato
