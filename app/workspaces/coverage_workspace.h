// The Coverage workspace (papers.md, TACTICS; issue #11): which phenomena a corpus or test set
// covers, and taxonomy-aware sampling under a budget. Tabs:
//  - Taxonomies: the project's taxonomies (import / export JSON, the bundled ones) and the
//    taxonomy editor (coverage_taxonomy_editor.h) with live matcher counts and undo;
//  - Corpora: import a corpus file (TSV / JSONL) with progress, the list of corpora, the hybrid
//    classification (gold labels, matchers, matchers + offline centroid classifier, matchers + an
//    LLM endpoint) with progress and cancel, and the label table with manual relabelling;
//  - Sample: budget B, sampler, seed; draw one sample or every sampler at the same budget; the
//    stored samples with their measures;
//  - Charts (coverage_charts_page.h).
// The corpus and taxonomy chosen at the top select the labelling every tab works on. Long work
// runs off the GUI thread (coverage_job.h); what it produces is stored in the project when it
// ends. The same engine functions as `gauntlet corpus|classify|sample|coverage` (app/cli).
#pragma once

#include "engine/sampling/classification.h"
#include "engine/sampling/corpus.h"
#include "engine/sampling/sampler.h"
#include "engine/sampling/taxonomy.h"

#include <QWidget>

#include <memory>
#include <optional>

class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTabWidget;
class QTableView;
class QTableWidget;
class QUndoStack;

namespace gauntlet {

class CoverageChartsPage;
class CoverageJob;
class CoverageStore;
class Project;
class SegmentLabelModel;
class TaxonomyEditor;

class CoverageWorkspace : public QWidget {
    Q_OBJECT
public:
    enum class ClassifierKind { Gold, Matchers, Centroid, Llm };
    enum Tab { TaxonomiesTab, CorporaTab, SampleTab, ChartsTab };

    explicit CoverageWorkspace(QWidget *parent = nullptr);
    ~CoverageWorkspace() override;

    void setProject(Project *project);
    /// Before the project closes: offers to save unsaved taxonomy edits (Save / Discard /
    /// Cancel) and cancels a running job. Returns false when the user chose Cancel.
    bool confirmClose();

    // --- taxonomies (each returns an error message naming the file, or "") ---------------------
    QString importTaxonomyFile(const QString &path);
    QString importBundledTaxonomy(const QString &name);
    QString exportTaxonomy(const QString &name, const QString &path);
    /// Stores the editor's taxonomy under its name (replacing it drops its labellings and samples).
    QString saveTaxonomy(const sampling::Taxonomy &taxonomy);

    // --- long work: returns false (with the reason in the status line) when it cannot start ---
    /// Reads and scores the corpus file off the GUI thread and stores it as `name` (empty: the
    /// file's base name).
    bool importCorpus(const QString &path, const sampling::CorpusFileOptions &options = {}, const QString &name = {});
    /// Classifies the selected corpus with the selected taxonomy (Gold: the corpus' gold labels
    /// under the taxonomy "<corpus>-gold", made when missing) and stores the labelling.
    bool classify(ClassifierKind kind);
    /// Draws one sample of the selected labelling and stores it (empty name:
    /// sampling::defaultSampleName, corpus-taxonomy-method-BB-sSEED).
    bool drawSample(const sampling::SamplerSettings &settings, const QString &name = {});
    /// Draws every sampler in `methods` at the same budget and seed and stores each sample.
    bool compareSamplers(const sampling::SamplerSettings &settings, const QVector<sampling::SamplingMethod> &methods);
    void cancelJob();
    bool isBusy() const;
    /// The endpoint the LLM classifier uses (the fields on the Corpora tab; the API key is read
    /// from the named environment variable and never stored).
    void setLlmEndpoint(const QString &baseUrl, const QString &model, const QString &apiKeyVariable = {});

    // --- selection ---------------------------------------------------------------------------
    /// Selects the corpus and taxonomy by name; returns false when either is missing.
    bool selectCorpus(const QString &name);
    bool selectTaxonomy(const QString &name);
    /// The labelling of the selected corpus and taxonomy, if it was classified.
    std::optional<qint64> labellingId() const { return m_labellingId; }
    const sampling::SamplingPool *pool() const { return m_pool ? m_pool.get() : nullptr; }
    const sampling::Corpus &corpus() const { return m_corpus; }

    /// Manual relabelling: makes `category` the primary category of segment `row` and stores it;
    /// undoable (relabelUndoStack(), cleared when another labelling is selected).
    QString relabel(int row, const QString &category);
    QUndoStack *relabelUndoStack() const { return m_relabelUndo; }

