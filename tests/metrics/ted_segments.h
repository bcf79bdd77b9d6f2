// Reads the committed copy (tests/data/shared-copy) of
// ../shared/data/corpora/wmt21-ted-mqm-ende/ted_ende_segments.tsv for the metrics tests.
#pragma once

#include "tests/support/shared_copy.h"

#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace tedcorpus {

/// One row: (doc, seg, system) with the MT output, the reference and the golden columns.
struct Segment {
    std::string doc;
    std::string segId;
    std::string system;
    std::string mt;
    std::string reference;
    double mqm = 0;
    double ter = 0;
    double chrf2 = 0;
    double sentBleu = 0;
};

/// The 6,877 rows in file order (a header line, then 12 tab-separated columns, no quoting).
inline std::vector<Segment> readSegments()
{
    std::ifstream in(gauntlet::testing::sharedCopyPath("corpora/wmt21-ted-mqm-ende/ted_ende_segments.tsv"));
    if (!in)
        throw std::runtime_error("cannot read ted_ende_segments.tsv");
    std::string line;
    std::getline(in, line);
    std::vector<Segment> segments;
    while (std::getline(in, line)) {
        std::vector<std::string> f;
        std::size_t start = 0;
        while (true) {
            const std::size_t tab = line.find('\t', start);
            f.push_back(line.substr(start, tab == std::string::npos ? std::string::npos : tab - start));
            if (tab == std::string::npos)
                break;
            start = tab + 1;
        }
        if (f.size() != 12)
            throw std::runtime_error("ted_ende_segments.tsv: a row without 12 columns");
        segments.push_back({f[0], f[2], f[3], f[5], f[6], std::stod(f[8]), std::stod(f[9]), std::stod(f[10]),
                            std::stod(f[11])});
    }
    return segments;
}

/// The rows of one system, in file order (document, then segment).
inline std::vector<Segment> systemRows(const std::vector<Segment> &all, const std::string &system)
{
    std::vector<Segment> rows;
    for (const auto &s : all)
        if (s.system == system)
            rows.push_back(s);
    return rows;
}

}  // namespace tedcorpus
