// The default model pack (resources/models/default/, built by scripts/build-default-pack.sh) and
// the folder layout of a model pack: one Hugging Face-style folder per role.
//
//   <pack>/difficulty/     Sentinel-src-layout regressor (D)           also accepted: sentinel/
//   <pack>/acceptability/  XLM-R CoLA classifier (L_CoLA)              also accepted: cola/
//   <pack>/lm/             Qwen2 causal LM (perplexity)
//   <pack>/words_alpha.zip the word list of the search vocabularies (optional)
//   <pack>/word_frequencies.tsv  Zipf table of the common/rare random-word baselines (optional)
#pragma once

#include "engine/ato/ato_config.h"

#include <QString>

namespace gauntlet::ato {

/// The role folders found in a pack folder; an absent role is an empty string.
struct ModelPack {
    QString folder;         ///< the pack folder itself
    QString difficulty;     ///< D
    QString acceptability;  ///< L_CoLA
    QString languageModel;  ///< perplexity
    QString wordList;       ///< words_alpha.zip / words.txt, if the pack ships one
    QString wordFrequencies;  ///< word_frequencies.tsv (Zipf table, word_frequency.h), if shipped
};

/// Reads the layout of `folder` (no weights are loaded). Missing roles stay empty.
ModelPack modelPackAt(const QString &folder);

/// The default pack: $GAUNTLET_MODEL_PACK if set; else the first of
/// `<executable dir>/../share/gauntlet/models/default`, `<executable dir>/models/default` and the
/// source tree's `resources/models/default` (builds run from the build tree) that holds a
/// difficulty model. Returns an empty folder when none is found.
ModelPack defaultModelPack();

/// Fills the empty model fields of `config` (difficulty, acceptability, language model, word list,
/// word frequencies; the latter only for a common/rare random-words run)
/// from `pack`; fields already set are kept.
void applyModelPack(AtoConfig &config, const ModelPack &pack);

}  // namespace gauntlet::ato
