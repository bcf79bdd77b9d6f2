// The WMT21 TED en-de corpus (../shared/data/corpora/wmt21-ted-mqm-ende, read from its committed
// copy in tests/data/shared-copy): 6,877 (MT, reference) segment pairs from 13 systems, with
// sacrebleu 2.6.0's sentence TER, chrF2 and BLEU (effective order) per segment, rounded to 6
// decimals, and its corpus BLEU, chrF2, chrF2++ and TER per system in ted_ende_system_scores.json.
#include "engine/metrics/bleu.h"
#include "engine/metrics/chrf.h"
#include "engine/metrics/ter.h"
#include "tests/metrics/ted_segments.h"

#include "tests/support/shared_copy.h"
#include "tests/support/test_files.h"
#include "tests/support/test_main.h"
#include <QtTest>

#include <nlohmann/json.hpp>

#include <cmath>
#include <map>
#include <string>
#include <sstream>

using namespace gauntlet::metrics;

namespace {

using tedcorpus::Segment;

std::string show(double v)
{
    std::ostringstream s;
    s.precision(17);
    s << v;
    return s.str();
}

}  // namespace

class TestTedCorpus : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        m_segments = tedcorpus::readSegments();
        QCOMPARE(m_segments.size(), std::size_t(6877));
    }

    // Sentence scores against the rounded golden columns: |actual - golden| <= 5e-7 (+ 1e-9).
    void sentenceScores_matchSacrebleuColumns_data()
    {
        QTest::addColumn<QString>("metric");
        QTest::newRow("ter_mt_ref") << "ter";
        QTest::newRow("chrf2_mt_ref") << "chrf2";
        QTest::newRow("sbleu_mt_ref") << "sbleu";
    }

    void sentenceScores_matchSacrebleuColumns()
    {
        QFETCH(QString, metric);
        BleuOptions bleuOptions;
        bleuOptions.effectiveOrder = true;
        const Bleu bleu(bleuOptions);
        const Chrf chrf;
        const Ter ter;
        int mismatches = 0;
        std::string report;
        for (std::size_t i = 0; i < m_segments.size(); ++i) {
            const Segment &s = m_segments[i];
            const std::vector<std::string_view> refs{s.reference};
            double actual;
            double golden;
            if (metric == QLatin1String("ter")) {
                actual = ter.sentenceScore(s.mt, refs), golden = s.ter;
            } else if (metric == QLatin1String("chrf2")) {
                actual = chrf.sentenceScore(s.mt, refs), golden = s.chrf2;
            } else {
                actual = bleu.sentenceScore(s.mt, refs), golden = s.sentBleu;
            }
            if (!(std::fabs(actual - golden) <= 5e-7 + 1e-9)) {
                if (++mismatches <= 5) {
                    report += "\n  row " + std::to_string(i + 2) + " (" + s.system + "): expected " + show(golden)
                        + " | actual " + show(actual);
                }
            }
        }
        QVERIFY2(mismatches == 0, (std::to_string(mismatches) + " mismatching segments" + report).c_str());
    }

    // Corpus scores per system, through the engine API as `gauntlet score` computes them.
    void systemScores_matchSacrebleuTo1e9()
    {
        const auto expected = gauntlet::testing::jsonFile(gauntlet::testing::sharedCopy(QStringLiteral("corpora/wmt21-ted-mqm-ende/ted_ende_system_scores.json")));
        QVERIFY(!expected.is_null());
        std::map<std::string, std::pair<std::vector<std::string>, std::vector<std::string>>> bySystem;
        for (const Segment &s : m_segments) {
            bySystem[s.system].first.push_back(s.mt);
            bySystem[s.system].second.push_back(s.reference);
        }
        QCOMPARE(bySystem.size(), expected.size());
        const Bleu bleu;
        const Chrf chrf2;
        ChrfOptions plusPlus;
        plusPlus.wordOrder = 2;
        const Chrf chrf2pp(plusPlus);
        const Ter ter;
        const std::vector<std::pair<const char *, const Metric *>> metrics{
            {"BLEU", &bleu}, {"chrF2", &chrf2}, {"chrF2++", &chrf2pp}, {"TER", &ter}};
        std::string report;
        for (const auto &[system, want] : expected.items()) {
            const auto it = bySystem.find(system);
            QVERIFY2(it != bySystem.end(), system.c_str());
            QCOMPARE(it->second.first.size(), want.at("n").get<std::size_t>());
            for (const auto &[key, metric] : metrics) {
                QCOMPARE(metric->name(), std::string(key));
                const double actual = metric->corpusScore(it->second.first, {it->second.second});
                const double golden = want.at(key).get<double>();
                if (!(std::fabs(actual - golden) <= 1e-9))
                    report += "\n  " + system + " " + key + ": expected " + show(golden) + " | actual " + show(actual);
            }
        }
        QVERIFY2(report.empty(), report.c_str());
    }

private:
    std::vector<Segment> m_segments;
};

GAUNTLET_TEST_MAIN(TestTedCorpus)
#include "tst_ted_corpus.moc"
