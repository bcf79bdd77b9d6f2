// One step's candidate pool as a table (issue 34 item 6): each candidate with its fate (kept,
// injected, not taken, refused by which guard) and why, filterable by fate and text, sortable, with
// the selected candidate's whole text and reason under the table. The trace view feeds it the pool
// of the step its slider shows.
#pragma once

#include "engine/ato/candidate_fate.h"

#include <QWidget>

#include <vector>

class QComboBox;
class QLabel;
class QLineEdit;
class QTableView;

namespace gauntlet {

class CandidatePoolModel;
class CandidatePoolProxy;

class CandidatePoolView : public QWidget {
    Q_OBJECT
public:
    explicit CandidatePoolView(QWidget *parent = nullptr);

    /// Shows the pool of step `step` (an empty pool: "no pool stored for this step").
    void setPool(int step, const std::vector<ato::PoolRecord> &pool);
    void clear();

    CandidatePoolModel *model() const { return m_model; }
    CandidatePoolProxy *proxy() const { return m_proxy; }
    QTableView *table() const { return m_table; }
    /// The fate filter: "All", "In the beam", "Refused (any guard)", then one entry per fate.
    QComboBox *fateFilter() const { return m_fateFilter; }
    QLabel *summary() const { return m_summary; }
    QLabel *detail() const { return m_detail; }

private:
    void applyFateFilter();
    void updateSummary();
    void showSelected();

    CandidatePoolModel *m_model;
    CandidatePoolProxy *m_proxy;
    QComboBox *m_fateFilter;
    QLineEdit *m_textFilter;
    QLabel *m_summary;
    QTableView *m_table;
    QLabel *m_detail;
};

}  // namespace gauntlet
