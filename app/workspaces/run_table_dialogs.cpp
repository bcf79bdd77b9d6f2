#include "app/workspaces/run_table_dialogs.h"
#include "engine/core/arg_text.h"

#include "engine/ato/run_settings.h"
#include "engine/ato/run_history.h"
#include "engine/core/json_input.h"
#include "models/run_history_model.h"

#include <QChart>
#include <QChartView>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QLegend>
#include <QLineSeries>
#include <QPen>
#include <QTableWidget>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace gauntlet {

namespace {

nlohmann::json settingsOf(const ato::RunSummary &run)
{
    try {
        return ato::runDefiningSettings(ato::configFromJson(core::parseJson(run.configJson.toStdString())));
    } catch (const std::exception &) {
        return nlohmann::json::object();
    }
}

ato::RunSummary requireRun(ato::RunHistory &history, storage::Database &db, qint64 id)
{
    const std::optional<ato::RunSummary> run = history.run(id);
    if (!run)
        throw storage::StoreError(QStringLiteral("%1: there is no run %2").arg(core::argText(db.path()), core::argText(id)));
    return *run;
}

QString runName(const ato::RunSummary &r)
{
    return RunOverlayDialog::tr("Run %1 (%2)").arg(QString::number(r.id), RunHistoryModel::methodLabel(r.method));
}

}  // namespace

SettingsDiffDialog::SettingsDiffDialog(storage::Database &db, qint64 left, qint64 right, QWidget *parent) : QDialog(parent), m_table(new QTableWidget(this))
{
    ato::RunHistory history(db);
    const ato::RunSummary a = requireRun(history, db, left), b = requireRun(history, db, right);
    setWindowTitle(tr("Settings of runs %1 and %2").arg(left).arg(right));
    const std::vector<ato::SettingDifference> differences = ato::settingDifferences(settingsOf(a), settingsOf(b));
    m_table->setColumnCount(3);
    m_table->setHorizontalHeaderLabels({tr("Setting"), runName(a), runName(b)});
    m_table->setRowCount(int(differences.size()));
    for (size_t i = 0; i < differences.size(); ++i) {
        const auto text = [](const nlohmann::json &v) {
            return v.is_null() ? QStringLiteral("\u2013") : QString::fromStdString(v.is_string() ? v.get<std::string>() : core::jsonExcerpt(v, 200));
        };
        m_table->setItem(int(i), 0, new QTableWidgetItem(QString::fromStdString(differences[i].key)));
        m_table->setItem(int(i), 1, new QTableWidgetItem(text(differences[i].left)));
        m_table->setItem(int(i), 2, new QTableWidgetItem(text(differences[i].right)));
    }
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    auto *summary = new QLabel(differences.empty() ? tr("The two runs have the same settings (threads, device, dtype and batch size aside).")
                                                   : tr("%n setting(s) differ (threads, device, dtype and batch size are not compared).", "",
                                                        int(differences.size())),
                               this);
    summary->setWordWrap(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(summary);
    layout->addWidget(m_table, 1);
    layout->addWidget(buttons);
    resize(620, 360);
}

RunOverlayDialog::RunOverlayDialog(storage::Database &db, const std::vector<qint64> &runIds, QWidget *parent) : QDialog(parent), m_view(new QChartView(this))
{
    setWindowTitle(tr("Objective of %n run(s)", "", int(runIds.size())));
    ato::RunHistory history(db);
    auto *chart = new QChart;
    chart->setTitle(tr("Best objective L per step"));
    auto *x = new QValueAxis, *left = new QValueAxis, *right = new QValueAxis;
    x->setTitleText(tr("step"));
    x->setLabelFormat(QStringLiteral("%d"));
    left->setTitleText(tr("best L"));
    right->setTitleText(tr("best PPL (phase 2)"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(left, Qt::AlignLeft);
    chart->addAxis(right, Qt::AlignRight);
    static const QColor palette[] = {QColor(0x1f, 0x4e, 0x9c), QColor(0xc2, 0x41, 0x0c), QColor(0x2e, 0x7d, 0x32), QColor(0x7b, 0x1f, 0xa2),
                                     QColor(0x00, 0x83, 0x8f), QColor(0x8d, 0x6e, 0x63), QColor(0xd8, 0x1b, 0x60), QColor(0x55, 0x55, 0x55)};
    double xMax = 1, lLo = INFINITY, lHi = -INFINITY, pLo = INFINITY, pHi = -INFINITY;
    bool anyPhase2 = false;
    for (size_t i = 0; i < runIds.size(); ++i) {
        const ato::RunTrace trace = history.trace(runIds[i], false);
        const QColor color = palette[i % (sizeof palette / sizeof palette[0])];
        auto *l = new QLineSeries;
        l->setName(runName(trace.summary));
        QPen pen(color);
        pen.setWidthF(2);
        l->setPen(pen);
        auto *p = new QLineSeries;
        p->setName(runName(trace.summary) + QStringLiteral(" PPL"));
        pen.setStyle(Qt::DashLine);
        p->setPen(pen);
        for (const ato::StepFinishedEvent &s : trace.steps) {
            if (std::isnan(s.bestLoss))
                continue;
            QLineSeries *into = s.phase == 2 ? p : l;
            into->append(s.step, s.bestLoss);
            xMax = std::max(xMax, double(s.step));
            if (s.phase == 2) {
                pLo = std::min(pLo, s.bestLoss);
                pHi = std::max(pHi, s.bestLoss);
            } else {
                lLo = std::min(lLo, s.bestLoss);
                lHi = std::max(lHi, s.bestLoss);
            }
        }
        chart->addSeries(l);
        l->attachAxis(x);
        l->attachAxis(left);
        if (p->count() > 0) {
            anyPhase2 = true;
            chart->addSeries(p);
            p->attachAxis(x);
            p->attachAxis(right);
        } else {
            delete p;
        }
    }
    const auto range = [](QValueAxis *axis, double lo, double hi) {
        if (!std::isfinite(lo) || !std::isfinite(hi)) {
            lo = 0;
            hi = 1;
        }
        const double pad = std::max((hi - lo) * 0.08, std::max(1e-3, std::abs(hi) * 0.01));
        axis->setRange(lo - pad, hi + pad);
        axis->applyNiceNumbers();
    };
    range(left, lLo, lHi);
    range(right, pLo, pHi);
    right->setVisible(anyPhase2);
    x->setRange(0, xMax);
    x->setTickCount(int(std::min(11.0, xMax + 1)));
    chart->legend()->setAlignment(Qt::AlignBottom);
    m_view->setChart(chart);
    m_view->setRenderHint(QPainter::Antialiasing);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_view, 1);
    layout->addWidget(buttons);
    resize(760, 480);
}

}  // namespace gauntlet
