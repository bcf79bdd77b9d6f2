// The Taxonomies tab of the Coverage workspace (coverage_workspace.h): the project's taxonomies,
// import / export JSON, the bundled ones, and the editor's Save with its unsaved-edits guard.
#include "app/workspaces/coverage_workspace.h"

#include "app/workspaces/coverage_charts_page.h"
#include "app/workspaces/coverage_job.h"
#include "app/workspaces/coverage_table_cells.h"
#include "app/workspaces/coverage_taxonomy_editor.h"
#include "engine/sampling/coverage_measures.h"
#include "engine/sampling/sampling_error.h"
#include "engine/sampling/coverage_store.h"
#include "engine/store/project.h"
#include "models/segment_label_model.h"
#include "widgets/category_delegate.h"
#include "widgets/table_csv.h"

#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QUndoStack>
#include <QVBoxLayout>

namespace gauntlet {

using namespace sampling;

QWidget *CoverageWorkspace::buildTaxonomiesTab()
{
    auto *page = new QWidget(this);
    m_taxonomyList = new QListWidget(page);
    m_bundled = new QComboBox(page);
    m_bundled->addItems(bundledTaxonomyNames());
    auto *importFile = new QPushButton(tr("Import JSON..."), page);
    importFile->setToolTip(tr("Import a taxonomy file (format gauntlet-taxonomy) into the project"));
    auto *addBundled = new QPushButton(tr("Add Bundled"), page);
    auto *exportFile = new QPushButton(tr("Export JSON..."), page);
    auto *remove = new QPushButton(tr("Remove"), page);
    m_editor = new TaxonomyEditor(page);

    auto *left = new QWidget(page);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(new QLabel(tr("Taxonomies of the project:"), left));
    leftLayout->addWidget(m_taxonomyList, 1);
    leftLayout->addWidget(importFile);
    auto *bundledRow = new QHBoxLayout;
    bundledRow->addWidget(m_bundled, 1);
    bundledRow->addWidget(addBundled);
    leftLayout->addLayout(bundledRow);
    leftLayout->addWidget(exportFile);
    leftLayout->addWidget(remove);
    auto *splitter = new QSplitter(page);
    splitter->addWidget(left);
    splitter->addWidget(m_editor);
    splitter->setStretchFactor(1, 4);
    auto *layout = new QVBoxLayout(page);
    layout->addWidget(splitter);

    connect(importFile, &QPushButton::clicked, this, &CoverageWorkspace::importTaxonomyDialog);
    connect(addBundled, &QPushButton::clicked, this, [this] {
        if (const QString error = importBundledTaxonomy(m_bundled->currentText()); !error.isEmpty())
            QMessageBox::warning(this, tr("Add Bundled Taxonomy"), error);
    });
    connect(exportFile, &QPushButton::clicked, this, &CoverageWorkspace::exportTaxonomyDialog);
    connect(remove, &QPushButton::clicked, this, &CoverageWorkspace::removeSelectedTaxonomy);
    connect(m_taxonomyList, &QListWidget::currentTextChanged, this, [this](const QString &name) {
        if (!m_store || name.isEmpty() || name == m_editor->taxonomy().name)
            return;
        if (!confirmDiscardEdits()) {
            const QSignalBlocker blocker(m_taxonomyList);
            const QList<QListWidgetItem *> found = m_taxonomyList->findItems(m_editor->taxonomy().name, Qt::MatchExactly);
            if (!found.isEmpty())
                m_taxonomyList->setCurrentItem(found.first());
            return;
        }
        if (const auto id = m_store->taxonomyId(name)) {
            m_editor->setTaxonomy(m_store->taxonomy(*id));
            if (m_taxonomyBox->currentText() != name) {
                m_taxonomyBox->setCurrentText(name);
                loadLabelling();
            }
        }
    });
    connect(m_editor, &TaxonomyEditor::saveRequested, this, [this](const Taxonomy &t) {
        if (m_store && m_store->taxonomyId(t.name) && !m_store->labellings().isEmpty()) {
            bool used = false;
            for (const LabellingSummary &l : m_store->labellings())
                used = used || l.taxonomyName == t.name;
            if (used && QMessageBox::question(this, tr("Save Taxonomy"),
                                              tr("Saving replaces taxonomy '%1' and drops the corpus labellings and samples made with it. "
                                                 "Save anyway?").arg(t.name))
                            != QMessageBox::Yes)
                return;
        }
        if (const QString error = saveTaxonomy(t); !error.isEmpty())
            QMessageBox::warning(this, tr("Save Taxonomy"), error);
    });
    return page;
}

void CoverageWorkspace::reloadTaxonomies()
{
    const QString keep = m_taxonomyBox->currentText();
    const QString keepList = m_taxonomyList->currentItem() ? m_taxonomyList->currentItem()->text() : QString();
    const QSignalBlocker b1(m_taxonomyBox);
    const QSignalBlocker b2(m_taxonomyList);
    m_taxonomyBox->clear();
    m_taxonomyList->clear();
    if (!m_store)
        return;
    for (const TaxonomySummary &t : m_store->taxonomies()) {
        m_taxonomyBox->addItem(t.name);
        auto *item = new QListWidgetItem(t.name, m_taxonomyList);
        item->setToolTip(tr("%1 categories, %2 deterministic; added %3").arg(t.categories).arg(t.deterministic).arg(t.createdAt));
    }
    if (m_taxonomyBox->findText(keep) >= 0)
        m_taxonomyBox->setCurrentText(keep);
    const QList<QListWidgetItem *> found = m_taxonomyList->findItems(keepList.isEmpty() ? m_taxonomyBox->currentText() : keepList, Qt::MatchExactly);
    if (!found.isEmpty()) {
        m_taxonomyList->setCurrentItem(found.first());
        if (const auto id = m_store->taxonomyId(found.first()->text()); id && m_editor->taxonomy().name != found.first()->text())
            m_editor->setTaxonomy(m_store->taxonomy(*id));
    }
}

QString CoverageWorkspace::importTaxonomyFile(const QString &path)
{
    if (!m_store)
        return tr("Open a project first.");
    try {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            return tr("%1: cannot read: %2").arg(path, file.errorString());
        const Taxonomy t = parseTaxonomyJson(file.readAll(), path);
        m_store->addTaxonomy(t);
        reloadTaxonomies();
        selectTaxonomy(t.name);
        setStatus(tr("Imported taxonomy '%1' (%2 categories) from %3").arg(t.name).arg(t.categories.size()).arg(path));
        return {};
    } catch (const std::exception &e) {
        const QString error = QString::fromUtf8(e.what());
        setStatus(error, true);
        return error;
    }
}

QString CoverageWorkspace::importBundledTaxonomy(const QString &name)
{
    if (!m_store)
        return tr("Open a project first.");
    try {
        const Taxonomy t = bundledTaxonomy(name);
        if (!m_store->taxonomyId(t.name))
            m_store->addTaxonomy(t);
        reloadTaxonomies();
        selectTaxonomy(t.name);
        setStatus(tr("Taxonomy '%1' (%2 categories) is in the project").arg(t.name).arg(t.categories.size()));
        return {};
    } catch (const std::exception &e) {
        return QString::fromUtf8(e.what());
    }
}

QString CoverageWorkspace::exportTaxonomy(const QString &name, const QString &path)
{
    if (!m_store)
        return tr("Open a project first.");
    try {
        const auto id = m_store->taxonomyId(name);
        if (!id)
            return tr("No taxonomy '%1' in the project.").arg(name);
        const QByteArray json = taxonomyToJson(m_store->taxonomy(*id));
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(json) != json.size())
            return tr("%1: cannot write: %2").arg(path, file.errorString());
        setStatus(tr("Exported taxonomy '%1' to %2").arg(name, path));
        return {};
    } catch (const std::exception &e) {
        return QString::fromUtf8(e.what());
    }
}

