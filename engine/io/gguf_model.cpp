#include "engine/io/gguf_model.h"
#include "engine/core/json_input.h"

#include <QDir>
#include <QFileInfo>

#include <cmath>

namespace gauntlet::io {

namespace {

std::string q(const QString &s)
{
    return '"' + s.toStdString() + '"';
}

/// Interleaved rotary pairs -> rotate_half halves, per head (see the header), for a weight
/// [heads * hs, in] or a bias [heads * hs].
torch::Tensor unpermuteRotary(const torch::Tensor &w, int64_t heads)
{
    if (w.dim() == 1)
        return unpermuteRotary(w.unsqueeze(1), heads).squeeze(1);
    if (w.dim() != 2 || heads <= 0 || w.size(0) % (2 * heads) != 0)
        return w;  // mis-shaped: the model loader reports the shape
    const int64_t hs = w.size(0) / heads, in = w.size(1);
    return w.reshape({heads, hs / 2, 2, in}).transpose(1, 2).reshape({heads * hs, in}).contiguous();
}

class Hyper {
public:
    Hyper(const GgufFile &f, const std::string &arch, const std::string &where) : m_f(f), m_arch(arch), m_where(where) {}

    bool has(const std::string &key) const { return m_f.metadata().contains(m_arch + "." + key); }
    /// A positive integer (GGUF stores u32).
    int64_t count(const std::string &key) const
    {
        const std::string k = m_arch + "." + key;
        const auto &v = m_f.value(k);
        if (!v.is_number_integer() || v.get<int64_t>() <= 0 || v.get<int64_t>() > (int64_t(1) << 31))
            throw IoError(m_where + ": metadata " + k + " = " + core::jsonExcerpt(v) + " is not a positive integer"
                          + (v.is_array() ? " (per-layer values are not supported)" : ""));
        return v.get<int64_t>();
    }
    double real(const std::string &key) const
    {
        const std::string k = m_arch + "." + key;
        const auto &v = m_f.value(k);
        if (!v.is_number() || !std::isfinite(v.get<double>()) || v.get<double>() <= 0)
            throw IoError(m_where + ": metadata " + k + " = " + core::jsonExcerpt(v) + " is not a positive number");
        return v.get<double>();
    }

private:
    const GgufFile &m_f;
    std::string m_arch, m_where;
};

/// HF name of a GGUF tensor name, or empty for names this module does not map.
std::string hfName(const std::string &name)
{
    static const std::map<std::string, std::string> top = {{"token_embd.weight", "model.embed_tokens.weight"},
                                                           {"output_norm.weight", "model.norm.weight"},
                                                           {"output.weight", "lm_head.weight"}};
    static const std::map<std::string, std::string> block = {
        {"attn_norm.weight", "input_layernorm.weight"},   {"attn_q.weight", "self_attn.q_proj.weight"},
        {"attn_q.bias", "self_attn.q_proj.bias"},         {"attn_k.weight", "self_attn.k_proj.weight"},
        {"attn_k.bias", "self_attn.k_proj.bias"},         {"attn_v.weight", "self_attn.v_proj.weight"},
        {"attn_v.bias", "self_attn.v_proj.bias"},         {"attn_output.weight", "self_attn.o_proj.weight"},
        {"ffn_norm.weight", "post_attention_layernorm.weight"}, {"ffn_gate.weight", "mlp.gate_proj.weight"},
        {"ffn_up.weight", "mlp.up_proj.weight"},          {"ffn_down.weight", "mlp.down_proj.weight"}};
    if (const auto it = top.find(name); it != top.end())
        return it->second;
    if (name.rfind("blk.", 0) != 0)
        return {};
    const size_t dot = name.find('.', 4);
    if (dot == std::string::npos || dot == 4 || name.find_first_not_of("0123456789", 4) != dot)
        return {};
    const auto it = block.find(name.substr(dot + 1));
    return it == block.end() ? std::string() : "model.layers." + name.substr(4, dot - 4) + "." + it->second;
}

}  // namespace

GgufCausalLm ggufCausalLm(const GgufFile &file, const QString &path)
{
    const std::string where = "GGUF file " + q(path);
    const auto &archValue = file.value("general.architecture");
    const std::string arch = archValue.is_string() ? archValue.get<std::string>() : core::jsonExcerpt(archValue);
    if (arch != "llama" && arch != "qwen2")
        throw IoError(where + ": architecture \"" + arch + "\" is not supported as a language model (llama, qwen2)");
    if (file.tensorInfos().empty())
        throw IoError(where + ": holds no tensors (a vocabulary-only GGUF file?)");
    const Hyper h(file, arch, where);
    const int64_t hidden = h.count("embedding_length"), layers = h.count("block_count"), heads = h.count("attention.head_count");
    const int64_t kvHeads = h.has("attention.head_count_kv") ? h.count("attention.head_count_kv") : heads;
    if (hidden % heads != 0 || heads % kvHeads != 0 || (hidden / heads) % 2 != 0)
        throw IoError(where + ": embedding_length " + std::to_string(hidden) + ", head_count " + std::to_string(heads) + " and head_count_kv "
                      + std::to_string(kvHeads) + " do not give an even head size shared by whole key/value groups");
    const int64_t headSize = hidden / heads;
    if (h.has("rope.dimension_count") && h.count("rope.dimension_count") != headSize)
        throw IoError(where + ": " + arch + ".rope.dimension_count " + std::to_string(h.count("rope.dimension_count"))
                      + " differs from the head size " + std::to_string(headSize) + " (partial rotary embeddings are not supported)");
    for (const char *key : {"rope.scaling.type", "rope.scaling.factor"}) {
        if (!h.has(key))
            continue;
        const auto &v = file.value(arch + "." + key);
        if (!(v == "none" || v == 1.0 || v == 0.0))
            throw IoError(where + ": " + arch + "." + key + " = " + core::jsonExcerpt(v) + ": rope scaling is not supported");
    }
    GgufCausalLm out;
    out.metadata = file.metadata();
    bool bias = false, untied = false;
    for (const GgufTensorInfo &info : file.tensorInfos()) {
        std::string name = hfName(info.name);
        if (name.empty())
            name = info.name;  // unknown: reported as unexpected by the model loader
        torch::Tensor t = file.tensor(info.name);
        if (arch == "llama" && name.find("self_attn.q_proj.") != std::string::npos)
            t = unpermuteRotary(t, heads);
        else if (arch == "llama" && name.find("self_attn.k_proj.") != std::string::npos)
            t = unpermuteRotary(t, kvHeads);
        bias = bias || name.find("self_attn.q_proj.bias") != std::string::npos;
        untied = untied || name == "lm_head.weight";
        out.tensors[name] = t;
    }
    if (arch == "qwen2" && !bias)
        throw IoError(where + ": a qwen2 model without blk.N.attn_q.bias (q/k/v biases are part of Qwen2)");
    const auto embed = out.tensors.find("model.embed_tokens.weight");
    if (embed == out.tensors.end() || embed->second.dim() != 2)
        throw IoError(where + ": no two-dimensional tensor token_embd.weight");
    const int64_t vocab = embed->second.size(0);
    // llama.cpp's llama2.c converter writes `output` as a copy of the embedding when they are shared.
    out.config = {{"architectures", {arch == "llama" ? "LlamaForCausalLM" : "Qwen2ForCausalLM"}},
                  {"model_type", arch},
                  {"vocab_size", vocab},
                  {"hidden_size", hidden},
                  {"intermediate_size", h.count("feed_forward_length")},
                  {"num_hidden_layers", layers},
                  {"num_attention_heads", heads},
                  {"num_key_value_heads", kvHeads},
                  {"max_position_embeddings", h.has("context_length") ? h.count("context_length") : 2048},
                  {"rms_norm_eps", h.real("attention.layer_norm_rms_epsilon")},
                  {"rope_theta", h.has("rope.freq_base") ? h.real("rope.freq_base") : 10000.0},
                  {"tie_word_embeddings", !untied},
                  {"hidden_act", "silu"},
                  {"torch_dtype", "float32"}};
    if (arch == "llama")
        out.config["attention_bias"] = bias;
    for (const auto &[key, field] : {std::pair{"tokenizer.ggml.bos_token_id", "bos_token_id"}, std::pair{"tokenizer.ggml.eos_token_id", "eos_token_id"}}) {
        const auto it = file.metadata().find(key);
        if (it != file.metadata().end() && it->is_number_integer() && it->get<int64_t>() >= 0 && it->get<int64_t>() < vocab)
            out.config[field] = it->get<int64_t>();
    }
    return out;
}

GgufCausalLm readGgufCausalLm(const QString &path)
{
    const GgufFile file(path);
    return ggufCausalLm(file, path);
}

QString ggufModelFile(const QString &path)
{
    const QFileInfo info(path);
    if (info.isFile())
        return info.suffix().compare(QLatin1String("gguf"), Qt::CaseInsensitive) == 0 ? path : QString();
    if (!info.isDir() || QFileInfo::exists(QDir(path).filePath(QStringLiteral("config.json"))))
        return {};
    const QStringList files = QDir(path).entryList({QStringLiteral("*.gguf")}, QDir::Files, QDir::Name);
    if (files.size() > 1)
        throw IoError("model folder " + q(path) + " holds " + std::to_string(files.size()) + " *.gguf files (" + files.join(", ").toStdString()
                      + "); give the one to use");
    return files.isEmpty() ? QString() : QDir(path).filePath(files.first());
}

}  // namespace gauntlet::io
