// Issue 39 (13), the project file itself and what a refused import leaves of it:
//  - SQLite page damage: copies of a real project (the bundled seed set, a stored run with its
//    steps, archive and pool) with a page overwritten by random bytes or zeros, header bits
//    flipped, pages swapped or the file cut at a page boundary. The oracle: opening and reading
//    every seed set and run either works or throws StoreError naming the file; nothing else, no
//    signal.
//  - Refused imports: mutated seed files, LTB releases and Pearmut campaign files imported through
//    the command line into a project. A refusal names the file, and the project file is then byte
//    for byte what it was.
// GAUNTLET_FUZZ_CASES sets the cases per kind (default 60 here; the fuzz-long label runs 2,000).
#include "app/cli/cli.h"
#include "engine/ato/run_history.h"
#include "engine/ato/run_store.h"
#include "engine/store/project.h"
#include "engine/store/seed_store.h"
#include "tests/fuzz/mutate.h"
#include "tests/support/cli_runner.h"
#include "tests/support/test_files.h"

#include <QCryptographicHash>
#include <QFile>
#include <QTemporaryDir>

#include "tests/support/test_main.h"
#include <QtTest>

#include <random>

using namespace gauntlet;
using gauntlet::testing::fileBytes;
using gauntlet::testing::writeFile;

namespace {

int cases()
{
    bool ok = false;
    const int n = qEnvironmentVariableIntValue("GAUNTLET_FUZZ_CASES", &ok);
    return ok && n > 0 ? std::min(n, 2000) : 60;
}

/// A project with the bundled seed set and one stored two-step run (steps, beam, archive, pool, result).
void buildProject(const QString &path)
{
    auto project = storage::Project::open(path);
    ato::RunStore store(project->database(), std::nullopt);
    ato::AtoConfig config;
    store.runStarted({"The committee met on Monday.", config, nlohmann::json::object()});
    for (int t = 0; t <= 2; ++t) {
        ato::StepFinishedEvent e;
        e.step = t;
        const std::string text = t == 0 ? "The committee met on Monday." : "The council met on Monday " + std::to_string(t) + ".";
        ato::BeamMemberRecord m{0, text, {0, 5 + t, 2}, {}, false, t == 0 ? -1 : 0, {}, {}};
        m.values.loss = 0.9 - 0.1 * t;
        e.beam.push_back(m);
        if (t > 0) {
            e.candidates.push_back({text, m.ids, m.values});
            e.pool.push_back({text, m.values, 0, 1, ato::CandidateFate::Kept, ""});
            e.pool.push_back({text + "x", {}, 0, 1, ato::CandidateFate::Vocabulary, "not in the vocabulary: x"});
        }
        store.stepFinished(e);
    }
    ato::RunResult r;
    r.outputText = "The council met on Monday 2.";
    r.selectedBy = "lowest-perplexity";
    ato::RunEndedEvent ended;
    ended.result = r;
    store.runEnded(ended);
}

/// Page-level damage of an SQLite file (page size `page`).
QByteArray damage(QByteArray bytes, int page, std::mt19937_64 &rng)
{
    const qsizetype pages = bytes.size() / page;
    if (pages < 1)
        return bytes;  // already cut to less than a page: nothing left to damage
    const auto pick = [&rng](qsizetype n) { return n <= 0 ? qsizetype(0) : qsizetype(rng() % std::uint64_t(n)); };
    switch (rng() % 6) {
    case 0: {  // random bytes over part of a page
        const qsizetype at = pick(pages) * page + pick(page);
        for (qsizetype i = at; i < std::min<qsizetype>(bytes.size(), at + 1 + pick(512)); ++i)  // at < pages * page <= size
            bytes[i] = char(rng());
        break;
    }
    case 1:  // a page of zeros
        bytes.replace(pick(pages) * page, page, QByteArray(page, '\0'));
        break;
    case 2:  // bits of the 100-byte header
        for (int k = 0; k < 1 + int(rng() % 4); ++k)
            bytes[pick(100)] = char(bytes[pick(100)] ^ char(1 << (rng() % 8)));
        break;
    case 3:  // cut at a page boundary
        bytes.truncate(pick(pages) * page);
        break;
    case 4: {  // one page copied over another
        const qsizetype from = pick(pages), to = pick(pages);
        bytes.replace(to * page, page, bytes.mid(from * page, page));
        break;
    }
    default:  // bits of the first page (the schema)
        for (int k = 0; k < 1 + int(rng() % 8); ++k)
            bytes[100 + pick(page - 100)] = char(bytes[100 + pick(page - 100)] ^ char(1 << (rng() % 8)));
    }
    return bytes;
}

}  // namespace

