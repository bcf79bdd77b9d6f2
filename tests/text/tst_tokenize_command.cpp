// `gauntlet tokenize`, run as a process: its output must equal spm_encode's for a SentencePiece
// model (ids, pieces, and XLM-R ids) and the Hugging Face ids of llama.cpp's vectors for GPT-2.
#include "tokenizer_test_support.h"

#include "tests/support/process_runner.h"
#include "tests/support/test_main.h"
#include <QtTest>

using namespace tokenizer_test;

class TestTokenizeCommand : public QObject {
    Q_OBJECT

private:
    QString m_gauntlet = gauntlet::testing::gauntletExecutable();
    QString m_model;

    /// Runs `gauntlet tokenize args...` with `lines` on standard input; returns its output lines.
    std::vector<std::string> tokenize(const QStringList &args, const std::vector<std::string> &lines, int *exitCode = nullptr)
    {
        QByteArray input;
        for (const auto &l : lines)
            input += QByteArray::fromStdString(l) + '\n';
        const gauntlet::testing::ProcessResult p =
            gauntlet::testing::runGauntlet(QStringList{QStringLiteral("tokenize")} + args, 120000, gauntlet::testing::withInput(input));
        if (exitCode)
            *exitCode = p.code;
        std::vector<std::string> out;
        QList<QByteArray> outLines = p.out.split('\n');
        if (!outLines.isEmpty() && outLines.last().isEmpty())
            outLines.removeLast();
        for (const auto &l : outLines)
            out.push_back(l.toStdString());
        return out;
    }

private Q_SLOTS:
    void initTestCase()
    {
        if (!QFileInfo::exists(m_gauntlet))
            QSKIP("the gauntlet executable is not built");
        if (!haveTool("spm_train") || !haveTool("spm_encode"))
            QSKIP("spm_train / spm_encode not installed (Debian package sentencepiece)");
        m_model = xlmrStyleModel();
    }

    void sentencePiece_matchesSpmEncode_data()
    {
        QTest::addColumn<QString>("option");
        QTest::addColumn<QString>("format");
        QTest::newRow("ids") << QStringLiteral("--ids") << QStringLiteral("id");
        QTest::newRow("pieces") << QStringLiteral("--pieces") << QStringLiteral("piece");
    }

    void sentencePiece_matchesSpmEncode()
    {
        QFETCH(QString, option);
        QFETCH(QString, format);
        auto lines = seedSentences();
        lines.resize(1500);
        const auto expected = spmEncode(m_model, lines, format);
        const auto actual = tokenize({QStringLiteral("--tokenizer"), m_model, option}, lines);
        QCOMPARE(actual.size(), lines.size());
        QCOMPARE(countMismatches(lines, expected, actual, qPrintable(format)), 0);
    }

    void xlmrIds_shiftSpmIds()
    {
        const std::vector<std::string> lines{"Hello world.", "ⵣ"};
        const auto spm = spmEncode(m_model, lines, QStringLiteral("id"));
        const auto actual = tokenize({QStringLiteral("--tokenizer"), m_model, QStringLiteral("--xlmr-ids")}, lines);
        QCOMPARE(actual.size(), lines.size());
        for (std::size_t i = 0; i < lines.size(); ++i) {
            std::vector<int> ids;
            for (const QByteArray &t : QByteArray::fromStdString(spm[i]).split(' '))
                ids.push_back(t.toInt() == 0 ? 3 : t.toInt() + 1);
            QCOMPARE(actual[i], joinIds(ids));
        }
    }

    void gpt2_matchesHuggingFaceIds()
    {
        std::vector<std::string> lines, expected;
        const auto inputs = ggmlInputs(QStringLiteral("gpt-2"));
        const auto outputs = ggmlOutputs(QStringLiteral("gpt-2"));
        for (std::size_t i = 0; i < inputs.size(); ++i) {
            if (inputs[i].find('\n') != std::string::npos || inputs[i].find('\r') != std::string::npos)
                continue;  // one line per input
            lines.push_back(inputs[i]);
            expected.push_back(joinIds(outputs[i]));
        }
        const auto actual = tokenize({QStringLiteral("--tokenizer"), sharedData(QStringLiteral("vectors/tokenizers/gpt2-bpe"))}, lines);
        QCOMPARE(actual.size(), lines.size());
        QCOMPARE(countMismatches(lines, expected, actual, "ids"), 0);
    }

    void badArguments_exitWithUsageOrFailure()
    {
        int code = 0;
        tokenize({}, {}, &code);
        QCOMPARE(code, 2);  // --tokenizer missing
        tokenize({QStringLiteral("--tokenizer"), m_model, QStringLiteral("--ids"), QStringLiteral("--pieces")}, {}, &code);
        QCOMPARE(code, 2);
        tokenize({QStringLiteral("--tokenizer"), QStringLiteral("/nonexistent/tokenizer.json")}, {}, &code);
        QCOMPARE(code, 1);
    }
};

GAUNTLET_TEST_MAIN(TestTokenizeCommand)
#include "tst_tokenize_command.moc"
