// Small corpora for the classifier tests: named "c", each segment a source with one translation
// of an unnamed system.
#pragma once

#include "engine/sampling/corpus.h"

#include <QString>
#include <QStringList>

namespace gauntlet::testing {

/// A corpus "c" of one segment per source, in order, each translated as `translation`.
inline sampling::Corpus classifierCorpus(const QStringList &sources, const QString &translation)
{
    sampling::Corpus corpus;
    corpus.name = QStringLiteral("c");
    for (const QString &source : sources) {
        sampling::CorpusSegment s;
        s.source = source;
        s.translations = {{QString(), translation}};
        corpus.segments.append(s);
    }
    return corpus;
}

}  // namespace gauntlet::testing
