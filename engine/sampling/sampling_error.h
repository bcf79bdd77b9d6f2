// Errors of engine/sampling (taxonomies, corpora, classification, TACTICS sampling, measures).
#pragma once

#include <QString>

#include <stdexcept>

namespace gauntlet::sampling {

/// Bad input or an impossible request in engine/sampling. what() is one complete line that names
/// the input file and line where there is one ("corpus.tsv:12: missing source").
class SamplingError : public std::runtime_error {
public:
    explicit SamplingError(const QString &message) : std::runtime_error(message.toStdString()) {}
};

}  // namespace gauntlet::sampling
