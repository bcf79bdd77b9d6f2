// Issue 39 (13): every importer of a user's text files, fed mutated copies of a valid file
// (fixed seeds): bit flips, byte insertions and deletions, truncation, a repeated span, deep
// nesting, NUL and invalid UTF-8, numbers swapped for strings and strings for huge numbers. The
// oracle per case: the importer returns, or throws its own error type (EvaluateError,
// SamplingError, InputFileError) with a message naming the file. Any other exception fails the
// case; a crash or a sanitizer report kills the run. GAUNTLET_FUZZ_CASES sets the cases per
// importer (default 300; `ctest -L fuzz-long` runs 20,000), GAUNTLET_FUZZ_VERBOSE prints each one.
#include "engine/core/text_file.h"
#include "engine/evaluate/appraise.h"
#include "engine/evaluate/campaign_package.h"
#include "engine/evaluate/campaign_setup.h"
#include "engine/evaluate/evaluate_error.h"
#include "engine/evaluate/pearmut.h"
#include "engine/sampling/sampling_error.h"
#include "engine/sampling/taxonomy.h"
#include "engine/verify/ltb_release.h"

#include <QJsonDocument>

#include <nlohmann/json.hpp>

#include "tests/fuzz/mutate.h"
#include "tests/support/campaign_builder.h"
#include "tests/support/test_main.h"
#include <QtTest>

#include <functional>
#include <random>

using namespace gauntlet;
using namespace gauntlet::evaluate;

namespace {

const char *const PearmutCampaignFile = R"({"info": {"protocol": "cESA", "assignment": "task-based", "textfield": "hidden"}, "campaign_id": "deen",
  "data": [[[{"item_id": "t1", "src": "Frauen webten.", "tgt": {"model-tutorial": "Women knitted."},
              "validation": {"model-tutorial": {"warning": "Mark knitted.", "score": [75, 85],
                             "error_spans": [{"start_i": [5, 6], "end_i": [12, 13], "severity": "minor"}]}}, "skippable": true}],
             [{"item_id": "d1", "src": "Sie aß 🍰.", "tgt": {"A": "She ate 🍰.", "B": "She eat."},
               "error_spans": {"B": [{"start_i": 4, "end_i": 6, "severity": "minor", "category": null}]}}]]]})";

const char *const AppraiseCsv =
    "u1,sysA,1,TGT,eng,deu,40,doc1,False,\"[{\"\"start_i\"\":0,\"\"end_i\"\":2,\"\"severity\"\":\"\"major\"\",\"\"error_type\"\":[\"\"Accuracy\"\",\"\"Omission\"\"]}]\",1.0,2.0\r\n"
    "u1,sysA,1,BAD,eng,deu,5,doc1#bad,False,[],2.0,3.0\r\n"
    "u2,sysB,1,TGT,eng,deu,70,doc1,False,\"[{'start_i': 'missing', 'end_i': 'missing', 'severity': 'minor'}]\",3.0,4.5,1,42\r\n";

const char *const CheckFile = R"([{"key": "check:perfect", "source": "Good morning.", "check": "tutorial",
   "translations": [{"system": "good", "text": "Guten Morgen."}, {"system": "broken", "text": "Guten Abend."}],
   "expected": [{"min_score": 85, "max_score": 100}, {"min_score": 0, "max_score": 60, "span": [6, 10]}]}])";

const char *const LtbRelease = R"([{"id": 7, "source_lang": "English", "target_lang": "German", "source_text": "The bank was closed.",
  "verification_rules": ["Uses Ufer, not Bank.", {"type": "contains", "value": "Ufer"}],
  "translations": [{"model": "human", "translation": "Das Ufer war gesperrt.", "verified": [true, true]},
                   {"model": "sysA", "translation": "Die Bank war geschlossen.", "verified": [false, false]}]}])";

/// A valid Gauntlet campaign file (the "campaign" object of a package) and Pearmut result lines,
/// both written by Gauntlet's own writers from one small campaign.
Campaign smallCampaign()
{
    Campaign c = testing::makeCampaign(QStringLiteral("fuzz"), Protocol::Cesa, QStringLiteral("fuzz"));
    CampaignItem item = testing::makeItem(QStringLiteral("i1"), QStringLiteral("Größe 🚗 zählt."), {{QStringLiteral("A"), QStringLiteral("Size 🚗 counts.")}, {QStringLiteral("B"), QStringLiteral("Size matters.")}});
    c.items = {item};
    return c;
}

