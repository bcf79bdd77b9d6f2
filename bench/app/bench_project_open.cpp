// bench_project_open: how opening a project scales with the size of the coverage corpus it holds
// (issue 33 item 7: a 560,000-segment corpus froze the window for 15-46 s and took 911 MiB before
// anything was shown). For each corpus size (1k, 10k, 100k, 560k segments by default) a project is
// built once (cached under --dir) and opened in a fresh child process, offscreen:
//   first paint  the main window created, the project opened and the window painted once (ms);
//   max stall    the longest gap between the GUI thread's 10 ms timer ticks from opening until the
//                Coverage workspace, shown, has its corpus loaded (ms; a frozen window shows here);
//   ready        from opening until Coverage's corpus is loaded (ms);
//   peak RSS     the child's VmHWM (MiB), with the corpus file's size beside it.
// Speed is reported, not asserted (the machines are shared); memory growth is read against corpus
// growth in the same run.
//   build/bench/app/bench_project_open [--sizes 1000,10000,100000,560000] [--dir /tmp/gauntlet-bench-open]
//
// Measured 2026-12-03 on 2 shared cores (segments: first paint, longest stall, Coverage ready, peak RSS, corpus file):
//      1,000: 366 ms,  0 ms,  376 ms,  57 MiB,  0.2 MiB
//     10,000: 211 ms,  0 ms,  269 ms,  67 MiB,  1.7 MiB
//    100,000: 417 ms, 22 ms,  889 ms, 144 MiB, 17.0 MiB
//    560,000: 461 ms, 15 ms, 3806 ms, 529 MiB, 96.9 MiB
// Before (the same machine): 560,000 segments painted after the whole corpus was read on the GUI
// thread; with the summary stored at import but the integrity check of a 166 MiB file on open,
// first paint was 1,469 ms. Memory grows with the corpus, about 4.8 MiB per MiB of corpus file
// from 100k to 560k segments, and only once Coverage is shown.
#include "app/main_window.h"
#include "app/workspaces/coverage_workspace.h"
#include "engine/core/settings.h"
#include "engine/sampling/coverage_store.h"
#include "engine/store/project.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTimer>

#include <cstdio>

using namespace gauntlet;

namespace {

double peakResidentMiB()
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').value(0).toDouble() / 1024.0;
    return -1;
}

/// The project for `segments` segments (a TSV corpus of that many lines imported once).
QString projectFor(const QString &dir, int segments)
{
    const QString path = QDir(dir).filePath(QStringLiteral("open-%1.gauntlet").arg(segments));
    if (QFileInfo::exists(path))
        return path;
    const QString tsv = QDir(dir).filePath(QStringLiteral("corpus-%1.tsv").arg(segments));
    QFile f(tsv);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write("source\tmt\tpost_edit\n");
    for (int i = 0; i < segments; ++i) {
        const QByteArray n = QByteArray::number(i);
        f.write("The committee discussed item " + n + " of the report for a long time.\tDer Ausschuss besprach Punkt " + n
                + " des Berichts lange.\tDer Ausschuss diskutierte Punkt " + n + " des Berichts lange.\n");
    }
    f.close();
    auto project = storage::Project::open(path);
    sampling::CoverageStore(project->database()).importCorpusFile(tsv, {}, QStringLiteral("corpus-%1").arg(segments));
    return path;
}

int child(const QString &project)
{
    core::Settings settings(project + QStringLiteral(".ini"));
    QElapsedTimer clock;
    qint64 longest = 0, last = 0;
    QTimer ticker;
    QObject::connect(&ticker, &QTimer::timeout, [&] {
        const qint64 now = clock.elapsed();
        longest = std::max(longest, now - last);
        last = now;
    });
    clock.start();
    MainWindow window(&settings);
    window.show();
    window.openProject(project, false);
    QCoreApplication::processEvents();
    const qint64 firstPaint = clock.elapsed();
    ticker.start(10);
    last = clock.elapsed();
    auto *coverage = qobject_cast<CoverageWorkspace *>(window.workspace(3));
    window.showWorkspace(3);
    while (coverage && !coverage->isLoaded() && clock.elapsed() < 600000)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
    const qint64 ready = clock.elapsed();
    std::printf("%lld %lld %lld %.1f %d\n", qlonglong(firstPaint), qlonglong(longest), qlonglong(ready), peakResidentMiB(),
                coverage ? coverage->corpusSegmentCount() : -1);
    return 0;
}

}  // namespace

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addOption({QStringLiteral("sizes"), QStringLiteral("Corpus sizes"), QStringLiteral("LIST"), QStringLiteral("1000,10000,100000,560000")});
    parser.addOption({QStringLiteral("dir"), QStringLiteral("Cache folder"), QStringLiteral("DIR"), QStringLiteral("/tmp/gauntlet-bench-open")});
    parser.addOption({QStringLiteral("child"), QStringLiteral("(internal)"), QStringLiteral("PROJECT")});
    parser.process(app);
    if (parser.isSet(QStringLiteral("child")))
        return child(parser.value(QStringLiteral("child")));
    const QString dir = parser.value(QStringLiteral("dir"));
    QDir().mkpath(dir);
    std::printf("%10s %12s %14s %12s %10s %14s %10s\n", "segments", "first paint", "max stall", "ready", "peak RSS", "corpus file", "loaded");
    for (const QString &size : parser.value(QStringLiteral("sizes")).split(u',')) {
        const int segments = size.toInt();
        const QString project = projectFor(dir, segments);
        QProcess p;
        p.start(QCoreApplication::applicationFilePath(), {QStringLiteral("--child"), project});
        p.waitForFinished(-1);
        const QList<QByteArray> f = p.readAllStandardOutput().trimmed().split(' ');
        const double fileMiB = QFileInfo(QDir(dir).filePath(QStringLiteral("corpus-%1.tsv").arg(segments))).size() / 1048576.0;
        if (f.size() < 5) {
            std::printf("%10d  (the child failed: %s)\n", segments, p.readAllStandardError().left(300).constData());
            continue;
        }
        std::printf("%10d %9s ms %11s ms %9s ms %7s MiB %10.1f MiB %10s\n", segments, f[0].constData(), f[1].constData(), f[2].constData(), f[3].constData(),
                    fileMiB, f[4].constData());
    }
    return 0;
}
