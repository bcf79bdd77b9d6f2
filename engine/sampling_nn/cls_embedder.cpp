#include "engine/sampling_nn/cls_embedder.h"

#include "engine/ato/model_pack.h"
#include "engine/nn/encoder_scorers.h"
#include "engine/nn/model_folder.h"
#include "engine/sampling/sampling_error.h"

namespace gauntlet::sampling {

struct ClsEmbedder::Model {
    nn::LoadedModel loaded;
    const nn::EncoderScorer *encoder = nullptr;
};

ClsEmbedder::ClsEmbedder(const QString &modelFolder) : m_model(std::make_shared<Model>())
{
    QString folder = modelFolder;
    if (folder.isEmpty()) {
        folder = ato::defaultModelPack().difficulty;
        if (folder.isEmpty())
            throw SamplingError(QStringLiteral("no default model pack with a difficulty model was found (set GAUNTLET_MODEL_PACK)"));
    }
    nn::ModelFolderOptions options;
    options.requireTokenizer = true;
    m_model->loaded = nn::loadModelFolder(folder, options);
    m_model->encoder = dynamic_cast<const nn::EncoderScorer *>(m_model->loaded.scorer.get());
    if (!m_model->encoder)
        throw SamplingError(QStringLiteral("%1: not an encoder model (CLS embeddings need an XLM-R encoder)").arg(folder));
}

ClsEmbedder::~ClsEmbedder() = default;

QVector<QVector<float>> ClsEmbedder::embed(const QStringList &texts) const
{
    QVector<QVector<float>> result;
    if (texts.isEmpty())
        return result;
    std::vector<std::vector<int64_t>> sequences;
    sequences.reserve(texts.size());
    for (int i = 0; i < texts.size(); ++i)
        sequences.push_back(nn::encodeForScoring(m_model->loaded, texts[i].toStdString(), size_t(i), true));
    const torch::Tensor cls = m_model->encoder->clsBatch(sequences).to(torch::kFloat32).contiguous();
    const int64_t rows = cls.size(0), dim = cls.size(1);
    const float *data = cls.data_ptr<float>();
    result.reserve(int(rows));
    for (int64_t r = 0; r < rows; ++r)
        result.append(QVector<float>(data + r * dim, data + (r + 1) * dim));
    return result;
}

EmbedFunction ClsEmbedder::function() const
{
    const ClsEmbedder copy = *this;
    return [copy](const QStringList &texts) { return copy.embed(texts); };
}

QString ClsEmbedder::description() const
{
    return QString::fromStdString(m_model->loaded.description);
}

}  // namespace gauntlet::sampling
