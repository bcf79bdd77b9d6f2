#include "models/best_path.h"

#include "engine/judge/judge_text.h"

#include <algorithm>

namespace gauntlet {

namespace {

QString qs(const std::string &s)
{
    return QString::fromUtf8(s.data(), int(s.size()));
}

/// The chain of (step index, member index) from `member` of steps[index] back to the first step of its phase.
std::vector<std::pair<int, int>> chainBack(const std::vector<ato::StepFinishedEvent> &steps, int index, int member)
{
    std::vector<std::pair<int, int>> chain;
    const int phase = steps[size_t(index)].phase;
    while (index >= 0 && steps[size_t(index)].phase == phase && member >= 0 && member < int(steps[size_t(index)].beam.size())) {
        chain.emplace_back(index, member);
        const int parentRank = steps[size_t(index)].beam[size_t(member)].parentRank;
        --index;
        if (index < 0 || parentRank < 0 || steps[size_t(index)].phase != phase)
            break;
        int next = -1;
        const auto &beam = steps[size_t(index)].beam;
        for (size_t k = 0; k < beam.size(); ++k) {
            if (beam[k].rank == parentRank) {
                next = int(k);
                break;
            }
        }
        member = next;
    }
    std::reverse(chain.begin(), chain.end());
    return chain;
}

}  // namespace

QVector<PathEntry> bestPath(const std::vector<ato::StepFinishedEvent> &steps, int upTo, const QString &phase2Seed,
                            const std::optional<ato::RunResult> &result)
{
    QVector<PathEntry> path;
    if (upTo < 0 || upTo >= int(steps.size()) || steps[size_t(upTo)].beam.empty())
        return path;
    std::vector<std::pair<int, int>> chain = chainBack(steps, upTo, 0);
    std::vector<std::pair<int, int>> phase1;
    if (steps[size_t(upTo)].phase == 2) {
        int last1 = -1;
        for (int i = 0; i <= upTo; ++i) {
            if (steps[size_t(i)].phase == 1)
                last1 = i;
        }
        if (last1 >= 0 && !steps[size_t(last1)].beam.empty())
            phase1 = chainBack(steps, last1, 0);
    }
    // A member without a parent after step 0 is the seed kept because no candidate passed the guards
    // (engine/ato/search.cpp): the path still starts at the seed.
    std::vector<std::pair<int, int>> &first = phase1.empty() ? chain : phase1;
    if (!first.empty() && first.front().first > 0 && steps.front().step == 0 && !steps.front().beam.empty()
        && steps.front().phase == steps[size_t(first.front().first)].phase)
        first.insert(first.begin(), {0, 0});
    const auto add = [&](const PathEntry &e) {
        PathEntry entry = e;
        entry.previous = path.isEmpty() ? QString() : path.back().text;
        if (!path.isEmpty() && entry.kind == PathEntry::Kind::Step && path.back().text == entry.text)
            return;  // no change in this step
        path.push_back(entry);
    };
    const auto addChain = [&](const std::vector<std::pair<int, int>> &c) {
        for (const auto &[i, m] : c) {
            const ato::StepFinishedEvent &s = steps[size_t(i)];
            PathEntry e;
            e.step = s.step;
            e.phase = s.phase;
            e.text = qs(s.beam[size_t(m)].text);
            e.values = s.beam[size_t(m)].values;
            e.kind = s.step == 0 ? PathEntry::Kind::Seed : PathEntry::Kind::Step;
            if (e.kind == PathEntry::Kind::Seed && result)
                e.judges = judge::judgeReportOf(result->judges, "seed");
            add(e);
        }
    };
    if (!phase1.empty()) {
        addChain(phase1);
        PathEntry start;
        start.kind = PathEntry::Kind::PhaseStart;
        start.phase = 2;
        start.step = steps[size_t(chain.front().first)].step - 1;
        start.text = phase2Seed.isEmpty() ? qs(steps[size_t(chain.front().first)].beam.front().text) : phase2Seed;
        add(start);
    }
    addChain(chain);
    if (result && upTo == int(steps.size()) - 1 && !result->outputText.empty()) {
        PathEntry out;
        out.kind = PathEntry::Kind::Output;
        out.step = result->step;
        out.phase = result->phase;
        out.text = qs(result->outputText);
        out.values = result->values;
        out.selectedBy = qs(result->selectedBy);
        out.judges = judge::judgeReportOf(result->judges, "output");
        add(out);
    }
    for (int k = 0; k < path.size(); ++k)
        path[k].previous = k == 0 ? path[k].text : path[k - 1].text;
    return path;
}

void attachTranslations(QVector<PathEntry> &path, const QHash<QString, QVector<PathTranslation>> &byText)
{
    QHash<QString, QString> last;  // system -> its translation of the nearest entry before
    for (PathEntry &e : path) {
        e.translations = byText.value(e.text);
        for (PathTranslation &t : e.translations) {
            t.previous = last.value(t.system);
            last.insert(t.system, t.translation);
        }
    }
}

}  // namespace gauntlet
