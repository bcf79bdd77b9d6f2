// The Augment workspace's Compare tab: two stored runs side by side.
#include "app/workspaces/augment_compare_page.h"

#include "engine/ato/run_history.h"
#include "engine/store/project.h"
#include "models/run_history_model.h"
#include "widgets/trace_view.h"

#include <QComboBox>
#include <QSplitter>
#include <QVBoxLayout>

namespace gauntlet {

AugmentComparePage::AugmentComparePage(RunHistoryModel *history, QWidget *parent) : QWidget(parent), m_history(history)
{
    m_leftCombo = new QComboBox(this);
    m_rightCombo = new QComboBox(this);
    m_leftCombo->setObjectName(QStringLiteral("compareLeftRun"));
    m_rightCombo->setObjectName(QStringLiteral("compareRightRun"));
    // An entry names the run, its method, the settings that tell it from the other runs and its
    // seed: long, so the combo does not take its width from it (two pickers side by side).
    for (QComboBox *combo : {m_leftCombo, m_rightCombo}) {
        combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        combo->setMinimumContentsLength(24);
        combo->setToolTip(tr("The run shown on this side"));
    }
    m_leftTrace = new RunTraceModel(this);
    m_rightTrace = new RunTraceModel(this);
    m_left = new TraceView(m_leftTrace, this);
    m_right = new TraceView(m_rightTrace, this);
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(createSide(m_leftCombo, m_left));
    split->addWidget(createSide(m_rightCombo, m_right));
    split->setChildrenCollapsible(false);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(split);
    // the two step sliders move together when both runs have the step
    connect(m_left, &TraceView::currentIndexChanged, m_right, [this](int index) {
        if (m_right->currentIndex() != index && index < m_right->stepCount())
            m_right->setCurrentIndex(index);
    });
    connect(m_right, &TraceView::currentIndexChanged, m_left, [this](int index) {
        if (m_left->currentIndex() != index && index < m_left->stepCount())
            m_left->setCurrentIndex(index);
    });
}

QWidget *AugmentComparePage::createSide(QComboBox *combo, TraceView *view)
{
    auto *box = new QWidget(this);
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(combo);
    layout->addWidget(view, 1);
    connect(combo, &QComboBox::activated, this, [this, combo, view] {
        const qint64 id = combo->currentData().toLongLong();
        if (id <= 0 || !m_project)
            return;
        try {
            view->traceModel()->setTrace(ato::RunHistory(m_project->database()).trace(id));
            view->setHeading(combo->currentText());
        } catch (const std::exception &e) {
            Q_EMIT errorOccurred(QString::fromUtf8(e.what()));
        }
    });
    return box;
}

void AugmentComparePage::setProject(storage::Project *project)
{
    m_project = project;
    refreshChoices();
}

QString AugmentComparePage::compareRuns(qint64 left, qint64 right)
{
    if (!m_project)
        return tr("Open a project first.");
    refreshChoices();
    try {
        ato::RunHistory history(m_project->database());
        m_leftTrace->setTrace(history.trace(left));
        m_rightTrace->setTrace(history.trace(right));
    } catch (const std::exception &e) {
        return QString::fromUtf8(e.what());
    }
    m_leftCombo->setCurrentIndex(m_leftCombo->findData(left));
    m_rightCombo->setCurrentIndex(m_rightCombo->findData(right));
    m_left->setHeading(m_leftCombo->currentText());
    m_right->setHeading(m_rightCombo->currentText());
    return {};
}

void AugmentComparePage::refreshChoices()
{
    for (QComboBox *combo : {m_leftCombo, m_rightCombo}) {
        const qint64 current = combo->currentData().toLongLong();
        combo->clear();
        combo->addItem(tr("Choose a run..."), qint64(0));
        for (int row = 0; row < m_history->rowCount(); ++row) {
            const ato::RunSummary &r = m_history->run(row);
            QString seed = r.seedText;
            if (seed.size() > 70)
                seed = seed.left(67) + QStringLiteral("...");
            // The settings that differ between the runs come before the seed, so runs of one seed
            // are told apart where the entry is cut (issue 34: identical labels).
            const QString settings = m_history->settingsText(row);
            const QString label = settings.isEmpty()
                                      ? tr("Run %1 \u00b7 %2 \u00b7 %3").arg(QString::number(r.id), RunHistoryModel::methodLabel(r.method), seed)
                                      : tr("Run %1 \u00b7 %2 \u00b7 %3 \u00b7 %4")
                                            .arg(QString::number(r.id), RunHistoryModel::methodLabel(r.method), settings, seed);
            combo->addItem(label, r.id);
            combo->setItemData(combo->count() - 1, r.seedText, Qt::ToolTipRole);
        }
        const int index = combo->findData(current);
        combo->setCurrentIndex(index >= 0 ? index : 0);
    }
}

}  // namespace gauntlet
