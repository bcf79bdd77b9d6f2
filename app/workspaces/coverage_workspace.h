// The Coverage workspace (papers.md, TACTICS; issue #11): which phenomena a corpus or test set
// covers, and taxonomy-aware sampling under a budget. A thin composition of four page widgets
// (tab widget `coverageTabs`) over one shared CoverageState (coverage_state.h):
//  - Taxonomies (coverage_taxonomies_page.h): the project's taxonomies (import / export JSON, the
//    bundled ones) and the taxonomy editor with live matcher counts and undo;
//  - Corpora & Labels (coverage_corpora_page.h): import a corpus file (TSV / JSONL), the list of
//    corpora, the hybrid classification (gold labels, matchers, matchers + offline centroid
//    classifier, matchers + an LLM endpoint) and the label table with manual relabelling;
//  - Sample (coverage_samples_page.h): budget B, sampler, seed; draw one sample or every sampler
//    at the same budget; the stored samples with their measures;
//  - Charts (coverage_charts_page.h).
// The workspace owns the selection row, the status row (`coverageStatusLabel`,
// `coverageProgressBar`, Cancel) and the jobs (coverage_workspace_jobs.cpp).
// The corpus and taxonomy chosen at the top select the labelling every tab works on. Long work
// runs off the GUI thread (background_job.h); what it produces is stored in the project when it
// ends. The same engine functions as `gauntlet corpus|classify|sample|coverage` (app/cli).
#pragma once

#include <functional>

#include "app/workspaces/coverage_state.h"

#include <QWidget>

class QComboBox;
class QThread;
class QLabel;
class QProgressBar;
class QPushButton;
class QTabWidget;

namespace gauntlet {

class CoverageChartsPage;
class CoverageCorporaPage;
class BackgroundJob;
class CoverageSamplesPage;
class CoverageTaxonomiesPage;

class CoverageWorkspace : public QWidget {
    Q_OBJECT
public:
    using ClassifierKind = CoverageClassifierKind;
    enum Tab { TaxonomiesTab, CorporaTab, SampleTab, ChartsTab };

    explicit CoverageWorkspace(QWidget *parent = nullptr);
    ~CoverageWorkspace() override;

    void setProject(storage::Project *project);
    /// Before the project closes: offers to save unsaved taxonomy edits (Save / Discard /
    /// Cancel) and cancels a running job. Returns false when the user chose Cancel.
    bool confirmClose();
    /// What asks whether classifying again may delete the samples drawn under the current labels
    /// (given their count); default: a question dialog that names them and defaults to No. Tests
    /// answer it instead.
    void setReplaceSamplesConfirmation(std::function<bool(int samples)> ask) { m_askReplaceSamples = std::move(ask); }

    // --- taxonomies (CoverageTaxonomiesPage; each returns an error message naming the file, or "")
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
    std::optional<qint64> labellingId() const { return m_state.labellingId; }
    /// Whether the chosen corpus's labelling is loaded (it is read when the workspace is shown or an
    /// action needs it).
    bool isLoaded() const { return m_loaded; }
    /// Segments of the loaded corpus (0 before it is loaded).
    int corpusSegmentCount() const { return int(m_state.corpus.segments.size()); }
    /// The sampling pool of the chosen corpus and taxonomy (loaded first when it is not yet).
    const sampling::SamplingPool *pool()
    {
        ensureLoaded();
        return m_state.pool.get();
    }
    const sampling::Corpus &corpus() const { return m_state.corpus; }

    /// Manual relabelling (CoverageCorporaPage::relabel): makes `category` the primary category of
    /// segment `row` and stores it; undoable (QUndoStack `relabelUndoStack`, cleared when another
    /// labelling is selected).
    QString relabel(int row, const QString &category);

    /// Saves the samples table / the label table as CSV.
    QString exportSamplesCsv(const QString &path);
    QString exportLabelsCsv(const QString &path);

public Q_SLOTS:
    void reload();

Q_SIGNALS:
    /// A job ended (`error` empty on success or when cancelled).
    void jobFinished(const QString &label, const QString &error, bool cancelled);

protected:
    void showEvent(QShowEvent *event) override;

private:
    void connectPages();
    void reloadTaxonomies();
    void reloadCorpora();
    void reloadSamples();
    void loadLabelling();
    /// selectCorpus and selectTaxonomy: shows `name` in `box` and loads the labelling; false when
    /// `box` has no such entry.
    bool selectAndLoad(QComboBox *box, const QString &name);
    /// The corpus, taxonomy, labels and sampling pool of the chosen pair, read from `store`
    /// (a corpus already loaded under `cached` is reused). Runs on any thread.
    struct LoadedLabelling;
    static LoadedLabelling fetchLabelling(sampling::CoverageStore &store, const QString &corpusName, const QString &taxonomyName,
                                                           const sampling::Corpus *cached);
    /// Puts a fetched labelling into the state and the pages.
    void applyLabelling(LoadedLabelling &loaded);
    /// Loads the labelling now unless it is loaded (a project was opened while the workspace was
    /// hidden; issue 33 item 7: a 560k-segment corpus froze the window on open). Every public
    /// action that reads the state calls it.
    void ensureLoaded();
    /// Loads the labelling on a worker thread with its own read-only connection, showing a busy
    /// bar; the pages fill in when it arrives (the workspace was shown before it was loaded).
    void loadInBackground();
    /// The workspace is shown (or re-read while shown): the chosen corpus at once when it is small,
    /// in the background from BackgroundLoadSegments segments on.
    void loadShown();
public:
    static constexpr int BackgroundLoadSegments = 50000;
private:
    void setStatus(const QString &text, bool error = false);
    bool startJob(const QString &label);
    /// The error for a sample name in use, naming the labelling that holds it.
    QString sampleNameTakenMessage(const QString &name, qint64 sampleId);
    bool confirmReplaceSamples(int samples, const QString &corpus, const QString &taxonomy);
    bool runSampling(const sampling::SamplerSettings &settings, const QVector<sampling::SamplingMethod> &methods, const QStringList &names);

    CoverageState m_state;
    bool m_loaded = false;     ///< the labelling of the chosen pair is in m_state
    int m_loadGeneration = 0;  ///< bumped by each load, so a stale background load is dropped
    QThread *m_loader = nullptr;
    BackgroundJob *m_job;
    QComboBox *m_corpusBox, *m_taxonomyBox;
    QLabel *m_labellingLabel;
    QTabWidget *m_tabs;
    QProgressBar *m_progress;
    QPushButton *m_cancel;
    QLabel *m_status;
    CoverageTaxonomiesPage *m_taxonomies;
    CoverageCorporaPage *m_corpora;
    CoverageSamplesPage *m_samples;
    CoverageChartsPage *m_charts;
    std::function<bool(int)> m_askReplaceSamples;
};

}  // namespace gauntlet
