// One generic driver over ../shared/data/vectors/sacrebleu/sacrebleu-2.6.0-vectors.json (read from
// its committed copy in tests/data/shared-copy): every BLEU, chrF and TER case (score and
// sufficient statistics) and every 13a and Tercom tokenizer case becomes one data row,
// "<section>/<name>". A failing row prints each mismatching field with
// the expected and the actual value side by side.
#include "engine/metrics/bleu.h"
#include "engine/metrics/chrf.h"
#include "engine/metrics/python_text.h"
#include "engine/metrics/ter.h"
#include "engine/metrics/tokenizer_13a.h"

#include "tests/support/shared_copy.h"
#include "tests/support/test_main.h"
#include <QtTest>

#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>
#include <sstream>

using nlohmann::json;
using namespace gauntlet::metrics;

namespace {

constexpr double kTolerance = 1e-9;

std::string show(double v)
{
    std::ostringstream s;
    s.precision(17);
    s << v;
    return s.str();
}

// Collects field-by-field comparisons and renders the mismatches.
class Comparison {
public:
    void number(const std::string &field, const json &expected, double actual)
    {
        const double e = expected.get<double>();
        if (!(std::fabs(e - actual) <= kTolerance))
            m_lines.push_back(field + ": expected " + show(e) + " | actual " + show(actual));
    }
    void numbers(const std::string &field, const json &expected, const std::vector<double> &actual)
    {
        if (expected.size() != actual.size()) {
            m_lines.push_back(field + ": expected " + std::to_string(expected.size()) + " values | actual "
                              + std::to_string(actual.size()));
            return;
        }
        for (std::size_t i = 0; i < actual.size(); ++i)
            number(field + "[" + std::to_string(i) + "]", expected[i], actual[i]);
    }
    void text(const std::string &field, const std::string &expected, const std::string &actual)
    {
        if (expected != actual)
            m_lines.push_back(field + ":\n  expected \"" + expected + "\"\n  actual   \"" + actual + "\"");
    }
    std::string report() const
    {
        std::string r;
        for (const auto &line : m_lines)
            r += "\n  " + line;
        return r;
    }
    bool ok() const { return m_lines.empty(); }

private:
    std::vector<std::string> m_lines;
};

[[noreturn]] void unknownKwarg(const std::string &key)
{
    throw std::runtime_error("unknown kwarg " + key + " in the vector file");
}

Bleu makeBleu(const json &kwargs)
{
    BleuOptions o;
    for (const auto &[key, value] : kwargs.items()) {
        if (key == "lowercase") {
            o.lowercase = value.get<bool>();
        } else if (key == "tokenize") {
            const auto t = value.get<std::string>();
            o.tokenizer = t == "none" ? BleuTokenizer::None : t == "char" ? BleuTokenizer::Char : BleuTokenizer::T13a;
            if (t != "none" && t != "char" && t != "13a")
                unknownKwarg("tokenize=" + t);
        } else if (key == "smooth_method") {
            const auto m = value.get<std::string>();
            o.smoothMethod = m == "none" ? BleuSmoothing::None
                : m == "floor"           ? BleuSmoothing::Floor
                : m == "add-k"           ? BleuSmoothing::AddK
                                         : BleuSmoothing::Exp;
        } else if (key == "smooth_value") {
            if (!value.is_null())
                o.smoothValue = value.get<double>();
        } else if (key == "max_ngram_order") {
            o.maxNgramOrder = value.get<int>();
        } else if (key == "effective_order") {
            o.effectiveOrder = value.get<bool>();
        } else {
            unknownKwarg(key);
        }
    }
    return Bleu(o);
}

Chrf makeChrf(const json &kwargs)
{
    ChrfOptions o;
    for (const auto &[key, value] : kwargs.items()) {
        if (key == "beta")
            o.beta = value.get<int>();
        else if (key == "word_order")
            o.wordOrder = value.get<int>();
        else if (key == "char_order")
            o.charOrder = value.get<int>();
        else if (key == "lowercase")
            o.lowercase = value.get<bool>();
        else if (key == "whitespace")
            o.whitespace = value.get<bool>();
        else if (key == "eps_smoothing")
            o.epsSmoothing = value.get<bool>();
        else
            unknownKwarg(key);
    }
    return Chrf(o);
}

TerOptions terOptions(const json &kwargs)
{
    TerOptions o;
    for (const auto &[key, value] : kwargs.items()) {
        if (key == "normalized")
            o.normalized = value.get<bool>();
        else if (key == "no_punct")
            o.noPunct = value.get<bool>();
        else if (key == "asian_support")
            o.asianSupport = value.get<bool>();
        else if (key == "case_sensitive")
            o.caseSensitive = value.get<bool>();
        else
            unknownKwarg(key);
    }
    return o;
}

std::vector<std::string> strings(const json &array) { return array.get<std::vector<std::string>>(); }

void checkBleu(const json &c, Comparison &cmp)
{
    const Bleu bleu = makeBleu(c.value("kwargs", json::object()));
    Statistics stats;
    if (c.at("level") == "sentence") {
        const auto refs = strings(c.at("refs"));
        stats = bleu.segmentStatistics(c.at("hyp").get<std::string>(),
                                       std::vector<std::string_view>(refs.begin(), refs.end()));
    } else {
        ReferenceStreams streams;
        for (const auto &stream : c.at("refs"))
            streams.push_back(strings(stream));
        stats = sumStatistics(bleu.corpusStatistics(strings(c.at("hyps")), streams));
    }
    const BleuScore s = bleu.compute(stats);
    cmp.number("score", c.at("score"), s.score);
    cmp.number("bp", c.at("bp"), s.bp);
    cmp.numbers("counts", c.at("counts"), s.counts);
    cmp.numbers("totals", c.at("totals"), s.totals);
    if (c.contains("precisions"))
        cmp.numbers("precisions", c.at("precisions"), s.precisions);
    if (c.contains("sys_len"))
        cmp.number("sys_len", c.at("sys_len"), static_cast<double>(s.sysLen));
    if (c.contains("ref_len"))
        cmp.number("ref_len", c.at("ref_len"), static_cast<double>(s.refLen));
    if (c.contains("stats_total"))
        cmp.numbers("stats_total", c.at("stats_total"), stats);
}

ReferenceStreams referenceStreams(const json &c)
{
    ReferenceStreams streams;
    for (const auto &stream : c.at("refs"))
        streams.push_back(strings(stream));
    return streams;
}

void checkChrf(const json &c, Comparison &cmp)
{
    const Chrf chrf = makeChrf(c.value("kwargs", json::object()));
    const Statistics stats = sumStatistics(chrf.corpusStatistics(strings(c.at("hyps")), referenceStreams(c)));
    cmp.number("score", c.at("score"), chrf.scoreFromStatistics(stats));
    cmp.numbers("stats_total_hyp_ref_match_per_order", c.at("stats_total_hyp_ref_match_per_order"), stats);
}

void checkTer(const json &c, Comparison &cmp)
{
    const Ter ter(terOptions(c.value("kwargs", json::object())));
    const auto segments = ter.corpusStatistics(strings(c.at("hyps")), referenceStreams(c));
    const Statistics total = sumStatistics(segments);
    cmp.number("score", c.at("score"), ter.scoreFromStatistics(total));
    cmp.number("num_edits", c.at("num_edits"), total[0]);
    cmp.number("ref_length", c.at("ref_length"), total[1]);
    const json &expected = c.at("segment_stats_edits_reflen");
    if (expected.size() != segments.size()) {
        cmp.text("segments", std::to_string(expected.size()), std::to_string(segments.size()));
        return;
    }
    for (std::size_t i = 0; i < segments.size(); ++i)
        cmp.numbers("segment[" + std::to_string(i) + "]", expected[i], segments[i]);
}

}  // namespace

