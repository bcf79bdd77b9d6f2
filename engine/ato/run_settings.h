// The settings that define a run's result, and how two runs' settings differ: --resume compares
// runs by them (issue 34 item 17), History's run table shows the differing ones and diffs two runs
// (item 9).
#pragma once

#include "engine/ato/ato_config.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace gauntlet::ato {

/// toJson(config) without the settings that only place the work (threads, device, dtype,
/// max_batch_tokens).
nlohmann::json runDefiningSettings(const AtoConfig &config);

/// One setting two configs give different values (a value absent from one side is null there).
struct SettingDifference {
    std::string key;
    nlohmann::json left, right;
};

/// The keys of two JSON objects (runDefiningSettings) whose values differ, in key order.
std::vector<SettingDifference> settingDifferences(const nlohmann::json &left, const nlohmann::json &right);

}  // namespace gauntlet::ato
