#include "app/workspaces/evaluate_results_page.h"
#include "engine/core/arg_text.h"

#include "app/workspaces/evaluate_agreement_table.h"

#include "engine/evaluate/campaign_results.h"
#include "engine/evaluate/campaign_store.h"
#include "engine/store/database.h"
#include "engine/verify/example_store.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollBar>
#include <QTableWidget>
#include <QValueAxis>
#include <QVBoxLayout>

namespace gauntlet {

using namespace evaluate;

ResultsPage::ResultsPage(QWidget *parent)
    : QWidget(parent), m_stageNote(new QLabel(this)), m_table(new QTableWidget(this)), m_chart(new QChartView(this)), m_statistics(new QLabel(this))
{
    auto *rl = new QVBoxLayout(this);
    m_table->setColumnCount(13);
    setStageHeaders(false);
    const QStringList headerTips{tr("1 = best, by mean score (stage 1 in a two-stage campaign)"), QString(),
                                 tr("Mean of per-item mean scores, 0-100 (stage 1, rules hidden, in a two-stage campaign)"),
                                 tr("95% bootstrap interval of the mean (1000 resamples of items)"), tr("Scores given in stage 1"),
                                 tr("Paired bootstrap p-value against the next system down"), tr("Minor error spans on the text (stage 1)"),
                                 tr("Major error spans on the text (stage 1)"),
                                 tr("[missing] marks (omissions) of either severity (stage 1); not counted in Minor or Major"),
                                 tr("Two-stage cESA: mean change once the rules were shown"),
                                 tr("Share of the system's outputs that pass every verification rule (stored verdicts)"),
                                 tr("chrF2 of the system's translations against the references (sacrebleu defaults)"),
                                 tr("Mean difficulty D (Sentinel-src) the project's augmentation runs stored for the system's texts; higher = easier")};
    for (int c = 0; c < headerTips.size(); ++c)
        if (!headerTips[c].isEmpty())
            m_table->horizontalHeaderItem(c)->setToolTip(headerTips[c]);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);  // system names can be long
    m_table->verticalHeader()->hide();  // the Rank column numbers the rows
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setAlternatingRowColors(true);
    // the table across the page (every column readable), below it the chart and the statistics
    m_stageNote->setObjectName(QStringLiteral("stageNote"));
    m_stageNote->setWordWrap(true);
    m_stageNote->setText(tr("Two stages: rank, mean, interval, ratings, p-value and span counts use stage 1 (rules hidden); "
                            "stage 2 enters only the stage 2 shift. Alpha is given pooled and per stage."));
    rl->addWidget(m_stageNote);
    rl->addWidget(m_table);
    auto *spanTitle = new QLabel(tr("Span agreement (per annotator pair and stage)"), this);
    rl->addWidget(spanTitle);
    rl->addWidget(new SpanAgreementTable(this));  // issue 20, item 13 (evaluate_agreement_table.h)
    auto *split = new QHBoxLayout;
    m_chart->setRenderHint(QPainter::Antialiasing);
    m_chart->setMinimumSize(320, 260);
    split->addWidget(m_chart, 3);
    m_statistics->setWordWrap(true);
    m_statistics->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_statistics->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_statistics->setMinimumWidth(280);
    split->addWidget(m_statistics, 2);
    rl->addLayout(split, 1);
    auto *buttons = new QHBoxLayout;
    auto *refresh = new QPushButton(tr("Refresh"), this);
    auto *jsonl = new QPushButton(tr("Export JSONL..."), this);
    auto *csv = new QPushButton(tr("Export CSV..."), this);
    auto *package = new QPushButton(tr("Export Package for Annotator..."), this);
    auto *import = new QPushButton(tr("Import Result File..."), this);
    for (QPushButton *b : {refresh, jsonl, csv, package, import})
        buttons->addWidget(b);
    buttons->addStretch(1);
    rl->addLayout(buttons);

    connect(refresh, &QPushButton::clicked, this, &ResultsPage::refreshRequested);
    connect(jsonl, &QPushButton::clicked, this, [this] { Q_EMIT exportRequested(true); });
    connect(csv, &QPushButton::clicked, this, [this] { Q_EMIT exportRequested(false); });
    connect(package, &QPushButton::clicked, this, &ResultsPage::exportPackageRequested);
    connect(import, &QPushButton::clicked, this, &ResultsPage::importRequested);
}

