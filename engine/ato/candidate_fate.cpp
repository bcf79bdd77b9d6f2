#include "engine/ato/candidate_fate.h"

#include <array>
#include <utility>

namespace gauntlet::ato {

namespace {
constexpr std::array<std::pair<CandidateFate, const char *>, 7> names{{
    {CandidateFate::Kept, "kept"},
    {CandidateFate::Injected, "injected"},
    {CandidateFate::NotTaken, "not-taken"},
    {CandidateFate::Grammar, "grammar"},
    {CandidateFate::Vocabulary, "vocabulary"},
    {CandidateFate::Context, "context"},
    {CandidateFate::Tokenizer, "tokenizer"},
}};
}  // namespace

const char *fateName(CandidateFate fate)
{
    for (const auto &[f, name] : names) {
        if (f == fate)
            return name;
    }
    return "not-taken";
}

std::optional<CandidateFate> fateFromName(std::string_view name)
{
    for (const auto &[f, n] : names) {
        if (name == n)
            return f;
    }
    return std::nullopt;
}

}  // namespace gauntlet::ato