QByteArray pearmutResultLines()
{
    StoredAnswer s;
    s.itemKey = QStringLiteral("i1");
    s.systemOrder = {0, 1};
    s.answer.stage = 1;
    s.answer.judgements = {TranslationJudgement{QStringLiteral("A"), 70, {ErrorSpan{5, 5, Severity::Major, false}}},
                           TranslationJudgement{QStringLiteral("B"), 40, {ErrorSpan::omission(Severity::Minor)}}};
    s.answer.elapsedMs = 1200;
    s.savedAt = QStringLiteral("2026-01-02T03:04:05.000Z");
    return pearmutResultsJsonl(smallCampaign(), {{QStringLiteral("ann"), {s}}});
}

int casesPerImporter()
{
    bool ok = false;
    const int n = qEnvironmentVariableIntValue("GAUNTLET_FUZZ_CASES", &ok);
    return ok && n > 0 ? n : 300;
}

}  // namespace

Q_DECLARE_METATYPE(std::function<void(const QByteArray &, const QString &)>)
Q_DECLARE_METATYPE(std::function<QByteArray(const QByteArray &)>)

class TestImportFuzz : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void importer_refusesOrReadsNeverCrashes_data()
    {
        QTest::addColumn<QByteArray>("valid");
        QTest::addColumn<QString>("name");
        QTest::addColumn<std::function<void(const QByteArray &, const QString &)>>("import");
        using Import = std::function<void(const QByteArray &, const QString &)>;
        QTest::newRow("pearmut campaign") << QByteArray(PearmutCampaignFile) << QStringLiteral("campaign.json")
                                          << Import([](const QByteArray &b, const QString &n) { readPearmutCampaign(b, n); });
        QTest::newRow("pearmut results") << pearmutResultLines() << QStringLiteral("results.jsonl") << Import([](const QByteArray &b, const QString &n) {
            readPearmutResults(b, n, QStringLiteral("r"), std::nullopt);
        });
        QTest::newRow("appraise scores") << QByteArray(AppraiseCsv) << QStringLiteral("scores.csv")
                                         << Import([](const QByteArray &b, const QString &n) { readAppraiseScores({{n, b}}, QStringLiteral("A")); });
        QTest::newRow("campaign file") << QJsonDocument(campaignToJson(smallCampaign())).toJson() << QStringLiteral("campaign.json")
                                       << Import([](const QByteArray &b, const QString &n) { readCampaignFile(b, n); });
        QTest::newRow("attention checks") << QByteArray(CheckFile) << QStringLiteral("checks.json")
                                          << Import([](const QByteArray &b, const QString &n) { readCheckItems(b, n); });
        QTest::newRow("ltb release") << QByteArray(LtbRelease) << QStringLiteral("v1.json")
                                     << Import([](const QByteArray &b, const QString &n) { verify::parseLtbRelease(b, n); });
        QTest::newRow("taxonomy") << sampling::taxonomyToJson(sampling::bundledTaxonomy(sampling::bundledTaxonomyNames().constFirst()))
                                  << QStringLiteral("taxonomy.json")
                                  << Import([](const QByteArray &b, const QString &n) { sampling::parseTaxonomyJson(b, n); });
    }

    void importer_refusesOrReadsNeverCrashes()
    {
        QFETCH(QByteArray, valid);
        QFETCH(QString, name);
        QFETCH(std::function<void(const QByteArray &, const QString &)>, import);
        import(valid, name);  // the unmutated file is read: the mutations start from a valid input
        const bool verbose = qEnvironmentVariableIsSet("GAUNTLET_FUZZ_VERBOSE");
        const int cases = casesPerImporter();
        int refused = 0, read = 0;
        QStringList failures;
        for (int k = 0; k < cases; ++k) {
            std::mt19937_64 rng(std::uint64_t(k) * 7919 + qHash(name));
            QByteArray bytes = valid;
            for (int m = 0; m < 1 + int(rng() % 3); ++m)
                bytes = fuzz::mutate(bytes, rng);
            // A refusal is one of the importers' own errors, and its message names the file.
            const auto refusedWith = [&](const std::exception &e) {
                ++refused;
                if (!QString::fromUtf8(e.what()).contains(name))
                    failures << QStringLiteral("case %1: the message does not name the file: %2").arg(k).arg(QString::fromUtf8(e.what()).left(200));
            };
            try {
                import(bytes, name);
                ++read;
            } catch (const EvaluateError &e) {
                refusedWith(e);
            } catch (const sampling::SamplingError &e) {
                refusedWith(e);
            } catch (const core::InputFileError &e) {
                refusedWith(e);
            } catch (const std::exception &e) {
                failures << QStringLiteral("case %1: %2 escaped: %3").arg(k).arg(QLatin1String(typeid(e).name()), QString::fromUtf8(e.what()).left(200));
            }
            if (verbose)
                qInfo("%s case %d: %lld bytes", qPrintable(name), k, qlonglong(bytes.size()));
        }
        qInfo("%s: %d cases, %d refused with a message naming the file, %d read", qPrintable(QTest::currentDataTag()), cases, refused, read);
        QVERIFY2(failures.isEmpty(), qPrintable(failures.mid(0, 5).join(u'\n')));
    }

    // Issue 39 (13), "accepted with the same result": a file changed in ways JSON does not see
    // (indentation, line breaks, non-ASCII characters written as \u escapes, key order kept) is
    // read into exactly what the original gives, compared through the importers' own writers.
    void importer_sameJsonSameResult_data()
    {
        QTest::addColumn<QByteArray>("valid");
        QTest::addColumn<std::function<QByteArray(const QByteArray &)>>("canonical");
        using Canonical = std::function<QByteArray(const QByteArray &)>;
        QTest::newRow("pearmut campaign") << QByteArray(PearmutCampaignFile) << Canonical([](const QByteArray &b) {
            const PearmutCampaign c = readPearmutCampaign(b, QStringLiteral("campaign.json"));
            return QJsonDocument(campaignToJson(c.campaign)).toJson() + c.notes.join(u'\n').toUtf8();
        });
        QTest::newRow("campaign file") << QJsonDocument(campaignToJson(smallCampaign())).toJson() << Canonical([](const QByteArray &b) {
            return QJsonDocument(campaignToJson(readCampaignFile(b, QStringLiteral("campaign.json")))).toJson();
        });
        QTest::newRow("taxonomy") << sampling::taxonomyToJson(sampling::bundledTaxonomy(sampling::bundledTaxonomyNames().constFirst()))
                                  << Canonical([](const QByteArray &b) { return sampling::taxonomyToJson(sampling::parseTaxonomyJson(b, QStringLiteral("t.json"))); });
    }

    void importer_sameJsonSameResult()
    {
        QFETCH(QByteArray, valid);
        QFETCH(std::function<QByteArray(const QByteArray &)>, canonical);
        const QByteArray expected = canonical(valid);
        const nlohmann::ordered_json parsed = nlohmann::ordered_json::parse(valid.constData(), valid.constData() + valid.size());
        const int cases = std::max(20, casesPerImporter() / 10);
        for (int k = 0; k < cases; ++k) {
            std::mt19937_64 rng(std::uint64_t(k) * 31 + 7);
            const int indent = int(rng() % 6) - 1;  // -1: one line
            const char fill = rng() % 2 ? ' ' : '\t';
            std::string text = parsed.dump(indent, fill, /*ensure_ascii=*/rng() % 2 == 0);
            if (rng() % 2)
                text = "\n  " + text + "\n\n";  // whitespace around the document
            if (rng() % 3 == 0) {  // CRLF line breaks
                std::string crlf;
                for (const char c : text)
                    crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
                text = crlf;
            }
            const QByteArray bytes = QByteArray::fromStdString(text);
            QByteArray got;
            try {
                got = canonical(bytes);
            } catch (const std::exception &e) {
                QFAIL(qPrintable(QStringLiteral("case %1 refused: %2").arg(k).arg(QString::fromUtf8(e.what()).left(200))));
            }
            QVERIFY2(got == expected, qPrintable(QStringLiteral("case %1 (indent %2) read into another result").arg(k).arg(indent)));
        }
    }
};

GAUNTLET_TEST_MAIN(TestImportFuzz)
#include "tst_import_fuzz.moc"
