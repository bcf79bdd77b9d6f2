#include "app/workspaces/evaluate_adjudication_page.h"

#include "app/workspaces/span_comparison_view.h"
#include "engine/evaluate/adjudication_store.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QShortcut>
#include <QSpinBox>
#include <QTableWidget>
#include <QUndoStack>
#include <QVBoxLayout>

namespace gauntlet {

using namespace evaluate;

namespace {

/// One recorded change of the draft: undo restores `before`, redo `after`.
class DraftCommand : public QUndoCommand {
public:
    DraftCommand(AdjudicationPage *page, AdjudicationPage::Draft before, AdjudicationPage::Draft after, const QString &text)
        : QUndoCommand(text), m_page(page), m_before(std::move(before)), m_after(std::move(after))
    {
    }
    void undo() override { m_page->applyDraft(m_before); }
    void redo() override { m_page->applyDraft(m_after); }

private:
    AdjudicationPage *m_page;
    AdjudicationPage::Draft m_before, m_after;
};

bool overlapsRange(const ErrorSpan &s, const SpanGroup &g)
{
    return g.missing ? s.missing : (!s.missing && s.start <= g.end && g.start <= s.end);
}

QString offsets(const ErrorSpan &s)
{
    return s.missing ? QStringLiteral("[missing]") : QStringLiteral("%1–%2").arg(s.start).arg(s.end);
}

QString defaultAdjudicator()
{
    const QString profile = qEnvironmentVariable("GAUNTLET_PROFILE");
    return profile.isEmpty() ? qEnvironmentVariable("USER") : profile;
}

}  // namespace

AdjudicationPage::AdjudicationPage(QWidget *parent)
    : QWidget(parent), m_undo(new QUndoStack(this)), m_unitBox(new QComboBox(this)), m_adjudicator(new QLineEdit(defaultAdjudicator(), this)),
      m_view(new SpanComparisonView(this)), m_candidates(new QTableWidget(this)), m_final(new QTableWidget(this)), m_score(new QSpinBox(this)),
      m_scoreSource(new QComboBox(this)), m_save(new QPushButton(tr("Save Adjudication"), this)), m_status(new QLabel(this))
{
    setObjectNames();
    auto *layout = new QVBoxLayout(this);
    auto *top = new QFormLayout;
    top->addRow(tr("Translation:"), m_unitBox);
    top->addRow(tr("Adjudicator:"), m_adjudicator);
    layout->addLayout(top);

    auto *scroll = new QScrollArea(this);
    scroll->setWidget(m_view);
    scroll->setWidgetResizable(true);
    scroll->setMinimumHeight(150);
    layout->addWidget(scroll, 1);

    addSpanTables(layout);
    addDecisionButtons(layout);
    addScoreRow(layout);
    connectSignals();
    addShortcuts();
    setEnabled(false);
}

void AdjudicationPage::setObjectNames()
{
    setObjectName(QStringLiteral("adjudicationPage"));
    m_unitBox->setObjectName(QStringLiteral("adjudicationUnits"));
    m_adjudicator->setObjectName(QStringLiteral("adjudicator"));
    m_view->setObjectName(QStringLiteral("spanComparison"));
    m_candidates->setObjectName(QStringLiteral("candidateSpans"));
    m_final->setObjectName(QStringLiteral("finalSpans"));
    m_score->setObjectName(QStringLiteral("finalScore"));
    m_scoreSource->setObjectName(QStringLiteral("scoreSource"));
    m_save->setObjectName(QStringLiteral("saveAdjudication"));
    m_status->setObjectName(QStringLiteral("adjudicationStatus"));
}

void AdjudicationPage::addSpanTables(QVBoxLayout *layout)
{
    m_candidates->setColumnCount(5);
    m_candidates->setHorizontalHeaderLabels({tr("Group"), tr("Annotator"), tr("Offsets"), tr("Severity"), tr("Text")});
    m_candidates->setToolTip(tr("Every annotator's spans; spans that overlap form one group"));
    m_final->setColumnCount(5);
    m_final->setHorizontalHeaderLabels({tr("Offsets"), tr("Severity"), tr("Text"), tr("Decision"), tr("From")});
    m_final->setToolTip(tr("The adjudicated spans and where each came from"));
    for (QTableWidget *t : {m_candidates, m_final}) {
        t->setSelectionBehavior(QAbstractItemView::SelectRows);
        t->setSelectionMode(QAbstractItemView::SingleSelection);
        t->setEditTriggers(QAbstractItemView::NoEditTriggers);
        t->verticalHeader()->hide();
        t->horizontalHeader()->setStretchLastSection(true);
        t->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    }
    auto *tables = new QHBoxLayout;
    auto *left = new QVBoxLayout;
    left->addWidget(new QLabel(tr("Annotators' spans"), this));
    left->addWidget(m_candidates);
    auto *right = new QVBoxLayout;
    right->addWidget(new QLabel(tr("Adjudicated spans"), this));
    right->addWidget(m_final);
    tables->addLayout(left, 3);
    tables->addLayout(right, 2);
    layout->addLayout(tables, 3);
}

void AdjudicationPage::addDecisionButtons(QVBoxLayout *layout)
{
    auto *actions = new QHBoxLayout;
    auto button = [&](const QString &name, const QString &text, const QString &tip) {
        auto *b = new QPushButton(text, this);
        b->setObjectName(name);
        b->setToolTip(tip);
        actions->addWidget(b);
        return b;
    };
    QPushButton *accept = button(QStringLiteral("acceptSpan"), tr("&Accept"), tr("Take the selected span as it is (A)"));
    QPushButton *acceptAll = button(QStringLiteral("acceptAll"), tr("Accept All of Annotator"), tr("Take every span and the score of the selected span's annotator (Shift+A)"));
    QPushButton *unite = button(QStringLiteral("unionGroup"), tr("Merge: &Union"), tr("Merge the selected group's spans into the smallest span covering all (U)"));
    QPushButton *intersect = button(QStringLiteral("intersectGroup"), tr("Merge: &Intersection"), tr("Merge the selected group's spans into the characters all of them mark (I)"));
    QPushButton *reject = button(QStringLiteral("rejectGroup"), tr("&Reject"), tr("No error here: drop the adjudicated span of the selected group (R, Delete)"));
    QPushButton *addMinor = button(QStringLiteral("addMinor"), tr("Add Minor"), tr("Mark the text selected in a row above as a minor error of the adjudicator's own (1)"));
    QPushButton *addMajor = button(QStringLiteral("addMajor"), tr("Add Major"), tr("Mark the text selected in a row above as a major error of the adjudicator's own (2)"));
    actions->addStretch(1);
    layout->addLayout(actions);
    connect(accept, &QPushButton::clicked, this, &AdjudicationPage::acceptSpan);
    connect(acceptAll, &QPushButton::clicked, this, &AdjudicationPage::acceptAllOfAnnotator);
    connect(unite, &QPushButton::clicked, this, [this] { mergeGroup(SpanDecision::Union); });
    connect(intersect, &QPushButton::clicked, this, [this] { mergeGroup(SpanDecision::Intersection); });
    connect(reject, &QPushButton::clicked, this, &AdjudicationPage::rejectGroup);
    connect(addMinor, &QPushButton::clicked, this, [this] { addSelected(Severity::Minor); });
    connect(addMajor, &QPushButton::clicked, this, [this] { addSelected(Severity::Major); });
}

void AdjudicationPage::addScoreRow(QVBoxLayout *layout)
{
    auto *scoreRow = new QHBoxLayout;  // a row of its own: the window stays narrow
    scoreRow->addWidget(new QLabel(tr("Score:"), this));
    m_scoreSource->setToolTip(tr("Take an annotator's score, or set it by hand"));
    scoreRow->addWidget(m_scoreSource);
    m_score->setRange(-5, 100);
    m_score->setSingleStep(ScoreStep);
    m_score->setSpecialValueText(tr("not set"));
    m_score->setValue(-5);
    scoreRow->addWidget(m_score);
    scoreRow->addStretch(1);
    scoreRow->addWidget(m_save);
    layout->addLayout(scoreRow);
    m_status->setWordWrap(true);
    layout->addWidget(m_status);
}

void AdjudicationPage::connectSignals()
{
    connect(m_save, &QPushButton::clicked, this, &AdjudicationPage::save);
    connect(m_unitBox, &QComboBox::currentIndexChanged, this, &AdjudicationPage::loadUnit);
    connect(m_candidates, &QTableWidget::itemSelectionChanged, this, &AdjudicationPage::refresh);
    connect(m_scoreSource, &QComboBox::activated, this, [this](int index) {
        Draft next = m_draft;
        if (index <= 0) {
            next.scoreFrom.clear();  // by hand: keep the value
        } else {
            const AnnotatorJudgement &j = m_case.annotators[index - 1];
            next.score = j.score;
            next.scoreFrom = j.annotator;
        }
        change(next, tr("score"));
    });
    connect(m_score, &QSpinBox::valueChanged, this, [this](int value) {
        Draft next = m_draft;
        next.score = value < 0 ? std::nullopt : std::optional<int>(value);
        next.scoreFrom.clear();
        if (next.score != m_draft.score)
            change(next, tr("score"));
    });
}

void AdjudicationPage::addShortcuts()
{
    auto shortcut = [this](const QKeySequence &keys, auto slot) {
        auto *s = new QShortcut(keys, this, slot);
        s->setContext(Qt::WidgetWithChildrenShortcut);
    };
    shortcut(QKeySequence(Qt::Key_A), [this] { acceptSpan(); });
    shortcut(QKeySequence(Qt::SHIFT | Qt::Key_A), [this] { acceptAllOfAnnotator(); });
    shortcut(QKeySequence(Qt::Key_U), [this] { mergeGroup(SpanDecision::Union); });
    shortcut(QKeySequence(Qt::Key_I), [this] { mergeGroup(SpanDecision::Intersection); });
    shortcut(QKeySequence(Qt::Key_R), [this] { rejectGroup(); });
    shortcut(QKeySequence(Qt::Key_Delete), [this] { rejectGroup(); });
    shortcut(QKeySequence(Qt::Key_1), [this] { addSelected(Severity::Minor); });
    shortcut(QKeySequence(Qt::Key_2), [this] { addSelected(Severity::Major); });
    shortcut(QKeySequence::Undo, [this] { m_undo->undo(); });
    shortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), [this] { m_undo->redo(); });
    shortcut(QKeySequence::Save, [this] { save(); });
}

