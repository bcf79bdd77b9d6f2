// llama2.c -> Hugging Face Llama. The one subtle step is rotary position embedding.
//
// llama2.c (model.py apply_rotary_emb, run.c's RoPE loop) and Meta's Llama rotate *interleaved*
// pairs of each head: (x[2i], x[2i+1]) by the angle pos * theta^(-2i/head_size). Hugging Face's
// LlamaAttention (rotate_half) rotates the *halves*: (x[i], x[i + head_size/2]) by the same angle.
// transformers' convert_llama_weights_to_hf.py therefore permutes the output rows of wq and wk per
// head: row h*hs + 2i + j (pair i, component j) moves to row h*hs + j*hs/2 + i, i.e.
//   w.view(n_heads, hs/2, 2, dim).transpose(1, 2).reshape(n_heads*hs, dim).
// After it HF's rotation acts on exactly the pairs llama2.c rotates, with the same frequencies, and
// q.k per head is unchanged because q and k get the same permutation. wv, wo and the MLP are not
// touched. (Without the permutation the model still runs but decodes gibberish, which the
// stories260K test would show.)
#include "engine/io/llama2c.h"

#include "engine/io/safetensors.h"

#include <QByteArrayView>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <cstring>
#include <set>

namespace gauntlet::io {

namespace {

constexpr int64_t kMaxSize = int64_t(1) << 20;

std::string q(const QString &s)
{
    return '"' + s.toStdString() + '"';
}

QByteArray readFile(const QString &path, const char *what)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        throw IoError(std::string(what) + " " + q(path) + ": cannot open: " + f.errorString().toStdString());
    return f.readAll();
}

int32_t readInt32(const QByteArray &bytes, int64_t offset)
{
    int32_t v = 0;
    std::memcpy(&v, bytes.constData() + offset, 4);  // little-endian hosts only (x86-64, arm64)
    return v;
}

/// [rows, cols] float32 tensor copied from `bytes` at float index `*at`, which advances.
torch::Tensor take(const QByteArray &bytes, int64_t *at, std::vector<int64_t> shape)
{
    int64_t n = 1;
    for (const int64_t s : shape)
        n *= s;
    const auto *data = reinterpret_cast<const float *>(bytes.constData() + 28) + *at;
    *at += n;
    return torch::from_blob(const_cast<float *>(data), shape, torch::kFloat32).clone();
}

/// HF's rotate_half row order from llama2.c's interleaved one (see the file comment).
torch::Tensor permuteRotary(const torch::Tensor &w, int64_t heads, int64_t headSize)
{
    const int64_t in = w.size(1);
    return w.view({heads, headSize / 2, 2, in}).transpose(1, 2).reshape({heads * headSize, in}).contiguous();
}

}  // namespace

