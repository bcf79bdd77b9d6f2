// The path of the best text from the seed to the current step (models/best_path.h), like Table 4
// of the ATO paper: one line per step where the text changed, each change in bold, with L, D and
// perplexity; the selected output last. A judged run's seed and output also show the independent
// judges' verdicts (engine/judge/judge_text.h), green where a judge found nothing wrong. Each entry
// translated by the project's MT systems (issue 21) shows one line per system under its text: the
// translation with the words changed since the previous entry's translation on an amber
// background, and Apertium's count of unknown words (the words it marks with '*').
#pragma once

#include "models/best_path.h"

#include <QTextBrowser>

namespace gauntlet {

class BestPathView : public QTextBrowser {
    Q_OBJECT
public:
    explicit BestPathView(QWidget *parent = nullptr);
    void setPath(const QVector<PathEntry> &path);
    const QVector<PathEntry> &path() const { return m_path; }

private:
    QVector<PathEntry> m_path;
};

}  // namespace gauntlet
