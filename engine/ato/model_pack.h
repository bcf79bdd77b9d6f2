// The default model pack (resources/models/default/, built by scripts/build-default-pack.sh) and
// the folder layout of a model pack: one Hugging Face-style folder per role.
//
//   <pack>/difficulty/     Sentinel-src-layout regressor (D)           also accepted: sentinel/
//   <pack>/acceptability/  XLM-R CoLA classifier (L_CoLA)              also accepted: cola/
//   <pack>/lm/             Qwen2 causal LM (perplexity)
//   <pack>/words_alpha.zip the word list of the search vocabularies (optional)
//   <pack>/word_frequencies.tsv  Zipf table of the common/rare random-word baselines (optional)
//   <pack>/pack.json       objective weights recommended for these models (optional):
//                          {"objective": {"lambda_fluency": 0.5, "lambda_cohesion": 2, "note": "why"}}
//
// Why a pack may recommend its own lambdas: L = D + lambda_f L_CoLA + lambda_c L_cos adds terms
// whose scales belong to the models. The paper's 20 and 50 were set for Sentinel-src-25 and an
// XLM-R-large CoLA classifier; a small classifier that a few substitutions swing from P = 0.4 to
// P = 0.95 makes 20 L_CoLA outweigh every change of D, and the search then optimises fluency
// alone. AtoConfig keeps the paper's values; the pack's are used only with that pack.
#pragma once

#include "engine/ato/ato_config.h"

#include <QString>

#include <optional>

namespace gauntlet::ato {

/// The role folders found in a pack folder; an absent role is an empty string.
struct ModelPack {
    QString folder;         ///< the pack folder itself
    QString difficulty;     ///< D
    QString acceptability;  ///< L_CoLA
    QString languageModel;  ///< perplexity
    QString wordList;       ///< words_alpha.zip / words.txt, if the pack ships one
    QString wordFrequencies;  ///< word_frequencies.tsv (Zipf table, word_frequency.h), if shipped
    QString guardFrequencies; ///< present_day_frequencies.tsv (the vocabulary guard's table), if shipped
    QString wordVectors;      ///< word_vectors.vec (issue 31's word-embedding distance), if shipped
    std::optional<double> lambdaFluency;   ///< pack.json objective.lambda_fluency, if given
    std::optional<double> lambdaCohesion;  ///< pack.json objective.lambda_cohesion, if given
    QString objectiveNote;                 ///< pack.json objective.note: why these weights
    QString packJsonError;                 ///< why pack.json could not be read (empty: fine or absent)
};

/// Reads the layout of `folder` (no weights are loaded). Missing roles stay empty.
ModelPack modelPackAt(const QString &folder);

/// The default pack: $GAUNTLET_MODEL_PACK if set; else the first of
/// `<executable dir>/../share/gauntlet/models/default`, `<executable dir>/models/default` and the
/// source tree's `resources/models/default` (builds run from the build tree) that holds a
/// difficulty model. Returns an empty folder when none is found.
ModelPack defaultModelPack();

/// Fills the empty model fields of `config` (difficulty, acceptability, language model, word list,
/// word frequencies; the latter only for a common/rare random-words run; the vocabulary guard's
/// table when that guard is on)
/// from `pack`; fields already set are kept.
void applyModelPack(AtoConfig &config, const ModelPack &pack);

/// Sets config.lambdaFluency / lambdaCohesion to the values `pack` recommends in its pack.json
/// (each only if given). Returns whether anything changed. Throws AtoError naming pack.json when
/// it is malformed (not JSON, "objective" not an object, a weight not a non-negative number).
bool applyPackObjective(AtoConfig &config, const ModelPack &pack);

}  // namespace gauntlet::ato