AdjudicationPage::~AdjudicationPage() = default;

bool AdjudicationPage::settleUnsaved(bool canCancel)
{
    // unsaved decisions are never dropped silently
    if (m_undo->isClean() || m_case.itemKey.isEmpty() || !m_db)
        return true;
    QMessageBox::StandardButtons buttons = QMessageBox::Save | QMessageBox::Discard;
    if (canCancel)
        buttons |= QMessageBox::Cancel;
    const auto answer = QMessageBox::question(this, tr("Unsaved adjudication"),
                                              tr("The adjudication of %1 · %2 has unsaved changes. Save them first?").arg(m_case.itemKey, m_case.system),
                                              buttons, QMessageBox::Save);
    if (answer == QMessageBox::Cancel || (answer == QMessageBox::Save && !save()))
        return !canCancel;
    return true;
}

void AdjudicationPage::showCampaign(storage::Database *db, qint64 campaignId)
{
    settleUnsaved(false);
    m_undo->clear();
    m_db = db;
    m_campaignId = campaignId;
    const QString current = m_unitBox->currentText();
    const QSignalBlocker block(m_unitBox);
    m_unitBox->clear();
    m_units.clear();
    m_status->clear();
    if (db && campaignId > 0) {
        try {
            m_units = evaluate::AdjudicationStore(*db).units(campaignId);
        } catch (const std::exception &e) {
            m_status->setText(QString::fromStdString(e.what()));
        }
    }
    for (const AdjudicationUnit &u : m_units)
        m_unitBox->addItem(tr("%1 · %2 · stage %3 (%n annotators)", nullptr, u.annotators).arg(u.itemKey, u.system).arg(u.stage));
    setEnabled(!m_units.isEmpty());
    if (m_units.isEmpty()) {
        m_case = {};
        m_draft = {};
        m_undo->clear();
        m_view->setRows({}, {});
        m_candidates->setRowCount(0);
        m_final->setRowCount(0);
        m_status->setText(tr("No translation of this campaign has answers from two or more annotators yet."));
        return;
    }
    m_unitBox->setCurrentIndex(std::max(0, m_unitBox->findText(current)));
    m_loadedIndex = -1;
    loadUnit(m_unitBox->currentIndex());
}

