#include "engine/metrics/metric.h"

#include <charconv>
#include <system_error>

namespace gauntlet::metrics {

std::vector<Statistics> Metric::corpusStatistics(const std::vector<std::string> &hypotheses,
                                                 const ReferenceStreams &refStreams) const
{
    if (refStreams.empty())
        throw MetricsError(name() + ": no reference stream given");
    for (std::size_t k = 0; k < refStreams.size(); ++k) {
        if (refStreams[k].size() != hypotheses.size()) {
            throw MetricsError(name() + ": reference stream " + std::to_string(k + 1) + " has "
                               + std::to_string(refStreams[k].size()) + " segments but there are "
                               + std::to_string(hypotheses.size()) + " hypotheses");
        }
    }
    std::vector<Statistics> stats;
    stats.reserve(hypotheses.size());
    std::vector<std::string_view> refs(refStreams.size());
    for (std::size_t i = 0; i < hypotheses.size(); ++i) {
        for (std::size_t k = 0; k < refStreams.size(); ++k)
            refs[k] = refStreams[k][i];
        stats.push_back(segmentStatistics(hypotheses[i], refs));
    }
    return stats;
}

double Metric::corpusScore(const std::vector<std::string> &hypotheses, const ReferenceStreams &refStreams) const
{
    return scoreFromStatistics(sumStatistics(corpusStatistics(hypotheses, refStreams)));
}

double Metric::sentenceScore(std::string_view hypothesis, const std::vector<std::string_view> &references) const
{
    return scoreFromStatistics(segmentStatistics(hypothesis, references));
}

Statistics sumStatistics(const std::vector<Statistics> &segments)
{
    if (segments.empty())
        throw MetricsError("sumStatistics: no segments");
    Statistics total(segments.front().size(), 0.0);
    for (const Statistics &s : segments) {
        if (s.size() != total.size())
            throw MetricsError("sumStatistics: statistics vectors of different lengths");
        for (std::size_t i = 0; i < s.size(); ++i)
            total[i] += s[i];
    }
    return total;
}

std::string formatFixed(double value, int decimals)
{
    // std::to_chars is correctly rounded like printf but ignores the C locale, so a process whose
    // locale writes decimal commas still prints "30.15".
    std::string buf(400, '\0');
    const auto r = std::to_chars(buf.data(), buf.data() + buf.size(), value, std::chars_format::fixed, decimals);
    if (r.ec != std::errc())
        throw MetricsError("formatFixed: value too long to format");
    buf.resize(static_cast<std::size_t>(r.ptr - buf.data()));
    return buf;
}

}  // namespace gauntlet::metrics
