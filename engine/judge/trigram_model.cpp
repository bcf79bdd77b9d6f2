#include "engine/judge/trigram_model.h"

#include "engine/judge/judge_error.h"
#include "engine/judge/shared_model.h"

#include <QFileInfo>
#include <QRegularExpression>
#include <QString>

#include <sphinxbase/err.h>
#include <sphinxbase/logmath.h>
#include <sphinxbase/ngram_model.h>

#include <cmath>

namespace gauntlet::judge {

namespace {

/// sphinxbase scores are log base 1.0001; the judge speaks log10.
const double toLog10 = std::log(1.0001) / std::log(10.0);

}  // namespace

TrigramModel::TrigramModel(const std::string &path)
{
    if (!QFileInfo(QString::fromStdString(path)).isFile())
        throw JudgeError("the trigram language model " + path + " does not exist (install pocketsphinx-en-us, or set GAUNTLET_TRIGRAM_LM)");
    err_set_logfp(nullptr);  // sphinxbase logs every load at INFO level to stderr
    logmath_t *lmath = logmath_init(1.0001, 0, 0);
    // ngram_model_read takes ownership of lmath (freed with the model or on failure).
    m_model = ngram_model_read(nullptr, path.c_str(), NGRAM_AUTO, lmath);
    if (!m_model)
        throw JudgeError("sphinxbase cannot read the trigram language model " + path + " (not an ARPA or sphinx binary model)");
    m_start = ngram_wid(m_model, "<s>");
    m_end = ngram_wid(m_model, "</s>");
    m_unknownId = ngram_unknown_wid(m_model);
    if (m_start == m_unknownId || m_end == m_unknownId) {
        ngram_model_free(m_model);
        m_model = nullptr;
        throw JudgeError("the trigram language model " + path + " has no <s> or </s>");
    }
}

TrigramModel::~TrigramModel()
{
    if (m_model)
        ngram_model_free(m_model);
}

std::string TrigramModel::defaultPath()
{
    return pathFromEnvironment("GAUNTLET_TRIGRAM_LM", "/usr/share/pocketsphinx/model/en-us/en-us.lm.bin");
}

std::shared_ptr<const TrigramModel> TrigramModel::english()
{
    return sharedInstance<TrigramModel>();
}

std::vector<std::string> TrigramModel::words(const std::string &text)
{
    std::vector<std::string> out;
    const QStringList tokens = QString::fromUtf8(text.data(), qsizetype(text.size())).split(QRegularExpression(QStringLiteral("\\s+")),
                                                                                             Qt::SkipEmptyParts);
    for (const QString &token : tokens) {
        qsizetype begin = 0, end = token.size();
        while (begin < end && !token.at(begin).isLetterOrNumber())
            ++begin;
        while (end > begin && !token.at(end - 1).isLetterOrNumber())
            --end;
        if (begin < end)
            out.push_back(token.mid(begin, end - begin).toLower().toStdString());
    }
    return out;
}

int TrigramModel::wordId(const std::string &word) const
{
    if (word.empty())
        return -1;
    const std::lock_guard lock(m_mutex);
    const int id = ngram_wid(m_model, word.c_str());
    return id == m_unknownId || id < 0 || id == m_start || id == m_end ? -1 : id;
}

std::vector<int> TrigramModel::wordIds(const std::vector<std::string> &words) const
{
    std::vector<int> ids;
    ids.reserve(words.size());
    for (const std::string &w : words)
        ids.push_back(wordId(w));
    return ids;
}

double TrigramModel::logProb(int w, int h1, int h2) const
{
    if (w < 0)
        return unknownLogProb;
    int history[2] = {h1, h2};
    const int n = h1 < 0 ? 0 : h2 < 0 ? 1 : 2;
    int used = 0;
    const std::lock_guard lock(m_mutex);
    return double(ngram_ng_prob(m_model, w, history, n, &used)) * toLog10;
}

double TrigramModel::termAt(const std::vector<int> &ids, size_t j) const
{
    const int w = j < ids.size() ? ids[j] : m_end;
    const int h1 = j >= 1 ? ids[j - 1] : m_start;
    const int h2 = j >= 2 ? ids[j - 2] : j == 1 ? m_start : -1;
    // An unknown word in the history cuts it: the words after it are scored as after <s>.
    if (h1 < 0)
        return logProb(w, m_start, -1);
    return logProb(w, h1, h2);
}

double TrigramModel::sentenceLogProb(const std::vector<int> &ids) const
{
    double sum = 0;
    for (size_t j = 0; j <= ids.size(); ++j)
        sum += termAt(ids, j);
    return sum;
}

double TrigramModel::windowLogProb(const std::vector<int> &ids, size_t k) const
{
    double sum = 0;
    for (size_t j = k; j <= ids.size() && j <= k + 2; ++j)
        sum += termAt(ids, j);
    return sum;
}

double TrigramModel::textLogProb(const std::string &text) const
{
    return sentenceLogProb(wordIds(words(text)));
}

int TrigramModel::size() const
{
    const std::lock_guard lock(m_mutex);
    return ngram_model_get_size(m_model);
}

}  // namespace gauntlet::judge
