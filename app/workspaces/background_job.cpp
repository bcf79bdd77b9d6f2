#include "app/workspaces/background_job.h"

#include <QMetaObject>
#include <QThread>

#include <exception>

namespace gauntlet {

bool BackgroundJob::Control::progress(int done, int total)
{
    QMetaObject::invokeMethod(m_job, [job = m_job, done, total] { Q_EMIT job->progressChanged(done, total); }, Qt::QueuedConnection);
    return !m_job->m_cancel.load();
}

bool BackgroundJob::Control::cancelled() const
{
    return m_job->m_cancel.load();
}

const std::atomic_bool *BackgroundJob::Control::cancelFlag() const
{
    return &m_job->m_cancel;
}

BackgroundJob::BackgroundJob(QObject *parent) : QObject(parent) {}

BackgroundJob::~BackgroundJob()
{
    if (m_thread) {
        m_cancel = true;
        m_thread->wait();
        delete m_thread;
    }
}

void BackgroundJob::wait()
{
    if (m_thread)
        m_thread->wait();
}

void BackgroundJob::cancel()
{
    if (m_thread)
        m_cancel = true;
}

bool BackgroundJob::start(const QString &label, std::function<QString(Control &)> work, std::function<QString()> finish)
{
    if (m_thread)
        return false;
    m_label = label;
    m_cancel = false;
    m_error.clear();
    m_finish = std::move(finish);
    m_thread = QThread::create([this, work = std::move(work)] {
        Control control(this);
        try {
            m_error = work(control);
        } catch (const std::exception &e) {
            m_error = QString::fromUtf8(e.what());
        }
    });
    connect(m_thread, &QThread::finished, this, [this] {
        m_thread->deleteLater();
        m_thread = nullptr;
        const bool cancelled = m_cancel.load();
        QString error = m_error;
        if (!cancelled && error.isEmpty() && m_finish) {
            try {
                error = m_finish();
            } catch (const std::exception &e) {
                error = QString::fromUtf8(e.what());
            }
        }
        m_finish = nullptr;
        Q_EMIT finished(m_label, cancelled ? QString() : error, cancelled);
    });
    Q_EMIT started(label);
    m_thread->start();
    return true;
}

}  // namespace gauntlet
