#include "app/workspaces/coverage_taxonomies_page.h"
#include "engine/core/arg_text.h"
#include "engine/core/names.h"

#include "app/workspaces/coverage_state.h"
#include "app/workspaces/coverage_taxonomy_editor.h"

#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QSplitter>
#include <QUndoStack>
#include <QVBoxLayout>

namespace gauntlet {

using namespace sampling;

CoverageTaxonomiesPage::CoverageTaxonomiesPage(CoverageState &state, QWidget *parent)
    : QWidget(parent), m_state(state), m_list(new QListWidget(this)), m_bundled(new QComboBox(this))
{
    setObjectName(QStringLiteral("coverageTaxonomiesPage"));
    m_list->setObjectName(QStringLiteral("taxonomyList"));
    m_bundled->setObjectName(QStringLiteral("bundledTaxonomyBox"));
    m_bundled->addItems(bundledTaxonomyNames());
    auto *importFile = new QPushButton(tr("Import JSON..."), this);
    importFile->setToolTip(tr("Import a taxonomy file (format gauntlet-taxonomy) into the project"));
    auto *addBundled = new QPushButton(tr("Add Bundled"), this);
    auto *exportFile = new QPushButton(tr("Export JSON..."), this);
    auto *remove = new QPushButton(tr("Remove"), this);
    m_editor = new TaxonomyEditor(this);
    m_editor->setObjectName(QStringLiteral("taxonomyEditor"));

    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(new QLabel(tr("Taxonomies of the project:"), left));
    leftLayout->addWidget(m_list, 1);
    leftLayout->addWidget(importFile);
    auto *bundledRow = new QHBoxLayout;
    bundledRow->addWidget(m_bundled, 1);
    bundledRow->addWidget(addBundled);
    leftLayout->addLayout(bundledRow);
    leftLayout->addWidget(exportFile);
    leftLayout->addWidget(remove);
    auto *splitter = new QSplitter(this);
    splitter->addWidget(left);
    splitter->addWidget(m_editor);
    splitter->setStretchFactor(1, 4);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(splitter);

    connect(importFile, &QPushButton::clicked, this, &CoverageTaxonomiesPage::importDialog);
    connect(addBundled, &QPushButton::clicked, this, [this] {
        if (const QString error = importBundledTaxonomy(m_bundled->currentText()); !error.isEmpty())
            QMessageBox::warning(this, tr("Add Bundled Taxonomy"), error);
    });
    connect(exportFile, &QPushButton::clicked, this, &CoverageTaxonomiesPage::exportDialog);
    connect(remove, &QPushButton::clicked, this, &CoverageTaxonomiesPage::removeSelected);
    connect(m_list, &QListWidget::currentTextChanged, this, [this](const QString &name) {
        if (!m_state.store || name.isEmpty() || name == m_editor->taxonomy().name)
            return;
        if (!confirmDiscardEdits()) {
            selectInList(m_editor->taxonomy().name);
            return;
        }
        if (const auto id = m_state.store->taxonomyId(name)) {
            m_editor->setTaxonomy(m_state.store->taxonomy(*id));
            Q_EMIT taxonomyChosen(name);
        }
    });
    connect(m_editor, &TaxonomyEditor::saveRequested, this, [this](const Taxonomy &t) {
        if (m_state.store && m_state.store->taxonomyId(t.name) && !m_state.store->labellings().isEmpty()) {
            bool used = false;
            for (const sampling::LabellingSummary &l : m_state.store->labellings())
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
}

void CoverageTaxonomiesPage::selectInList(const QString &name)
{
    const QSignalBlocker blocker(m_list);
    const QList<QListWidgetItem *> found = m_list->findItems(name, Qt::MatchExactly);
    if (!found.isEmpty())
        m_list->setCurrentItem(found.first());
}

void CoverageTaxonomiesPage::reload(const QString &selected)
{
    const QString keep = m_list->currentItem() ? m_list->currentItem()->text() : QString();
    const QSignalBlocker blocker(m_list);
    m_list->clear();
    if (!m_state.store)
        return;
    for (const sampling::TaxonomySummary &t : m_state.store->taxonomies()) {
        auto *item = new QListWidgetItem(t.name, m_list);
        item->setToolTip(tr("%n categories, %1 deterministic; added %2", "", int(t.categories)).arg(t.deterministic).arg(t.createdAt));
    }
    const QList<QListWidgetItem *> found = m_list->findItems(keep.isEmpty() ? selected : keep, Qt::MatchExactly);
    if (!found.isEmpty()) {
        m_list->setCurrentItem(found.first());
        if (const auto id = m_state.store->taxonomyId(found.first()->text()); id && m_editor->taxonomy().name != found.first()->text())
            m_editor->setTaxonomy(m_state.store->taxonomy(*id));
    }
}

void CoverageTaxonomiesPage::followSelection()
{
    m_editor->setCorpus(m_state.corpusId ? &m_state.corpus : nullptr);
    if (m_state.taxonomyId && m_editor->taxonomy().name != m_state.taxonomy.name && m_editor->undoStack()->isClean()) {
        m_editor->setTaxonomy(m_state.taxonomy);
        selectInList(m_state.taxonomy.name);
    }
}

QString CoverageTaxonomiesPage::importTaxonomyFile(const QString &path)
{
    if (!m_state.store)
        return tr("Open a project first.");
    try {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            return tr("%1: cannot read: %2").arg(path, file.errorString());
        const Taxonomy t = parseTaxonomyJson(file.readAll(), path);
        m_state.store->addTaxonomy(t);
        Q_EMIT taxonomiesChanged(t.name);
        Q_EMIT statusChanged(tr("Imported taxonomy '%1' (%n categories) from %2", "", int(t.categories.size())).arg(core::argText(t.name), core::argText(path)), false);
        return {};
    } catch (const std::exception &e) {
        const QString error = QString::fromUtf8(e.what());
        Q_EMIT statusChanged(error, true);
        return error;
    }
}

QString CoverageTaxonomiesPage::importBundledTaxonomy(const QString &name)
{
    if (!m_state.store)
        return tr("Open a project first.");
    try {
        const Taxonomy t = bundledTaxonomy(name);
        if (!m_state.store->taxonomyId(t.name))
            m_state.store->addTaxonomy(t);
        Q_EMIT taxonomiesChanged(t.name);
        Q_EMIT statusChanged(tr("Taxonomy '%1' (%n categories) is in the project", "", int(t.categories.size())).arg(t.name), false);
        return {};
    } catch (const std::exception &e) {
        return QString::fromUtf8(e.what());
    }
}

QString CoverageTaxonomiesPage::exportTaxonomy(const QString &name, const QString &path)
{
    if (!m_state.store)
        return tr("Open a project first.");
    try {
        const auto id = m_state.store->taxonomyId(name);
        if (!id)
            return tr("No taxonomy '%1' in the project.").arg(name);
        const QByteArray json = taxonomyToJson(m_state.store->taxonomy(*id));
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(json) != json.size())
            return tr("%1: cannot write: %2").arg(path, file.errorString());
        Q_EMIT statusChanged(tr("Exported taxonomy '%1' to %2").arg(name, path), false);
        return {};
    } catch (const std::exception &e) {
        return QString::fromUtf8(e.what());
    }
}

QString CoverageTaxonomiesPage::saveTaxonomy(const Taxonomy &taxonomy)
{
    if (!m_state.store)
        return tr("Open a project first.");
    try {
        m_state.store->addTaxonomy(taxonomy, true);
        m_editor->undoStack()->setClean();
        Q_EMIT taxonomiesChanged(taxonomy.name);
        Q_EMIT statusChanged(tr("Saved taxonomy '%1' (%n categories)", "", int(taxonomy.categories.size())).arg(taxonomy.name), false);
        return {};
    } catch (const std::exception &e) {
        return QString::fromUtf8(e.what());
    }
}

void CoverageTaxonomiesPage::importDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Import Taxonomy"), QString(), tr("Taxonomies (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    if (const QString error = importTaxonomyFile(path); !error.isEmpty())
        QMessageBox::warning(this, tr("Cannot import taxonomy"), error);
}

void CoverageTaxonomiesPage::exportDialog()
{
    QListWidgetItem *item = m_list->currentItem();
    if (!item)
        return;
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Taxonomy"), core::safeFileName(item->text()) + QStringLiteral(".json"), tr("Taxonomies (*.json)"));
    if (path.isEmpty())
        return;
    if (const QString error = exportTaxonomy(item->text(), path); !error.isEmpty())
        QMessageBox::warning(this, tr("Cannot export taxonomy"), error);
}

void CoverageTaxonomiesPage::removeSelected()
{
    QListWidgetItem *item = m_list->currentItem();
    if (!item || !m_state.store)
        return;
    if (QMessageBox::question(this, tr("Remove Taxonomy"), tr("Remove taxonomy '%1' with its labellings and samples?").arg(item->text()))
        != QMessageBox::Yes)
        return;
    if (const auto id = m_state.store->taxonomyId(item->text()))
        m_state.store->removeTaxonomy(*id);
    Q_EMIT taxonomyRemoved();
}

bool CoverageTaxonomiesPage::confirmDiscardEdits()
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

}  // namespace gauntlet
