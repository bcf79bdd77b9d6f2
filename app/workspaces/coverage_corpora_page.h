// The Corpora & Labels tab of the Coverage workspace (coverage_workspace.h): the project's corpora
// (`corporaTable`, Import / Remove), the classifier choice (`classifierBox`, the LLM endpoint
// fields, `classifyButton`; classification runs as a workspace job) and the label table over
// SegmentLabelModel (`segmentLabelModel`, view `labelView`) with manual relabelling and its undo
// stack (`relabelUndoStack`).
#pragma once

#include "app/workspaces/coverage_state.h"
#include "engine/translate/chat_client.h"

#include <QWidget>

class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QPushButton;
class QTableView;
class QTableWidget;
class QUndoStack;

namespace gauntlet {

class SegmentLabelModel;

class CoverageCorporaPage : public QWidget {
    Q_OBJECT
public:
    /// The classifier's semantic labels below this confidence are dropped (issue 33 item 5).
    double minConfidence() const;
    CoverageCorporaPage(CoverageState &state, QWidget *parent = nullptr);

    /// Refills the corpora table from the store.
    void reload();
    /// Shows the selected labelling (CoverageState) in the table and selects its corpus row;
    /// `labellingChanged` clears the relabel undo stack (its commands belong to the previous one).
    void showLabelling(bool labellingChanged);
    void setClassifyEnabled(bool enabled);
    /// The LLM classifier's endpoint fields (the API key is read from the named environment
    /// variable and never stored).
    void setLlmEndpoint(const QString &baseUrl, const QString &model, const QString &apiKeyVariable);
    translate::ChatEndpoint llmEndpoint() const;

    /// Manual relabelling: makes `category` the primary category of segment `row` and stores it;
    /// undoable. Returns an error message, or "".
    QString relabel(int row, const QString &category);
    /// Saves the label table as CSV; returns an error naming the file, or "".
    QString exportLabelsCsv(const QString &path);

Q_SIGNALS:
    void statusChanged(const QString &text, bool error);
    void corpusChosen(const QString &name);
    void importRequested(const QString &path, const sampling::CorpusFileOptions &options, const QString &name);
    void classifyRequested(gauntlet::CoverageClassifierKind kind);
    void corpusRemoved();
    /// A segment's labels changed (CoverageState::labels and pool are updated).
    void labelsChanged();

private:
    void importDialog();
    void removeSelected();
    void exportDialog();
    /// Stores a segment's labels (undo / redo of a relabelling) and shows them.
    void applySegmentLabels(int row, const sampling::SegmentLabels &labels);
    void showSegmentLabels(int row, const sampling::SegmentLabels &labels);
    QWidget *buildClassifyBox();
    QTableView *buildLabelView();

    CoverageState &m_state;
    QTableWidget *m_corpora;
    QDoubleSpinBox *m_minConfidence = nullptr;
    QComboBox *m_classifier = nullptr;
    QLineEdit *m_llmUrl = nullptr, *m_llmModel = nullptr, *m_llmKeyEnv = nullptr;
    QPushButton *m_classify = nullptr;
    SegmentLabelModel *m_labelModel;
    QUndoStack *m_relabelUndo;
    QTableView *m_labelView = nullptr;
};

}  // namespace gauntlet
