#include "engine/train/model_init.h"

#include "engine/train/train_error.h"

#include <torch/torch.h>

namespace gauntlet::train {

namespace {

torch::Tensor leaf(torch::Tensor t, torch::Device device)
{
    return t.to(device, torch::kFloat32).contiguous().set_requires_grad(true);
}

torch::Tensor normal(std::vector<int64_t> shape, torch::Device device)
{
    return leaf(torch::randn(shape, torch::kFloat32) * 0.02, device);
}

torch::Tensor zeros(std::vector<int64_t> shape, torch::Device device)
{
    return leaf(torch::zeros(shape, torch::kFloat32), device);
}

torch::Tensor ones(std::vector<int64_t> shape, torch::Device device)
{
    return leaf(torch::ones(shape, torch::kFloat32), device);
}

void linear(StateDict &s, const std::string &name, int64_t out, int64_t in, torch::Device device, bool bias = true)
{
    s[name + ".weight"] = normal({out, in}, device);
    if (bias)
        s[name + ".bias"] = zeros({out}, device);
}

void layerNorm(StateDict &s, const std::string &name, int64_t hidden, torch::Device device)
{
    s[name + ".weight"] = ones({hidden}, device);
    s[name + ".bias"] = zeros({hidden}, device);
}

}  // namespace

io::EncoderConfig makeEncoderConfig(int64_t vocabSize, const EncoderSizes &sizes)
{
    if (sizes.hidden <= 0 || sizes.heads <= 0 || sizes.hidden % sizes.heads != 0)
        throw TrainError("hidden size " + std::to_string(sizes.hidden) + " is not a positive multiple of the head count "
                         + std::to_string(sizes.heads));
    if (sizes.layers < 1 || sizes.intermediate < 1 || sizes.maxTokens < 4 || vocabSize < 5)
        throw TrainError("encoder sizes must be positive (layers, intermediate, max tokens >= 4, vocabulary >= 5)");
    io::EncoderConfig c;
    c.modelType = "xlm-roberta";
    c.vocabSize = vocabSize;
    c.hiddenSize = sizes.hidden;
    c.numHiddenLayers = sizes.layers;
    c.numAttentionHeads = sizes.heads;
    c.intermediateSize = sizes.intermediate;
    c.padTokenId = 1;
    c.bosTokenId = 0;
    c.eosTokenId = 2;
    c.maxPositionEmbeddings = sizes.maxTokens + 2;
    c.typeVocabSize = 1;
    c.layerNormEps = 1e-5;
    c.hiddenAct = "gelu";
    return c;
}

nlohmann::json encoderConfigJson(const io::EncoderConfig &c, const std::vector<std::string> &architectures)
{
    nlohmann::json j = {
        {"architectures", architectures},
        {"attention_probs_dropout_prob", 0.1},
        {"bos_token_id", c.bosTokenId.value_or(0)},
        {"eos_token_id", c.eosTokenId.value_or(2)},
        {"hidden_act", c.hiddenAct},
        {"hidden_dropout_prob", 0.1},
        {"hidden_size", c.hiddenSize},
        {"initializer_range", 0.02},
        {"intermediate_size", c.intermediateSize},
        {"layer_norm_eps", c.layerNormEps},
        {"max_position_embeddings", c.maxPositionEmbeddings},
        {"model_type", c.modelType},
        {"num_attention_heads", c.numAttentionHeads},
        {"num_hidden_layers", c.numHiddenLayers},
        {"pad_token_id", c.padTokenId.value_or(1)},
        {"position_embedding_type", "absolute"},
        {"type_vocab_size", c.typeVocabSize},
        {"use_cache", true},
        {"vocab_size", c.vocabSize},
    };
    if (!c.id2label.empty()) {
        nlohmann::json id2label = nlohmann::json::object(), label2id = nlohmann::json::object();
        for (const auto &[id, label] : c.id2label) {
            id2label[std::to_string(id)] = label;
            label2id[label] = id;
        }
        j["id2label"] = id2label;
        j["label2id"] = label2id;
    }
    return j;
}

void addEncoderTensors(StateDict &s, const io::EncoderConfig &c, const std::string &prefix, torch::Device device)
{
    const int64_t H = c.hiddenSize;
    const int64_t pad = c.padTokenId.value_or(1);
    const std::string e = prefix + "embeddings.";
    torch::Tensor word = torch::randn({c.vocabSize, H}) * 0.02;
    word[pad].zero_();
    torch::Tensor pos = torch::randn({c.maxPositionEmbeddings, H}) * 0.02;
    pos[pad].zero_();
    s[e + "word_embeddings.weight"] = leaf(word, device);
    s[e + "position_embeddings.weight"] = leaf(pos, device);
    s[e + "token_type_embeddings.weight"] = normal({c.typeVocabSize, H}, device);
    layerNorm(s, e + "LayerNorm", H, device);
    for (int64_t i = 0; i < c.numHiddenLayers; ++i) {
        const std::string l = prefix + "encoder.layer." + std::to_string(i) + ".";
        linear(s, l + "attention.self.query", H, H, device);
        linear(s, l + "attention.self.key", H, H, device);
        linear(s, l + "attention.self.value", H, H, device);
        linear(s, l + "attention.output.dense", H, H, device);
        layerNorm(s, l + "attention.output.LayerNorm", H, device);
        linear(s, l + "intermediate.dense", c.intermediateSize, H, device);
        linear(s, l + "output.dense", H, c.intermediateSize, device);
        layerNorm(s, l + "output.LayerNorm", H, device);
    }
}

void addRegressionHeadTensors(StateDict &s, int64_t hidden, int64_t h1, int64_t h2, torch::Device device)
{
    linear(s, "estimator.ff.0", h1, hidden, device);
    linear(s, "estimator.ff.3", h2, h1, device);
    linear(s, "estimator.ff.6", 1, h2, device);
}

void addClassifierTensors(StateDict &s, int64_t hidden, int64_t labels, torch::Device device)
{
    linear(s, "classifier.dense", hidden, hidden, device);
    linear(s, "classifier.out_proj", labels, hidden, device);
}

void addMaskedLmHeadTensors(StateDict &s, int64_t hidden, int64_t vocabSize, torch::Device device)
{
    linear(s, "lm_head.dense", hidden, hidden, device);
    layerNorm(s, "lm_head.layer_norm", hidden, device);
    s["lm_head.bias"] = zeros({vocabSize}, device);
}

int64_t copyEncoderTensors(StateDict &state, const std::string &toPrefix, const StateDict &source, const std::string &fromPrefix)
{
    int64_t copied = 0;
    torch::NoGradGuard noGrad;
    for (auto &[name, tensor] : state) {
        if (name.rfind(toPrefix, 0) != 0)
            continue;
        const std::string from = fromPrefix + name.substr(toPrefix.size());
        const auto it = source.find(from);
        if (it == source.end())
            throw TrainError("the initial encoder has no tensor " + from);
        if (!it->second.sizes().equals(tensor.sizes()))
            throw TrainError("the initial encoder's tensor " + from + " has another shape than " + name);
        tensor.copy_(it->second.to(tensor.device(), tensor.scalar_type()));
        ++copied;
    }
    return copied;
}

io::Qwen2Config makeQwen2Config(int64_t vocabSize, const Qwen2Sizes &sizes, int64_t eosId)
{
    if (sizes.hidden <= 0 || sizes.heads <= 0 || sizes.hidden % sizes.heads != 0 || sizes.kvHeads <= 0
        || sizes.heads % sizes.kvHeads != 0 || (sizes.hidden / sizes.heads) % 2 != 0)
        throw TrainError("Qwen2 sizes: hidden must be a multiple of heads, heads a multiple of kv heads, head size even");
    io::Qwen2Config c;
    c.modelType = "qwen2";
    c.architectures = {"Qwen2ForCausalLM"};
    c.vocabSize = vocabSize;
    c.hiddenSize = sizes.hidden;
    c.numHiddenLayers = sizes.layers;
    c.numAttentionHeads = sizes.heads;
    c.numKeyValueHeads = sizes.kvHeads;
    c.intermediateSize = sizes.intermediate;
    c.maxPositionEmbeddings = sizes.maxTokens;
    c.rmsNormEps = 1e-6;
    c.ropeTheta = 10000.0;
    c.tieWordEmbeddings = true;
    c.bosTokenId = eosId;
    c.eosTokenId = eosId;
    return c;
}

nlohmann::json qwen2ConfigJson(const io::Qwen2Config &c)
{
    return {
        {"architectures", c.architectures},
        {"attention_dropout", 0.0},
        {"bos_token_id", c.bosTokenId.value_or(0)},
        {"eos_token_id", c.eosTokenId.value_or(0)},
        {"hidden_act", c.hiddenAct},
        {"hidden_size", c.hiddenSize},
        {"initializer_range", 0.02},
        {"intermediate_size", c.intermediateSize},
        {"max_position_embeddings", c.maxPositionEmbeddings},
        {"max_window_layers", c.numHiddenLayers},
        {"model_type", "qwen2"},
        {"num_attention_heads", c.numAttentionHeads},
        {"num_hidden_layers", c.numHiddenLayers},
        {"num_key_value_heads", c.numKeyValueHeads},
        {"rms_norm_eps", c.rmsNormEps},
        {"rope_theta", c.ropeTheta},
        {"sliding_window", c.maxPositionEmbeddings},
        {"tie_word_embeddings", c.tieWordEmbeddings},
        {"torch_dtype", "float32"},
        {"use_cache", true},
        {"use_sliding_window", false},
        {"vocab_size", c.vocabSize},
    };
}

void addQwen2Tensors(StateDict &s, const io::Qwen2Config &c, torch::Device device)
{
    const int64_t H = c.hiddenSize, D = c.headDim(), kv = c.numKeyValueHeads * D;
    s["model.embed_tokens.weight"] = normal({c.vocabSize, H}, device);
    for (int64_t i = 0; i < c.numHiddenLayers; ++i) {
        const std::string l = "model.layers." + std::to_string(i) + ".";
        s[l + "input_layernorm.weight"] = ones({H}, device);
        linear(s, l + "self_attn.q_proj", c.numAttentionHeads * D, H, device);
        linear(s, l + "self_attn.k_proj", kv, H, device);
        linear(s, l + "self_attn.v_proj", kv, H, device);
        linear(s, l + "self_attn.o_proj", H, c.numAttentionHeads * D, device, false);
        s[l + "post_attention_layernorm.weight"] = ones({H}, device);
        linear(s, l + "mlp.gate_proj", c.intermediateSize, H, device, false);
        linear(s, l + "mlp.up_proj", c.intermediateSize, H, device, false);
        linear(s, l + "mlp.down_proj", H, c.intermediateSize, device, false);
    }
    s["model.norm.weight"] = ones({H}, device);
    if (!c.tieWordEmbeddings)
        s["lm_head.weight"] = normal({c.vocabSize, H}, device);
}

std::vector<torch::Tensor> parametersOf(const StateDict &state)
{
    std::vector<torch::Tensor> out;
    for (const auto &[name, t] : state)
        out.push_back(t);
    return out;
}

std::vector<std::pair<std::string, torch::Tensor>> tensorsForSaving(const StateDict &state, const std::vector<std::string> &skip)
{
    std::vector<std::pair<std::string, torch::Tensor>> out;
    for (const auto &[name, t] : state) {
        bool skipped = false;
        for (const auto &p : skip)
            skipped = skipped || name.rfind(p, 0) == 0;
        if (!skipped)
            out.emplace_back(name, t.detach().to(torch::kCPU).contiguous());
    }
    return out;
}

}  // namespace gauntlet::train
