#include "app/workspaces/coverage_taxonomy_editor.h"
#include "engine/core/arg_text.h"

#include "app/workspaces/coverage_taxonomy_commands.h"
#include "engine/sampling/sampling_error.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QStyle>
#include <QToolButton>
#include <QSplitter>
#include <QTableWidget>
#include <QTreeWidget>
#include <QUndoStack>
#include <QVBoxLayout>

namespace gauntlet {

using namespace sampling;

namespace {

enum MatcherColumn { FieldColumn, PatternColumn, FlagsColumn, CountColumn };
enum MergeKey { DescriptionKey = 1 };
constexpr int ExampleLimit = 5;


}  // namespace

TaxonomyEditor::TaxonomyEditor(QWidget *parent)
    : QWidget(parent), m_undo(new QUndoStack(this)), m_tree(new QTreeWidget(this)), m_pathLabel(new QLabel(this)),
      m_kind(new QComboBox(this)), m_description(new QLineEdit(this)), m_requireAll(new QCheckBox(tr("Every matcher must match"), this)),
      m_matchers(new QTableWidget(0, 4, this)), m_count(new QLabel(this)), m_examples(new QListWidget(this))
{
    setUpViews();
    layOut(treeButtonRow());
    connectSignals();
    showCategory();
}

void TaxonomyEditor::setUpViews()
{
    m_tree->setHeaderLabels({tr("Taxonomy category"), tr("Kind"), tr("Matchers"), tr("Matches")});
    m_tree->headerItem()->setToolTip(3, tr("Segments of the selected corpus the category's matchers accept"));
    m_tree->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_tree->header()->setStretchLastSection(false);
    m_kind->addItem(tr("deterministic"), int(CategoryKind::Deterministic));
    m_kind->addItem(tr("semantic"), int(CategoryKind::Semantic));
    m_matchers->setHorizontalHeaderLabels({tr("Field"), tr("Pattern"), tr("Flags"), tr("Matches")});
    m_matchers->horizontalHeader()->setSectionResizeMode(PatternColumn, QHeaderView::Stretch);
    m_matchers->verticalHeader()->hide();
    m_matchers->setToolTip(tr("Field: source, target, either or both. Pattern: a regular expression (PCRE). Flags: any of i s m x u."));
    m_pathLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont bold = m_pathLabel->font();
    bold.setBold(true);
    m_pathLabel->setFont(bold);
    m_count->setWordWrap(true);
    m_examples->setWordWrap(true);
    m_examples->setAlternatingRowColors(true);
    m_examples->setSpacing(2);
}

QHBoxLayout *TaxonomyEditor::treeButtonRow()
{
    m_addCategory = new QPushButton(tr("Add Category..."), this);
    m_addCategory->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    m_addCategory->setToolTip(tr("Add a taxonomy category (Ctrl+Shift+N)"));
    m_removeCategory = new QPushButton(tr("Remove Category"), this);
    m_addMatcher = new QPushButton(tr("Add Matcher"), this);
    m_removeMatcher = new QPushButton(tr("Remove Matcher"), this);
    m_save = new QPushButton(tr("Save Taxonomy"), this);
    m_save->setToolTip(tr("Store the edited taxonomy in the project (Ctrl+S)"));
    m_save->setShortcut(QKeySequence::Save);
    QAction *undo = m_undo->createUndoAction(this, tr("Undo"));
    undo->setShortcut(QKeySequence::Undo);
    undo->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    QAction *redo = m_undo->createRedoAction(this, tr("Redo"));
    redo->setShortcut(QKeySequence::Redo);
    redo->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    addAction(undo);
    addAction(redo);
    // Icons with tooltips, as editors show undo and redo, so the row fits 1280x720 in German too (issue 35).
    auto *undoButton = new QToolButton(this);
    auto *redoButton = new QToolButton(this);
    undoButton->setIcon(QIcon::fromTheme(QStringLiteral("edit-undo"), style()->standardIcon(QStyle::SP_ArrowBack)));
    redoButton->setIcon(QIcon::fromTheme(QStringLiteral("edit-redo"), style()->standardIcon(QStyle::SP_ArrowForward)));
    undoButton->setAccessibleName(tr("Undo"));
    redoButton->setAccessibleName(tr("Redo"));
    undoButton->setToolTip(tr("Undo the last edit (Ctrl+Z)"));
    redoButton->setToolTip(tr("Redo (Ctrl+Shift+Z)"));
    connect(undoButton, &QToolButton::clicked, m_undo, &QUndoStack::undo);
    connect(redoButton, &QToolButton::clicked, m_undo, &QUndoStack::redo);
    connect(m_undo, &QUndoStack::canUndoChanged, undoButton, &QWidget::setEnabled);
    connect(m_undo, &QUndoStack::canRedoChanged, redoButton, &QWidget::setEnabled);
    undoButton->setEnabled(false);
    redoButton->setEnabled(false);
    auto *treeButtons = new QHBoxLayout;
    treeButtons->addWidget(m_addCategory);
    treeButtons->addWidget(m_removeCategory);
    treeButtons->addStretch();
    treeButtons->addWidget(undoButton);
    treeButtons->addWidget(redoButton);
    treeButtons->addWidget(m_save);
    return treeButtons;
}

void TaxonomyEditor::layOut(QHBoxLayout *treeButtons)
{
    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_tree, 1);
    leftLayout->addLayout(treeButtons);

