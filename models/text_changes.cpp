#include "models/text_changes.h"

#include <QStringList>

#include <algorithm>
#include <vector>

namespace gauntlet {

namespace {

struct Word {
    QString word, space;
};

QVector<Word> splitWords(const QString &text)
{
    QVector<Word> words;
    int i = 0;
    const int n = int(text.size());
    if (i < n && text.at(i).isSpace()) {
        Word lead;
        while (i < n && text.at(i).isSpace())
            lead.space += text.at(i++);
        words.push_back(lead);
    }
    while (i < n) {
        Word w;
        while (i < n && !text.at(i).isSpace())
            w.word += text.at(i++);
        while (i < n && text.at(i).isSpace())
            w.space += text.at(i++);
        words.push_back(w);
    }
    return words;
}

/// For each word of `text`: whether the word alignment with `ref` does not keep it, and the ref
/// words its hunk replaced. The alignment is the word-level Levenshtein one (substitution,
/// insertion, deletion, each costing 1; ties go to the diagonal step), not the longest common
/// subsequence: a search that substitutes one word for another keeps the word count, and LCS would
/// match a substituted word to an equal seed word further on ("help thousands of" -> "help of of"
/// marked the seed's own "of", not the one that replaced "thousands").
void align(const QVector<Word> &text, const QString &reference, std::vector<bool> &changed, QStringList &original)
{
    const QVector<Word> ref = splitWords(reference);
    const size_t n = size_t(ref.size()), m = size_t(text.size());
    changed.assign(m, false);
    original = QStringList();
    for (size_t j = 0; j < m; ++j)
        original << QString();
    const auto same = [&](size_t i, size_t j) { return ref[int(i)].word == text[int(j)].word; };
    // D[i][j] = edit distance between ref[i..] and text[j..], in words
    std::vector<std::vector<int>> D(n + 1, std::vector<int>(m + 1, 0));
    for (size_t i = n + 1; i-- > 0;) {
        for (size_t j = m + 1; j-- > 0;) {
            if (i == n || j == m)
                D[i][j] = int((n - i) + (m - j));
            else
                D[i][j] = std::min({D[i + 1][j + 1] + (same(i, j) ? 0 : 1), D[i + 1][j] + 1, D[i][j + 1] + 1});
        }
    }
    QStringList hunkRef;
    std::vector<size_t> hunkText;
    const auto closeHunk = [&] {
        // A hunk that replaced as many words as it holds pairs them word by word, so a word's
        // tooltip names the word it replaced, not the whole span (issue 18); otherwise each word
        // names the span it is part of.
        if (int(hunkText.size()) == hunkRef.size()) {
            for (size_t k = 0; k < hunkText.size(); ++k)
                original[int(hunkText[k])] = hunkRef[int(k)];
        } else {
            const QString replaced = hunkRef.join(QLatin1Char(' '));
            for (size_t j : hunkText)
                original[int(j)] = replaced;
        }
        hunkRef.clear();
        hunkText.clear();
    };
    const auto takeRef = [&](size_t i) {
        if (!ref[int(i)].word.isEmpty())
            hunkRef << ref[int(i)].word;
    };
    const auto takeText = [&](size_t j) {
        if (!text[int(j)].word.isEmpty()) {
            changed[j] = true;
            hunkText.push_back(j);
        }
    };
    size_t i = 0, j = 0;
    while (i < n || j < m) {
        if (i < n && j < m && D[i][j] == D[i + 1][j + 1] + (same(i, j) ? 0 : 1)) {
            if (same(i, j)) {
                closeHunk();
            } else {  // substituted
                takeRef(i);
                takeText(j);
            }
            ++i;
            ++j;
        } else if (j == m || (i < n && D[i][j] == D[i + 1][j] + 1)) {
            takeRef(i++);  // deleted
        } else {
            takeText(j++);  // inserted
        }
    }
    closeHunk();
}

}  // namespace

QVector<TextSegment> compareWords(const QString &text, const QString &seed, const QString &parent)
{
    const QVector<Word> words = splitWords(text);
    std::vector<bool> vsSeed, vsParent;
    QStringList seedOriginal, parentOriginal;
    align(words, seed, vsSeed, seedOriginal);
    const bool withParent = !parent.isEmpty();
    if (withParent)
        align(words, parent, vsParent, parentOriginal);
    QVector<TextSegment> out;
    out.reserve(words.size());
    for (int k = 0; k < words.size(); ++k) {
        TextSegment s;
        s.word = words[k].word;
        s.space = words[k].space;
        s.changedVsSeed = vsSeed[size_t(k)];
        s.seedOriginal = seedOriginal.value(k);
        if (withParent) {
            s.changedVsParent = vsParent[size_t(k)];
            s.parentOriginal = parentOriginal.value(k);
        }
        out.push_back(s);
    }
    return out;
}

QString changesHtml(const QVector<TextSegment> &segments)
{
    QString html;
    for (const TextSegment &s : segments) {
        QString word = s.word.toHtmlEscaped();
        if (s.changedVsParent)
            word = QStringLiteral("<b style=\"color:#9c1c1c\">%1</b>").arg(word);
        if (s.changedVsSeed || s.changedVsParent)
            word = QStringLiteral("<span style=\"background-color:#ffe08a\">%1</span>").arg(word);
        html += word;
        if (!s.space.isEmpty())
            html += QLatin1Char(' ');
    }
    return html;
}

QString boldChangesHtml(const QString &text, const QString &previous)
{
    QString html;
    for (const TextSegment &s : compareWords(text, previous)) {
        html += s.changedVsSeed ? QStringLiteral("<b>%1</b>").arg(s.word.toHtmlEscaped()) : s.word.toHtmlEscaped();
        if (!s.space.isEmpty())
            html += QLatin1Char(' ');
    }
    return html;
}

}  // namespace gauntlet
