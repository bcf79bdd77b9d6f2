// What the Coverage workspace's pages share (coverage_workspace.h): the project's coverage store
// and the selected labelling (corpus, taxonomy, labels and the sampling pool built from them),
// loaded once by CoverageWorkspace::loadLabelling and read by the pages.
#pragma once

#include "engine/sampling/classification.h"
#include "engine/sampling/corpus.h"
#include "engine/sampling/coverage_store.h"
#include "engine/sampling/sampler.h"
#include "engine/sampling/taxonomy.h"

#include <memory>
#include <optional>

namespace gauntlet {

namespace storage { class Project; }

/// How Classify labels the corpus: the corpus' gold labels, the deterministic matchers, matchers +
/// the offline centroid classifier, or matchers + an LLM endpoint.
enum class CoverageClassifierKind { Gold, Matchers, Centroid, Llm };

struct CoverageState {
    storage::Project *project = nullptr;
    std::unique_ptr<sampling::CoverageStore> store;  // null while no project is open
    std::optional<qint64> corpusId, taxonomyId, labellingId;
    sampling::Corpus corpus;
    sampling::Taxonomy taxonomy;
    QVector<sampling::SegmentLabels> labels;
    std::unique_ptr<sampling::SamplingPool> pool;  // set when labellingId is
};

}  // namespace gauntlet