class TestProjectFuzz : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private Q_SLOTS:
    void damagedProject_isRefusedByNameOrRead()
    {
        const QString base = m_dir.filePath(QStringLiteral("base.gauntlet"));
        buildProject(base);
        const QByteArray valid = fileBytes(base);
        QVERIFY(valid.size() > 8 * 4096);
        const int page = 4096;
        int refused = 0, opened = 0;
        QStringList failures;
        for (int k = 0; k < cases(); ++k) {
            std::mt19937_64 rng(std::uint64_t(k) * 104729 + 17);
            QByteArray bytes = valid;
            for (int m = 0; m < 1 + int(rng() % 2); ++m)
                bytes = damage(bytes, page, rng);
            const QString path = m_dir.filePath(QStringLiteral("damaged-%1.gauntlet").arg(k));
            QVERIFY(writeFile(path, bytes));
            try {
                storage::inspectProjectFile(path);
                auto project = storage::Project::open(path, storage::Project::Options{false});
                storage::SeedStore seeds = project->seeds();
                for (const storage::SeedSetInfo &set : seeds.sets())
                    seeds.seeds(set.id);
                ato::RunHistory history(project->database());
                for (const ato::RunSummary &run : history.runs())
                    history.trace(run.id, true);
                ++opened;
            } catch (const storage::StoreError &e) {
                ++refused;
                if (!QString::fromUtf8(e.what()).contains(QFileInfo(path).fileName()))
                    failures << QStringLiteral("case %1: the message does not name the file: %2").arg(k).arg(QString::fromUtf8(e.what()).left(200));
            } catch (const std::exception &e) {
                failures << QStringLiteral("case %1: %2 escaped: %3").arg(k).arg(QLatin1String(typeid(e).name()), QString::fromUtf8(e.what()).left(200));
            }
            for (const QString &suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm")})
                QFile::remove(path + suffix);
        }
        qInfo("damaged projects: %d cases, %d refused with a message naming the file, %d opened and read", cases(), refused, opened);
        QVERIFY2(failures.isEmpty(), qPrintable(failures.mid(0, 5).join(u'\n')));
        QVERIFY(refused > 0);
    }

    void refusedImport_leavesTheProjectByteIdentical_data()
    {
        QTest::addColumn<QByteArray>("valid");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QStringList>("command");  // FILE stands for the input's path
        QTest::newRow("seeds import") << QByteArray("id\ttext\ns1\tThe first seed text.\ns2\tA second one, with \xc3\xbc.\n") << QStringLiteral("seeds.tsv")
                                      << QStringList{QStringLiteral("seeds"), QStringLiteral("import"), QStringLiteral("FILE"), QStringLiteral("--name"), QStringLiteral("fuzzed")};
        QTest::newRow("ltb release") << QByteArray(R"([{"id": 7, "source_lang": "English", "target_lang": "German", "source_text": "The bank was closed.",
  "verification_rules": ["Uses Ufer, not Bank."],
  "translations": [{"model": "human", "translation": "Das Ufer war gesperrt.", "verified": [true]},
                   {"model": "sysA", "translation": "Die Bank war geschlossen.", "verified": [false]}]}])")
                                     << QStringLiteral("v1.json") << QStringList{QStringLiteral("examples"), QStringLiteral("import"), QStringLiteral("FILE")};
        QTest::newRow("pearmut campaign") << QByteArray(R"({"info": {"protocol": "ESA", "assignment": "task-based"}, "campaign_id": "deen",
  "data": [[[{"item_id": "d1", "src": "Sie aß Kuchen.", "tgt": {"A": "She ate cake.", "B": "She eat."}}]]]})")
                                          << QStringLiteral("campaign.json")
                                          << QStringList{QStringLiteral("campaigns"), QStringLiteral("import-pearmut"), QStringLiteral("FILE"), QStringLiteral("--name"), QStringLiteral("fuzzed")};
    }

    void refusedImport_leavesTheProjectByteIdentical()
    {
        QFETCH(QByteArray, valid);
        QFETCH(QString, name);
        QFETCH(QStringList, command);
        const QString base = m_dir.filePath(QStringLiteral("import-base.gauntlet"));
        if (!QFile::exists(base))
            buildProject(base);
        const QByteArray baseBytes = fileBytes(base);
        const QString project = m_dir.filePath(QStringLiteral("import.gauntlet"));
        const QString input = m_dir.filePath(name);
        const auto run = [&](const QByteArray &bytes) {
            writeFile(input, bytes);
            QStringList args{QStringLiteral("--project"), project};
            for (const QString &a : command)
                args << (a == QLatin1String("FILE") ? input : a);
            return testing::runCli(args);
        };
        // the unmutated input is accepted
        QVERIFY(writeFile(project, baseBytes));
        const testing::CliResult ok = run(valid);
        QVERIFY2(ok.code == 0, qPrintable(ok.err));
        int refused = 0, accepted = 0;
        QStringList failures;
        const int n = std::max(20, cases() / 2);
        for (int k = 0; k < n; ++k) {
            std::mt19937_64 rng(std::uint64_t(k) * 7919 + qHash(name));
            QByteArray bytes = valid;
            for (int m = 0; m < 1 + int(rng() % 3); ++m)
                bytes = fuzz::mutate(bytes, rng);
            QFile::remove(project + QStringLiteral("-wal"));
            QFile::remove(project + QStringLiteral("-shm"));
            QVERIFY(writeFile(project, baseBytes));
            const testing::CliResult r = run(bytes);
            if (r.code == 0) {
                ++accepted;
                continue;
            }
            ++refused;
            if (!r.err.contains(name))
                failures << QStringLiteral("case %1: the refusal does not name the file: %2").arg(k).arg(r.err.left(200));
            if (fileBytes(project) != baseBytes)
                failures << QStringLiteral("case %1: refused (%2), but the project file changed").arg(k).arg(r.err.left(160));
            if (QFile::exists(project + QStringLiteral("-wal")) && QFileInfo(project + QStringLiteral("-wal")).size() > 0)
                failures << QStringLiteral("case %1: refused, but a write-ahead log was left").arg(k);
        }
        qInfo("%s: %d cases, %d refused (project byte-identical), %d accepted", qPrintable(QTest::currentDataTag()), n, refused, accepted);
        QVERIFY2(failures.isEmpty(), qPrintable(failures.mid(0, 5).join(u'\n')));
        QVERIFY(refused > 0);
    }
};

GAUNTLET_TEST_MAIN(TestProjectFuzz)
#include "tst_project_fuzz.moc"
