// Long work of the Coverage workspace off the GUI thread: a corpus file read and scored, a
// classification, samples drawn. One job at a time; the work function runs on a QThread, reports
// progress through its Control (thread-safe, queued to the GUI) and sees Cancel there. The result
// is handed to `finish` on the GUI thread, which stores it (the project's database connection
// belongs to the GUI thread); a cancelled job's result is dropped, so nothing half-done is stored.
#pragma once

#include <QObject>
#include <QString>

#include <atomic>
#include <functional>

class QThread;

namespace gauntlet {

class CoverageJob : public QObject {
    Q_OBJECT
public:
    /// What the work function sees.
    class Control {
    public:
        explicit Control(CoverageJob *job) : m_job(job) {}
        /// Reports progress (total 0: unknown); returns false once Cancel was asked for.
        bool progress(int done, int total);
        bool cancelled() const;

    private:
        CoverageJob *m_job;
    };

    explicit CoverageJob(QObject *parent = nullptr);
    ~CoverageJob() override;

    bool isRunning() const { return m_thread != nullptr; }
    QString label() const { return m_label; }

    /// Starts `work` on a new thread. It returns an error message ("" on success); exceptions are
    /// caught and reported as errors. When it ends (not cancelled, no error) `finish` runs on the
    /// GUI thread and may return an error too. Returns false when a job is already running.
    bool start(const QString &label, std::function<QString(Control &)> work, std::function<QString()> finish);

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
