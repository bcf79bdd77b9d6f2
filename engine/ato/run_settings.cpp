#include "engine/ato/run_settings.h"

#include <set>

namespace gauntlet::ato {

nlohmann::json runDefiningSettings(const AtoConfig &config)
{
    nlohmann::json j = toJson(config);
    for (const char *key : {"threads", "device", "dtype", "max_batch_tokens"})
        j.erase(key);
    return j;
}

std::vector<SettingDifference> settingDifferences(const nlohmann::json &left, const nlohmann::json &right)
{
    std::set<std::string> keys;
    for (const nlohmann::json *side : {&left, &right}) {
        if (side->is_object())
            for (auto it = side->begin(); it != side->end(); ++it)
                keys.insert(it.key());
    }
    std::vector<SettingDifference> out;
    for (const std::string &key : keys) {
        const nlohmann::json a = left.is_object() ? left.value(key, nlohmann::json()) : nlohmann::json();
        const nlohmann::json b = right.is_object() ? right.value(key, nlohmann::json()) : nlohmann::json();
        if (a != b)
            out.push_back({key, a, b});
    }
    return out;
}

}  // namespace gauntlet::ato
