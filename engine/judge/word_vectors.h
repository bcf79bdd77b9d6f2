// Word vectors in word2vec's text format (the first line "COUNT DIMENSION", then one word and its
// DIMENSION values per line), as fastText's `skipgram` writes them (`.vec`). Issue 31 uses the
// default pack's vectors (scripts/build-word-vectors.sh: fastText on ../shared/data/english) for
// TextAttack's WordEmbeddingDistance constraint (a substitute must be near the word it replaces)
// and a context constraint (it must fit the other words of the sentence about as well).
#pragma once

#include <cmath>
#include <string>
#include <unordered_map>
#include <vector>

namespace gauntlet::judge {

class WordVectors {
public:
    /// Reads `path`. Throws JudgeError naming the file and the line for a missing or unreadable
    /// file, a bad header, a line with another number of values, a value that is not a finite
    /// number, or a file without any vector.
    explicit WordVectors(const std::string &path);

    int dimension() const { return m_dimension; }
    size_t size() const { return m_index.size(); }
    bool contains(const std::string &word) const { return m_index.count(word) > 0; }

    /// Cosine similarity of two words' vectors, in [-1, 1]; NaN when either has none.
    double cosine(const std::string &a, const std::string &b) const;
    /// The unit-length mean of the unit vectors of those `words` that have one; empty when none has.
    std::vector<float> centroid(const std::vector<std::string> &words) const;
    /// Cosine similarity of two centroids of one dimension; NaN when either is empty.
    static double cosine(const std::vector<float> &a, const std::vector<float> &b);
    /// Cosine similarity of `word` with a centroid; NaN when the word has no vector or the centroid is empty.
    double cosine(const std::string &word, const std::vector<float> &centroid) const;

private:
    int m_dimension = 0;
    std::unordered_map<std::string, size_t> m_index;  ///< word -> row
    std::vector<float> m_unit;                        ///< [size, dimension], rows of unit length
    const float *row(const std::string &word) const;
};

}  // namespace gauntlet::judge
