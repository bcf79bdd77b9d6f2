// The shared main of every test folder's executable (see test_main.h).
#include "tests/support/test_main.h"

#include <QApplication>
#include <QTranslator>

#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace gauntlet::testing {

namespace {

struct Entry {
    AppKind kind;
    RunFunction run;
};

std::map<std::string, Entry> &registry()
{
    static std::map<std::string, Entry> classes;
    return classes;
}

}  // namespace

bool registerTestClass(const char *name, AppKind kind, RunFunction run)
{
    registry().emplace(name, Entry{kind, run});
    return true;
}

}  // namespace gauntlet::testing

int main(int argc, char **argv)
{
    using gauntlet::testing::registry;
    const auto usage = [&] {
        std::fprintf(stderr, "usage: %s CLASS [QtTest options]   (or --list)\nclasses:", argv[0]);
        for (const auto &entry : registry())
            std::fprintf(stderr, " %s", entry.first.c_str());
        std::fprintf(stderr, "\n");
        return 2;
    };
    if (argc < 2)
        return usage();
    if (std::strcmp(argv[1], "--list") == 0) {
        for (const auto &entry : registry())
            std::printf("%s\n", entry.first.c_str());
        return 0;
    }
    const auto found = registry().find(argv[1]);
    if (found == registry().end()) {
        std::fprintf(stderr, "%s: no test class %s\n", argv[0], argv[1]);
        return usage();
    }
    // QtTest sees the executable and the options after the class name.
    std::vector<char *> args{argv[0]};
    for (int i = 2; i < argc; ++i)
        args.push_back(argv[i]);
    int count = int(args.size());
    args.push_back(nullptr);
    std::unique_ptr<QCoreApplication> app;
    if (found->second.kind == gauntlet::testing::AppKind::Gui) {
        auto gui = std::make_unique<QApplication>(count, args.data());
        gui->setAttribute(Qt::AA_Use96Dpi, true);  // as QTEST_MAIN
        // The GUI in English as users see it: its plural forms ("1 seed", "2 seeds") come from
        // ":/i18n/gauntlet_en.qm" (app/ui_language.cpp), present where the test links the app.
        auto *plurals = new QTranslator(gui.get());
        if (plurals->load(QStringLiteral(":/i18n/gauntlet_en.qm")))
            QCoreApplication::installTranslator(plurals);
        app = std::move(gui);
    } else {
        app = std::make_unique<QCoreApplication>(count, args.data());
    }
    return found->second.run(count, args.data());
}
