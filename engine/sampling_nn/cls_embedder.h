// Sentence embeddings for the offline semantic classifier (papers.md, TACTICS 3.2.2 hybrid
// classification; engine/sampling/centroid_classifier.h): the last layer's hidden state at `<s>`
// (the CLS vector) of an XLM-R encoder, by default the difficulty encoder of the default model
// pack (engine/ato/model_pack.h defaultModelPack(), engine/nn DifficultyScorer::clsBatch).
#pragma once

#include "engine/sampling/centroid_classifier.h"

#include <QString>
#include <QStringList>
#include <QVector>

#include <memory>

namespace gauntlet::sampling {

class ClsEmbedder {
public:
    /// Loads the encoder of `modelFolder` (a Hugging Face-style encoder folder with its tokenizer);
    /// empty: the default pack's difficulty model. Throws SamplingError when there is no default
    /// pack, and the engine/nn errors (ModelError, io::IoError) for a folder that does not load.
    explicit ClsEmbedder(const QString &modelFolder = {});
    ~ClsEmbedder();

    /// One CLS vector (float32, the encoder's hidden size) per text, in order; texts longer than
    /// the encoder's window are truncated. An empty list gives an empty result.
    QVector<QVector<float>> embed(const QStringList &texts) const;
    /// embed() as an EmbedFunction; the function keeps the model alive.
    EmbedFunction function() const;
    QString description() const;

private:
    struct Model;
    std::shared_ptr<Model> m_model;
};

}  // namespace gauntlet::sampling
