// Projects for the tests that store something: one in a temporary folder of its own,
//   auto [dir, project] = gauntlet::testing::TemporaryProject();
//   CampaignStore store(project->database());
// and, for a test class that opens a project per test function in its init(), that project.
#pragma once

#include "engine/store/project.h"

#include <QString>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

namespace gauntlet::testing {

/// A new project file `name` in a new temporary folder (with the bundled seed set unless
/// `options` say otherwise); the project is closed before the folder is removed.
struct TemporaryProject {
    QTemporaryDir dir;
    std::unique_ptr<storage::Project> project;

    explicit TemporaryProject(const QString &name = QStringLiteral("p.gauntlet"), const storage::Project::Options &options = {})
        : project(storage::Project::open(dir.filePath(name), options))
    {
    }
};

/// A new project `<dir>/<test function>.gauntlet` without the bundled seed set, for init().
inline std::unique_ptr<storage::Project> testFunctionProject(const QTemporaryDir &dir)
{
    return storage::Project::open(dir.filePath(QStringLiteral("%1.gauntlet").arg(QTest::currentTestFunction())), storage::Project::Options{false});
}

}  // namespace gauntlet::testing