    auto *right = new QWidget(this);
    auto *form = new QFormLayout;
    form->addRow(tr("Category:"), m_pathLabel);
    form->addRow(tr("Kind:"), m_kind);
    form->addRow(tr("Description:"), m_description);
    form->addRow(QString(), m_requireAll);
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addLayout(form);
    rightLayout->addWidget(new QLabel(tr("Matchers (deterministic categories):"), this));
    rightLayout->addWidget(m_matchers, 1);
    auto *matcherButtons = new QHBoxLayout;
    matcherButtons->addWidget(m_addMatcher);
    matcherButtons->addWidget(m_removeMatcher);
    matcherButtons->addStretch();
    rightLayout->addLayout(matcherButtons);
    rightLayout->addWidget(m_count);
    rightLayout->addWidget(m_examples, 1);

    auto *splitter = new QSplitter(this);
    splitter->addWidget(left);
    splitter->addWidget(right);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);
}

void TaxonomyEditor::connectSignals()
{
    connect(m_tree, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem *item) {
        if (m_filling)
            return;
        m_selected = item ? item->data(0, Qt::UserRole).toString() : QString();
        showCategory();
    });
    connect(m_addCategory, &QPushButton::clicked, this, &TaxonomyEditor::addCategoryDialog);
    connect(m_removeCategory, &QPushButton::clicked, this, [this] {
        if (const QString error = removeCategory(m_selected); !error.isEmpty())
            QMessageBox::warning(this, tr("Remove Category"), error);
    });
    connect(m_addMatcher, &QPushButton::clicked, this, &TaxonomyEditor::addMatcherClicked);
    connect(m_removeMatcher, &QPushButton::clicked, this, [this] {
        const int row = m_matchers->currentRow();
        if (row >= 0)
            removeMatcher(m_selected, row);
    });
    connect(m_kind, qOverload<int>(&QComboBox::activated), this, [this] {
        if (const QString error = setKind(m_selected, CategoryKind(m_kind->currentData().toInt())); !error.isEmpty()) {
            QMessageBox::warning(this, tr("Kind"), error);
            showCategory();
        }
    });
    connect(m_description, &QLineEdit::editingFinished, this, [this] {
        const int i = m_taxonomy.indexOf(m_selected);
        if (i >= 0 && m_taxonomy.categories[i].description != m_description->text())
            setDescription(m_selected, m_description->text());
    });
    connect(m_requireAll, &QCheckBox::clicked, this, [this](bool on) { setRequireAll(m_selected, on); });
    connect(m_matchers, &QTableWidget::cellChanged, this, &TaxonomyEditor::matcherEdited);
    connect(m_save, &QPushButton::clicked, this, [this] {
        try {
            m_taxonomy.validate(m_taxonomy.name);
        } catch (const SamplingError &e) {
            QMessageBox::warning(this, tr("Save Taxonomy"), QString::fromUtf8(e.what()));
            return;
        }
        Q_EMIT saveRequested(m_taxonomy);
    });
}

