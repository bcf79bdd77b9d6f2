// A job's progress and its estimate of the time left, one for the command line's progress line and
// the Augment workspace's status bar (issue 36: each computed its own, and the window's ignored
// what a seed costs after its search: judges, MT, storing).
#pragma once

namespace gauntlet::augment {

/// Steps done of the job's planned steps and the seconds left. Times are seconds on one steady
/// clock, given by the caller (so a test can give its own).
///
/// The estimate: until a seed's run has ended only the search's pace is known, so it is the
/// elapsed time per step done times the steps left, and a lower bound (the work after a seed's
/// last step is not in it). From then on it is the measured time per ended seed times the seeds
/// left, less the current seed's share of its steps.
class JobProgress {
public:
    /// A job of `seeds` seeds of `stepsPerSeed` planned steps each (ato::plannedSteps).
    void start(int seeds, int stepsPerSeed);
    /// The models are loaded at `now`: the clock of the estimate starts.
    void modelsLoaded(double now);
    /// A seed's run started at `now`; starts the clock if the models came from a cache (no
    /// modelsLoaded call in this job).
    void runStarted(double now);
    /// Seed `seedIndex` (0-based) finished step `step` (1-based within the seed).
    void stepFinished(int seedIndex, int step);
    /// A seed's run ended at `now`. `countsWhole`: finished or failed (the seed is done); a
    /// cancelled run keeps only the steps it made.
    void runEnded(double now, bool countsWhole);

    int seeds() const { return m_seeds; }
    int stepsPerSeed() const { return m_stepsPerSeed; }
    int total() const { return m_seeds * m_stepsPerSeed; }
    /// Steps done, in [0, total()].
    int done() const;
    /// Seconds left at `now`; -1 while unknown (before the models are loaded or any step is done).
    double secondsLeft(double now) const;
    /// Whether secondsLeft is a lower bound (no seed's run has ended yet).
    bool lowerBound() const { return m_seedsEnded == 0; }

private:
    int m_seeds = 0, m_stepsPerSeed = 0;
    int m_seedsDone = 0;    ///< seeds that count whole
    int m_seedsEnded = 0;   ///< runs ended (whole or cancelled)
    int m_currentStep = 0;  ///< steps of the seed in progress
    bool m_clockStarted = false;
    double m_start = 0, m_lastEnd = 0;
};

}  // namespace gauntlet::augment
