#include "engine/io/hf_config.h"
#include "engine/core/json_input.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTextStream>

#include <cmath>

namespace gauntlet::io {

namespace {

using nlohmann::json;

std::string q(const QString &s) { return s.toStdString(); }

[[noreturn]] void fail(const QString &source, const std::string &what)
{
    throw IoError("config " + q(source) + ": " + core::excerpt(what, 500));  // values from the file may be huge
}

/// Reads one typed field; absent (or null, where allowed) leaves `out` unchanged.
class Fields {
public:
    Fields(const json &j, const QString &source) : m_j(j), m_source(source)
    {
        if (!j.is_object())
            fail(source, "not a JSON object");
    }

    const json *find(const char *key) const
    {
        const auto it = m_j.find(key);
        return it == m_j.end() ? nullptr : &*it;
    }

    void integer(const char *key, int64_t &out, bool required) const
    {
        const json *v = find(key);
        if (!v) {
            if (required)
                fail(m_source, std::string("missing required field \"") + key + "\"");
            return;
        }
        if (!v->is_number_integer())
            fail(m_source, std::string("field \"") + key + "\" is " + v->dump() + ", not an integer");
        out = v->get<int64_t>();
    }

    void positive(const char *key, int64_t &out, bool required) const
    {
        integer(key, out, required);
        if (out <= 0)
            fail(m_source, std::string("field \"") + key + "\" must be positive, is " + std::to_string(out));
    }

    void number(const char *key, double &out) const
    {
        const json *v = find(key);
        if (!v)
            return;
        if (!v->is_number())
            fail(m_source, std::string("field \"") + key + "\" is " + v->dump() + ", not a number");
        out = v->get<double>();
    }

    void boolean(const char *key, bool &out) const
    {
        const json *v = find(key);
        if (!v)
            return;
        if (!v->is_boolean())
            fail(m_source, std::string("field \"") + key + "\" is " + v->dump() + ", not true/false");
        out = v->get<bool>();
    }

    void string(const char *key, std::string &out) const
    {
        const json *v = find(key);
        if (!v)
            return;
        if (!v->is_string())
            fail(m_source, std::string("field \"") + key + "\" is " + v->dump() + ", not a string");
        out = v->get<std::string>();
    }

    void tokenId(const char *key, std::optional<int64_t> &out, int64_t vocabSize) const
    {
        const json *v = find(key);
        if (!v)
            return;
        if (v->is_null()) {
            out.reset();
            return;
        }
        if (!v->is_number_integer())
            fail(m_source, std::string("field \"") + key + "\" is " + v->dump() + ", not an integer token id");
        const int64_t id = v->get<int64_t>();
        if (id < 0 || id >= vocabSize)
            fail(m_source, std::string("field \"") + key + "\" = " + std::to_string(id) +
                               " lies outside the vocabulary [0, " + std::to_string(vocabSize) + ")");
        out = id;
    }

    void stringList(const char *key, std::vector<std::string> &out) const
    {
        const json *v = find(key);
        if (!v || v->is_null())
            return;
        if (!v->is_array())
            fail(m_source, std::string("field \"") + key + "\" is not a list");
        for (const auto &s : *v) {
            if (!s.is_string())
                fail(m_source, std::string("field \"") + key + "\" holds " + core::jsonExcerpt(s) + ", not a string");
            out.push_back(s.get<std::string>());
        }
    }

