// Pearmut (Zouhar et al. 2026, github.com/zouharvi/pearmut) files, so a study run in either tool
// can be analysed in the other.
//
// Campaign file (README "Campaign Configuration"): {"info": {"protocol": "ESA" | "cESA", ...},
// "campaign_id", "data": [...], optional "data_welcome" / "data_random"}; data nests lists
// (tasks of users, documents) down to items {"item_id", "src", "ref", "tgt": {system: text},
// "error_spans": {system: [{start_i, end_i, severity, category}]} (ESA^AI pre-filled spans),
// "validation": {system: {"warning", "score": [min, max], "error_spans": [...], "allow_skip"}},
// "skippable"}. Offsets have inclusive ends and count what Pearmut's screen splits a text into
// (web/src/utils.ts contentToCharSpans: JavaScript split(""), one element per UTF-16 code unit,
// line breaks shown as <br> without an element), so an emoji counts twice and a line break not at
// all; they are converted to and from Gauntlet's code points. A span on the [missing]
// pseudo-token has start_i = end_i = that count.
//
// Result JSONL (server/results_export.py reads it): one line per submitted document
// {"user_id", "item_i", "item": [item objects], "annotation": [per item {system: {"score",
// "error_spans", "textfield"}}], "actions": [{"time": epoch seconds, "action"}, ...]}; Gauntlet
// writes one item per line and adds "time" (active seconds) and "gauntlet" (stage, shown system
// order, Likert ratings, rule form, proposal outcomes) that Pearmut keeps as extra keys.
//
// Every reader checks UTF-8, JSON and shape and throws EvaluateError naming the file (and line)
// before anything is stored.
#pragma once

#include "engine/evaluate/campaign.h"
#include "engine/evaluate/campaign_package.h"
#include "engine/evaluate/wmt_esa.h"

#include <QByteArray>
#include <QMap>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace gauntlet::evaluate {

struct PearmutCampaign {
    Campaign campaign;  ///< validated; uid empty (the store makes one)
    QStringList notes;  ///< what could not be carried over, one line each
};

/// Reads a Pearmut campaign file into a Gauntlet campaign named `name` (campaign_id when empty).
///  - protocol "ESA" -> esa (an item with several tgt becomes one item per system, key
///    "<item_id>#<system>"), "cESA" -> cesa; any other protocol is refused;
///  - info.shuffle -> shuffle systems, info.show_model_names -> show names, info.instructions;
///  - items of every task, document, data_welcome and data_random, in file order; an item_id that
///    repeats with the same source and translations is one item (tasks share items), with other
///    content it is refused; items without item_id get "item<N>"; form items are skipped;
///  - validation -> attention check: with a warning and skippable a tutorial, with a warning a
///    loud check, without one a silent check; its score range and the first expected span (start
///    and end ranges merged into one region that a marked span must overlap) per system;
///  - error_spans -> CampaignItem::proposedSpans, with their MQM "category" (the campaign then
///    gets those categories as its error typology, mqm_score.h adoptSpanCategories).
/// Documents (the lists that hold items) are kept: their items share CampaignItem::document, so
/// assignment hands them out together and in file order. Pearmut files name no language pair:
/// `sourceLanguage` and `targetLanguage` give it (else a note says it is missing).
/// Systems are in the order of their names (JSON objects carry no order). Task assignment,
/// per-item instructions, sliders, text fields, a second expected span and score_greaterthan
/// are not carried over (listed in notes). Throws EvaluateError naming
/// `fileName` (and the item) for non-UTF-8 bytes, bad JSON (with its line), a missing "info" or
/// "data", an unknown protocol, an item without "tgt", a bad span or score.
PearmutCampaign readPearmutCampaign(const QByteArray &bytes, const QString &fileName, const QString &name = {},
                                    const QString &sourceLanguage = {}, const QString &targetLanguage = {});

/// Pearmut result JSONL of the stored answers of stage `stage`: per annotator (`answers`, e.g.
/// CampaignStore::storedAnswers) and answer one line with user_id, item_i (the item's index in
/// the campaign; "welcome_<index>" for tutorials and "random_<index>" for attention checks, which
/// Pearmut's results_export.py leaves out of system scores), the item (item_id = the item key
/// without a system of its own: Pearmut pairs systems on a shared item_id, so "<id>#<system>" and
/// "example:<n>:<system>" are written "<id>" and "example:<n>"; src, ref, tgt, proposed
/// error_spans, validation of checks, rules), annotation {system: {score, error_spans, textfield:
/// null, proposals}}, actions (load at saved time minus active time, the annotator's logged
/// actions on the item and stage from `logs`, submit at the saved time), time (active seconds,
/// millisecond precision) and "gauntlet" extras (the item's own key among them). One stage per
/// file: a Pearmut consumer keeps the last line per (model, item_id), so two stages in one file
/// would mix; `stage` 0 writes every stage (for Gauntlet's own import, which reads gauntlet.stage).
QByteArray pearmutResultsJsonl(const Campaign &campaign, const QMap<QString, QVector<StoredAnswer>> &answers,
                               const QMap<QString, QVector<LogEntry>> &logs = {}, int stage = 0);

struct PearmutResults {
    ImportedCampaign imported;  ///< the campaign rebuilt from the lines' items, answers per user_id
    int lines = 0;
    int answers = 0;
    int skipped = 0;            ///< items without a score (skipped tutorials, form items)
    QStringList notes;
};

/// Reads Pearmut result JSONL into a finished campaign named `name`: items from the lines' "item"
/// objects (as readPearmutCampaign), one answer per (line, item) with a score; spans, scores
/// (integers 0-100), active time ("time", else last submit minus first load) and the saved time
/// (last action) are kept, and so are Gauntlet's extras when present. `protocol` unset: cesa
/// when every regular item has two or more translations, else esa. Throws EvaluateError naming
/// `fileName` and the line for bad UTF-8 or JSON, a line of another shape, an item_id whose
/// content differs between lines, a bad span, score or severity.
PearmutResults readPearmutResults(const QByteArray &bytes, const QString &fileName, const QString &name,
                                  std::optional<Protocol> protocol = std::nullopt);

/// Strict JSON parse of a file's bytes: UTF-8 checked, errors name `fileName` and the line.
QJsonDocument parseJsonFile(const QByteArray &bytes, const QString &fileName);

}  // namespace gauntlet::evaluate
