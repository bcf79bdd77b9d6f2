// Hand-out and collection: a campaign package for one annotator (one JSON file: the campaign's
// settings, the annotator's items with their shown system order) and the result file an
// annotator's app writes back (every answer with its stage, spans, time and the action log).
// Formats: {"format": "gauntlet-campaign-package" | "gauntlet-campaign-results", "version": 1}.
// Parsing refuses non-UTF-8 bytes, malformed JSON, a wrong format or version and invalid answers
// with an EvaluateError naming the file.
#pragma once

#include "engine/evaluate/campaign.h"
#include "engine/evaluate/quality_control.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QVector>

namespace gauntlet::evaluate {

inline constexpr int PackageFormatVersion = 1;

/// One item as a package stores it (key, source, reference, rules with "rule_kinds", the item's
/// "source_lang"/"target_lang", translations, check, original, expected).
QJsonObject campaignItemToJson(const CampaignItem &item);
/// Throws EvaluateError naming `where`, the item and the bad field; the item is not validated.
/// "rule_kinds" and the item's languages are optional (packages before them load unchanged).
CampaignItem campaignItemFromJson(const QJsonObject &json, const QString &where);

QJsonObject campaignToJson(const Campaign &campaign);
/// Throws EvaluateError naming `where` and the bad field; the campaign is validated.
Campaign campaignFromJson(const QJsonObject &json, const QString &where);

QJsonObject answerToJson(const Answer &answer);
/// Throws EvaluateError naming `where` (spans are parsed, not yet checked against the text; scores
/// must be 0..100, the step of 5 is checked by missingParts(), since imported WMT ratings use any
/// integer).
Answer answerFromJson(const QJsonObject &json, const QString &where);

/// One entry of the action log (what the annotator did, for audit and timing).
struct LogEntry {
    QString at;        ///< UTC ISO 8601 timestamp
    QString itemKey;   ///< may be empty (e.g. "open")
    int stage = 0;
    QString action;    ///< e.g. "span_add", "span_delete", "severity", "score", "next", "back", "check_failed"
    QString detail;    ///< free JSON/text
};

struct Package {
    QString campaignUid;
    QString packageId;   ///< unique per hand-out; a result file carries it back
    QString annotator;
    Campaign campaign;   ///< only the items of this annotator
    Assignment assignment;  ///< item indices refer to `campaign.items` of this package
};

/// The package of `assignment` (one of assignItems()' results) as JSON bytes.
QByteArray exportPackage(const Campaign &campaign, const Assignment &assignment, const QString &packageId);
/// Throws EvaluateError naming `fileName`.
Package parsePackage(const QByteArray &bytes, const QString &fileName);

struct StoredAnswer {
    QString itemKey;
    QVector<int> systemOrder;
    Answer answer;
    QString savedAt;
};

struct ResultFile {
    QString campaignUid;
    QString campaignName;  ///< "campaign_name"; optional (files before it lack it)
    QString packageId;
    QString annotator;
    QVector<StoredAnswer> answers;
    QVector<LogEntry> log;
};

QByteArray exportResults(const ResultFile &results);
/// Throws EvaluateError naming `fileName`: not UTF-8, not JSON, another format, a missing field,
/// a bad span or score.
ResultFile parseResults(const QByteArray &bytes, const QString &fileName);

/// Checks that `results` belongs to `campaign` (same uid) and that every answer names an item of
/// it with a valid system order and passes missingParts() with nothing missing. Throws
/// EvaluateError naming `fileName` and the first mismatch.
void checkResultsAgainst(const Campaign &campaign, const ResultFile &results, const QString &fileName);

/// Strict UTF-8 decoding; throws EvaluateError naming `fileName` on invalid bytes.
QString decodeUtf8(const QByteArray &bytes, const QString &fileName);

}  // namespace gauntlet::evaluate
