// Grammaticality from link-grammar (CMU / OpenCog link grammar parser, Debian liblink-grammar-dev and
// link-grammar-dictionaries-en) through its C API (link-includes.h), not the link-parser CLI. A
// judge the search does not optimise: a hand-written English grammar and dictionary.
//
// The procedure is link-parser's own (link-grammar 5.12, link-parser/link-parser.c): parse with no
// null links; when no linkage is found, parse again allowing 1 .. sentence-length null links, so
// the null count reported is the minimal number of words left unlinked. Spell guessing is off
// (a misspelling must not be "corrected" into a parse); every other option is the CLI's default.
#pragma once

#include <limits>
#include <memory>
#include <string>
#include <vector>

namespace gauntlet::judge {

/// One sentence's verdict from the parser.
struct GrammarVerdict {
    /// A linkage without null links and without post-processing violations was found.
    bool complete = false;
    /// The minimal number of null links (words left out of the linkage) at which a linkage was
    /// found: 0 .. words; -1 when the parse timed out or the sentence could not be split.
    int nullLinks = -1;
    bool timedOut = false;  ///< the parse ran out of its time limit (the verdict is not complete)
    /// The disjunct cost of the best linkage (link-parser's "DIS=" of Linkage 1; NaN when no
    /// linkage; slightly negative where the dictionary favours a reading, e.g. -0.15). Low for plain English (about 0-2 for news sentences); high where the parse
    /// needs costly readings: an unknown word guessed by its form, "my" as an interjection.
    double disjunctCost = std::numeric_limits<double>::quiet_NaN();
    /// The words of the best linkage as link-grammar writes them, with their dictionary subscripts
    /// ("the", "company.s", "said.v-d", ..., "."), as link-parser prints them under the diagram,
    /// without the LEFT-WALL and RIGHT-WALL; empty when no linkage.
    std::vector<std::string> linkageWords;
};

/// The part of speech of a linkage word from its subscript: "fell.v-d" -> 'v', "council.s" and
/// "drug.n" -> 'n' (s, p, n and g-less noun subscripts all read 'n'), "new.a" -> 'a', "sharply.e"
/// -> 'e'; a word without subscript ("the", "of") -> '\0'; a word link-grammar guessed or did not
/// know ("Scientists[!]", "teh[?]") -> '?'.
char partOfSpeech(const std::string &linkageWord);
/// The word without its subscript, guess mark or null-link brackets ("fell.v-d" -> "fell",
/// "[that]" -> "that").
std::string linkageWordText(const std::string &linkageWord);

/// Why GrammarJudge::checkWithin refused a sentence (issue 34 item 6: the candidate pool says why
/// each refused candidate was refused).
enum class GrammarRefusal {
    None,            ///< it passes
    Empty,           ///< blank, or link-grammar could not split it into words
    TimedOut,        ///< the parse ran out of its time limit
    NoLinkage,       ///< no linkage with at most the allowed null links using disjuncts within the cost bound
    PostProcessing,  ///< linkages at null count 0 exist, but each violates a post-processing rule
    Cost,            ///< the best linkage costs more than the bound
};

/// The outcome of GrammarJudge::checkWithin.
struct GrammarCheck {
    GrammarRefusal refusal = GrammarRefusal::None;
    double disjunctCost = std::numeric_limits<double>::quiet_NaN();  ///< of the best linkage found (NaN when none)
    bool passes() const { return refusal == GrammarRefusal::None; }
};

struct GrammarOptions {
    int maxParseSeconds = 10;  ///< link-parser's -timeout (CLI default 30); a timeout gives nullLinks -1
    int linkageLimit = 100;    ///< linkages examined per parse (CLI default 1000; only the count of valid ones is used)
};

/// The English link grammar, loaded once per process (about 0.3 s) and shared: parse() may be
/// called from several threads at once (one link-grammar Sentence and Parse_Options per call).
class GrammarJudge {
public:
    /// The process-wide judge for English. Throws JudgeError naming the missing package when the
    /// dictionary cannot be loaded (link-grammar-dictionaries-en).
    static std::shared_ptr<const GrammarJudge> english();

    ~GrammarJudge();
    GrammarJudge(const GrammarJudge &) = delete;
    GrammarJudge &operator=(const GrammarJudge &) = delete;

    /// The minimal null count and completeness of `sentence` (UTF-8). An empty text has no parse
    /// (nullLinks -1).
    GrammarVerdict parse(const std::string &sentence, const GrammarOptions &options = {}) const;

    /// Whether `sentence` parses with at most `maxNullLinks` null links (and, when maxNullLinks is
    /// 0, with a linkage free of post-processing violations) and its best linkage costs at most
    /// `maxDisjunctCost`. Cheaper than parse() for the search's guard: it stops at `maxNullLinks`
    /// instead of finding the minimum. A timeout is false.
    /// `words`, if given, receives the best linkage's words when it passes.
    bool parsesWithin(const std::string &sentence, int maxNullLinks, double maxDisjunctCost = std::numeric_limits<double>::infinity(),
                      std::vector<std::string> *words = nullptr, const GrammarOptions &options = {}) const;
    /// parsesWithin with the reason for a refusal (the same parse; no second one). Because the
    /// parse leaves out disjuncts above `maxDisjunctCost`, "too many null links" and "needs costly
    /// readings" both show as NoLinkage; Cost is a best linkage above the bound made of cheaper disjuncts.
    GrammarCheck checkWithin(const std::string &sentence, int maxNullLinks, double maxDisjunctCost = std::numeric_limits<double>::infinity(),
                             std::vector<std::string> *words = nullptr, const GrammarOptions &options = {}) const;

private:
    explicit GrammarJudge(void *dictionary);
    void *m_dictionary;  // link-grammar's Dictionary (kept out of this header)
};

}  // namespace gauntlet::judge
