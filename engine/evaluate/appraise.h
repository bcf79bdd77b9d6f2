// Appraise (github.com/AppraiseDev/Appraise) ESA/MQM scores CSV, as `manage.py
// ExportSystemScoresToCSV <campaign>` writes it for document-level ESA/MQM campaigns
// (EvalData/models/direct_assessment_document.py, get_system_data with extended_csv): no header,
// csv.writer with QUOTE_MINIMAL and CRLF line ends, columns
//   user, system, itemID, itemType (TGT | REF | BAD | CHK), source language, target language,
//   score (0-100), documentID, isCompleteDocument (True | False), mqm, start_time, end_time
// (epoch seconds), and with --batch-info two more: batch number, item id. The mqm column holds the
// stored spans: JSON as the web interface stores it, [{"start_i":0,"end_i":4,"severity":"minor",
// "error_type":null}] with the MQM category path in "error_type" (a list), or a Python literal
// (str() of what MakeAnnotation stored, possibly one dict); empty or None for no spans. Offsets
// have inclusive ends and count UTF-16 code units of the trimmed text (the screen splits
// text.trim() with JavaScript's split(""), EvalView/static/EvalView/js/
// direct-assessment-document-mqm-esa.js), "missing" for an omission. A BAD item has its TGT's
// itemID and system and the documentID "<doc>#bad". Languages are market codes ("eng", "deu").
// The file carries no texts: imported offsets are kept as given unless the campaign the file was
// written from is at hand; exports convert Gauntlet's code points to UTF-16 units where the item
// holds its real text.
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
    int tutorials = 0;       ///< rows of tutorial documents (documentID "...-tutorial..."), left out
    int orphanBad = 0;       ///< BAD rows whose TGT row is not in the file, left out
    int duplicates = 0;      ///< a user's earlier rows for the same item, left out (the latest counts, as in Appraise)
    int withTexts = 0;       ///< items whose texts came from the campaign given (offsets converted back)
    int undecidedSpans = 0;  ///< spans without a chosen severity ("undecided"), left out
};

/// Reads Appraise scores CSV files into finished ESA campaigns named "<prefix> <pair>". Items:
/// key "<documentID>|<itemID>|<system>", one translation (the system) with the placeholder text;
/// TGT and REF rows are rated items, BAD rows become bad-reference items of their TGT item.
/// Answers keep score, spans, active time (end - start) and saved time (end). With `texts` (the
/// campaign the file was exported from) each row's item is found by its key, or by itemID =
/// position and documentID = key, and takes that item's source and translation; its UTF-16
/// offsets become code points again, and one outside the text is refused naming the row. Throws
/// EvaluateError naming the file and row for non-UTF-8 bytes, an unterminated quote (a truncated
/// file), a row without 12 or 14 columns, an item type, score or time that is not one, a span
/// column that is not a list of span dicts (a strict Python-literal reader, never evaluated), a
/// severity other than minor, major, critical, neutral or undecided. An MQM span's "category"
/// is kept on the span, and a campaign whose spans name categories gets them as its error typology
/// (mqm_score.h adoptSpanCategories); exports write "category" for spans that have one.
AppraiseImport readAppraiseScores(const QVector<QPair<QString, QByteArray>> &files, const QString &namePrefix,
                                  const Campaign *texts = nullptr);

/// The answers of stage `stage` in the same shape (12 columns, no header, CRLF): user =
/// annotator, the system, itemID and documentID from keys "<documentID>|<itemID>|<system>" (else
/// itemID = the item's position and documentID = the key), itemType TGT (BAD for bad-reference
/// items, documentID "<doc>#bad"), each item's languages as market codes, score, "False", the
/// spans as the web interface's JSON, start = saved time - active time, end = saved time.
/// Unscored judgements are left out, and so are attention checks and tutorials (counted in
/// `checksLeftOut`): Appraise's CHK rows are repeated real items its scripts count in system scores.
/// Stages are never mixed in one file: Appraise has no field that tells them apart.
QByteArray appraiseScoresCsv(const Campaign &campaign, const QMap<QString, QVector<StoredAnswer>> &answers, int stage = 1,
                             int *checksLeftOut = nullptr);

}  // namespace gauntlet::evaluate
