// Appraise (github.com/AppraiseDev/Appraise) ESA/MQM scores CSV, as `manage.py
// ExportSystemScoresToCSV <campaign>` writes it for document-level ESA/MQM campaigns
// (EvalData/models/direct_assessment_document.py, get_system_data with extended_csv): no header,
// csv.writer with QUOTE_MINIMAL and CRLF line ends, columns
//   user, system, itemID, itemType (TGT | REF | BAD | CHK), source language, target language,
//   score (0-100), documentID, isCompleteDocument (True | False), mqm, start_time, end_time
// (epoch seconds), and with --batch-info two more: batch number, item id. The mqm column is str()
// of the stored spans: a Python literal such as [{'start_i': 0, 'end_i': 4, 'severity':
// 'minor'}] (JSON when the web interface stored it; empty or None for no spans); offsets have
// inclusive ends and count UTF-16 code units (the screen splits the text with JavaScript's
// split(""), EvalView/static/EvalView/js/direct-assessment-document-mqm-esa.js), "missing" for
// an omission. The file carries no texts, so imported offsets are kept as given; exports convert
// Gauntlet's code points to UTF-16 units where the item holds its real text.
#pragma once

#include "engine/evaluate/campaign.h"
#include "engine/evaluate/campaign_package.h"
#include "engine/evaluate/wmt_esa.h"

#include <QByteArray>
#include <QMap>
#include <QString>
#include <QVector>

namespace gauntlet::evaluate {

/// The placeholder text of items imported from Appraise scores (the CSV holds no texts).
QString appraisePlaceholderText();

struct AppraiseImport {
    QMap<QString, ImportedCampaign> pairs;  ///< one finished ESA campaign per "<source>-<target>" as written
    int rows = 0;
    int checks = 0;          ///< CHK rows (Appraise's repeated-item checks), left out
    int orphanBad = 0;       ///< BAD rows whose TGT row is not in the file, left out
    int duplicates = 0;      ///< a user's second row for the same item, left out
    int undecidedSpans = 0;  ///< spans without a chosen severity ("undecided"), left out
};

/// Reads Appraise scores CSV files into finished ESA campaigns named "<prefix> <pair>". Items:
/// key "<documentID>|<itemID>|<system>", one translation (the system) with the placeholder text;
/// TGT and REF rows are rated items, BAD rows become bad-reference items of their TGT item.
/// Answers keep score, spans, active time (end - start) and saved time (end). Throws
/// EvaluateError naming the file and row for non-UTF-8 bytes, an unterminated quote (a truncated
/// file), a row without 12 or 14 columns, an item type, score or time that is not one, a span
/// column that is not a list of span dicts (a strict Python-literal reader, never evaluated), a
/// severity other than minor, major, critical, neutral or undecided. An MQM span's "category"
/// is kept on the span, and a campaign whose spans name categories gets them as its error typology
/// (mqm_score.h adoptSpanCategories); exports write "category" for spans that have one.
AppraiseImport readAppraiseScores(const QVector<QPair<QString, QByteArray>> &files, const QString &namePrefix);

/// The answers in the same shape (12 columns, no header, CRLF): user = annotator, the system,
/// itemID and documentID from keys "<documentID>|<itemID>|<system>" (else itemID = the item's
/// position and documentID = the key), itemType TGT (BAD for bad-reference items, CHK for
/// attention checks), the campaign's languages, score, "False", the spans as a Python literal,
/// start = saved time - active time, end = saved time. Unscored judgements are left out.
QByteArray appraiseScoresCsv(const Campaign &campaign, const QMap<QString, QVector<StoredAnswer>> &answers);

}  // namespace gauntlet::evaluate