    void labels(std::map<int64_t, std::string> &id2label, std::map<std::string, int64_t> &label2id) const
    {
        if (const json *v = find("id2label"); v && !v->is_null()) {
            if (!v->is_object())
                fail(m_source, "field \"id2label\" is not an object");
            for (auto it = v->begin(); it != v->end(); ++it) {
                const std::string &k = it.key();
                size_t used = 0;
                long long id = -1;
                try {
                    id = std::stoll(k, &used);
                } catch (const std::exception &) {
                    used = 0;
                }
                if (used != k.size() || k.empty() || id < 0)
                    fail(m_source, "id2label key \"" + k + "\" is not a non-negative integer");
                if (!it.value().is_string())
                    fail(m_source, "id2label[\"" + k + "\"] is not a string");
                id2label[id] = it.value().get<std::string>();
            }
            int64_t expect = 0;
            for (const auto &kv : id2label)
                if (kv.first != expect++)
                    fail(m_source, "id2label ids are not 0.." + std::to_string(id2label.size() - 1));
        }
        if (const json *v = find("label2id"); v && !v->is_null()) {
            if (!v->is_object())
                fail(m_source, "field \"label2id\" is not an object");
            for (auto it = v->begin(); it != v->end(); ++it) {
                if (!it.value().is_number_integer())
                    fail(m_source, "label2id[\"" + it.key() + "\"] is not an integer");
                label2id[it.key()] = it.value().get<int64_t>();
            }
        }
        if (!id2label.empty() && !label2id.empty()) {
            if (id2label.size() != label2id.size())
                fail(m_source, "id2label has " + std::to_string(id2label.size()) + " labels, label2id " +
                                   std::to_string(label2id.size()));
            for (const auto &kv : id2label) {
                const auto it = label2id.find(kv.second);
                if (it == label2id.end() || it->second != kv.first)
                    fail(m_source, "label2id disagrees with id2label on label \"" + kv.second + "\"");
            }
        }
    }

private:
    const json &m_j;
    QString m_source;
};

void checkEps(const QString &source, const char *key, double eps)
{
    if (!(std::isfinite(eps) && eps > 0))
        fail(source, std::string("field \"") + key + "\" must be a positive finite number");
}

/// Reads what every supported config has: "architectures" and the required positive "vocab_size",
/// "hidden_size", "num_hidden_layers" and "num_attention_heads", in that order. Throws IoError.
template<typename Config>
void readShape(const Fields &f, Config &c)
{
    f.stringList("architectures", c.architectures);
    f.positive("vocab_size", c.vocabSize, true);
    f.positive("hidden_size", c.hiddenSize, true);
    f.positive("num_hidden_layers", c.numHiddenLayers, true);
    f.positive("num_attention_heads", c.numAttentionHeads, true);
}

/// Reads "pad_token_id", "bos_token_id" and "eos_token_id" (each below vocab_size) and the labels,
/// then checks that hidden_size divides by num_attention_heads. Throws IoError naming `source`.
template<typename Config>
void readSpecialsAndLabels(const Fields &f, const QString &source, Config &c)
{
    f.tokenId("pad_token_id", c.padTokenId, c.vocabSize);
    f.tokenId("bos_token_id", c.bosTokenId, c.vocabSize);
    f.tokenId("eos_token_id", c.eosTokenId, c.vocabSize);
    f.labels(c.id2label, c.label2id);
    if (c.hiddenSize % c.numAttentionHeads != 0)
        fail(source, "hidden_size " + std::to_string(c.hiddenSize) + " is not divisible by num_attention_heads " +
                         std::to_string(c.numAttentionHeads));
}

QString configPath(const QString &path)
{
    const QFileInfo fi(path);
    return fi.isDir() ? QDir(path).filePath("config.json") : path;
}

}  // namespace

json readConfigJson(const QString &file)
{
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly))
        throw IoError("config " + q(file) + ": cannot open: " + q(f.errorString()));
    const QByteArray raw = f.readAll();
    try {
        return core::parseJson(raw.constData(), raw.constData() + raw.size());
    } catch (const json::exception &e) {
        throw IoError("config " + q(file) + ": not valid JSON: " + e.what());
    }
}

std::string configModelType(const json &j, const QString &source)
{
    if (!j.is_object() || !j.contains("model_type") || !j["model_type"].is_string())
        throw IoError("config " + q(source) + ": no string field \"model_type\"");
    return j["model_type"].get<std::string>();
}

std::string configModelType(const QString &path)
{
    const QString file = configPath(path);
    return configModelType(readConfigJson(file), file);
}

EncoderConfig parseEncoderConfig(const json &config, const QString &source)
{
    const Fields f(config, source);
    EncoderConfig c;
    f.string("model_type", c.modelType);
    if (c.modelType != "xlm-roberta" && c.modelType != "roberta")
        fail(source, "model_type \"" + c.modelType + "\" is not xlm-roberta or roberta");
    readShape(f, c);
    f.positive("intermediate_size", c.intermediateSize, true);
    f.positive("max_position_embeddings", c.maxPositionEmbeddings, false);
    f.positive("type_vocab_size", c.typeVocabSize, false);
    f.number("layer_norm_eps", c.layerNormEps);
    checkEps(source, "layer_norm_eps", c.layerNormEps);
    f.string("hidden_act", c.hiddenAct);
    f.string("position_embedding_type", c.positionEmbeddingType);
    readSpecialsAndLabels(f, source, c);
    // RoBERTa positions start at pad_token_id + 1, so the table must hold more than that.
    if (c.padTokenId && *c.padTokenId + 1 >= c.maxPositionEmbeddings)
        fail(source, "max_position_embeddings " + std::to_string(c.maxPositionEmbeddings) +
                         " leaves no positions after pad_token_id " + std::to_string(*c.padTokenId));
    return c;
}

