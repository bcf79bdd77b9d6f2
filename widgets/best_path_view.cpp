#include "widgets/best_path_view.h"

#include "models/beam_table_model.h"
#include "models/text_changes.h"

namespace gauntlet {

BestPathView::BestPathView(QWidget *parent) : QTextBrowser(parent)
{
    setOpenLinks(false);
    setPlaceholderText(tr("The path of the best text appears here as steps finish."));
}

void BestPathView::setPath(const QVector<PathEntry> &path)
{
    m_path = path;
    QString html = QStringLiteral("<table cellspacing=\"0\" cellpadding=\"4\" width=\"100%\">");
    html += QStringLiteral("<tr style=\"color:#555\"><th align=\"left\">%1</th><th align=\"left\">%2</th><th align=\"right\">%3</th>"
                           "<th align=\"right\">%4</th><th align=\"right\">%5</th></tr>")
                .arg(tr("Step"), tr("Text (changes in bold)"), tr("L"), tr("D"), tr("PPL"));
    for (const PathEntry &e : path) {
        QString label;
        switch (e.kind) {
        case PathEntry::Kind::Seed: label = tr("Seed"); break;
        case PathEntry::Kind::Step: label = tr("Step %1").arg(e.step); break;
        case PathEntry::Kind::PhaseStart: label = tr("Phase 2 start"); break;
        case PathEntry::Kind::Output: label = tr("Output"); break;
        }
        QString text = boldChangesHtml(e.text, e.previous);
        if (e.kind == PathEntry::Kind::Output)
            text += QStringLiteral("<br><span style=\"color:#555\">%1</span>").arg(tr("selected by %1 (step %2)").arg(e.selectedBy).arg(e.step));
        const bool emphasise = e.kind == PathEntry::Kind::Seed || e.kind == PathEntry::Kind::Output;
        html += QStringLiteral("<tr%1><td valign=\"top\" style=\"white-space:nowrap\">%2</td><td>%3</td><td align=\"right\" valign=\"top\">%4</td>"
                               "<td align=\"right\" valign=\"top\">%5</td><td align=\"right\" valign=\"top\">%6</td></tr>")
                    .arg(emphasise ? QStringLiteral(" style=\"background-color:#f1f4f8\"") : QString(), label, text,
                         BeamTableModel::formatValue(e.values.loss), BeamTableModel::formatValue(e.values.difficulty),
                         BeamTableModel::formatValue(e.values.perplexity));
    }
    html += QStringLiteral("</table>");
    if (path.isEmpty())
        clear();
    else
        setHtml(html);
}

}  // namespace gauntlet
