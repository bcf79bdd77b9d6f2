// Long work of a workspace off the GUI thread (issue 36: the one background-job helper): Coverage's
// corpus reads, classifications and samples, its labelling load, and the Augment MT bar's run
// translations. One job at a time per BackgroundJob; the work function runs on a QThread, reports
// progress through its Control (thread-safe, queued to the GUI) and sees Cancel there. A work
// function that writes opens its own database connection (Database::open); otherwise its result is
// handed to `finish` on the GUI thread, which stores it (the project's connection belongs to the
// GUI thread); a cancelled job's `finish` is not called, so nothing half-done is stored by it.
#pragma once

#include <QObject>
#include <QString>

#include <atomic>
#include <functional>

class QThread;

namespace gauntlet {

class BackgroundJob : public QObject {
    Q_OBJECT
public:
    /// What the work function sees.
    class Control {
    public:
        explicit Control(BackgroundJob *job) : m_job(job) {}
        /// Reports progress (total 0: unknown); returns false once Cancel was asked for.
        bool progress(int done, int total);
        bool cancelled() const;
        /// The flag Cancel sets, for engine functions that poll one (valid while the work runs).
        const std::atomic_bool *cancelFlag() const;

    private:
        BackgroundJob *m_job;
    };

    explicit BackgroundJob(QObject *parent = nullptr);
    /// Asks a running job to cancel and waits for its thread.
    ~BackgroundJob() override;

    bool isRunning() const { return m_thread != nullptr; }
    QString label() const { return m_label; }

    /// Starts `work` on a new thread. It returns an error message ("" on success); exceptions are
    /// caught and reported as errors. When it ends (not cancelled, no error) `finish` runs on the
    /// GUI thread and may return an error too. Returns false when a job is already running.
    bool start(const QString &label, std::function<QString(Control &)> work, std::function<QString()> finish);

    /// Blocks until the running job's thread has ended (its `finished` is still delivered later,
    /// queued). For an owner that must not go on while the work still uses what it captured.
    void wait();

public Q_SLOTS:
    void cancel();

Q_SIGNALS:
    void started(const QString &label);
    void progressChanged(int done, int total);
    /// The job ended: `error` is empty on success; `cancelled` when Cancel stopped it.
    void finished(const QString &label, const QString &error, bool cancelled);

private:
    QThread *m_thread = nullptr;
    QString m_label;
    std::atomic_bool m_cancel{false};
    QString m_error;
    std::function<QString()> m_finish;
};

}  // namespace gauntlet