EncoderConfig xlmRobertaPreset(const std::string &name)
{
    std::string n = name;
    if (n.rfind("FacebookAI/", 0) == 0)
        n = n.substr(11);
    json j = {{"model_type", "xlm-roberta"},     {"architectures", {"XLMRobertaForMaskedLM"}},
              {"vocab_size", 250002},            {"max_position_embeddings", 514},
              {"type_vocab_size", 1},            {"layer_norm_eps", 1e-5},
              {"hidden_act", "gelu"},            {"pad_token_id", 1},
              {"bos_token_id", 0},               {"eos_token_id", 2}};
    if (n == "xlm-roberta-large") {
        j["hidden_size"] = 1024;
        j["num_hidden_layers"] = 24;
        j["num_attention_heads"] = 16;
        j["intermediate_size"] = 4096;
    } else if (n == "xlm-roberta-base") {
        j["hidden_size"] = 768;
        j["num_hidden_layers"] = 12;
        j["num_attention_heads"] = 12;
        j["intermediate_size"] = 3072;
    } else {
        throw IoError("no built-in config for pretrained model \"" + name + "\"");
    }
    return parseEncoderConfig(j, QString::fromStdString("preset " + n));
}

EncoderConfig loadEncoderConfig(const QString &path)
{
    const QFileInfo fi(path);
    if (fi.isDir() && !QDir(path).exists("config.json")) {
        // A Sentinel / COMET folder: hparams.yaml names the pretrained encoder.
        const QString hp = QDir(path).filePath("hparams.yaml");
        QFile f(hp);
        if (!f.open(QIODevice::ReadOnly | QIODevice::Text))
            throw IoError("config " + q(path) + ": folder holds neither config.json nor hparams.yaml");
        QTextStream in(&f);
        while (!in.atEnd()) {
            const QString line = in.readLine();
            if (line.startsWith("pretrained_model:")) {
                QString v = line.mid(int(strlen("pretrained_model:"))).trimmed();
                if (v.size() >= 2 && (v.startsWith('"') || v.startsWith('\'')))
                    v = v.mid(1, v.size() - 2);
                try {
                    return xlmRobertaPreset(v.toStdString());
                } catch (const IoError &e) {
                    throw IoError("config " + q(hp) + ": " + e.what());
                }
            }
        }
        throw IoError("config " + q(hp) + ": no \"pretrained_model\" line");
    }
    const QString file = configPath(path);
    return parseEncoderConfig(readConfigJson(file), file);
}

Qwen2Config parseQwen2Config(const json &config, const QString &source)
{
    const Fields f(config, source);
    Qwen2Config c;
    f.string("model_type", c.modelType);
    const bool llama = c.modelType == "llama";
    if (c.modelType != "qwen2" && !llama)
        fail(source, "model_type \"" + c.modelType + "\" is not qwen2 or llama");
    if (llama) {
        c.maxPositionEmbeddings = 2048;  // LlamaConfig's defaults
        c.attentionBias = false;
        f.boolean("attention_bias", c.attentionBias);
        bool mlpBias = false;
        f.boolean("mlp_bias", mlpBias);
        if (mlpBias)
            fail(source, "mlp_bias true is not supported");
    }
    if (const json *scaling = f.find("rope_scaling"); scaling && !scaling->is_null())
        fail(source, "rope_scaling " + scaling->dump() + " is not supported (only plain RoPE)");
    readShape(f, c);
    c.numKeyValueHeads = c.numAttentionHeads;
    if (const json *kv = f.find("num_key_value_heads"); kv && !kv->is_null())
        f.positive("num_key_value_heads", c.numKeyValueHeads, false);
    f.positive("intermediate_size", c.intermediateSize, true);
    f.positive("max_position_embeddings", c.maxPositionEmbeddings, false);
    f.number("rms_norm_eps", c.rmsNormEps);
    checkEps(source, "rms_norm_eps", c.rmsNormEps);
    f.number("rope_theta", c.ropeTheta);
    if (!(std::isfinite(c.ropeTheta) && c.ropeTheta > 0))
        fail(source, "field \"rope_theta\" must be a positive finite number");
    f.boolean("tie_word_embeddings", c.tieWordEmbeddings);
    f.string("hidden_act", c.hiddenAct);
    readSpecialsAndLabels(f, source, c);
    if (c.numAttentionHeads % c.numKeyValueHeads != 0)
        fail(source, "num_attention_heads " + std::to_string(c.numAttentionHeads) +
                         " is not divisible by num_key_value_heads " + std::to_string(c.numKeyValueHeads));
    if (c.headDim() % 2 != 0)
        fail(source, "head dimension " + std::to_string(c.headDim()) + " is odd; rotary embeddings need it even");
    if (const json *hd = f.find("head_dim"); hd && !hd->is_null() && !(hd->is_number_integer() && hd->get<int64_t>() == c.headDim()))
        fail(source, "head_dim " + hd->dump() + " differs from hidden_size / num_attention_heads = " + std::to_string(c.headDim())
                         + " (not supported)");
    return c;
}

Qwen2Config loadQwen2Config(const QString &path)
{
    const QString file = configPath(path);
    return parseQwen2Config(readConfigJson(file), file);
}

}  // namespace gauntlet::io
