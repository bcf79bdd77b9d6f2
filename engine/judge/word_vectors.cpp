#include "engine/judge/word_vectors.h"

#include "engine/judge/judge_error.h"

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <limits>
#include <sstream>

namespace gauntlet::judge {

WordVectors::WordVectors(const std::string &path)
{
    std::ifstream in(path);
    if (!in)
        throw JudgeError("cannot read the word vectors " + path);
    std::string line;
    long long count = 0;
    {
        std::getline(in, line);
        std::istringstream header(line);
        if (!(header >> count >> m_dimension) || count < 0 || m_dimension <= 0 || m_dimension > 10000)
            throw JudgeError(path + ", line 1: not a word2vec text header (\"COUNT DIMENSION\")");
    }
    std::vector<float> values(static_cast<size_t>(m_dimension));
    for (long long lineNumber = 2; std::getline(in, line); ++lineNumber) {
        if (line.empty())
            continue;
        const char *p = line.c_str();
        const char *space = std::strchr(p, ' ');
        if (!space)
            throw JudgeError(path + ", line " + std::to_string(lineNumber) + ": a word without values");
        const std::string word(p, space);
        p = space;
        double norm = 0;
        for (int d = 0; d < m_dimension; ++d) {
            char *end = nullptr;
            const float v = std::strtof(p, &end);
            if (end == p || !std::isfinite(v))
                throw JudgeError(path + ", line " + std::to_string(lineNumber) + ": expected " + std::to_string(m_dimension)
                                 + " numbers after '" + word + "'");
            values[size_t(d)] = v;
            norm += double(v) * v;
            p = end;
        }
        while (*p == ' ' || *p == '\r')
            ++p;
        if (*p != '\0')
            throw JudgeError(path + ", line " + std::to_string(lineNumber) + ": more than " + std::to_string(m_dimension)
                             + " values after '" + word + "'");
        if (norm <= 0 || !m_index.emplace(word, m_index.size()).second)
            continue;  // a zero vector has no direction; a repeated word keeps its first vector
        const double inv = 1.0 / std::sqrt(norm);
        for (float v : values)
            m_unit.push_back(float(v * inv));
    }
    if (m_index.empty())
        throw JudgeError("the word vectors " + path + " hold no vector");
}

const float *WordVectors::row(const std::string &word) const
{
    const auto it = m_index.find(word);
    return it == m_index.end() ? nullptr : m_unit.data() + it->second * size_t(m_dimension);
}

double WordVectors::cosine(const std::string &a, const std::string &b) const
{
    const float *x = row(a), *y = row(b);
    if (!x || !y)
        return std::numeric_limits<double>::quiet_NaN();
    double dot = 0;
    for (int d = 0; d < m_dimension; ++d)
        dot += double(x[d]) * y[d];
    return dot;
}

std::vector<float> WordVectors::centroid(const std::vector<std::string> &words) const
{
    std::vector<double> sum(size_t(m_dimension), 0.0);
    int n = 0;
    for (const std::string &w : words) {
        if (const float *x = row(w)) {
            for (int d = 0; d < m_dimension; ++d)
                sum[size_t(d)] += x[d];
            ++n;
        }
    }
    double norm = 0;
    for (double v : sum)
        norm += v * v;
    if (n == 0 || norm <= 0)
        return {};
    std::vector<float> out(static_cast<size_t>(m_dimension));
    for (int d = 0; d < m_dimension; ++d)
        out[size_t(d)] = float(sum[size_t(d)] / std::sqrt(norm));
    return out;
}

double WordVectors::cosine(const std::vector<float> &a, const std::vector<float> &b)
{
    if (a.empty() || a.size() != b.size())
        return std::numeric_limits<double>::quiet_NaN();
    double dot = 0, na = 0, nb = 0;
    for (size_t d = 0; d < a.size(); ++d) {
        dot += double(a[d]) * b[d];
        na += double(a[d]) * a[d];
        nb += double(b[d]) * b[d];
    }
    return na > 0 && nb > 0 ? dot / std::sqrt(na * nb) : std::numeric_limits<double>::quiet_NaN();
}

double WordVectors::cosine(const std::string &word, const std::vector<float> &centroid) const
{
    const float *x = row(word);
    if (!x || centroid.size() != size_t(m_dimension))
        return std::numeric_limits<double>::quiet_NaN();
    double dot = 0;
    for (int d = 0; d < m_dimension; ++d)
        dot += double(x[d]) * centroid[size_t(d)];
    return dot;
}

}  // namespace gauntlet::judge
