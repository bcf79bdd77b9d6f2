#include "app/cli/interrupt_signals.h"

#include <csignal>

namespace gauntlet::cli {

namespace {

std::atomic<bool> g_interrupted{false};

extern "C" void onInterruptSignal(int)
{
    g_interrupted.store(true);
}

}  // namespace

InterruptSignals::InterruptSignals()
{
    g_interrupted.store(false);
    m_int = std::signal(SIGINT, onInterruptSignal);
    m_term = std::signal(SIGTERM, onInterruptSignal);
    m_hup = std::signal(SIGHUP, onInterruptSignal);
}

InterruptSignals::~InterruptSignals()
{
    std::signal(SIGINT, m_int);
    std::signal(SIGTERM, m_term);
    std::signal(SIGHUP, m_hup);
}

const std::atomic<bool> *InterruptSignals::flag()
{
    return &g_interrupted;
}

}  // namespace gauntlet::cli