void TaxonomyEditor::setTaxonomy(const Taxonomy &taxonomy)
{
    m_undo->clear();
    m_selected.clear();
    applyTaxonomy(taxonomy, taxonomy.categories.isEmpty() ? QString() : taxonomy.categories.first().path);
}

void TaxonomyEditor::setCorpus(const Corpus *corpus)
{
    m_corpus = corpus;
    updateTreeCounts();
    updateCounts();
}

void TaxonomyEditor::applyTaxonomy(const Taxonomy &taxonomy, const QString &path)
{
    m_taxonomy = taxonomy;
    rebuildTree();
    selectCategory(m_taxonomy.indexOf(path) >= 0 ? path : QString());
    Q_EMIT changed();
}

void TaxonomyEditor::rebuildTree()
{
    m_filling = true;
    m_tree->clear();
    QHash<QString, QTreeWidgetItem *> items;
    for (const QString &path : m_taxonomy.treePaths()) {
        const int slash = int(path.lastIndexOf(u'/'));
        QTreeWidgetItem *parent = slash > 0 ? items.value(path.left(slash)) : nullptr;
        auto *item = parent ? new QTreeWidgetItem(parent) : new QTreeWidgetItem(m_tree);
        item->setText(0, slash > 0 ? path.mid(slash + 1) : path);
        item->setData(0, Qt::UserRole, path);
        item->setToolTip(0, path);
        const int i = m_taxonomy.indexOf(path);
        if (i >= 0) {
            const TaxonomyCategory &c = m_taxonomy.categories[i];
            item->setText(1, c.kind == CategoryKind::Deterministic ? tr("deterministic") : tr("semantic"));
            item->setText(2, c.matchers.isEmpty() ? QString() : QString::number(c.matchers.size()));
            if (!c.description.isEmpty())
                item->setToolTip(0, path + u'\n' + c.description);
        } else {
            item->setText(1, tr("(group)"));
        }
        items.insert(path, item);
    }
    m_tree->expandToDepth(1);
    m_tree->resizeColumnToContents(1);
    m_filling = false;
    updateTreeCounts();
}

void TaxonomyEditor::updateTreeCounts()
{
    for (QTreeWidgetItemIterator it(m_tree); *it; ++it) {
        const int n = m_corpus ? matchCount((*it)->data(0, Qt::UserRole).toString()) : -1;
        const int i = m_taxonomy.indexOf((*it)->data(0, Qt::UserRole).toString());
        const bool invalid = m_corpus && i >= 0 && !m_taxonomy.categories[i].matchers.isEmpty() && n < 0;
        (*it)->setText(3, invalid ? tr("invalid") : (n < 0 ? QString() : QString::number(n)));
        (*it)->setTextAlignment(3, Qt::AlignRight | Qt::AlignVCenter);
        (*it)->setForeground(3, invalid ? QBrush(Qt::red) : (n == 0 ? QBrush(Qt::gray) : QBrush()));
    }
    m_tree->resizeColumnToContents(3);
}

void TaxonomyEditor::selectCategory(const QString &path)
{
    m_selected = path;
    m_filling = true;
    QTreeWidgetItemIterator it(m_tree);
    m_tree->setCurrentItem(nullptr);
    for (; *it; ++it) {
        if ((*it)->data(0, Qt::UserRole).toString() == path) {
            m_tree->setCurrentItem(*it);
            m_tree->scrollToItem(*it);
            break;
        }
    }
    m_filling = false;
    showCategory();
}

void TaxonomyEditor::showCategory()
{
    m_filling = true;
    const int i = m_taxonomy.indexOf(m_selected);
    const bool has = i >= 0;
    m_pathLabel->setText(has ? m_selected : (m_selected.isEmpty() ? tr("(no category selected)") : tr("%1 (a group of categories)").arg(m_selected)));
    m_kind->setEnabled(has);
    m_description->setEnabled(has);
    m_requireAll->setEnabled(has);
    m_matchers->setEnabled(has);
    m_addMatcher->setEnabled(has);
    m_removeMatcher->setEnabled(has);
    m_removeCategory->setEnabled(has);
    m_matchers->setRowCount(0);
    if (has) {
        const TaxonomyCategory &c = m_taxonomy.categories[i];
        m_kind->setCurrentIndex(m_kind->findData(int(c.kind)));
        m_description->setText(c.description);
        m_description->setCursorPosition(0);
        m_requireAll->setChecked(c.requireAll);
        m_matchers->setRowCount(int(c.matchers.size()));
        for (int r = 0; r < c.matchers.size(); ++r) {
            m_matchers->setItem(r, FieldColumn, new QTableWidgetItem(matchFieldName(c.matchers[r].field)));
            m_matchers->setItem(r, PatternColumn, new QTableWidgetItem(c.matchers[r].pattern));
            m_matchers->setItem(r, FlagsColumn, new QTableWidgetItem(c.matchers[r].flags));
            auto *count = new QTableWidgetItem;
            count->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
            count->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_matchers->setItem(r, CountColumn, count);
        }
    } else {
        m_description->clear();
    }
    m_filling = false;
    updateCounts();
}

