// Seed sets in the store: add, list, replace, remove, and all-or-nothing imports.
#include "engine/store/project.h"

#include <QTemporaryDir>
#include "tests/support/temporary_project.h"
#include "tests/support/test_main.h"
#include <QtTest>

using namespace gauntlet;

namespace {

QVector<storage::SeedRecord> records(const QStringList &texts)
{
    QVector<storage::SeedRecord> seeds;
    for (const QString &text : texts) {
        storage::SeedRecord r;
        r.text = text;
        r.corpus = QStringLiteral("test");
        seeds.append(r);
    }
    return seeds;
}

}  // namespace

class TestSeedStore : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<storage::Project> m_project;

private Q_SLOTS:
    void init() { m_project = testing::testFunctionProject(m_dir); }
    void cleanup() { m_project.reset(); }

    void addSet_storesInOrder()
    {
        storage::SeedStore store = m_project->seeds();
        const qint64 id = store.addSet(QStringLiteral("mine"), records({QStringLiteral("b"), QStringLiteral("a"), QStringLiteral("c")}),
                                       QStringLiteral("/tmp/x.txt"), QStringLiteral("CC0"));
        const QVector<storage::Seed> seeds = store.seeds(id);
        QCOMPARE(seeds.size(), 3);
        QCOMPARE(seeds[0].record.text, QStringLiteral("b"));
        QCOMPARE(seeds[2].record.text, QStringLiteral("c"));
        QCOMPARE(seeds[1].position, 1);
        QCOMPARE(store.seeds(id, 1, 1).constFirst().record.text, QStringLiteral("a"));
        QCOMPARE(store.findSet(QStringLiteral("mine"))->licence, QStringLiteral("CC0"));
        QCOMPARE(store.seed(seeds[1].id)->record.text, QStringLiteral("a"));
    }

    void duplicateName_refusedUnlessReplace()
    {
        storage::SeedStore store = m_project->seeds();
        store.addSet(QStringLiteral("s"), records({QStringLiteral("one")}), {});
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, store.addSet(QStringLiteral("s"), records({QStringLiteral("two")}), {}));
        QCOMPARE(store.findSet(QStringLiteral("s"))->seedCount, 1);
        store.addSet(QStringLiteral("s"), records({QStringLiteral("two"), QStringLiteral("three")}), {}, {}, true);
        QCOMPARE(store.sets().size(), 1);
        QCOMPARE(store.findSet(QStringLiteral("s"))->seedCount, 2);
        QCOMPARE(store.totalSeedCount(), 2);
    }

    void failedImport_leavesNothing()
    {
        storage::SeedStore store = m_project->seeds();
        store.addSet(QStringLiteral("keep"), records({QStringLiteral("kept")}), {});
        // The schema refuses an empty text; the whole set must roll back, and a replaced set survive.
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, store.addSet(QStringLiteral("keep"), records({QStringLiteral("x"), QString()}), {}, {}, true));
        QCOMPARE(store.sets().size(), 1);
        QCOMPARE(store.findSet(QStringLiteral("keep"))->seedCount, 1);
        QCOMPARE(store.seeds(store.findSet(QStringLiteral("keep"))->id).constFirst().record.text, QStringLiteral("kept"));
    }

    void removeSet_cascadesToSeeds()
    {
        storage::SeedStore store = m_project->seeds();
        const qint64 id = store.addSet(QStringLiteral("gone"), records({QStringLiteral("a"), QStringLiteral("b")}), {});
        store.removeSet(id);
        QVERIFY(!store.findSet(QStringLiteral("gone")));
        QCOMPARE(store.totalSeedCount(), 0);
    }
};

GAUNTLET_TEST_MAIN(TestSeedStore)
#include "tst_seed_store.moc"
