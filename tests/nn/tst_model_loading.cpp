// Loading model folders: every bad tensor reported at once, truncated files, mismatched
// tokenizers, wrong kinds, and the real tokenizer path end to end (engine/text tokenizers, scores
// against the Python reference for the same ids). The real-tokenizer folders are committed in
// tests/data/nn/extra-real (tests/nn/refresh_nn_goldens.py: make_nn_fixtures.py with a SentencePiece
// model trained on FLORES-200's English devtest and GPT-2's BPE files), and the reference's outputs
// for them recorded in tests/data/nn/reference_forward.json.
#include "tests/support/test_files.h"
#include "tests/support/test_main.h"
#include "nn_test_support.h"
#include "tests/support/shared_copy.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include "engine/io/io_error.h"
#include "engine/io/safetensors.h"
#include "engine/nn/model_folder.h"
#include "engine/text/tokenizer.h"

using namespace gauntlet;
using namespace gauntlet::nn;

class TestModelLoading : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_tmp;

    /// A copy of a fixture folder in the temporary directory.
    QString copyFixture(const QString &name, const QString &as)
    {
        const QString src = nn_test::fixture(name), dst = m_tmp.filePath(as);
        QDir().mkpath(dst);
        for (const QString &f : QDir(src).entryList(QDir::Files))
            QFile::copy(src + '/' + f, dst + '/' + f);
        return dst;
    }
    static std::string errorOf(const std::function<void()> &fn)
    {
        try {
            fn();
        } catch (const std::runtime_error &e) {
            return e.what();
        }
        return "(no error)";
    }
    /// make_nn_fixtures.py's xlmr-real, xlmr-real-classifier and qwen2-gpt2, committed.
    static QString realFixtures()
    {
        static const QString dir = nn_test::committedFixtures(QStringLiteral("extra-real"));
        return dir;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        nn_test::fixturesDir();
    }

    void badTensors_areAllReportedAtOnce()
    {
        const QString dir = copyFixture(QStringLiteral("sentinel"), QStringLiteral("bad-tensors"));
        const io::SafetensorsFile file(dir + "/model.safetensors");
        std::vector<std::pair<std::string, torch::Tensor>> tensors;
        for (const std::string &name : file.names()) {
            if (name == "encoder.model.encoder.layer.1.output.dense.bias" || name == "estimator.ff.3.weight")
                continue;  // missing
            torch::Tensor t = file.tensor(name).clone();
            if (name == "encoder.model.encoder.layer.0.attention.self.key.weight")
                t = t.slice(0, 0, 16).clone();  // mis-shaped
            tensors.emplace_back(name, t);
        }
        tensors.emplace_back("encoder.model.encoder.layer.2.output.dense.bias", torch::zeros({32}));  // unexpected
        QFile::remove(dir + "/model.safetensors");
        io::saveSafetensors(dir + "/model.safetensors", tensors);
        const std::string what = errorOf([&] { loadModelFolder(dir); });
        for (const char *part : {"missing tensor encoder.model.encoder.layer.1.output.dense.bias [32]",
                                 "missing tensor estimator.ff.3.weight [-1, 16]",
                                 "tensor encoder.model.encoder.layer.0.attention.self.key.weight has shape [16, 32], expected [32, 32]",
                                 "unexpected tensor encoder.model.encoder.layer.2.output.dense.bias [32]", "model.safetensors"})
            QVERIFY2(what.find(part) != std::string::npos, what.c_str());
        QVERIFY_THROWS_EXCEPTION(ModelError, loadModelFolder(dir));
    }

    void truncatedFile_isAClearError_data()
    {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<QString>("file");
        QTest::newRow("safetensors") << QStringLiteral("qwen2-tied") << QStringLiteral("model.safetensors");
        QTest::newRow("lightning checkpoint") << QStringLiteral("sentinel-ckpt") << QStringLiteral("checkpoints/model.ckpt");
    }
    void truncatedFile_isAClearError()
    {
        QFETCH(QString, fixture);
        QFETCH(QString, file);
        const QString dir = m_tmp.filePath("truncated-" + fixture);
        QDir().mkpath(dir + "/checkpoints");
        const QString src = nn_test::fixture(fixture);
        for (const QString &f : {QStringLiteral("config.json"), QStringLiteral("hparams.yaml"), file})
            QFile::copy(src + '/' + f, dir + '/' + f);
        QFile f(dir + '/' + file);
        QVERIFY(f.open(QIODevice::ReadWrite));
        QVERIFY(f.resize(f.size() * 2 / 3));
        f.close();
        ModelFolderOptions options;
        options.encoderFolder = nn_test::fixture(QStringLiteral("sentinel"));
        const std::string what = errorOf([&] { loadModelFolder(dir, options); });
        QVERIFY2(what.find(QFileInfo(file).fileName().toStdString()) != std::string::npos, what.c_str());
        QVERIFY_THROWS_EXCEPTION(io::IoError, loadModelFolder(dir, options));
    }

    void mismatchedTokenizer_isAClearError()
    {
        const QString gpt2 = QFileInfo(testing::sharedCopy(QStringLiteral("vectors/tokenizers/gpt2-bpe/encoder.json"))).path();
        ModelFolderOptions options;
        options.encoderFolder = gpt2;  // a byte-level BPE for an XLM-R model
        std::string what = errorOf([&] { loadModelFolder(nn_test::fixture(QStringLiteral("xlmr-classifier")), options); });
        QVERIFY2(what.find("byte-level BPE, but the model needs SentencePiece") != std::string::npos, what.c_str());
        // GPT-2's 50257 ids for a Qwen2 model with 150.
        what = errorOf([&] { loadModelFolder(nn_test::fixture(QStringLiteral("qwen2-tied")), options); });
        QVERIFY2(what.find("has 50257 ids, but the model's vocabulary has 150") != std::string::npos, what.c_str());
        options.encoderFolder.clear();
        options.requireTokenizer = true;
        what = errorOf([&] { loadModelFolder(nn_test::fixture(QStringLiteral("qwen2-tied")), options); });
        QVERIFY2(what.find("no tokenizer in") != std::string::npos, what.c_str());
    }

    void wrongKindOrFolder_isAClearError()
    {
        ModelFolderOptions options;
        options.kind = ScoreKind::Perplexity;
        std::string what = errorOf([&] { loadModelFolder(nn_test::fixture(QStringLiteral("sentinel")), options); });
        QVERIFY2(what.find("holds a difficulty model, not a perplexity model") != std::string::npos, what.c_str());
        what = errorOf([&] { loadModelFolder(m_tmp.filePath(QStringLiteral("nowhere"))); });
        QVERIFY2(what.find("does not exist") != std::string::npos, what.c_str());
        QCOMPARE(detectModelKind(nn_test::fixture(QStringLiteral("xlmr-classifier"))), ScoreKind::Acceptability);
        QCOMPARE(detectModelKind(nn_test::fixture(QStringLiteral("qwen2-untied"))), ScoreKind::Perplexity);
        QCOMPARE(detectModelKind(nn_test::fixture(QStringLiteral("sentinel-ckpt"))), ScoreKind::Difficulty);
    }

    void realTokenizer_endToEnd_data()
    {
        QTest::addColumn<QString>("folder");
        QTest::addColumn<QString>("kind");
        QTest::newRow("Sentinel layout, SentencePiece Unigram") << QStringLiteral("xlmr-real") << QStringLiteral("sentinel");
        QTest::newRow("CoLA classifier layout, SentencePiece Unigram") << QStringLiteral("xlmr-real-classifier")
                                                                        << QStringLiteral("classifier");
        QTest::newRow("Qwen2, byte-level BPE") << QStringLiteral("qwen2-gpt2") << QStringLiteral("qwen2");
    }
    void realTokenizer_endToEnd()
    {
        // A shared seed sentence through engine/text's tokenizer, scored here and by the reference.
        QFETCH(QString, folder);
        QFETCH(QString, kind);
        const QString dir = realFixtures() + '/' + folder;
        ModelFolderOptions options;
        options.settings = nn_test::cpuSettings();
        options.requireTokenizer = true;
        const LoadedModel m = loadModelFolder(dir, options);
        QVERIFY(m.tokenizer);
        const std::string seed = "The Tanzanian government has said it will take steps to protect the rhinos of the Serengeti.";
        const std::vector<int64_t> ids = encodeForScoring(m, seed, 0, false);
        QVERIFY(ids.size() > 10);
        if (kind != QLatin1String("qwen2")) {
            QCOMPARE(ids.front(), int64_t{0});
            QCOMPARE(ids.back(), int64_t{2});
        }
        const double score = m.scorer->scoreBatch({ids})[0];
        const nlohmann::json ref = nn_test::referenceForward(dir, kind, {ids});
        // Sentinel: the score; classifier: log P(LABEL_1), label 1 = acceptable; Qwen2: perplexity.
        const double expected = nn_test::referenceScore(ref, kind);
        QVERIFY2(std::abs(score - expected) <= 1e-5 * std::max(1.0, std::abs(expected)),
                 qPrintable(QStringLiteral("%1 vs reference %2").arg(score, 0, 'g', 10).arg(expected, 0, 'g', 10)));
    }

    void hubCacheFolder_isTheSnapshotRefsMainNames()
    {
        // Issue 38: a Hugging Face hub cache folder as `huggingface-cli download` leaves it
        // (models--ORG--NAME: blobs/, snapshots/REV/ whose files are symlinks into blobs/,
        // refs/main) is a model folder as it is, and so is one of its snapshots; an older,
        // incomplete snapshot beside it is not taken. Scores equal the Python reference's.
        const QString source = realFixtures() + QStringLiteral("/xlmr-real-classifier");
        QTemporaryDir cache;
        const QDir repo(cache.filePath(QStringLiteral("models--test--xlmr-classifier")));
        for (const char *sub : {"blobs", "refs", "snapshots/0123abcd", "snapshots/ffff0000"})
            QVERIFY(QDir().mkpath(repo.filePath(QString::fromLatin1(sub))));
        int blob = 0;
        for (const QString &name : QDir(source).entryList(QDir::Files)) {
            const QString target = QStringLiteral("blob%1").arg(++blob);
            QVERIFY(QFile::copy(QDir(source).filePath(name), repo.filePath(QStringLiteral("blobs/") + target)));
            QVERIFY(QFile::link(QStringLiteral("../../blobs/") + target, repo.filePath(QStringLiteral("snapshots/0123abcd/") + name)));
        }
        QVERIFY(QFile::copy(QDir(source).filePath(QStringLiteral("config.json")), repo.filePath(QStringLiteral("snapshots/ffff0000/config.json"))));
        QVERIFY(testing::writeFile(repo.filePath(QStringLiteral("refs/main")), "0123abcd"));

        ModelFolderOptions options;
        options.settings = nn_test::cpuSettings();
        options.requireTokenizer = true;
        const std::string seed = "The Tanzanian government has said it will take steps to protect the rhinos of the Serengeti.";
        const LoadedModel direct = loadModelFolder(source, options);
        const std::vector<int64_t> ids = encodeForScoring(direct, seed, 0, false);
        const double expected = nn_test::referenceForward(source, QStringLiteral("classifier"), {ids})["log_probs"][0][1].get<double>();
        for (const QString &folder : {repo.path(), repo.filePath(QStringLiteral("snapshots/0123abcd"))}) {
            QCOMPARE(hubCacheSnapshot(repo.path()), repo.filePath(QStringLiteral("snapshots/0123abcd")));
            QCOMPARE(detectModelKind(folder), ScoreKind::Acceptability);
            LoadedModel m;
            try {
                m = loadModelFolder(folder, options);
            } catch (const std::exception &e) {
                QFAIL(e.what());
            }
            QCOMPARE(encodeForScoring(m, seed, 0, false), ids);
            const double score = m.scorer->scoreBatch({ids})[0];
            QVERIFY2(std::abs(score - expected) <= 1e-5 * std::max(1.0, std::abs(expected)), qPrintable(folder));
        }
        // Two snapshots and no refs/main: which one is meant is unknown, and the error says so.
        QVERIFY(QFile::remove(repo.filePath(QStringLiteral("refs/main"))));
        const std::string what = errorOf([&] { loadModelFolder(repo.path(), options); });
        QVERIFY2(what.find("2 snapshots") != std::string::npos && what.find("models--test--xlmr-classifier") != std::string::npos, what.c_str());
    }

    void overlongText_isAnErrorOrAReportedTruncation()
    {
        ModelFolderOptions options;
        options.requireTokenizer = true;
        const LoadedModel m = loadModelFolder(realFixtures() + "/xlmr-real", options);  // max_position_embeddings 130: 128 tokens
        std::string text;
        for (int i = 0; i < 80; ++i)
            text += "The rhinos of the Serengeti are protected. ";
        QVERIFY_THROWS_EXCEPTION(InputError, encodeForScoring(m, text, 3, false));
        bool truncated = false;
        const auto ids = encodeForScoring(m, text, 3, true, &truncated);
        QVERIFY(truncated);
        QCOMPARE(static_cast<int64_t>(ids.size()), m.scorer->maxTokens());
        QCOMPARE(ids.back(), int64_t{2});
        QCOMPARE(m.scorer->scoreBatch({ids}).size(), size_t{1});
    }

    void scoreTextCommand_matchesReference_data()
    {
        QTest::addColumn<QString>("folder");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("referenceKind");
        QTest::newRow("difficulty") << QStringLiteral("xlmr-real") << QStringLiteral("difficulty") << QStringLiteral("sentinel");
        QTest::newRow("acceptability") << QStringLiteral("xlmr-real-classifier") << QStringLiteral("acceptability")
                                       << QStringLiteral("classifier");
        QTest::newRow("perplexity") << QStringLiteral("qwen2-gpt2") << QStringLiteral("perplexity") << QStringLiteral("qwen2");
    }
    void scoreTextCommand_matchesReference()
    {
        // The real `gauntlet score-text` process against the Python reference, line by line.
        QFETCH(QString, folder);
        QFETCH(QString, kind);
        QFETCH(QString, referenceKind);
        const QString exe = gauntlet::testing::gauntletExecutable();
        if (!QFileInfo::exists(exe))
            QSKIP("the gauntlet executable is not built");
        const QString dir = realFixtures() + '/' + folder;
        const QStringList lines = {QStringLiteral("In late 2017, Siminoff appeared on shopping television channel QVC."),
                                   QStringLiteral("The rhinos of the Serengeti are protected."),
                                   QStringLiteral("Nobody expected the results to be so clear.")};
        const QString input = m_tmp.filePath(QStringLiteral("score-text-%1.txt").arg(kind));
        {
            QVERIFY(testing::writeFile(input, lines.join(u'\n').toUtf8() + '\n'));
        }
        QByteArray out;
        QVERIFY(nn_test::runProcess(exe, {QStringLiteral("score-text"), QStringLiteral("--model"), dir, QStringLiteral("--kind"), kind,
                                          QStringLiteral("--input"), input, QStringLiteral("--threads"), QStringLiteral("1")},
                                    &out));
        const QStringList printed = QString::fromUtf8(out).split(u'\n', Qt::SkipEmptyParts);
        QCOMPARE(printed.size(), lines.size());

        ModelFolderOptions options;
        options.settings = nn_test::cpuSettings();
        options.requireTokenizer = true;
        const LoadedModel m = loadModelFolder(dir, options);
        for (int i = 0; i < lines.size(); ++i) {
            // reference_forward.py takes one unpadded batch, so one call per line.
            const nlohmann::json ref = nn_test::referenceForward(dir, referenceKind, {encodeForScoring(m, lines[i].toStdString(), 0, false)});
            const QStringList fields = printed[i].split(u'\t');
            QCOMPARE(fields.size(), 2);
            QCOMPARE(fields[1], lines[i]);
            bool ok = false;
            const double score = fields[0].toDouble(&ok);
            QVERIFY2(ok, qPrintable(printed[i]));
            const double expected = nn_test::referenceScore(ref, referenceKind);
            // The command prints scores with enough digits for 1e-5 agreement.
            QVERIFY2(std::abs(score - expected) <= 1e-5 * std::max(1.0, std::abs(expected)),
                     qPrintable(QStringLiteral("line %1: %2 vs reference %3").arg(i).arg(fields[0]).arg(expected, 0, 'g', 10)));
        }
    }
};

GAUNTLET_TEST_MAIN(TestModelLoading)
#include "tst_model_loading.moc"
