#include "engine/augment/job_progress.h"

#include <algorithm>

namespace gauntlet::augment {

void JobProgress::start(int seeds, int stepsPerSeed)
{
    *this = JobProgress();
    m_seeds = std::max(0, seeds);
    m_stepsPerSeed = std::max(0, stepsPerSeed);
}

void JobProgress::modelsLoaded(double now)
{
    m_start = now;
    m_clockStarted = true;
}

void JobProgress::runStarted(double now)
{
    if (!m_clockStarted)
        modelsLoaded(now);
}

void JobProgress::stepFinished(int seedIndex, int step)
{
    m_currentStep = std::clamp(step, 0, m_stepsPerSeed);
    (void)seedIndex;
}

void JobProgress::runEnded(double now, bool countsWhole)
{
    ++m_seedsEnded;
    m_lastEnd = now;
    if (countsWhole) {
        ++m_seedsDone;
        m_currentStep = 0;
    }
}

int JobProgress::done() const
{
    return std::min(total(), m_seedsDone * m_stepsPerSeed + m_currentStep);
}

double JobProgress::secondsLeft(double now) const
{
    const int stepsDone = done();
    if (!m_clockStarted || stepsDone == 0)
        return -1;
    if (m_seedsEnded == 0)
        return (now - m_start) / stepsDone * (total() - stepsDone);
    const double perSeed = (m_lastEnd - m_start) / m_seedsEnded;
    const double currentShare = m_stepsPerSeed > 0 ? double(m_currentStep) / m_stepsPerSeed : 0.0;
    return perSeed * std::max(0.0, double(m_seeds - m_seedsEnded) - currentShare);
}

}  // namespace gauntlet::augment
