#include "widgets/candidate_pool_view.h"
#include "engine/core/arg_text.h"

#include "models/candidate_pool_model.h"
#include "widgets/responsive_columns.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QTableView>
#include <QVBoxLayout>

namespace gauntlet {

namespace {
using Fate = ato::CandidateFate;
const std::vector<Fate> everyFate{Fate::Kept, Fate::Injected, Fate::NotTaken, Fate::Grammar, Fate::Vocabulary, Fate::Context, Fate::Tokenizer};
}  // namespace

CandidatePoolView::CandidatePoolView(QWidget *parent)
    : QWidget(parent), m_model(new CandidatePoolModel(this)), m_proxy(new CandidatePoolProxy(this)), m_fateFilter(new QComboBox(this)),
      m_textFilter(new QLineEdit(this)), m_summary(new QLabel(this)), m_table(new QTableView(this)), m_detail(new QLabel(this))
{
    m_proxy->setSourceModel(m_model);
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(CandidatePoolModel::LossColumn, Qt::AscendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->setObjectName(QStringLiteral("candidatePoolTable"));
    auto *columns = new ResponsiveColumns(m_table, CandidatePoolModel::TextColumn,
                                          {CandidatePoolModel::ReasonColumn, CandidatePoolModel::ParentColumn, CandidatePoolModel::DifficultyColumn},
                                          0.35);
    columns->setFixedWidth(CandidatePoolModel::FateColumn, 140);
    columns->setFixedWidth(CandidatePoolModel::ReasonColumn, 280);

    m_fateFilter->setObjectName(QStringLiteral("candidatePoolFate"));
    m_fateFilter->addItem(tr("All candidates"));
    m_fateFilter->addItem(tr("In the beam (kept or injected)"));
    m_fateFilter->addItem(tr("Refused (any guard)"));
    for (Fate f : everyFate)
        m_fateFilter->addItem(CandidatePoolModel::fateLabel(f), int(f));
    m_fateFilter->setToolTip(tr("Show the candidates with this fate"));
    // Its size hint fits the longest entry, but that must not become the minimum width of the tabs
    // beside the chart (two traces side by side in Compare on a laptop screen): an explicit minimum.
    m_fateFilter->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_fateFilter->setMinimumWidth(m_fateFilter->fontMetrics().averageCharWidth() * 8 + 30);
    connect(m_fateFilter, &QComboBox::currentIndexChanged, this, &CandidatePoolView::applyFateFilter);
    m_textFilter->setPlaceholderText(tr("Filter by text..."));
    m_textFilter->setClearButtonEnabled(true);
    connect(m_textFilter, &QLineEdit::textChanged, m_proxy, &QSortFilterProxyModel::setFilterFixedString);
    connect(m_textFilter, &QLineEdit::textChanged, this, &CandidatePoolView::updateSummary);

    m_summary->setObjectName(QStringLiteral("candidatePoolSummary"));
    m_summary->setWordWrap(true);
    m_detail->setObjectName(QStringLiteral("candidatePoolDetail"));
    m_detail->setWordWrap(true);
    m_detail->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_detail->setTextFormat(Qt::PlainText);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &CandidatePoolView::showSelected);

    auto *filters = new QHBoxLayout;
    filters->addWidget(m_fateFilter);
    filters->addWidget(m_textFilter, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->addLayout(filters);
    layout->addWidget(m_summary);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_detail);
    updateSummary();
}

void CandidatePoolView::setPool(int step, const std::vector<ato::PoolRecord> &pool)
{
    m_model->setPool(step, pool);
    m_detail->clear();
    updateSummary();
}

void CandidatePoolView::clear()
{
    setPool(-1, {});
}

void CandidatePoolView::applyFateFilter()
{
    const int i = m_fateFilter->currentIndex();
    if (i <= 0)
        m_proxy->setFates({});
    else if (i == 1)
        m_proxy->setFates({Fate::Kept, Fate::Injected});
    else if (i == 2)
        m_proxy->setFates({Fate::Grammar, Fate::Vocabulary, Fate::Context, Fate::Tokenizer});
    else
        m_proxy->setFates({Fate(m_fateFilter->currentData().toInt())});
    updateSummary();
}

void CandidatePoolView::updateSummary()
{
    if (m_model->rowCount() == 0) {
        m_summary->setText(m_model->step() < 0    ? tr("No run shown.")
                           : m_model->step() == 0 ? tr("The seed's step has no pool; choose a later step.")
                                                  : tr("No pool is stored for step %1 (runs stored before this version keep only the archive).")
                                                        .arg(m_model->step()));
        return;
    }
    QStringList parts;
    for (Fate f : everyFate) {
        if (const int n = m_model->count(f); n > 0)
            parts << QStringLiteral("%1 %2").arg(core::argText(CandidatePoolModel::fateLabel(f)), core::argText(n));
    }
    //: %1 step number, %2 candidates in the pool, %3 candidates shown, %4 the counts per fate
    m_summary->setText(tr("Step %1: %2 candidates, %3 shown (%4)")
                           .arg(QString::number(m_model->step()), QString::number(m_model->rowCount()), QString::number(m_proxy->rowCount()),
                                parts.join(QStringLiteral(" \u00b7 "))));
}

void CandidatePoolView::showSelected()
{
    const QModelIndex current = m_table->currentIndex();
    if (!current.isValid()) {
        m_detail->clear();
        return;
    }
    const QModelIndex fate = current.siblingAtColumn(CandidatePoolModel::FateColumn);
    const QString reason = current.siblingAtColumn(CandidatePoolModel::ReasonColumn).data().toString();
    const QString text = current.siblingAtColumn(CandidatePoolModel::TextColumn).data().toString();
    m_detail->setText(reason.isEmpty() ? QStringLiteral("%1: %2").arg(fate.data().toString(), text)
                                       : QStringLiteral("%1: %2\n%3").arg(fate.data().toString(), text, reason));
}

}  // namespace gauntlet
