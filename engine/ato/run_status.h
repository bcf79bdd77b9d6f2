// The status of one ATO run, the one type for it (issue 36: the run's end event, the project's
// runs.status column, the JSONL trace, the run history, `gauntlet runs` and the Augment queue each
// had their own). A run is queued (planned, its row written before it starts), running, and then
// finished (it has a result), cancelled (stopped by the user, or interrupted: its process is gone)
// or failed (an error ended it). Plain values: no Qt, no libtorch.
#pragma once

#include <optional>
#include <string_view>

namespace gauntlet::ato {

enum class RunStatus { Queued, Running, Finished, Cancelled, Failed };

/// The stored name: queued, running, finished, cancelled, failed (runs.status, the JSONL trace's
/// run_ended "status", `gauntlet runs --status`).
const char *runStatusName(RunStatus status);
/// The status named `name` (runStatusName's names, exactly), nullopt for any other.
std::optional<RunStatus> runStatusFromName(std::string_view name);
/// Whether a run with this status has ended (finished, cancelled or failed).
constexpr bool runEnded(RunStatus status) { return status != RunStatus::Queued && status != RunStatus::Running; }

}  // namespace gauntlet::ato
