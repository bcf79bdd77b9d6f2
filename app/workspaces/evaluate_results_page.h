// The results page of the Evaluate workspace (papers.md: cESA as run in Pearmut for LTB, LTB's
// verifier pass rate): per system rank, mean score with its 95% bootstrap interval, paired
// bootstrap p against the next system, spans by severity, the two-stage shift and two automatic
// scores (verifier pass rate from the examples' stored verdicts, chrF against the references);
// a chart of the stage means; Krippendorff's alpha, Kendall tau-b between the human ranking and
// each automatic one, and each annotator's attention checks and bad-reference test.
#pragma once

#include <QWidget>

class QChartView;
class QLabel;
class QTableWidget;

namespace gauntlet {

class CampaignStore;
class ExampleStore;

class ResultsPage : public QWidget {
    Q_OBJECT
public:
    explicit ResultsPage(QWidget *parent = nullptr);

    /// Shows campaign `campaignId` of `store`; `examples` supplies the verdicts for the verifier
    /// pass rate. Errors (e.g. a campaign that no longer exists) are shown in place of the
    /// statistics.
    void showCampaign(CampaignStore &store, ExampleStore &examples, qint64 campaignId);
    void clear();

    QTableWidget *table() const { return m_table; }
    QChartView *chartView() const { return m_chart; }
    QLabel *statisticsLabel() const { return m_statistics; }

Q_SIGNALS:
    void refreshRequested();
    void exportRequested(bool jsonl);
    void exportPackageRequested();
    void importRequested();

private:
    QTableWidget *m_table;
    QChartView *m_chart;
    QLabel *m_statistics;
};

}  // namespace gauntlet
