// DSIR, data selection with importance resampling (Xie et al. 2023, "Data Selection for Language
// Models via Importance Resampling"), hashed n-gram variant as in github.com/p-lambda/dsir
// (data_selection/hashed_ngram_dsir.py @ 4802a1c): words from NLTK's WordPunctTokenizer regex
// \w+|[^\w\s]+ on the lower-cased text, unigrams and bigrams (joined by a space) hashed to
// buckets by sha256(UTF-8) mod buckets, bag-of-n-gram distributions of the target and raw data,
// log importance weight of a segment = sum over its n-grams of log p_target - log p_raw, and
// sampling without replacement by the Gumbel top-k trick. Test vectors:
// ../shared/data/vectors/dsir.
#pragma once

#include "engine/sampling/sampler.h"

#include <QString>
#include <QStringList>
#include <QVector>

#include <cstdint>

namespace gauntlet::sampling {

/// DSIR's hash_buckets: int(sha256(text.encode('utf-8')).hexdigest(), 16) % numBuckets.
int dsirHashBucket(const QString &text, int numBuckets);

/// DSIR's tokenizer: WordPunctTokenizer (\w+|[^\w\s]+, Python's Unicode \w) on text.lower().
QStringList dsirTokens(const QString &text);

/// DSIR's get_ngram_counts: bucket -> count over the unigrams and up to `ngrams`-grams.
QVector<QPair<int, int>> dsirNgramCounts(const QString &text, int ngrams, int numBuckets);

/// The log importance weights: for each raw text, sum over its buckets of count * log_diff(b),
/// log_diff = log(p_target + 1e-8) - log(p_raw + 1e-8), where p are the bucket distributions over
/// all texts of each side and the target counts get `targetLaplaceSmoothing` added first (as
/// hashed_ngram_dsir's fit_importance_estimator; its default is 0). Throws SamplingError for
/// empty inputs or inputs without tokens.
QVector<double> dsirLogImportanceWeights(const QStringList &targetTexts, const QStringList &rawTexts,
                                         int ngrams = 2, int numBuckets = 10000, double targetLaplaceSmoothing = 0.0);

/// DSIR baseline sample of the pool: Gumbel top-k over the log importance weights (seeded).
Sample dsirSample(const SamplingPool &pool, const SamplerSettings &settings);

}  // namespace gauntlet::sampling
