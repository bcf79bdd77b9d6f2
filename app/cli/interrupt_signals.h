#pragma once

#include <atomic>

namespace gauntlet::cli {

/// While alive, SIGINT (Ctrl-C), SIGTERM and SIGHUP (a closed terminal) set one process-wide flag
/// instead of ending the process, so a long command (augment, translate, verify) can stop between
/// steps with what finished already stored; the previous handlers come back when it goes. The flag
/// is cleared on construction. One guard at a time (the flag is shared).
class InterruptSignals {
public:
    InterruptSignals();
    ~InterruptSignals();
    InterruptSignals(const InterruptSignals &) = delete;
    InterruptSignals &operator=(const InterruptSignals &) = delete;

    /// The flag the handlers set, for code that polls it (AugmentJob::run's cancel).
    static const std::atomic<bool> *flag();
    bool interrupted() const { return flag()->load(); }

private:
    void (*m_int)(int);
    void (*m_term)(int);
    void (*m_hup)(int);
};

}  // namespace gauntlet::cli
