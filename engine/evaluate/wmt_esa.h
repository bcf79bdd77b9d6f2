// Real ESA ratings: the WMT24 General MT ESA files (Kocmi et al. 2024; ../shared/data/judgments/
// wmt24-esa, see its SOURCE.txt): CSV without header, 12 columns: user_id, system, line_id,
// tgt_type (TGT|BAD), src_lang3, tgt_lang3, score 0-100, doc_id, is_doc_level, spans JSON
// [{"start_i","end_i","severity","error_type"}] ("missing" offsets for omissions), t_start, t_end
// (epoch seconds). They become one finished ESA campaign per language pair.
//
// Filter (the repository's humeval/merge_to_jsonl.py, as SOURCE.txt's derived files): rows with
// tgt_type BAD, doc_id containing "-tutorial" or ending in #bad, #dup or #incomplete, and the
// human reference system refA are left out. A user rating the same (line, system) twice keeps
// the first rating. Spans of severity "undecided" are left out (counted). The files carry no texts: each translation's text is a placeholder, so the
// spans' offsets are kept as given but cannot be shown or checked against a text.
#pragma once

#include "engine/evaluate/campaign.h"
#include "engine/evaluate/campaign_package.h"

#include <QByteArray>
#include <QMap>
#include <QString>
#include <QVector>

namespace gauntlet::evaluate {

/// The placeholder text of imported items.
QString wmtPlaceholderText();

/// One language pair's ratings as a finished campaign.
struct ImportedCampaign {
    Campaign campaign;                      ///< ESA; item key "<pair>:<line_id>:<system>"
    QMap<QString, QVector<StoredAnswer>> answers;  ///< per annotator, in file order
};

struct WmtEsaImport {
    QMap<QString, ImportedCampaign> pairs;  ///< by "en-cs", "en-ja", ... (ISO 639-1 of eng/ces/jpn/zho/hin, else the 3-letter codes)
    int rows = 0;        ///< data rows read
    int filtered = 0;    ///< left out by the filter above
    int duplicates = 0;  ///< second ratings of the same (user, line, system)
    QVector<QPair<QString, int>> droppedDuplicates;  ///< their (item key, score), for audit
    int undecidedSpans = 0;  ///< spans with severity "undecided" (Appraise), left out
};

/// Parses one or more WMT24 ESA CSV files (RFC 4180 quoting). Throws EvaluateError naming the
/// file and line for non-UTF-8 bytes, a row without 12 columns, a bad score or span JSON.
WmtEsaImport readWmtEsa(const QVector<QPair<QString, QByteArray>> &files, const QString &namePrefix);

/// RFC 4180 CSV rows (quoted fields, "" escapes, CRLF or LF). Throws EvaluateError naming
/// `fileName` for an unterminated quote.
QVector<QStringList> parseCsv(const QString &text, const QString &fileName);

}  // namespace gauntlet::evaluate