void AdjudicationPage::loadUnit(int index)
{
    if (!m_db || index < 0 || index >= m_units.size())
        return;
    if (index != m_loadedIndex && !settleUnsaved(true)) {
        const QSignalBlocker block(m_unitBox);
        m_unitBox->setCurrentIndex(m_loadedIndex);
        return;
    }
    m_loadedIndex = index;
    const AdjudicationUnit &u = m_units[index];
    try {
        evaluate::AdjudicationStore store(*m_db);
        m_case = store.adjudicationCase(m_campaignId, u.itemKey, u.system, u.stage);
        m_draft = {};
        for (const Adjudication &a : store.adjudications(m_campaignId))
            if (a.itemKey == u.itemKey && a.system == u.system && a.stage == u.stage) {
                m_draft = {a.spans, a.score, a.scoreFrom};
                m_status->setText(tr("Adjudicated by %1 at %2.").arg(a.adjudicator, a.adjudicatedAt));
            }
    } catch (const std::exception &e) {
        m_status->setText(QString::fromStdString(e.what()));
        return;
    }
    m_undo->clear();
    {
        const QSignalBlocker block(m_scoreSource);
        m_scoreSource->clear();
        m_scoreSource->addItem(tr("set by hand"));
        for (const AnnotatorJudgement &j : m_case.annotators)
            m_scoreSource->addItem(tr("from %1 (%2)").arg(j.annotator, j.score ? QString::number(*j.score) : QStringLiteral("–")));
    }
    m_candidates->setRowCount(0);
    for (int g = 0; g < m_case.groups.size(); ++g)
        for (int m = 0; m < m_case.groups[g].members.size(); ++m) {
            const AnnotatedSpan &s = m_case.groups[g].members[m];
            const int row = m_candidates->rowCount();
            m_candidates->insertRow(row);
            const QStringList cells{QString::number(g + 1), s.annotator, offsets(s.span), severityName(s.span.severity),
                                    s.span.textIn(m_case.text)};
            for (int c = 0; c < cells.size(); ++c) {
                auto *item = new QTableWidgetItem(cells[c]);
                item->setData(Qt::UserRole, QPoint(g, m));
                m_candidates->setItem(row, c, item);
            }
        }
    if (m_candidates->rowCount() > 0)
        m_candidates->selectRow(0);
    refresh();
}

