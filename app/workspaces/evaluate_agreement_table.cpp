#include "app/workspaces/evaluate_agreement_table.h"

#include "engine/evaluate/span_agreement.h"

#include <QHeaderView>

namespace gauntlet {

using namespace evaluate;

namespace {

QString ratio(const std::optional<double> &v)
{
    return v ? QString::number(*v, 'f', 3) : QStringLiteral("–");
}

}  // namespace

SpanAgreementTable::SpanAgreementTable(QWidget *parent) : QTableWidget(parent)
{
    setObjectName(QStringLiteral("spanAgreementTable"));
    setColumnCount(12);
    setHorizontalHeaderLabels({tr("Stage"), tr("Annotator A"), tr("Annotator B"), tr("Units"), tr("Char F1"), tr("Char F1 (sev.)"),
                               tr("Exact F1"), tr("Exact F1 (sev.)"), tr("Overlap F1"), tr("Overlap F1 (sev.)"), tr("[missing] F1"),
                               tr("Error-count α")});
    const QStringList tips{QString(), QString(), QString(), tr("Translations both annotators judged"),
                           tr("Dice coefficient of the characters each annotator marked"),
                           tr("Character F1 counting a shared character only when both gave it the same severity"),
                           tr("Spans with identical start and end"), tr("Identical offsets and the same severity"),
                           tr("Spans sharing at least one character with a span of the other annotator"),
                           tr("Overlapping spans of the same severity"),
                           tr("Positive agreement on marking an omission ([missing])"),
                           tr("Krippendorff's alpha (interval) on the number of error spans per translation")};
    for (int c = 0; c < tips.size(); ++c)
        if (!tips[c].isEmpty())
            horizontalHeaderItem(c)->setToolTip(tips[c]);
    horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    verticalHeader()->hide();
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setAlternatingRowColors(true);
    setToolTip(tr("Span agreement between annotators of the same translation, micro-averaged; the adjudicated answer is not an annotator and is left out"));
}

void SpanAgreementTable::showAgreement(const Campaign &campaign, const QVector<RatedItem> &rated)
{
    setRowCount(0);
    for (int stage = 1; stage <= campaign.stages(); ++stage) {
        const SpanAgreementReport report = spanAgreement(campaign, rated, stage);
        if (report.units == 0)
            continue;
        QVector<SpanAgreement> rows = report.pairs;
        rows << report.overall;
        for (int i = 0; i < rows.size(); ++i) {
            const SpanAgreement &a = rows[i];
            const bool overall = i == rows.size() - 1;
            const SpanAgreementScores &s = a.scores;
            const QStringList cells{QString::number(stage), overall ? tr("all pairs") : a.annotatorA, overall ? QString() : a.annotatorB,
                                    QString::number(overall ? report.units : a.counts.units), ratio(s.charF1), ratio(s.charF1Severity),
                                    ratio(s.exactF1), ratio(s.exactF1Severity), ratio(s.overlapF1), ratio(s.overlapF1Severity),
                                    ratio(s.missingF1), ratio(a.errorCountAlpha)};
            const int row = rowCount();
            insertRow(row);
            for (int c = 0; c < cells.size(); ++c) {
                auto *item = new QTableWidgetItem(cells[c]);
                if (c >= 3)
                    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
                if (overall) {
                    QFont f = item->font();
                    f.setBold(true);
                    item->setFont(f);
                }
                setItem(row, c, item);
            }
        }
    }
}

}  // namespace gauntlet
