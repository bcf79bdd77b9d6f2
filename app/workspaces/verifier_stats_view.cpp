#include "app/workspaces/verifier_stats_view.h"

#include "engine/store/project.h"
#include "engine/verify/verifier_stats.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace gauntlet {

VerifierStatsView::VerifierStatsView(QWidget *parent) : QWidget(parent), m_table(new QTableWidget(this)), m_note(new QLabel(this))
{
    setObjectName(QStringLiteral("verifierStatsView"));
    m_table->setObjectName(QStringLiteral("verifierStatsTable"));
    m_table->setColumnCount(9);
    m_table->setHorizontalHeaderLabels({tr("Verifier"), tr("Compared with"), tr("n"), tr("Agreements"), tr("Both pass"), tr("Pass / fail"),
                                        tr("Fail / pass"), tr("Both fail"), tr("Cohen's kappa")});
    m_table->horizontalHeaderItem(5)->setToolTip(tr("The verifier says pass, the other fail"));
    m_table->horizontalHeaderItem(6)->setToolTip(tr("The verifier says fail, the other pass"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_note->setWordWrap(true);
    m_note->setText(tr("Cohen's kappa of each verifier against the verdicts reviewers set by hand (\"human\") and against the other "
                       "verifiers, over the natural-language rules' pass/fail verdicts of the whole project."));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_note);
    layout->addWidget(m_table, 1);
}

void VerifierStatsView::setProject(storage::Project *project)
{
    m_project = project;
    reload();
}

void VerifierStatsView::reload()
{
    m_table->setRowCount(0);
    if (!m_project)
        return;
    verify::VerifierStats stats;
    try {
        stats = verify::verifierStats(m_project->database());
    } catch (const std::exception &e) {
        m_note->setText(QString::fromUtf8(e.what()));
        return;
    }
    m_table->setRowCount(int(stats.rows.size()));
    for (int i = 0; i < stats.rows.size(); ++i) {
        const verify::VerifierKappa &row = stats.rows[i];
        const metrics::AgreementTable2x2 &t = row.table;
        const QString kappa = row.kappa ? QString::number(*row.kappa, 'f', 3) : t.n() == 0 ? tr("n/a (no common verdicts)") : tr("n/a (no variation)");
        const QStringList cells{row.first, row.second == verify::humanVerdictRaterName() ? tr("human (set by hand)") : row.second,
                                QString::number(t.n()), QString::number(t.agreements()), QString::number(t.bothPositive),
                                QString::number(t.firstOnly), QString::number(t.secondOnly), QString::number(t.bothNegative), kappa};
        for (int c = 0; c < cells.size(); ++c) {
            auto *item = new QTableWidgetItem(cells[c]);
            if (c >= 2)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_table->setItem(i, c, item);
        }
    }
}

}  // namespace gauntlet
