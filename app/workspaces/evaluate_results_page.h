// The results page of the Evaluate workspace (papers.md: cESA as run in Pearmut for LTB, LTB's
// verifier pass rate): per system rank, mean score with its 95% bootstrap interval, paired
// bootstrap p against the next system, spans by severity, the two-stage shift and two automatic
// scores (verifier pass rate from the examples' stored verdicts, chrF against the references,
// difficulty D stored by augmentation runs);
// a chart of the stage means; Krippendorff's alpha, Kendall tau-b between the human ranking and
// each automatic one, and each annotator's attention checks and bad-reference test.
#pragma once

#include <QWidget>

class QChartView;
class QLabel;
class QTableWidget;

namespace gauntlet {

namespace evaluate { class CampaignStore; }
namespace storage { class Database; }

class ResultsPage : public QWidget {
    Q_OBJECT
public:
    explicit ResultsPage(QWidget *parent = nullptr);

    /// Shows campaign `campaignId` of `store`; `db` (the project) supplies the examples' verdicts
    /// for the verifier pass rate and the augmentation runs' stored difficulty. Errors (e.g. a
    /// campaign that no longer exists) are shown in place of the statistics.
    void showCampaign(evaluate::CampaignStore &store, storage::Database &db, qint64 campaignId);
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
    /// Column titles; in a two-stage campaign the stage-1 columns say "(stage 1)".
    void setStageHeaders(bool twoStage);

    QLabel *m_stageNote;  ///< a two-stage campaign: which stage the columns use
    QTableWidget *m_table;
    QChartView *m_chart;
    QLabel *m_statistics;
};

}  // namespace gauntlet