std::pair<int, int> AdjudicationPage::selectedMember() const
{
    const QList<QTableWidgetItem *> items = m_candidates->selectedItems();
    if (items.isEmpty())
        return {-1, -1};
    const QPoint p = items.first()->data(Qt::UserRole).toPoint();
    return {p.x(), p.y()};
}

void AdjudicationPage::change(const Draft &next, const QString &what)
{
    m_undo->push(new DraftCommand(this, m_draft, next, what));
}

void AdjudicationPage::applyDraft(const Draft &draft)
{
    m_draft = draft;
    std::sort(m_draft.spans.begin(), m_draft.spans.end(), [](const AdjudicatedSpan &x, const AdjudicatedSpan &y) {
        return x.span.missing != y.span.missing ? y.span.missing : x.span.start < y.span.start;
    });
    refresh();
}

void AdjudicationPage::acceptSpan()
{
    const auto [g, m] = selectedMember();
    if (g < 0)
        return;
    const AnnotatedSpan &s = m_case.groups[g].members[m];
    Draft next = m_draft;
    // the accepted span replaces what the adjudicated answer had there
    next.spans.removeIf([&](const AdjudicatedSpan &x) { return x.span.missing ? s.span.missing : overlapsRange(x.span, SpanGroup{s.span.start, s.span.end}); });
    next.spans << AdjudicatedSpan{s.span, SpanDecision::Accepted, {s.annotator}};
    change(next, tr("accept"));
}

void AdjudicationPage::acceptAllOfAnnotator()
{
    const auto [g, m] = selectedMember();
    if (g < 0)
        return;
    const Adjudication a = acceptAnnotator(m_case, m_case.groups[g].members[m].annotator);
    change(Draft{a.spans, a.score, a.scoreFrom}, tr("accept all"));
}

void AdjudicationPage::mergeGroup(SpanDecision how)
{
    const auto [g, m] = selectedMember();
    if (g < 0)
        return;
    try {
        const AdjudicatedSpan merged = mergeSpans(m_case.groups[g].members, how);
        Draft next = m_draft;
        next.spans.removeIf([&](const AdjudicatedSpan &x) { return overlapsRange(x.span, m_case.groups[g]); });
        next.spans << merged;
        change(next, spanDecisionName(how));
    } catch (const std::exception &e) {
        m_status->setText(QString::fromStdString(e.what()));
    }
}