QString CoverageWorkspace::saveTaxonomy(const Taxonomy &taxonomy)
{
    if (!m_store)
        return tr("Open a project first.");
    try {
        m_store->addTaxonomy(taxonomy, true);
        m_editor->undoStack()->setClean();
        reloadTaxonomies();
        selectTaxonomy(taxonomy.name);
        setStatus(tr("Saved taxonomy '%1' (%2 categories)").arg(taxonomy.name).arg(taxonomy.categories.size()));
        return {};
    } catch (const std::exception &e) {
        return QString::fromUtf8(e.what());
    }
}

void CoverageWorkspace::importTaxonomyDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Import Taxonomy"), QString(), tr("Taxonomies (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    if (const QString error = importTaxonomyFile(path); !error.isEmpty())
        QMessageBox::warning(this, tr("Cannot import taxonomy"), error);
}

void CoverageWorkspace::exportTaxonomyDialog()
{
    QListWidgetItem *item = m_taxonomyList->currentItem();
    if (!item)
        return;
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Taxonomy"), item->text() + QStringLiteral(".json"), tr("Taxonomies (*.json)"));
    if (path.isEmpty())
        return;
    if (const QString error = exportTaxonomy(item->text(), path); !error.isEmpty())
        QMessageBox::warning(this, tr("Cannot export taxonomy"), error);
}

void CoverageWorkspace::removeSelectedTaxonomy()
{
    QListWidgetItem *item = m_taxonomyList->currentItem();
    if (!item || !m_store)
        return;
    if (QMessageBox::question(this, tr("Remove Taxonomy"), tr("Remove taxonomy '%1' with its labellings and samples?").arg(item->text()))
        != QMessageBox::Yes)
        return;
    if (const auto id = m_store->taxonomyId(item->text()))
        m_store->removeTaxonomy(*id);
    reload();
}

bool CoverageWorkspace::confirmDiscardEdits()
{
    if (m_editor->undoStack()->isClean())
        return true;
    const auto answer = QMessageBox::question(this, tr("Unsaved Taxonomy"),
                                              tr("Taxonomy '%1' has unsaved edits. Save them?").arg(m_editor->taxonomy().name),
                                              QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Cancel)
        return false;
    if (answer == QMessageBox::Save) {
        if (const QString error = saveTaxonomy(m_editor->taxonomy()); !error.isEmpty()) {
            QMessageBox::warning(this, tr("Save Taxonomy"), error);
            return false;
        }
    }
    m_editor->undoStack()->setClean();
    return true;
}

bool CoverageWorkspace::confirmClose()
{
    if (!confirmDiscardEdits())
        return false;
    if (m_job->isRunning())
        m_job->cancel();
    return true;
}

}  // namespace gauntlet
