// The shipped default model pack (resources/models/default, issue #5): it is found by the lookup
// the app and CLI use, loads through the same loader as the public checkpoints, its C++ scores on
// real tokenized seed sentences equal the independent Python reference (reference_forward.py,
// 1e-5), and its held-out report (eval-pack) meets the pack's quality bars and agrees with the
// numbers the trainer measured through its own training graph.
#include "engine/ato/model_pack.h"
#include "engine/nn/encoder_scorers.h"
#include "engine/nn/model_folder.h"
#include "engine/train/pack_evaluation.h"
#include "tests/nn/nn_test_support.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include "tests/support/shared_copy.h"
#include "tests/support/test_files.h"
#include "tests/support/test_main.h"
#include <QTest>

#include <algorithm>
#include <cmath>

using namespace gauntlet;

class TestDefaultPack : public QObject {
    Q_OBJECT

private:
    ato::ModelPack m_pack;
    QStringList m_seeds;

    /// A metric the trainer wrote into training_report.json of `folder` (NaN if absent).
    static double trainerMetric(const QString &folder, const QString &name)
    {
        const QJsonObject root = gauntlet::testing::jsonObjectFile(folder + QStringLiteral("/training_report.json"));
        for (const QString &key : {QStringLiteral("final_metrics"), QStringLiteral("metrics")}) {
            const QJsonObject m = root.value(key).toObject();
            if (m.contains(name))
                return m.value(name).toDouble();
        }
        return root.contains(name) ? root.value(name).toDouble() : std::nan("");
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_pack = ato::modelPackAt(QStringLiteral(GAUNTLET_SOURCE_DIR "/resources/models/default"));
        QVERIFY2(!m_pack.difficulty.isEmpty() && !m_pack.acceptability.isEmpty() && !m_pack.languageModel.isEmpty(),
                 "resources/models/default must hold difficulty/, acceptability/ and lm/");
        QVERIFY2(!m_pack.wordList.isEmpty(), "the pack ships its word list");
        // Real seeds: the first six of the shared English seed file (its committed copy in
        // tests/data/shared-copy).
        QFile f(gauntlet::testing::sharedCopy(QStringLiteral("seeds/seeds_en_10-20w.tsv")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        f.readLine();  // header
        while (m_seeds.size() < 6 && !f.atEnd())
            m_seeds << QString::fromUtf8(f.readLine()).trimmed().section(u'\t', 5);
        QCOMPARE(m_seeds.size(), 6);
    }

    void defaultLookup_findsTheShippedPack()
    {
        qunsetenv("GAUNTLET_MODEL_PACK");
        const ato::ModelPack found = ato::defaultModelPack();
        QCOMPARE(QFileInfo(found.difficulty).canonicalFilePath(), QFileInfo(m_pack.difficulty).canonicalFilePath());
        QCOMPARE(nn::detectModelKind(m_pack.difficulty), nn::ScoreKind::Difficulty);
        QCOMPARE(nn::detectModelKind(m_pack.acceptability), nn::ScoreKind::Acceptability);
        QCOMPARE(nn::detectModelKind(m_pack.languageModel), nn::ScoreKind::Perplexity);
    }

    void scores_matchPythonReference_data()
    {
        QTest::addColumn<QString>("role");
        QTest::addColumn<QString>("kind");
        QTest::newRow("difficulty") << QStringLiteral("difficulty") << QStringLiteral("sentinel");
        QTest::newRow("acceptability") << QStringLiteral("acceptability") << QStringLiteral("classifier");
        QTest::newRow("lm") << QStringLiteral("lm") << QStringLiteral("qwen2");
    }

    void scores_matchPythonReference()
    {
        QFETCH(QString, role);
        QFETCH(QString, kind);
        const QString dir = role == QLatin1String("difficulty")      ? m_pack.difficulty
                            : role == QLatin1String("acceptability") ? m_pack.acceptability
                                                                     : m_pack.languageModel;
        nn::ModelFolderOptions options;
        options.requireTokenizer = true;
        options.settings = nn_test::cpuSettings();
        const nn::LoadedModel m = nn::loadModelFolder(dir, options);
        for (const QString &seed : m_seeds) {
            const std::vector<int64_t> ids = nn::encodeForScoring(m, seed.toStdString(), 0, false);
            QVERIFY(ids.size() > 5);
            const double score = m.scorer->scoreBatch({ids})[0];
            const nlohmann::json ref = nn_test::referenceForward(dir, kind, {ids});
            const double expected = nn_test::referenceScore(ref, kind);
            QVERIFY2(std::abs(score - expected) <= 1e-5 * std::max(1.0, std::abs(expected)),
                     qPrintable(QStringLiteral("%1 on '%2': %3 vs reference %4").arg(role, seed).arg(score, 0, 'g', 10).arg(expected, 0, 'g', 10)));
            if (role == QLatin1String("difficulty")) {  // the CLS vector behind L_cos
                const auto &enc = dynamic_cast<const nn::EncoderScorer &>(*m.scorer);
                const nlohmann::json cls = nn_test::referenceForward(dir, QStringLiteral("encoder"), {ids});
                QVERIFY(nn_test::closeAll(nn_test::flat(cls["cls"]), nn_test::flat(enc.clsBatch({ids})), 1e-5, "cls"));
            }
        }
    }

    void evalPack_barsHoldAndAgreeWithTrainer()
    {
        train::PackEvaluationOptions options;
        options.packDir = m_pack.folder;
        options.dataDir = QStringLiteral(GAUNTLET_SHARED_DIR "/data");
        options.maxLmLines = 300;
        options.threads = 2;
        const train::PackEvaluation report = train::evaluatePack(options, nullptr);
        int bars = 0;
        for (const train::PackMetric &m : report.metrics) {
            if (!m.bar)
                continue;
            ++bars;
            QVERIFY2(*m.bar, qPrintable(QString::fromStdString(m.model + ": " + m.metric + " " + std::to_string(m.value) + " fails " + m.barText)));
        }
        QCOMPARE(bars, 3);
        // The classifier of round 2 (issue 16) tells link-grammar's rejects from real sentences
        // better than always answering the majority class.
        const auto hard = std::find_if(report.metrics.begin(), report.metrics.end(), [](const train::PackMetric &m) {
            return m.metric == "accuracy, held-out hard negatives (link-grammar labels)";
        });
        QVERIFY2(hard != report.metrics.end(), "the pack's acceptability/hard_negatives_held_out.tsv was not evaluated");
        QVERIFY2(hard->value > hard->baselineValue, qPrintable(QStringLiteral("%1 vs majority %2").arg(hard->value).arg(hard->baselineValue)));
        // Two implementations of the same held-out numbers: the trainer's (training graph, its
        // own split bookkeeping) and eval-pack's (shipping scorers).
        for (const train::PackMetric &m : report.metrics) {
            double trainer = std::nan("");
            if (m.model == "difficulty" && m.metric == "Pearson r, pooled test")
                trainer = trainerMetric(m_pack.difficulty, QStringLiteral("test_pearson_pooled"));
            else if (m.model == "acceptability" && m.metric == "MCC, CoLA in_domain_dev")
                trainer = trainerMetric(m_pack.acceptability, QStringLiteral("mcc_in_domain_dev"));
            else if (m.model == "acceptability" && m.metric == "accuracy, held-out hard negatives (link-grammar labels)")
                trainer = trainerMetric(m_pack.acceptability, QStringLiteral("extra_held_out_accuracy"));
            else if (m.model == "acceptability" && m.metric == "MCC, held-out hard negatives (link-grammar labels)")
                trainer = trainerMetric(m_pack.acceptability, QStringLiteral("extra_held_out_mcc"));
            if (std::isnan(trainer))
                continue;
            QVERIFY2(std::abs(trainer - m.value) < 1e-4,
                     qPrintable(QStringLiteral("%1: trainer %2, eval-pack %3").arg(QString::fromStdString(m.metric)).arg(trainer).arg(m.value)));
        }
    }
};

GAUNTLET_TEST_MAIN(TestDefaultPack)
#include "tst_default_pack.moc"