QVector<int> TaxonomyEditor::matches(const TaxonomyCategory &category, QString *error, int limit) const
{
    QVector<int> found;
    if (!m_corpus)
        return found;
    Taxonomy one;
    one.name = m_taxonomy.name;
    TaxonomyCategory c = category;
    c.kind = CategoryKind::Deterministic;
    one.categories.append(c);
    try {
        const TaxonomyMatcher matcher(one);
        for (int s = 0; s < m_corpus->segments.size(); ++s) {
            const CorpusSegment &segment = m_corpus->segments[s];
            if (!matcher.match(segment.source, segment.translations.isEmpty() ? QString() : segment.translations.first().mt).isEmpty()) {
                found.append(s);
                if (limit > 0 && found.size() >= limit)
                    break;
            }
        }
    } catch (const SamplingError &e) {
        if (error)
            *error = QString::fromUtf8(e.what());
    }
    return found;
}

int TaxonomyEditor::matchCount(const QString &path) const
{
    const int i = m_taxonomy.indexOf(path);
    if (!m_corpus || i < 0 || m_taxonomy.categories[i].matchers.isEmpty())
        return -1;
    QString error;
    const QVector<int> found = matches(m_taxonomy.categories[i], &error);
    return error.isEmpty() ? int(found.size()) : -1;
}

int TaxonomyEditor::matcherCount(const QString &path, int row) const
{
    const int i = m_taxonomy.indexOf(path);
    if (!m_corpus || i < 0 || row < 0 || row >= m_taxonomy.categories[i].matchers.size())
        return -1;
    TaxonomyCategory c = m_taxonomy.categories[i];
    c.matchers = {c.matchers[row]};
    QString error;
    const QVector<int> found = matches(c, &error);
    return error.isEmpty() ? int(found.size()) : -1;
}

void TaxonomyEditor::updateCounts()
{
    m_examples->clear();
    const int i = m_taxonomy.indexOf(m_selected);
    if (i < 0 || m_taxonomy.categories[i].matchers.isEmpty()) {
        m_count->setText(i >= 0 && m_taxonomy.categories[i].kind == CategoryKind::Semantic
                             ? tr("A semantic category: a classifier assigns it (Classify on the Corpora & Labels tab).")
                             : QString());
        if (i >= 0) {
            for (const QString &example : m_taxonomy.categories[i].examples)
                m_examples->addItem(tr("Example: %1").arg(example));
        }
        return;
    }
    if (!m_corpus) {
        m_count->setText(tr("Select a corpus (Corpora tab) to see how many of its segments these matchers accept."));
        return;
    }
    m_filling = true;
    const TaxonomyCategory &c = m_taxonomy.categories[i];
    for (int r = 0; r < c.matchers.size() && r < m_matchers->rowCount(); ++r) {
        const int n = matcherCount(m_selected, r);
        if (QTableWidgetItem *item = m_matchers->item(r, CountColumn)) {
            item->setText(n < 0 ? tr("invalid") : QString::number(n));
            item->setForeground(n < 0 ? QBrush(Qt::red) : QBrush());
        }
    }
    m_filling = false;
    QString error;
    const int total = matchCount(m_selected);
    const QVector<int> shown = matches(c, &error, ExampleLimit);
    if (!error.isEmpty()) {
        m_count->setText(QStringLiteral("<span style='color:#b00020'>%1</span>").arg(error.toHtmlEscaped()));
        return;
    }
    m_count->setText(tr("<b>%1</b> of %2 segments in corpus '%3' match this category%4")
                         .arg(core::argText(total), core::argText(m_corpus->segments.size()), core::argText(m_corpus->name.toHtmlEscaped()), core::argText(shown.isEmpty() ? QStringLiteral(".") : tr("; for example:"))));
    // Each example shows the text the matchers read (the MT when they all read the target), the
    // other text and the segment's place in the tooltip.
    bool targetOnly = true;
    for (const CategoryMatcher &m : c.matchers)
        targetOnly = targetOnly && m.field == MatchField::Target;
    for (int s : shown) {
        const CorpusSegment &segment = m_corpus->segments[s];
        const QString mt = segment.translations.isEmpty() ? QString() : segment.translations.first().mt;
        auto *item = new QListWidgetItem(targetOnly ? mt : segment.source, m_examples);
        item->setToolTip(tr("Document %1, segment %2\nsource: %3\nMT: %4").arg(segment.documentId).arg(s + 1).arg(segment.source, mt));
    }
}

