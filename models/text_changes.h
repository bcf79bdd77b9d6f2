// Which words of a beam text were substituted, against the seed and against the parent: a word-level
// alignment (the word-level Levenshtein alignment of whitespace-separated words) of the text with
// each reference. Works for live and replayed runs alike without a tokenizer; the engine's token-level
// changes (ato::TokenChange) are shown next to it in tooltips.
#pragma once

#include <QString>
#include <QVector>

namespace gauntlet {

/// One word of a text (with the whitespace that follows it) and how it differs from the references.
struct TextSegment {
    QString word;        ///< the word as it appears in the text
    QString space;       ///< the whitespace after it
    bool changedVsSeed = false;
    bool changedVsParent = false;
    QString seedOriginal;    ///< the seed's words this word's hunk replaced ("" for an insertion)
    QString parentOriginal;  ///< the same against the parent
};

/// Splits `text` into words and marks each word the word-level Levenshtein alignment with `seed`
/// (resp. `parent`; an empty `parent` marks nothing) does not keep: substituted or inserted. Ties
/// go to substitution, so a word that replaced another is marked even when it equals a later seed
/// word. O(n m) in words.
QVector<TextSegment> compareWords(const QString &text, const QString &seed, const QString &parent = {});

/// HTML of `segments` for a rich-text delegate: words changed against the seed on an amber
/// background, words changed against the parent (this step's substitutions) also bold and dark red.
QString changesHtml(const QVector<TextSegment> &segments);

/// HTML with the words of `text` that differ from `previous` in bold (the best-path view, like
/// Table 4 of the ATO paper).
QString boldChangesHtml(const QString &text, const QString &previous);

}  // namespace gauntlet
