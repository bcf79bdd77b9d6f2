// The Augment workspace's part of the main window's status bar: an ETA label and a progress bar
// that follow AugmentSession's job (seeds queued, models loading, step n of m with the ETA, done or
// stopped). Hidden until the first job starts.
#pragma once

#include <QWidget>

class QLabel;
class QProgressBar;

namespace gauntlet {

class AugmentSession;

class AugmentStatusWidget : public QWidget {
    Q_OBJECT
public:
    /// Follows the jobs of `session`.
    explicit AugmentStatusWidget(AugmentSession *session, QWidget *parent = nullptr);

    QProgressBar *progressBar() const { return m_progress; }
    QString etaText() const;
    /// Says that the job stops after the current step (Stop was pressed).
    void showStopping();

private:
    QProgressBar *m_progress;
    QLabel *m_eta;
};

}  // namespace gauntlet
