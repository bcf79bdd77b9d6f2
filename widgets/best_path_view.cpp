#include "widgets/best_path_view.h"

#include "models/beam_table_model.h"
#include "engine/judge/judge_text.h"
#include "models/text_changes.h"

#include <algorithm>

namespace gauntlet {

namespace {

/// "<br>Judges: complete parse · ..." with each verdict green when the judge found nothing wrong,
/// red otherwise; empty when the text was not judged.
QString judgesHtml(const nlohmann::json &report)
{
    const QVector<judge::JudgeVerdictText> verdicts = judge::judgeVerdicts(report);
    if (verdicts.isEmpty())
        return {};
    QStringList parts;
    for (const judge::JudgeVerdictText &v : verdicts)
        parts << QStringLiteral("<span style=\"color:%1\">%2</span>").arg(v.ok ? QStringLiteral("#2e7d32") : QStringLiteral("#b23c17"), v.text.toHtmlEscaped());
    return QStringLiteral("<br><span style=\"font-size:small\"><span style=\"color:#445\">%1</span> %2</span>")
        .arg(BestPathView::tr("Judges:"), parts.join(QStringLiteral(" \u00b7 ")));
}

/// The words of `text` that differ from `previous` on a light amber background (nothing marked
/// when there is no previous translation).
QString markedChangesHtml(const QString &text, const QString &previous)
{
    if (previous.isEmpty())
        return text.toHtmlEscaped();
    QString html;
    for (const TextSegment &s : compareWords(text, previous)) {
        html += s.changedVsSeed ? QStringLiteral("<span style=\"background-color:#fbe3a4\">%1</span>").arg(s.word.toHtmlEscaped())
                                : s.word.toHtmlEscaped();
        if (!s.space.isEmpty())
            html += QLatin1Char(' ');
    }
    return html;
}

/// One line per MT system: its name, the translation with the words changed since the previous
/// entry's translation marked, and Apertium's unknown-word count.
QString translationsHtml(const QVector<PathTranslation> &translations)
{
    QString html;
    for (const PathTranslation &t : translations) {
        QString unknown;
        if (t.unknownWords > 0)
            unknown = QStringLiteral(" <span style=\"color:#b23c17; font-size:small\">\u00b7 %1</span>")
                          .arg(t.unknownWords == 1 ? BestPathView::tr("1 unknown word") : BestPathView::tr("%1 unknown words").arg(t.unknownWords));
        else if (t.unknownWords == 0)
            unknown = QStringLiteral(" <span style=\"color:#2e7d32; font-size:small\">\u00b7 %1</span>").arg(BestPathView::tr("no unknown words"));
        html += QStringLiteral("<br><span style=\"color:#1f4e79; font-size:small\">%1:</span> <span style=\"color:#1f3140\">%2</span>%3")
                    .arg(t.system.toHtmlEscaped(), markedChangesHtml(t.translation, t.previous), unknown);
    }
    return html;
}

}  // namespace

BestPathView::BestPathView(QWidget *parent) : QTextBrowser(parent)
{
    setOpenLinks(false);
    setPlaceholderText(tr("The path of the best text appears here as steps finish."));
}

void BestPathView::setPath(const QVector<PathEntry> &path)
{
    const auto same = [](const PathEntry &a, const PathEntry &b) {
        return a.kind == b.kind && a.step == b.step && a.text == b.text && a.previous == b.previous && a.selectedBy == b.selectedBy
               && a.judges == b.judges && a.translations == b.translations;
    };
    if (path.size() == m_path.size() && std::equal(path.begin(), path.end(), m_path.begin(), same) && !path.isEmpty())
        return;  // unchanged: keep the document (and the scroll position)
    m_path = path;
    if (path.isEmpty()) {
        clear();
        return;
    }
    // one paragraph per entry (a rich-text table costs several times more to lay out on every step)
    QString html;
    for (const PathEntry &e : path) {
        QString label;
        switch (e.kind) {
        case PathEntry::Kind::Seed: label = tr("Seed"); break;
        case PathEntry::Kind::Step: label = tr("Step %1").arg(e.step); break;
        case PathEntry::Kind::PhaseStart: label = tr("Phase 2 start"); break;
        case PathEntry::Kind::Output: label = tr("Output"); break;
        }
        const bool emphasise = e.kind == PathEntry::Kind::Seed || e.kind == PathEntry::Kind::Output;
        QString values = tr("L %1 \u00b7 D %2 \u00b7 PPL %3")
                             .arg(BeamTableModel::formatValue(e.values.loss), BeamTableModel::formatValue(e.values.difficulty),
                                  BeamTableModel::formatValue(e.values.perplexity));
        if (e.kind == PathEntry::Kind::Output)
            values += QStringLiteral(" \u00b7 ") + tr("selected by %1 (step %2)").arg(e.selectedBy).arg(e.step);
        html += QStringLiteral("<p style=\"margin-top:2px; margin-bottom:6px\"><span style=\"color:#445; font-weight:%1\">%2</span><br>%3"
                               "%6<br><span style=\"color:#777; font-size:small\">%4</span>%5</p>")
                    .arg(emphasise ? QStringLiteral("bold") : QStringLiteral("normal"), label, boldChangesHtml(e.text, e.previous), values,
                         judgesHtml(e.judges), translationsHtml(e.translations));
    }
    setHtml(html);
}

}  // namespace gauntlet
