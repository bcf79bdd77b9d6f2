// Internal to engine/evaluate/pearmut*.cpp: one Pearmut item object <-> a Gauntlet campaign item,
// and Pearmut's span objects (pearmut.h describes the shapes).
#pragma once

#include "engine/evaluate/campaign.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <QVector>

namespace gauntlet::evaluate::pearmut {

/// Adds `note` to `notes` unless it is there already.
void note(QStringList *notes, const QString &note);

/// A Pearmut span of `text`: integer start_i/end_i, inclusive, in Pearmut's character index
/// (web/src/utils.ts contentToCharSpans: JavaScript split(""), so UTF-16 code units, with line
/// breaks shown as <br> and not counted), converted to code points; start_i = end_i = that
/// index's length (or the string "missing") is [missing]; severity minor or major. Throws
/// EvaluateError naming `where`.
ErrorSpan spanFromJson(const QJsonValue &value, const QString &text, const QString &where);
/// The Pearmut span of `span` in `text` (code points to Pearmut's index; [missing] at its length).
QJsonObject spanToJson(const ErrorSpan &span, const QString &text);

/// The Gauntlet item(s) of one Pearmut item: one, or with `splitSystems` one per system (key
/// "<item_id>#<system>") when it has several. `fallbackKey` names an item without item_id.
/// Returns none for a form item (no "tgt" but "form"/"text"). Throws EvaluateError naming `where`.
QVector<CampaignItem> itemsFromJson(const QJsonObject &item, const QString &where, const QString &fallbackKey,
                                    bool splitSystems, QStringList *notes);

/// The Pearmut item object of `item` (item_id = key; validation written back from the checks).
QJsonObject itemToJson(const CampaignItem &item);
/// The item_id Pearmut pairs systems on: the key without the system of a one-translation item
/// ("<id>#<system>" and "example:<n>:<system>" give "<id>" and "example:<n>"); else the key.
QString sharedItemId(const CampaignItem &item);

/// Whether two items hold the same source, reference and translations.
bool sameContent(const CampaignItem &a, const CampaignItem &b);

}  // namespace gauntlet::evaluate::pearmut
