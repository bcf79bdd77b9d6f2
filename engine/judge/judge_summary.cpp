#include "engine/judge/judge_summary.h"

#include "engine/metrics/significance.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <limits>

namespace gauntlet::judge {

namespace {
constexpr double nan = std::numeric_limits<double>::quiet_NaN();
}

JudgeNumbers judgeNumbers(const nlohmann::json &report, const std::string &pair)
{
    JudgeNumbers n{nan, nan, nan, nan, nan, nan};
    if (!report.is_object())
        return n;
    if (const auto g = report.find("grammar"); g != report.end() && g->is_object()) {
        const int nulls = g->value("null_links", -1);
        const bool timedOut = g->value("timed_out", false);
        if (!timedOut) {
            n.completeParse = g->value("complete", false) ? 1.0 : 0.0;
            if (nulls >= 0)
                n.nullLinks = nulls;
            if (const auto c = g->find("disjunct_cost"); c != g->end() && c->is_number())
                n.disjunctCost = c->get<double>();
        }
    }
    if (const auto m = report.find("misspelled"); m != report.end() && m->is_array())
        n.misspelledWords = double(m->size());
    if (const auto mt = report.find("mt"); mt != report.end() && mt->is_object() && !mt->empty()) {
        const auto it = pair.empty() ? mt->begin() : mt->find(pair);
        if (it != mt->end() && it->is_object()) {
            if (const auto u = it->find("unknown_words"); u != it->end() && u->is_array())
                n.unknownWords = double(u->size());
            if (const auto c = it->find("round_trip_chrf"); c != it->end() && c->is_number())
                n.roundTripChrf = c->get<double>();
        }
    }
    return n;
}

MeanInterval meanInterval(const std::vector<double> &values)
{
    std::vector<double> known;
    for (double v : values) {
        if (!std::isnan(v))
            known.push_back(v);
    }
    MeanInterval m{nan, nan, nan, int(known.size())};
    if (known.empty())
        return m;
    double sum = 0;
    for (double v : known)
        sum += v;
    m.mean = sum / double(known.size());
    if (known.size() == 1) {
        m.lower = m.upper = m.mean;
        return m;
    }
    const metrics::ConfidenceInterval ci =
        metrics::bootstrapConfidenceInterval(metrics::scoresAsStatistics(known), metrics::meanScoreFunction(known.size()), 1000, 12345);
    m.lower = ci.lower;
    m.upper = ci.upper;
    return m;
}

std::string formatInterval(const MeanInterval &m, int decimals)
{
    if (std::isnan(m.mean))
        return "nan";
    char buffer[96];
    std::snprintf(buffer, sizeof buffer, "%.*f [%.*f, %.*f]", decimals, m.mean, decimals, m.lower, decimals, m.upper);
    return buffer;
}

nlohmann::json toJson(const MeanInterval &m)
{
    const auto value = [](double v) { return std::isnan(v) ? nlohmann::json(nullptr) : nlohmann::json(v); };
    return {{"mean", value(m.mean)}, {"lower", value(m.lower)}, {"upper", value(m.upper)}, {"n", m.n}};
}

}  // namespace gauntlet::judge
