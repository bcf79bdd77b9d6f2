// Counts the files a test process opens, by path: the C library's open, open64, openat, openat64,
// fopen and fopen64 are interposed (the test executable's definitions come first in the global
// symbol scope, so calls from Qt, libtorch and the compute plugin reach them too) and forwarded to
// the real ones (dlsym RTLD_NEXT). Used to check that a job reads each model file once (issue 36
// item 1). Link tests/support/open_counter.cpp into the test executable.
#pragma once

#include <QString>
#include <QStringList>

namespace gauntlet::testing {

/// Starts recording (clears what was recorded).
void startCountingOpens();
/// Stops recording and returns every path opened since startCountingOpens(), in order, as given
/// to the call (relative paths are resolved against the working directory of the time).
QStringList stopCountingOpens();

}  // namespace gauntlet::testing