    /// Saves the samples table as CSV.
    QString exportSamplesCsv(const QString &path);
    QString exportLabelsCsv(const QString &path);

    QTabWidget *tabs() const { return m_tabs; }
    TaxonomyEditor *taxonomyEditor() const { return m_editor; }
    CoverageChartsPage *chartsPage() const { return m_charts; }
    SegmentLabelModel *labelModel() const { return m_labelModel; }
    QTableWidget *corporaTable() const { return m_corporaTable; }
    QTableWidget *samplesTable() const { return m_samplesTable; }
    QListWidget *taxonomyList() const { return m_taxonomyList; }
    QPushButton *drawButton() const { return m_draw; }
    QPushButton *compareButton() const { return m_compare; }
    QPushButton *classifyButton() const { return m_classify; }
    QSpinBox *budgetBox() const { return m_budget; }
    QSpinBox *seedBox() const { return m_seed; }
    QComboBox *methodBox() const { return m_method; }
    QComboBox *classifierBox() const { return m_classifier; }
    QLabel *statusLabel() const { return m_status; }
    QProgressBar *progressBar() const { return m_progress; }

public Q_SLOTS:
    void reload();

Q_SIGNALS:
    /// A job ended (`error` empty on success or when cancelled).
    void jobFinished(const QString &label, const QString &error, bool cancelled);

private:
    QWidget *buildTaxonomiesTab();
    QWidget *buildCorporaTab();
    QWidget *buildSampleTab();
    void reloadTaxonomies();
    void reloadCorpora();
    void reloadSamples();
    void loadLabelling();
    void setStatus(const QString &text, bool error = false);
    /// Stores a segment's labels (undo / redo of a relabelling) and shows them.
    void applySegmentLabels(int row, const sampling::SegmentLabels &labels);
    void showSegmentLabels(int row, const sampling::SegmentLabels &labels);
    /// True when the editor has no unsaved edits, or the user saved or discarded them.
    bool confirmDiscardEdits();
    bool startJob(const QString &label);
    void importCorpusDialog();
    void importTaxonomyDialog();
    void exportTaxonomyDialog();
    void removeSelectedTaxonomy();
    void removeSelectedCorpus();
    void removeSelectedSample();
    void drawFromForm(bool compare);
    sampling::SamplerSettings formSettings() const;
    /// The error for a sample name in use, naming the labelling that holds it.
    QString sampleNameTakenMessage(const QString &name, qint64 sampleId);
    bool runSampling(const sampling::SamplerSettings &settings, const QVector<sampling::SamplingMethod> &methods, const QStringList &names);
    QString currentCorpusName() const;
    QString currentTaxonomyName() const;
    void exportTableDialog(bool samples);

    Project *m_project = nullptr;
    std::unique_ptr<CoverageStore> m_store;
    CoverageJob *m_job;
    // The selected labelling, loaded once.
    std::optional<qint64> m_corpusId, m_taxonomyId, m_labellingId;
    sampling::Corpus m_corpus;
    sampling::Taxonomy m_taxonomy;
    QVector<sampling::SegmentLabels> m_labels;
    std::unique_ptr<sampling::SamplingPool> m_pool;

    QComboBox *m_corpusBox, *m_taxonomyBox;
    QLabel *m_labellingLabel;
    QTabWidget *m_tabs;
    // Taxonomies
    QListWidget *m_taxonomyList = nullptr;
    QComboBox *m_bundled = nullptr;
    TaxonomyEditor *m_editor = nullptr;
    // Corpora
    QTableWidget *m_corporaTable = nullptr;
    QComboBox *m_classifier = nullptr;
    QLineEdit *m_llmUrl = nullptr, *m_llmModel = nullptr, *m_llmKeyEnv = nullptr;
    QPushButton *m_classify = nullptr;
    SegmentLabelModel *m_labelModel = nullptr;
    QTableView *m_labelView = nullptr;
    QLineEdit *m_labelFilter = nullptr;
    QUndoStack *m_relabelUndo = nullptr;
    // Sample
    QSpinBox *m_budget = nullptr, *m_seed = nullptr;
    QComboBox *m_method = nullptr;
    QLineEdit *m_sampleName = nullptr;
    QPushButton *m_draw = nullptr, *m_compare = nullptr;
    QTableWidget *m_samplesTable = nullptr;
    CoverageChartsPage *m_charts = nullptr;
    // Status
    QProgressBar *m_progress;
    QPushButton *m_cancel;
    QLabel *m_status;
};

}  // namespace gauntlet
