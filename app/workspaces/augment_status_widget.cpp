// The Augment workspace's status bar widget: the job's progress and ETA.
#include "app/workspaces/augment_status_widget.h"

#include "app/workspaces/augment_session.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>

namespace gauntlet {

namespace {

/// "m:ss" or "h:mm:ss"; "--:--" when unknown (negative).
QString duration(double seconds)
{
    if (seconds < 0)
        return QStringLiteral("--:--");
    const qint64 s = qint64(seconds + 0.5);
    if (s >= 3600)
        return QStringLiteral("%1:%2:%3").arg(s / 3600).arg((s / 60) % 60, 2, 10, QLatin1Char('0')).arg(s % 60, 2, 10, QLatin1Char('0'));
    return QStringLiteral("%1:%2").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
}

}  // namespace

AugmentStatusWidget::AugmentStatusWidget(AugmentSession *session, QWidget *parent) : QWidget(parent)
{
    m_progress = new QProgressBar(this);
    m_progress->setMinimumWidth(170);
    m_progress->setMaximumWidth(240);
    m_progress->setTextVisible(false);
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_eta = new QLabel(this);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_eta);
    layout->addWidget(m_progress);
    hide();

    connect(session, &AugmentSession::jobStarted, this, [this](int seeds) {
        show();
        m_eta->setText(tr("Augment: %n seed(s) queued", nullptr, seeds));
    });
    connect(session, &AugmentSession::modelsLoading, this, [this] {
        m_eta->setText(tr("Augment: loading the models..."));
        m_progress->setRange(0, 0);  // busy
    });
    connect(session, &AugmentSession::modelsLoaded, this, [this](double seconds) {
        m_progress->setRange(0, 1);
        m_eta->setText(tr("Augment: models ready (%1 s)").arg(seconds, 0, 'f', 1));
    });
    connect(session, &AugmentSession::progressChanged, this, [this](int done, int total, double eta) {
        m_progress->setRange(0, qMax(1, total));
        m_progress->setValue(done);
        // After the last step the judges and the store still work: say so rather than "ETA 0:00"
        // (issue 34: it showed for the last minute of a big run).
        m_eta->setText(total > 0 && done >= total ? tr("Augment: all %1 steps done \u00b7 judging and storing the results...").arg(total)
                                                  : tr("Augment: step %1 of %2 \u00b7 ETA %3").arg(done).arg(total).arg(duration(eta)));
    });
    connect(session, &AugmentSession::jobFinished, this, [this](bool cancelled) {
        // A stopped job keeps the bar where it stopped (issue 34: it showed full after Stop).
        if (!cancelled) {
            m_progress->setRange(0, 1);
            m_progress->setValue(1);
        }
        m_eta->setText(cancelled ? tr("Augment: stopped after step %1 of %2; finished steps are saved").arg(m_progress->value()).arg(m_progress->maximum())
                                 : tr("Augment: done"));
    });
}

QString AugmentStatusWidget::etaText() const
{
    return m_eta->text();
}

void AugmentStatusWidget::showStopping()
{
    m_eta->setText(tr("Augment: stopping after the current step..."));
}

}  // namespace gauntlet
