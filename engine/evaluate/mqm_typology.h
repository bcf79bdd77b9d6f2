// MQM error typology and weights for campaigns whose error spans carry a category (MQM, Lommel et
// al. 2014; as run for WMT by Freitag et al. 2021, "Experts, Errors, and Context", TACL 9, Table
// 2 for the categories and Table 3 / section 3.3 for the weights). A category is a path in a tree,
// "Accuracy/Omission"; its top-level category is the part before the first '/'.
#pragma once

#include "engine/evaluate/annotation.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace gauntlet::evaluate {

/// Penalty per error span, by severity; with the two category rules of Freitag et al. 2021
/// (section 3.3): a minor error in `punctuationCategory` costs `minorPunctuation`, and any error
/// in `nonTranslationCategory` costs `nonTranslation` whatever its severity. Critical errors are
/// not in Freitag et al. (they fold them into Non-translation); Gauntlet weights them 25 as the
/// MQM Council's scoring model (MQM 2.0, themqm.org, "Scoring models": minor 1, major 5, critical
/// 25) does, the same as a non-translation. Neutral: 0. Units: penalty points per span, >= 0.
struct MqmWeights {
    double minor = 1.0;
    double major = 5.0;
    double critical = 25.0;
    double neutral = 0.0;
    double minorPunctuation = 0.1;
    double nonTranslation = 25.0;
    QString punctuationCategory = QStringLiteral("Fluency/Punctuation");
    QString nonTranslationCategory = QStringLiteral("Non-translation");
    bool operator==(const MqmWeights &o) const
    {
        return minor == o.minor && major == o.major && critical == o.critical && neutral == o.neutral && minorPunctuation == o.minorPunctuation
               && nonTranslation == o.nonTranslation && punctuationCategory == o.punctuationCategory
               && nonTranslationCategory == o.nonTranslationCategory;
    }
};

/// The penalty of one span under `weights` (categories compared case-insensitively; a category
/// below the non-translation category counts as a non-translation too).
double mqmWeight(const ErrorSpan &span, const MqmWeights &weights = {});

/// A campaign's category tree: every path, parents before children. Empty = no categories (ESA).
struct MqmTypology {
    QString name;            ///< "mqm-core", a taxonomy's name or the file it came from
    QStringList categories;  ///< "Accuracy", "Accuracy/Addition", ...; unique
    MqmWeights weights;
    bool isEmpty() const { return categories.isEmpty(); }
    bool contains(const QString &category) const { return categories.contains(category); }
    bool operator==(const MqmTypology &o) const { return name == o.name && categories == o.categories && weights == o.weights; }
};

/// The top-level category of a path ("Accuracy" of "Accuracy/Omission"; "" for "").
QString topLevelCategory(const QString &category);

/// MQM core as used for WMT (Freitag et al. 2021, Table 2): Accuracy (Addition, Omission,
/// Mistranslation, Untranslated text), Fluency (Punctuation, Spelling, Grammar, Register,
/// Inconsistency, Character encoding), Terminology (Inappropriate for context, Inconsistent use),
/// Style (Awkward), Locale convention (Address format, Currency format, Date format, Name format,
/// Telephone format, Time format), Other, Non-translation, Source error; default weights.
MqmTypology mqmCoreTypology();

/// Reads a typology file: JSON {"name": ..., "categories": [...], "weights": {...}} where
/// categories are paths ("Accuracy/Omission") or nested objects {"name": "Accuracy",
/// "children": [...]}, and the optional weights object may set minor, major, critical, neutral,
/// minor_punctuation, non_translation (numbers >= 0), punctuation_category and
/// non_translation_category. Parents missing from a path list are added. Throws EvaluateError
/// naming `where` for malformed JSON, an empty or duplicate category, a negative weight, or no
/// categories at all.
MqmTypology parseMqmTypology(const QByteArray &json, const QString &where);

/// A typology from category paths (e.g. a project taxonomy's paths, engine/sampling), with the
/// default weights; parents are added. Throws EvaluateError naming `where` when `paths` is empty.
MqmTypology typologyFromPaths(const QString &name, const QStringList &paths, const QString &where);

/// The typology as stored in campaign packages (the shape parseMqmTypology reads, paths form).
QJsonObject typologyToJson(const MqmTypology &typology);
/// Reads what typologyToJson writes (and the object form of parseMqmTypology); same errors.
MqmTypology typologyFromJson(const QJsonObject &object, const QString &where);

}  // namespace gauntlet::evaluate