class TestSacrebleuVectors : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void everyCase_matchesSacrebleu_data()
    {
        QTest::addColumn<QString>("section");
        QTest::addColumn<QByteArray>("caseJson");
        const std::string vectorFile = gauntlet::testing::sharedCopyPath("vectors/sacrebleu/sacrebleu-2.6.0-vectors.json");
        std::ifstream in(vectorFile);
        QVERIFY2(in.good(), vectorFile.c_str());
        const json vectors = json::parse(in);
        int rows = 0;
        for (const char *section : {"bleu", "chrf", "ter", "tok13a", "tercom_tok"}) {
            QVERIFY2(vectors.contains(section), section);
            int index = 0;
            for (const json &c : vectors.at(section)) {
                const std::string name = std::string(section) + "/"
                    + (c.contains("name") ? c.at("name").get<std::string>() : std::to_string(index));
                QTest::newRow(name.c_str()) << QString::fromLatin1(section) << QByteArray::fromStdString(c.dump());
                ++index;
                ++rows;
            }
        }
        // The file holds 201 cases; a silently shorter parse must not pass.
        QCOMPARE(rows, 201);
    }

    void everyCase_matchesSacrebleu()
    {
        QFETCH(QString, section);
        QFETCH(QByteArray, caseJson);
        const json c = json::parse(caseJson.toStdString());
        Comparison cmp;
        if (section == QLatin1String("bleu")) {
            checkBleu(c, cmp);
        } else if (section == QLatin1String("chrf")) {
            checkChrf(c, cmp);
        } else if (section == QLatin1String("ter")) {
            checkTer(c, cmp);
        } else if (section == QLatin1String("tok13a")) {
            cmp.text("tokens", c.at("out").get<std::string>(), tokenize13a(c.at("in").get<std::string_view>()));
        } else {
            cmp.text("tokens", c.at("out").get<std::string>(),
                     tokenizeTercom(c.at("in").get<std::string_view>(), terOptions(c.value("kwargs", json::object()))));
        }
        QVERIFY2(cmp.ok(), cmp.report().c_str());
    }
};

GAUNTLET_TEST_MAIN(TestSacrebleuVectors)
#include "tst_sacrebleu_vectors.moc"