QString TaxonomyEditor::push(Taxonomy after, const QString &text, const QString &select, int mergeKey)
{
    m_undo->push(new TaxonomyEditCommand(this, m_taxonomy, std::move(after), text, select, mergeKey));
    return {};
}

QString TaxonomyEditor::addCategory(const QString &rawPath, CategoryKind kind)
{
    QString path = rawPath.trimmed();
    while (path.endsWith(u'/'))
        path.chop(1);
    while (path.startsWith(u'/'))
        path.remove(0, 1);
    if (path.isEmpty() || path.contains(QLatin1String("//")))
        return tr("'%1' is not a category path (names separated by '/').").arg(rawPath);
    if (m_taxonomy.indexOf(path) >= 0)
        return tr("The taxonomy already has a category '%1'.").arg(path);
    Taxonomy after = m_taxonomy;
    TaxonomyCategory c;
    c.path = path;
    c.kind = kind;
    if (kind == CategoryKind::Deterministic)
        c.matchers.append({MatchField::Source, QStringLiteral("\\d+"), QString()});
    after.categories.append(c);
    return push(after, tr("Add category %1").arg(path), path);
}

QString TaxonomyEditor::removeCategory(const QString &path)
{
    const int i = m_taxonomy.indexOf(path);
    if (i < 0)
        return tr("Select a category to remove.");
    Taxonomy after = m_taxonomy;
    after.categories.removeAt(i);
    return push(after, tr("Remove category %1").arg(path), after.categories.isEmpty() ? QString() : after.categories.value(std::max(0, i - 1)).path);
}

QString TaxonomyEditor::setKind(const QString &path, CategoryKind kind)
{
    return changeCategory(path, tr("Make %1 %2").arg(path, kind == CategoryKind::Deterministic ? tr("deterministic") : tr("semantic")),
                          [kind](TaxonomyCategory &c) {
                              if (c.kind == kind)
                                  return false;
                              c.kind = kind;
                              if (kind == CategoryKind::Deterministic && c.matchers.isEmpty())
                                  c.matchers.append({MatchField::Source, QStringLiteral("\\d+"), QString()});
                              if (kind == CategoryKind::Semantic)
                                  c.matchers.clear();
                              return true;
                          });
}

QString TaxonomyEditor::setDescription(const QString &path, const QString &description)
{
    const int i = m_taxonomy.indexOf(path);
    if (i < 0)
        return tr("No category '%1'.").arg(path);
    Taxonomy after = m_taxonomy;
    after.categories[i].description = description;
    return push(after, tr("Describe %1").arg(path), path, DescriptionKey);
}

QString TaxonomyEditor::setRequireAll(const QString &path, bool all)
{
    return changeCategory(path, tr("Combine matchers of %1").arg(path), [all](TaxonomyCategory &c) {
        if (c.requireAll == all)
            return false;
        c.requireAll = all;
        return true;
    });
}

QString TaxonomyEditor::changeCategory(const QString &path, const QString &text, const std::function<bool(TaxonomyCategory &)> &change)
{
    const int i = m_taxonomy.indexOf(path);
    if (i < 0)
        return {};
    Taxonomy after = m_taxonomy;
    if (!change(after.categories[i]))
        return {};
    return push(after, text, path);
}

