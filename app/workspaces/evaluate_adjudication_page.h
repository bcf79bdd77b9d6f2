// The Adjudicate tab of the Evaluate workspace (issue 20, item 14; engine/evaluate/adjudication.h):
// pick a translation two or more annotators judged; their spans are shown on the text one row per
// annotator (SpanComparisonView, the same line breaks in every row) and listed by span group; the
// adjudicator accepts one annotator's span, merges a group (union or intersection), rejects a
// group, takes a score from an annotator or sets it by hand, and saves the result as the answer of
// "adjudicated" with provenance. Keys: A accept, Shift+A accept all of that annotator, U union,
// I intersection, R or Delete reject, 1 / 2 add the text selected in a row as a minor / major
// span of the adjudicator's own, Ctrl+Z / Ctrl+Shift+Z undo / redo, Ctrl+S save.
#pragma once

#include "engine/evaluate/adjudication.h"

#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QUndoStack;
class QVBoxLayout;

namespace gauntlet {

namespace storage { class Database; }
class SpanComparisonView;

class AdjudicationPage : public QWidget {
    Q_OBJECT
public:
    explicit AdjudicationPage(QWidget *parent = nullptr);
    ~AdjudicationPage() override;

    /// Lists the campaign's translations with two or more annotators (nothing when `db` is null).
    void showCampaign(storage::Database *db, qint64 campaignId);
    /// The adjudication being edited (what Save stores).
    struct Draft {
        QVector<evaluate::AdjudicatedSpan> spans;
        std::optional<int> score;
        QString scoreFrom;
    };
    const Draft &draft() const { return m_draft; }
    const evaluate::AdjudicationCase &currentCase() const { return m_case; }
    QUndoStack *undoStack() const { return m_undo; }

    /// Applies `draft` without recording it (the undo stack's commands call this).
    void applyDraft(const Draft &draft);

public Q_SLOTS:
    void acceptSpan();
    void acceptAllOfAnnotator();
    void mergeGroup(evaluate::SpanDecision how);
    void rejectGroup();
    /// Adds the text selected in the comparison rows as a span of the adjudicator's own (Added),
    /// replacing the adjudicated spans it overlaps.
    void addSelected(evaluate::Severity severity);
    bool save();

private:
    // The constructor's steps, in the page's order from the top.
    void setObjectNames();
    void addSpanTables(QVBoxLayout *layout);
    void addDecisionButtons(QVBoxLayout *layout);  ///< Accept ... Add Major, with their actions
    void addScoreRow(QVBoxLayout *layout);         ///< the score, where it comes from, Save, the status line
    void connectSignals();
    void addShortcuts();
    void loadUnit(int index);
    /// Asks whether to save unsaved changes (Save / Discard, and Cancel when `canCancel`);
    /// false when the user cancelled or saving failed (then nothing may change).
    bool settleUnsaved(bool canCancel);
    void change(const Draft &next, const QString &what);
    /// The selected candidate row's (group, member) or (-1, -1).
    std::pair<int, int> selectedMember() const;
    void refresh();

    storage::Database *m_db = nullptr;
    qint64 m_campaignId = 0;
    QVector<evaluate::AdjudicationUnit> m_units;
    int m_loadedIndex = -1;  ///< the unit shown (m_case)
    evaluate::AdjudicationCase m_case;
    Draft m_draft;
    QUndoStack *m_undo;
    QComboBox *m_unitBox;
    QLineEdit *m_adjudicator;
    SpanComparisonView *m_view;
    QTableWidget *m_candidates;
    QTableWidget *m_final;
    QSpinBox *m_score;
    QComboBox *m_scoreSource;
    QPushButton *m_save;
    QLabel *m_status;
};

}  // namespace gauntlet
