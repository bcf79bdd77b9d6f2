// One test executable per test folder (tests/<folder> -> tests_<folder>), with one CTest entry per
// test class: each tst_*.cpp registers its class with GAUNTLET_TEST_MAIN (QCoreApplication, as
// QTEST_GUILESS_MAIN) or GAUNTLET_GUI_TEST_MAIN (QApplication, as QTEST_MAIN), and the shared main
// (test_main.cpp) runs the class named by the first argument:
//   tests_store TestMigrations [QtTest options, e.g. -v2 or a test function name]
//   tests_store --list            (the registered classes, one per line)
#pragma once

#include <QtTest>

namespace gauntlet::testing {

enum class AppKind {
    Core,  ///< QCoreApplication
    Gui,   ///< QApplication, offscreen under CTest
};

/// Runs one registered class; argv[0] is the executable, the class name is already removed.
using RunFunction = int (*)(int argc, char **argv);

/// Registers a class under `name` (the CTest entry names it); called during static initialisation.
bool registerTestClass(const char *name, AppKind kind, RunFunction run);

}  // namespace gauntlet::testing

#define GAUNTLET_TEST_REGISTER(Class, kind, run)                                                                 \
    namespace {                                                                                                 \
    const bool gauntletTestRegistered_##Class = gauntlet::testing::registerTestClass(#Class, kind, run);           \
    }

#define GAUNTLET_TEST_MAIN_KIND(Class, kind)                                                                     \
    namespace {                                                                                                 \
    int gauntletTestRun_##Class(int argc, char **argv)                                                          \
    {                                                                                                           \
        Class test;                                                                                             \
        return QTest::qExec(&test, argc, argv);                                                                 \
    }                                                                                                           \
    }                                                                                                           \
    GAUNTLET_TEST_REGISTER(Class, kind, &gauntletTestRun_##Class)

/// In place of QTEST_GUILESS_MAIN(Class).
#define GAUNTLET_TEST_MAIN(Class) GAUNTLET_TEST_MAIN_KIND(Class, gauntlet::testing::AppKind::Core)
/// In place of QTEST_MAIN(Class) for widget tests.
#define GAUNTLET_GUI_TEST_MAIN(Class) GAUNTLET_TEST_MAIN_KIND(Class, gauntlet::testing::AppKind::Gui)