Llama2cModel llama2cCheckpointFromBytes(const QByteArray &bytes, const QString &name)
{
    const std::string where = "llama2.c checkpoint " + q(name);
    if (bytes.size() < 28)
        throw IoError(where + ": " + std::to_string(bytes.size()) + " bytes, shorter than the 28-byte header");
    Llama2cModel m;
    Llama2cHeader &h = m.header;
    int64_t *fields[] = {&h.dim, &h.hiddenDim, &h.layers, &h.heads, &h.kvHeads, &h.vocabSize, &h.seqLen};
    const char *names[] = {"dim", "hidden_dim", "n_layers", "n_heads", "n_kv_heads", "vocab_size", "seq_len"};
    for (int i = 0; i < 7; ++i)
        *fields[i] = readInt32(bytes, 4 * i);
    h.sharedClassifier = h.vocabSize > 0;
    h.vocabSize = h.vocabSize < 0 ? -h.vocabSize : h.vocabSize;
    for (int i = 0; i < 7; ++i)
        if (*fields[i] <= 0 || *fields[i] > kMaxSize)
            throw IoError(where + ": header field " + names[i] + " = " + std::to_string(*fields[i])
                          + " is outside [1, 2^20]; not a llama2.c checkpoint?");
    if (h.dim % h.heads != 0 || h.heads % h.kvHeads != 0 || h.headSize() % 2 != 0)
        throw IoError(where + ": header dim " + std::to_string(h.dim) + ", n_heads " + std::to_string(h.heads) + ", n_kv_heads "
                      + std::to_string(h.kvHeads) + " do not give an even head size shared by whole key/value groups");
    const int64_t hs = h.headSize(), kv = h.kvHeads * hs, d = h.dim, l = h.layers, f = h.hiddenDim, v = h.vocabSize;
    // Every factor is at most 2^20, so these products (< 2^63) cannot overflow.
    const int64_t floats = v * d + l * d + l * d * d + 2 * l * kv * d + l * d * d + l * d + 3 * l * d * f + d + h.seqLen * hs
                           + (h.sharedClassifier ? 0 : v * d);
    if (floats > (int64_t(1) << 40) || 28 + 4 * floats != int64_t(bytes.size()))
        throw IoError(where + ": " + std::to_string(bytes.size()) + " bytes, but its header (dim " + std::to_string(d) + ", hidden "
                      + std::to_string(f) + ", layers " + std::to_string(l) + ", heads " + std::to_string(h.heads) + "/"
                      + std::to_string(h.kvHeads) + ", vocab " + std::to_string(v) + ", seq_len " + std::to_string(h.seqLen)
                      + ") implies " + std::to_string(28 + 4 * floats) + " (truncated or not a llama2.c checkpoint)");

    int64_t at = 0;
    const torch::Tensor embed = take(bytes, &at, {v, d});
    const torch::Tensor rmsAtt = take(bytes, &at, {l, d}), wq = take(bytes, &at, {l, d, d}), wk = take(bytes, &at, {l, kv, d});
    const torch::Tensor wv = take(bytes, &at, {l, kv, d}), wo = take(bytes, &at, {l, d, d}), rmsFfn = take(bytes, &at, {l, d});
    const torch::Tensor w1 = take(bytes, &at, {l, f, d}), w2 = take(bytes, &at, {l, d, f}), w3 = take(bytes, &at, {l, f, d});
    const torch::Tensor rmsFinal = take(bytes, &at, {d});
    at += h.seqLen * hs;  // freq_cis_real, freq_cis_imag: recomputed by the model
    auto &t = m.tensors;
    t["model.embed_tokens.weight"] = embed;
    for (int64_t i = 0; i < l; ++i) {
        const std::string p = "model.layers." + std::to_string(i) + ".";
        t[p + "input_layernorm.weight"] = rmsAtt[i].clone();
        t[p + "self_attn.q_proj.weight"] = permuteRotary(wq[i], h.heads, hs);
        t[p + "self_attn.k_proj.weight"] = permuteRotary(wk[i], h.kvHeads, hs);
        t[p + "self_attn.v_proj.weight"] = wv[i].clone();
        t[p + "self_attn.o_proj.weight"] = wo[i].clone();
        t[p + "post_attention_layernorm.weight"] = rmsFfn[i].clone();
        t[p + "mlp.gate_proj.weight"] = w1[i].clone();
        t[p + "mlp.down_proj.weight"] = w2[i].clone();
        t[p + "mlp.up_proj.weight"] = w3[i].clone();
    }
    t["model.norm.weight"] = rmsFinal;
    if (!h.sharedClassifier)
        t["lm_head.weight"] = take(bytes, &at, {v, d});
    m.config = {{"architectures", {"LlamaForCausalLM"}},
                {"model_type", "llama"},
                {"vocab_size", v},
                {"hidden_size", d},
                {"intermediate_size", f},
                {"num_hidden_layers", l},
                {"num_attention_heads", h.heads},
                {"num_key_value_heads", h.kvHeads},
                {"max_position_embeddings", h.seqLen},
                {"rms_norm_eps", 1e-5},
                {"rope_theta", 10000.0},
                {"tie_word_embeddings", h.sharedClassifier},
                {"hidden_act", "silu"},
                {"attention_bias", false},
                {"bos_token_id", 1},
                {"eos_token_id", 2},
                {"torch_dtype", "float32"}};
    return m;
}

