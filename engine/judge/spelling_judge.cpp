#include "engine/judge/spelling_judge.h"

#include "engine/judge/judge_error.h"

#include <hunspell/hunspell.h>

#include <QChar>
#include <QFileInfo>
#include <QString>

#include <cstdlib>

namespace gauntlet::judge {

namespace {

bool isApostrophe(QChar c)
{
    return c == QLatin1Char('\'') || c == QChar(0x2019);
}

}  // namespace

std::vector<std::string> spellingWords(const std::string &text)
{
    const QString s = QString::fromUtf8(text.data(), int(text.size()));
    std::vector<std::string> words;
    QString word;
    bool digit = false;
    // Hunspell's en_US WORDCHARS hold U+2019 but not the ASCII apostrophe: only the latter is
    // stripped at the edges ("'tis" -> "tis", "’tis" stays).
    const auto flush = [&] {
        while (!word.isEmpty() && word.front() == QLatin1Char('\''))
            word.remove(0, 1);
        while (!word.isEmpty() && word.back() == QLatin1Char('\''))
            word.chop(1);
        if (!word.isEmpty() && !digit)
            words.push_back(word.toStdString());
        word.clear();
        digit = false;
    };
    for (const QChar c : s) {
        if (c.isLetter() || c.isMark() || isApostrophe(c)) {
            word += c;
        } else if (c.isDigit()) {
            word += c;
            digit = true;
        } else {
            flush();
        }
    }
    flush();
    return words;
}

SpellingJudge::SpellingJudge(const std::string &affPath, const std::string &dicPath)
{
    for (const std::string &p : {affPath, dicPath}) {
        if (!QFileInfo(QString::fromStdString(p)).isReadable())
            throw JudgeError("the Hunspell dictionary file " + p + " is missing or unreadable (install hunspell-en-us)");
    }
    m_handle = Hunspell_create(affPath.c_str(), dicPath.c_str());
    if (!m_handle)
        throw JudgeError("Hunspell cannot load " + dicPath);
}

SpellingJudge::~SpellingJudge()
{
    Hunspell_destroy(static_cast<Hunhandle *>(m_handle));
}

std::shared_ptr<const SpellingJudge> SpellingJudge::english()
{
    static std::mutex mutex;
    static std::shared_ptr<const SpellingJudge> judge;
    const std::lock_guard<std::mutex> lock(mutex);
    if (!judge) {
        const char *env = std::getenv("DICPATH");
        const std::string dir = env && *env ? std::string(env) : std::string("/usr/share/hunspell");
        judge = std::make_shared<const SpellingJudge>(dir + "/en_US.aff", dir + "/en_US.dic");
    }
    return judge;
}

bool SpellingJudge::spell(const std::string &word) const
{
    const std::lock_guard<std::mutex> lock(m_mutex);
    return Hunspell_spell(static_cast<Hunhandle *>(m_handle), word.c_str()) != 0;
}

std::vector<std::string> SpellingJudge::misspelled(const std::string &text) const
{
    std::vector<std::string> out;
    for (const std::string &w : spellingWords(text)) {
        if (!spell(w))
            out.push_back(w);
    }
    return out;
}

}  // namespace gauntlet::judge