void ResultsPage::setStageHeaders(bool twoStage)
{
    // a two-stage campaign ranks by stage 1 (rules hidden): every column that uses it says so (issue 20)
    // (the note above the table names the stage for the other columns; the headers stay narrow)
    const QString one = twoStage ? tr(" (stage 1)") : QString();
    m_table->setHorizontalHeaderLabels({tr("Rank"), tr("System"), tr("Mean") + one, tr("95% interval"), tr("Ratings"), tr("p vs next"),
                                          tr("Minor"), tr("Major"), tr("[missing]"), tr("Stage 2 shift"), tr("Verifier pass %"), tr("chrF"),
                                          tr("D")});
    m_stageNote->setVisible(twoStage);
}

void ResultsPage::clear()
{
    m_table->setRowCount(0);
    m_statistics->clear();
    findChild<SpanAgreementTable *>()->setRowCount(0);
}

void ResultsPage::showCampaign(evaluate::CampaignStore &store, storage::Database &db, qint64 id)
{
    clear();
    try {
        const Campaign campaign = store.campaign(id);
        const CampaignResults r = computeResults(campaign, store.ratedItems(id));
        const bool twoStage = campaign.stages() > 1;
        setStageHeaders(twoStage);  // keeps the header items and their tooltips
        findChild<SpanAgreementTable *>()->showAgreement(campaign, store.ratedItems(id));
        // automatic rankings to compare the human one with (Kendall tau-b)
        int verified = 0;
        verify::ExampleStore examples(db);
        const QMap<QString, double> passRates = evaluate::verifierPassRates(examples, campaign, &verified);
        int scoredTexts = 0;
        const QMap<QString, double> difficulty = evaluate::storedDifficulty(db, campaign, &scoredTexts);
        const QMap<QString, double> chrf = chrfAgainstReferences(campaign);
        QVector<RankAgreement> rankings;
        if (!passRates.isEmpty())
            rankings << compareRankings(r, tr("verifier pass rate (%n examples)", nullptr, verified), passRates);
        if (!difficulty.isEmpty())
            rankings << compareRankings(r, tr("difficulty D of augmentation runs (%n texts)", nullptr, scoredTexts), difficulty);
        if (!chrf.isEmpty())
            rankings << compareRankings(r, tr("chrF against the references"), chrf);
        auto automatic = [](const QMap<QString, double> &m, const QString &system) {
            return m.contains(system) ? QString::number(m.value(system), 'f', 1) : QStringLiteral("–");
        };
        m_table->setRowCount(r.systems.size());
        for (int i = 0; i < r.systems.size(); ++i) {
            const SystemResult &s = r.systems[i];
            const QStringList cells{QString::number(s.rank), s.system, QString::number(s.mean, 'f', 1),
                                    QStringLiteral("%1 – %2").arg(s.lower, 0, 'f', 1).arg(s.upper, 0, 'f', 1), QString::number(s.ratings),
                                    s.pNext ? QString::number(*s.pNext, 'f', 3) : QStringLiteral("–"), QString::number(s.minorSpans),
                                    QString::number(s.majorSpans), QString::number(s.missingSpans), s.stageTwoShift ? QString::number(*s.stageTwoShift, 'f', 1) : QStringLiteral("–"),
                                    automatic(passRates, s.system), automatic(chrf, s.system),
                                    difficulty.contains(s.system) ? QString::number(difficulty.value(s.system), 'f', 3) : QStringLiteral("–")};
            for (int c = 0; c < cells.size(); ++c) {
                auto *cell = new QTableWidgetItem(cells[c]);
                if (c != 1)
                    cell->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
                m_table->setItem(i, c, cell);
            }
        }
        // as tall as its rows (at least three), the rest of the page goes to the chart
        const int rows = std::max(3, m_table->rowCount());
        m_table->setFixedHeight(m_table->horizontalHeader()->height() + rows * m_table->verticalHeader()->defaultSectionSize() +
                                  2 * m_table->frameWidth() + m_table->horizontalScrollBar()->sizeHint().height());
        auto *chart = new QChart;
        auto *means = new QBarSet(twoStage ? tr("Stage 1 mean") : tr("Mean"));
        auto *shifted = new QBarSet(tr("Stage 2 mean (paired shift)"));
        QStringList names;
        bool anyShift = false;
        for (const SystemResult &s : r.systems) {
            names << s.system;
            *means << s.mean;
            *shifted << s.mean + s.stageTwoShift.value_or(0.0);
            anyShift = anyShift || s.stageTwoShift.has_value();
        }
        auto *series = new QBarSeries;
        series->append(means);
        if (anyShift)
            series->append(shifted);
        else
            delete shifted;
        chart->addSeries(series);
        auto *x = new QBarCategoryAxis;
        x->append(names);
        auto *y = new QValueAxis;
        y->setRange(0, 100);
        y->setTitleText(tr("score"));  // the ticks show 0-100; a longer title was cut at 1280x720 in German
        chart->addAxis(x, Qt::AlignBottom);
        chart->addAxis(y, Qt::AlignLeft);
        series->attachAxis(x);
        series->attachAxis(y);
        chart->setTitle(tr("Mean score per system"));
        chart->legend()->setAlignment(Qt::AlignBottom);
        chart->legend()->setVisible(anyShift);  // one series needs no legend: its title says it
        QChart *old = m_chart->chart();
        m_chart->setChart(chart);
        delete old;
        auto value = [](const std::optional<double> &v) { return v ? QString::number(*v, 'f', 3) : QStringLiteral("–"); };
        // the statistics beside the chart, in three short sections
        auto esc = [](const QString &t) { return t.toHtmlEscaped(); };
        QString text = QStringLiteral("<b>%1</b><br>").arg(esc(tr("Agreement between annotators")));
        if (r.agreement.pairableUnits == 0 && !r.agreement.alphaOrdinal) {
            text += esc(tr("Krippendorff's alpha: not yet defined (no item was rated by two annotators)."));
        } else {
            text += esc((twoStage ? tr("Krippendorff's alpha, both stages pooled, interval: %1; relative (z-normalised): %2; pairable units: %3")
                                  : tr("Krippendorff's alpha, interval: %1; relative (z-normalised): %2; pairable units: %3"))
                            .arg(value(r.agreement.alphaInterval), value(r.agreement.alphaRelative)).arg(r.agreement.pairableUnits));
            for (const AgreementResult &a : r.agreementByStage)  // alpha per stage: stage 2 scores follow the shown rules
                text += QStringLiteral("<br>") + esc((a.stage == 1 ? tr("Stage 1 (rules hidden): interval %1; relative %2; pairable units: %3")
                                                                   : tr("Stage 2 (rules shown): interval %1; relative %2; pairable units: %3"))
                                                         .arg(value(a.alphaInterval), value(a.alphaRelative)).arg(a.pairableUnits));
            if (r.agreement.alphaOrdinal)
                text += esc(tr("; ordinal (Likert): %1").arg(value(r.agreement.alphaOrdinal)));
            if (!r.agreement.note.isEmpty())
                text += QStringLiteral("<br><small>%1</small>").arg(esc(r.agreement.note));
        }
        text += QStringLiteral("<br><br><b>%1</b>").arg(esc(tr("Human ranking vs automatic rankings (Kendall tau-b)")));
        if (rankings.isEmpty())
            text += QStringLiteral("<br>") + esc(tr("No automatic ranking for these items (no verdicts, no references, no stored difficulty)."));
        for (const RankAgreement &a : rankings)
            text += QStringLiteral("<br>") + esc(a.tauB ? tr("%1: tau-b %2 (p = %3, %4 systems)")
                                                              .arg(a.name, QString::number(*a.tauB, 'f', 3), value(a.pValue))
                                                              .arg(a.systems)
                                                        : tr("%1: undefined (%2 systems, or a constant ranking)").arg(core::argText(a.name), core::argText(a.systems)));
        text += QStringLiteral("<br><br><b>%1</b>").arg(esc(tr("Annotators")));
        for (const AnnotatorQuality &q : r.quality)
            text += QStringLiteral("<br>") + esc(tr("%1: attention checks passed %2 of %3; bad references scored lower: p = %4")
                                                     .arg(core::argText(q.annotator), core::argText(q.checksPassed), core::argText(q.checksSeen), core::argText(q.badTest ? QString::number(q.badTest->pValue, 'f', 3) : QStringLiteral("–"))));
        m_statistics->setTextFormat(Qt::RichText);
        m_statistics->setText(text);
    } catch (const std::exception &e) {
        m_statistics->setTextFormat(Qt::PlainText);
        m_statistics->setText(QString::fromStdString(e.what()));
    }
}

}  // namespace gauntlet