Llama2cModel readLlama2cCheckpoint(const QString &path)
{
    return llama2cCheckpointFromBytes(readFile(path, "llama2.c checkpoint"), path);
}

Llama2cVocabulary llama2cTokenizerFromBytes(const QByteArray &bytes, int64_t vocabSize, const QString &name)
{
    const std::string where = "llama2.c tokenizer " + q(name);
    if (bytes.size() < 4)
        throw IoError(where + ": " + std::to_string(bytes.size()) + " bytes, shorter than its 4-byte header");
    const int32_t maxLength = readInt32(bytes, 0);
    if (maxLength <= 0)
        throw IoError(where + ": max_token_length " + std::to_string(maxLength) + " is not positive");
    Llama2cVocabulary out;
    std::set<std::string> seen;
    int64_t at = 4;
    const int64_t size = bytes.size();
    for (int64_t id = 0; id < vocabSize; ++id) {
        if (size - at < 8)
            throw IoError(where + ": truncated at piece " + std::to_string(id) + " of " + std::to_string(vocabSize) + " (byte "
                          + std::to_string(at) + ")");
        float score = 0;
        std::memcpy(&score, bytes.constData() + at, 4);
        const int32_t length = readInt32(bytes, at + 4);
        at += 8;
        if (length < 0 || length > maxLength || size - at < length)
            throw IoError(where + ": piece " + std::to_string(id) + " has length " + std::to_string(length) + " (max_token_length "
                          + std::to_string(maxLength) + ", " + std::to_string(size - at) + " bytes left)");
        std::string piece(bytes.constData() + at, size_t(length));
        at += length;
        if (id == 0)
            piece = "<unk>";
        else if (id == 1 || id == 2)
            piece = id == 1 ? "<s>" : "</s>";  // llama2.c's tokenizer.py stores "\n<s>\n", "\n</s>\n"
        else
            for (size_t pos; (pos = piece.find(' ')) != std::string::npos;)
                piece.replace(pos, 1, "\xe2\x96\x81");
        if (!QByteArrayView(piece.data(), qsizetype(piece.size())).isValidUtf8())
            throw IoError(where + ": piece " + std::to_string(id) + " is not valid UTF-8");
        if (!seen.insert(piece).second)
            throw IoError(where + ": piece " + std::to_string(id) + " \"" + piece + "\" appears twice");
        out.pieces.push_back(std::move(piece));
        out.scores.push_back(score);
    }
    if (at != size)
        throw IoError(where + ": " + std::to_string(size - at) + " bytes after the " + std::to_string(vocabSize)
                      + " pieces the checkpoint's vocab_size asks for (tokenizer of another model?)");
    return out;
}

Llama2cVocabulary readLlama2cTokenizer(const QString &path, int64_t vocabSize)
{
    return llama2cTokenizerFromBytes(readFile(path, "llama2.c tokenizer"), vocabSize, path);
}

