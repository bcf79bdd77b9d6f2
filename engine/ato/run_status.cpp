#include "engine/ato/run_status.h"

#include "engine/core/enum_names.h"

namespace gauntlet::ato {

namespace {
constexpr core::EnumName<RunStatus> names[] = {
    {RunStatus::Queued, "queued"},       {RunStatus::Running, "running"}, {RunStatus::Finished, "finished"},
    {RunStatus::Cancelled, "cancelled"}, {RunStatus::Failed, "failed"},
};
}  // namespace

const char *runStatusName(RunStatus status) { return core::enumNameOrLast(names, status); }

std::optional<RunStatus> runStatusFromName(std::string_view name) { return core::enumFromName(names, name); }

}  // namespace gauntlet::ato
