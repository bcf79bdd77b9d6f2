// The span-agreement table of the Evaluate workspace's Results tab (issue 20, item 13;
// engine/evaluate/span_agreement.h): per stage, one row per annotator pair and one "all pairs"
// row with character F1, exact and overlap span F1 (each plain and severity-aware), [missing]
// agreement and Krippendorff's alpha on the per-item error counts. The "adjudicated" annotator is
// not an annotator and is left out (engine/evaluate/adjudication.h).
#pragma once

#include "engine/evaluate/campaign.h"
#include "engine/evaluate/quality_control.h"

#include <QTableWidget>

namespace gauntlet {

class SpanAgreementTable : public QTableWidget {
    Q_OBJECT
public:
    explicit SpanAgreementTable(QWidget *parent = nullptr);
    /// Fills the table from the campaign's answers, every stage of the campaign.
    void showAgreement(const evaluate::Campaign &campaign, const QVector<evaluate::RatedItem> &rated);
};

}  // namespace gauntlet