void AdjudicationPage::rejectGroup()
{
    const auto [g, m] = selectedMember();
    if (g < 0)
        return;
    Draft next = m_draft;
    const qsizetype dropped = next.spans.removeIf([&](const AdjudicatedSpan &x) { return overlapsRange(x.span, m_case.groups[g]); });
    if (dropped == 0) {  // said, so a Reject never looks like nothing happened (issue 32)
        m_status->setText(tr("Nothing to reject: the adjudicated answer has no span in group %1.").arg(g + 1));
        return;
    }
    change(next, tr("reject"));
    m_status->setText(tr("Rejected group %1: its span is not in the adjudicated answer (Ctrl+Z undoes).").arg(g + 1));
}

void AdjudicationPage::addSelected(Severity severity)
{
    const auto selected = m_view->selectedCodePoints();
    if (!selected || m_case.itemKey.isEmpty()) {
        m_status->setText(tr("Select text in one of the rows above first."));
        return;
    }
    const ErrorSpan added{selected->first, selected->second, severity, false};
    Draft next = m_draft;
    // the new span replaces adjudicated spans it overlaps (spans never overlap)
    next.spans.removeIf([&](const AdjudicatedSpan &x) { return overlapsRange(x.span, SpanGroup{added.start, added.end}); });
    next.spans << AdjudicatedSpan{added, SpanDecision::Added, {}};
    change(next, tr("add"));
}

bool AdjudicationPage::save()
{
    if (!m_db || m_case.itemKey.isEmpty())
        return false;
    Adjudication a;
    a.itemKey = m_case.itemKey;
    a.system = m_case.system;
    a.stage = m_case.stage;
    a.spans = m_draft.spans;
    a.score = m_draft.score;
    a.scoreFrom = m_draft.scoreFrom;
    a.adjudicator = m_adjudicator->text().trimmed();
    try {
        const Adjudication saved = evaluate::AdjudicationStore(*m_db).save(m_campaignId, a);
        m_undo->setClean();
        m_status->setText(tr("Saved as the answer of \"adjudicated\" (%1, %2).").arg(saved.adjudicator, saved.adjudicatedAt));
        return true;
    } catch (const std::exception &e) {
        m_status->setText(tr("Not saved: %1").arg(QString::fromStdString(e.what())));
        return false;
    }
}

void AdjudicationPage::refresh()
{
    const auto [g, m] = selectedMember();
    QVector<SpanComparisonView::Row> rows;
    for (const AnnotatorJudgement &j : m_case.annotators)
        rows << SpanComparisonView::Row{tr("%1 · %2").arg(j.annotator, j.score ? QString::number(*j.score) : QStringLiteral("–")), j.spans};
    QVector<ErrorSpan> final;
    for (const AdjudicatedSpan &s : m_draft.spans)
        final << s.span;
    if (!m_case.itemKey.isEmpty())
        rows << SpanComparisonView::Row{tr("adjudicated · %1").arg(m_draft.score ? QString::number(*m_draft.score) : QStringLiteral("–")), final};
    const bool focus = g >= 0 && !m_case.groups[g].missing;
    m_view->setRows(m_case.text, rows, focus ? m_case.groups[g].start : -1, focus ? m_case.groups[g].end : -1);

    m_final->setRowCount(int(m_draft.spans.size()));
    for (int r = 0; r < m_draft.spans.size(); ++r) {
        const AdjudicatedSpan &s = m_draft.spans[r];
        const QStringList cells{offsets(s.span), severityName(s.span.severity), s.span.textIn(m_case.text), spanDecisionName(s.decision),
                                s.from.join(QStringLiteral(", "))};
        for (int c = 0; c < cells.size(); ++c)
            m_final->setItem(r, c, new QTableWidgetItem(cells[c]));
    }
    const QSignalBlocker b1(m_score), b2(m_scoreSource);
    m_score->setValue(m_draft.score.value_or(-5));
    int source = 0;
    for (int i = 0; i < m_case.annotators.size(); ++i)
        if (m_case.annotators[i].annotator == m_draft.scoreFrom)
            source = i + 1;
    m_scoreSource->setCurrentIndex(source);
}

}  // namespace gauntlet
