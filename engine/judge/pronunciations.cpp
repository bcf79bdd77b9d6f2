#include "engine/judge/pronunciations.h"

#include "engine/judge/judge_error.h"
#include "engine/judge/shared_model.h"

#include <fstream>
#include <sstream>

namespace gauntlet::judge {

Pronunciations::Pronunciations(const std::string &path)
{
    std::ifstream in(path);
    if (!in)
        throw JudgeError("cannot read the pronouncing dictionary " + path + " (install pocketsphinx-en-us, or set GAUNTLET_CMUDICT)");
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream fields(line);
        std::string word, phone;
        if (!(fields >> word >> phone) || word.find('(') != std::string::npos)
            continue;  // a variant pronunciation ("word(2)"): the first one decides
        // ARPAbet vowels start with A, E, I, O or U (AA AE AH AO AW AY EH ER EY IH IY OW OY UH UW).
        const char c = phone[0];
        m_vowelInitial.emplace(word, c == 'A' || c == 'E' || c == 'I' || c == 'O' || c == 'U');
    }
    if (m_vowelInitial.empty())
        throw JudgeError("the pronouncing dictionary " + path + " holds no pronunciation");
}

std::string Pronunciations::defaultPath()
{
    return pathFromEnvironment("GAUNTLET_CMUDICT", "/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict");
}

std::shared_ptr<const Pronunciations> Pronunciations::english()
{
    return sharedInstance<Pronunciations>();
}

std::optional<bool> Pronunciations::startsWithVowel(const std::string &word) const
{
    const auto it = m_vowelInitial.find(word);
    if (it == m_vowelInitial.end())
        return std::nullopt;
    return it->second;
}

}  // namespace gauntlet::judge
