// Reads tests/data/metrics/sacrebleu_golden.json (written by tests/metrics/make_sacrebleu_golden.py
// with sacrebleu 2.6.0 and numpy 1.24.2) and lays out the TED files its command lines name.
#pragma once

#include "tests/metrics/ted_segments.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace sacrebleugolden {

inline nlohmann::json load()
{
    std::ifstream in(GAUNTLET_SOURCE_DIR "/tests/data/metrics/sacrebleu_golden.json");
    if (!in)
        throw std::runtime_error("cannot read tests/data/metrics/sacrebleu_golden.json");
    return nlohmann::json::parse(in);
}

/// The generator's corpus: each system's MT lines in file order, and the reference.
struct Corpus {
    std::map<std::string, std::vector<std::string>> systems;
    std::vector<std::string> reference;
};

inline Corpus tedCorpus()
{
    Corpus c;
    for (const auto &s : tedcorpus::readSegments()) {
        c.systems[s.system].push_back(s.mt);
        if (s.system == "Facebook-AI")
            c.reference.push_back(s.reference);
    }
    return c;
}

}  // namespace sacrebleugolden
