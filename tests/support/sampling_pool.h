// Sampling pools built segment by segment from synthetic data, for the sampler tests and the
// sampling bench (engine/sampling's SamplingPoolBuilder builds them from a corpus and its labels).
#pragma once

#include "engine/sampling/sampler.h"

#include <QString>
#include <QVector>

#include <utility>

namespace gauntlet::testing {

/// Appends `segment` to `pool` as its next segment; a document number one past the last opens
/// that document, named "doc<N>".
inline void appendSegment(sampling::SamplingPool &pool, sampling::PoolSegment segment)
{
    if (segment.document >= pool.documents.size()) {
        pool.documents.append(QStringLiteral("doc%1").arg(segment.document));
        pool.documentSegments.append(QVector<int>());
    }
    pool.documentSegments[segment.document].append(int(pool.segments.size()));
    pool.segments.append(std::move(segment));
}

}  // namespace gauntlet::testing