nlohmann::json llama2cTokenizerJson(const Llama2cVocabulary &vocabulary)
{
    using nlohmann::json;
    const auto &pieces = vocabulary.pieces;
    std::map<std::string, int> ids;
    json vocab = json::object();
    for (size_t i = 0; i < pieces.size(); ++i) {
        ids[pieces[i]] = int(i);
        vocab[pieces[i]] = i;
    }
    const auto mergeable = [&](int id) { return id > 2 && !(pieces[size_t(id)].size() == 6 && pieces[size_t(id)].rfind("<0x", 0) == 0); };
    struct Merge {
        float score;
        int id;
        std::string left, right;
    };
    std::vector<Merge> merges;
    for (int id = 0; id < int(pieces.size()); ++id) {
        if (!mergeable(id))
            continue;
        const std::string &p = pieces[size_t(id)];
        for (size_t cut = 1; cut < p.size(); ++cut) {
            if ((static_cast<unsigned char>(p[cut]) & 0xC0) == 0x80)
                continue;  // inside a UTF-8 character
            const auto l = ids.find(p.substr(0, cut)), r = ids.find(p.substr(cut));
            if (l != ids.end() && r != ids.end() && mergeable(l->second) && mergeable(r->second))
                merges.push_back({vocabulary.scores[size_t(id)], id, l->first, r->first});
        }
    }
    std::stable_sort(merges.begin(), merges.end(),
                     [](const Merge &a, const Merge &b) { return a.score != b.score ? a.score > b.score : a.id < b.id; });
    json mergeList = json::array();
    for (const Merge &m : merges)
        mergeList.push_back(json::array({m.left, m.right}));
    const auto special = [](int id, const std::string &content) {
        return json{{"id", id}, {"content", content}, {"single_word", false}, {"lstrip", false},
                    {"rstrip", false}, {"normalized", false}, {"special", true}};
    };
    const std::string mark = "\xe2\x96\x81";
    return json{
        {"version", "1.0"},
        {"truncation", nullptr},
        {"padding", nullptr},
        {"added_tokens", {special(0, "<unk>"), special(1, "<s>"), special(2, "</s>")}},
        {"normalizer",
         {{"type", "Sequence"},
          {"normalizers",
           {{{"type", "Prepend"}, {"prepend", mark}}, {{"type", "Replace"}, {"pattern", {{"String", " "}}}, {"content", mark}}}}}},
        {"pre_tokenizer", nullptr},
        {"post_processor",
         {{"type", "TemplateProcessing"},
          {"single", {{{"SpecialToken", {{"id", "<s>"}, {"type_id", 0}}}}, {{"Sequence", {{"id", "A"}, {"type_id", 0}}}}}},
          {"pair",
           {{{"SpecialToken", {{"id", "<s>"}, {"type_id", 0}}}},
            {{"Sequence", {{"id", "A"}, {"type_id", 0}}}},
            {{"SpecialToken", {{"id", "<s>"}, {"type_id", 1}}}},
            {{"Sequence", {{"id", "B"}, {"type_id", 1}}}}}},
          {"special_tokens", {{"<s>", {{"id", "<s>"}, {"ids", {1}}, {"tokens", {"<s>"}}}}}}}},
        {"decoder",
         {{"type", "Sequence"},
          {"decoders",
           {{{"type", "Replace"}, {"pattern", {{"String", mark}}}, {"content", " "}},
            {{"type", "ByteFallback"}},
            {{"type", "Fuse"}},
            {{"type", "Strip"}, {"content", " "}, {"start", 1}, {"stop", 0}}}}}},
        {"model",
         {{"type", "BPE"},
          {"dropout", nullptr},
          {"unk_token", "<unk>"},
          {"continuing_subword_prefix", nullptr},
          {"end_of_word_suffix", nullptr},
          {"fuse_unk", true},
          {"byte_fallback", true},
          {"ignore_merges", false},
          {"vocab", vocab},
          {"merges", mergeList}}}};
}

ConvertReport convertLlama2c(const QString &checkpoint, const QString &tokenizer, const QString &folder)
{
    const Llama2cModel model = readLlama2cCheckpoint(checkpoint);
    const Llama2cVocabulary vocabulary = readLlama2cTokenizer(tokenizer, model.header.vocabSize);
    if (!QDir().mkpath(folder))
        throw IoError("convert: cannot create the folder " + q(folder));
    const QDir dir(folder);
    const auto writeJson = [&](const char *name, const nlohmann::json &j) {
        QFile f(dir.filePath(QLatin1String(name)));
        const std::string text = j.dump(2) + "\n";
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(text.data(), qint64(text.size())) != qint64(text.size()))
            throw IoError("convert: cannot write " + q(f.fileName()) + ": " + f.errorString().toStdString());
    };
    ConvertReport report;
    std::vector<std::pair<std::string, torch::Tensor>> out(model.tensors.begin(), model.tensors.end());
    for (const auto &kv : out)
        report.bytes += uint64_t(kv.second.numel()) * uint64_t(kv.second.element_size());
    report.tensors = int64_t(out.size());
    saveSafetensors(dir.filePath(QStringLiteral("model.safetensors")), out, {{"format", "pt"}});
    writeJson("config.json", model.config);
    writeJson("tokenizer.json", llama2cTokenizerJson(vocabulary));
    return report;
}

}  // namespace gauntlet::io