QString TaxonomyEditor::addMatcher(const QString &path, const CategoryMatcher &matcher)
{
    const int i = m_taxonomy.indexOf(path);
    if (i < 0)
        return tr("Select a category first.");
    Taxonomy after = m_taxonomy;
    after.categories[i].kind = CategoryKind::Deterministic;
    after.categories[i].matchers.append(matcher);
    return push(after, tr("Add matcher to %1").arg(path), path);
}

QString TaxonomyEditor::setMatcher(const QString &path, int row, const CategoryMatcher &matcher)
{
    const int i = m_taxonomy.indexOf(path);
    if (i < 0 || row < 0 || row >= m_taxonomy.categories[i].matchers.size())
        return tr("No matcher %1 in category '%2'.").arg(row + 1).arg(path);
    for (const QChar f : matcher.flags) {
        if (!QStringLiteral("ismxu").contains(f))
            return tr("Unknown flag '%1' (use i, s, m, x, u).").arg(f);
    }
    QRegularExpression re(matcher.pattern);
    if (!re.isValid())
        return tr("Invalid pattern at offset %1: %2").arg(core::argText(re.patternErrorOffset()), core::argText(re.errorString()));
    Taxonomy after = m_taxonomy;
    after.categories[i].matchers[row] = matcher;
    return push(after, tr("Edit matcher of %1").arg(path), path);
}

QString TaxonomyEditor::removeMatcher(const QString &path, int row)
{
    const int i = m_taxonomy.indexOf(path);
    if (i < 0 || row < 0 || row >= m_taxonomy.categories[i].matchers.size())
        return tr("No matcher %1 in category '%2'.").arg(row + 1).arg(path);
    Taxonomy after = m_taxonomy;
    after.categories[i].matchers.removeAt(row);
    if (after.categories[i].matchers.isEmpty())
        after.categories[i].kind = CategoryKind::Semantic;
    return push(after, tr("Remove matcher of %1").arg(path), path);
}

void TaxonomyEditor::addCategoryDialog()
{
    bool ok = false;
    const QString parent = m_selected.isEmpty() ? QString() : m_selected + u'/';
    const QString path = QInputDialog::getText(this, tr("Add Category"), tr("Path of the new taxonomy category (names separated by '/'):"),
                                               QLineEdit::Normal, parent, &ok);
    if (!ok)
        return;
    if (const QString error = addCategory(path, CategoryKind::Semantic); !error.isEmpty())
        QMessageBox::warning(this, tr("Add Category"), error);
}

void TaxonomyEditor::addMatcherClicked()
{
    addMatcher(m_selected, {MatchField::Source, QStringLiteral("\\d+"), QString()});
    m_matchers->setCurrentCell(m_matchers->rowCount() - 1, PatternColumn);
    m_matchers->editItem(m_matchers->item(m_matchers->rowCount() - 1, PatternColumn));
}

void TaxonomyEditor::matcherEdited(int row, int column)
{
    if (m_filling || column == CountColumn)
        return;
    // The table is rebuilt by the edit: leave the item's own signal first.
    QMetaObject::invokeMethod(this, [this, row, column] { applyMatcherCell(row, column); }, Qt::QueuedConnection);
}

void TaxonomyEditor::applyMatcherCell(int row, int column)
{
    if (!m_matchers->item(row, column))
        return;
    const int i = m_taxonomy.indexOf(m_selected);
    if (i < 0 || row >= m_taxonomy.categories[i].matchers.size())
        return;
    CategoryMatcher matcher = m_taxonomy.categories[i].matchers[row];
    QString error;
    if (column == FieldColumn && !matchFieldFromName(m_matchers->item(row, column)->text(), &matcher.field))
        error = tr("Unknown field '%1' (use source, target, either or both).").arg(m_matchers->item(row, column)->text());
    if (column == PatternColumn)
        matcher.pattern = m_matchers->item(row, column)->text();
    if (column == FlagsColumn)
        matcher.flags = m_matchers->item(row, column)->text().trimmed();
    if (error.isEmpty())
        error = setMatcher(m_selected, row, matcher);
    if (!error.isEmpty()) {
        QMessageBox::warning(this, tr("Matcher"), error);
        showCategory();
    }
}

}  // namespace gauntlet
