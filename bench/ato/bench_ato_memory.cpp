// bench_ato_memory: resident memory over a long ATO-Direct run at the paper's beam settings
// (B = 50, K = 200, N = 64, R = 15). Prints the process's resident set (/proc/self/statm) and the
// archive size after the steps listed, and the growth per archived candidate, so "memory stays
// bounded over a 100-step run" is a measured statement. The archive is the only state that grows
// with the run (every unique candidate text and its term values; search.h ArchiveEntry).
//
// Run: build/bench/ato/bench_ato_memory [STEPS [PACK_DIR]]   (default 100 steps on small
// generated models; with PACK_DIR the pack's models)
#include "../../tests/ato/ato_test_support.h"

#include "engine/ato/model_pack.h"
#include "engine/ato/search.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

#include <cstdio>
#include <unistd.h>

using namespace gauntlet;
using namespace gauntlet::ato;

namespace {

double residentMiB()
{
    QFile f(QStringLiteral("/proc/self/statm"));
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    const QList<QByteArray> fields = f.readAll().split(' ');
    return fields.size() > 1 ? fields[1].toDouble() * double(sysconf(_SC_PAGESIZE)) / (1024.0 * 1024.0) : 0;
}

class MemoryProbe : public RunObserver {
public:
    void stepFinished(const StepFinishedEvent &e) override
    {
        archived += e.candidatesScored;
        const double rss = residentMiB();
        if (e.step == 1) {
            firstRss = rss;
            firstArchived = archived;
        }
        if (e.step <= 3 || e.step == 10 || e.step % 25 == 0)
            std::printf("step %3d: resident %.1f MiB, candidates scored so far %lld\n", e.step, rss, archived);
        std::fflush(stdout);
        lastRss = rss;
    }
    long long archived = 0, firstArchived = 0;
    double firstRss = 0, lastRss = 0;
};

}  // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const int steps = argc > 1 ? std::atoi(argv[1]) : 100;
    AtoConfig config;
    config.method = Method::Direct;
    config.steps = steps;
    config.threads = 2;
    if (argc > 2 && QFileInfo(QString::fromLocal8Bit(argv[2])).isDir()) {
        applyModelPack(config, modelPackAt(QString::fromLocal8Bit(argv[2])));
    } else {
        const QString dir = ato_test::modelsDir();
        config.difficultyModel = (dir + "/sentinel").toStdString();
        config.acceptabilityModel = (dir + "/cola").toStdString();
        config.languageModel = (dir + "/lm").toStdString();
    }
    const auto models = loadModels(config);
    AtoRunner runner(config, models);
    MemoryProbe probe;
    runner.addObserver(&probe);
    const double before = residentMiB();
    std::setvbuf(stdout, nullptr, _IOLBF, 0);
    std::printf("ATO-Direct, %d steps, B=%d K=%d N=%d R=%d; resident after loading %.1f MiB\n", steps, config.beamWidth,
                config.shortlistSize, config.candidatesPerMember, config.randomInjections, before);
    const auto result = runner.run("The committee will discuss the report at its meeting in Geneva next week, officials said.");
    const double growth = probe.lastRss - probe.firstRss;
    const long long added = probe.archived - probe.firstArchived;
    std::printf("resident: %.1f MiB after step 1, %.1f MiB after step %d (+%.1f MiB for %lld more candidates scored, %.0f bytes each); "
                "output: %s\n",
                probe.firstRss, probe.lastRss, steps, growth, added, added > 0 ? growth * 1024 * 1024 / double(added) : 0.0,
                result ? result->outputText.c_str() : "(none)");
    return 0;
}
