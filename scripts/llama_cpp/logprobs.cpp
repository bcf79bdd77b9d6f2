// gauntlet-llama-logprobs MODEL.gguf IN.txt
// For each non-empty line of IN.txt: tokenizes it with llama.cpp (BOS added as the vocabulary
// says, no special-token parsing), runs the whole sequence through the model in one batch with
// logits for every position, and prints one JSON object per line:
//   {"text": ..., "ids": [...], "logprobs": [...], "perplexity": p,
//    "logprobs_default": [...], "perplexity_default": p}
// logprobs[i] is ln P(ids[i+1] | ids[0..i]) from the log-softmax of position i's logits
// (natural log, computed in double); perplexity = exp(-mean(logprobs)). "logprobs" come from a
// context whose key/value cache is float32 and without flash attention, so the whole forward pass
// is float32 (the weights of a llama2.c conversion are F32); "logprobs_default" from llama.cpp's
// default context (float16 key/value cache, flash attention when the backend has it), as
// llama-server and llama-perplexity run.
// Used by scripts/llama-cpp-goldens.sh to make Gauntlet's causal-LM goldens.
#include "llama.h"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

static std::string json_escape(const std::string & s) {
    std::string o;
    for (unsigned char c : s) {
        switch (c) {
            case '"': o += "\\\""; break;
            case '\\': o += "\\\\"; break;
            case '\n': o += "\\n"; break;
            case '\t': o += "\\t"; break;
            case '\r': o += "\\r"; break;
            default:
                if (c < 0x20) {
                    char b[8];
                    std::snprintf(b, sizeof b, "\\u%04x", c);
                    o += b;
                } else {
                    o += (char) c;
                }
        }
    }
    return o;
}


static void print_logprobs(const char * key, const char * pplKey, const std::vector<double> & lp) {
    double sum = 0;
    std::printf(", \"%s\": [", key);
    for (size_t i = 0; i < lp.size(); ++i) {
        std::printf("%s%.9g", i ? ", " : "", lp[i]);
        sum += lp[i];
    }
    std::printf("], \"%s\": %.9g", pplKey, std::exp(-sum / (double) lp.size()));
}

// ln P(ids[i+1] | ids[0..i]) for every i, from one llama_decode of the whole sequence. With
// `f32` the key/value cache is float32 and flash attention is off; otherwise llama.cpp's defaults.
static bool score(llama_model * model, const std::vector<llama_token> & ids, int n_vocab, bool f32,
                  std::vector<double> & lp) {
    const int32_t k = (int32_t) ids.size();
    llama_context_params cp = llama_context_default_params();
    cp.n_ctx = 256;
    cp.n_batch = 256;
    cp.n_ubatch = 256;
    cp.n_threads = 1;
    cp.n_threads_batch = 1;
    if (f32) {
        cp.type_k = GGML_TYPE_F32;
        cp.type_v = GGML_TYPE_F32;
        cp.flash_attn_type = LLAMA_FLASH_ATTN_TYPE_DISABLED;
    }
    llama_context * ctx = llama_init_from_model(model, cp);
    if (!ctx || k > (int32_t) llama_n_ctx(ctx)) {
        std::fprintf(stderr, "context failed or text too long (%d tokens)\n", k);
        return false;
    }
    llama_batch batch = llama_batch_init(k, 0, 1);
    for (int32_t i = 0; i < k; ++i) {
        batch.token[i] = ids[i];
        batch.pos[i] = i;
        batch.n_seq_id[i] = 1;
        batch.seq_id[i][0] = 0;
        batch.logits[i] = 1;
    }
    batch.n_tokens = k;
    if (llama_decode(ctx, batch) != 0) {
        std::fprintf(stderr, "llama_decode failed\n");
        return false;
    }
    lp.clear();
    for (int32_t i = 0; i + 1 < k; ++i) {
        const float * logits = llama_get_logits_ith(ctx, i);
        double mx = logits[0];
        for (int v = 1; v < n_vocab; ++v) mx = std::max(mx, (double) logits[v]);
        double z = 0;
        for (int v = 0; v < n_vocab; ++v) z += std::exp((double) logits[v] - mx);
        lp.push_back((double) logits[ids[i + 1]] - mx - std::log(z));
    }
    llama_batch_free(batch);
    llama_free(ctx);
    return true;
}

int main(int argc, char ** argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: %s MODEL.gguf IN.txt\n", argv[0]);
        return 2;
    }
    llama_backend_init();
    llama_log_set([](ggml_log_level, const char *, void *) {}, nullptr);
    llama_model * model = llama_model_load_from_file(argv[1], llama_model_default_params());
    if (!model) {
        std::fprintf(stderr, "cannot load model %s\n", argv[1]);
        return 1;
    }
    const llama_vocab * vocab = llama_model_get_vocab(model);
    const int n_vocab = llama_vocab_n_tokens(vocab);
    std::ifstream in(argv[2], std::ios::binary);
    if (!in) {
        std::fprintf(stderr, "cannot open %s\n", argv[2]);
        return 1;
    }
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        std::vector<llama_token> ids(line.size() + 16);
        const int32_t k = llama_tokenize(vocab, line.data(), (int32_t) line.size(), ids.data(),
                                         (int32_t) ids.size(), true, false);
        if (k < 2) {
            std::fprintf(stderr, "tokenization failed or too short: %s\n", line.c_str());
            return 1;
        }
        ids.resize(k);
        std::vector<double> lp, lpDefault;
        if (!score(model, ids, n_vocab, true, lp) || !score(model, ids, n_vocab, false, lpDefault)) return 1;
        std::printf("{\"text\": \"%s\", \"ids\": [", json_escape(line).c_str());
        for (int32_t i = 0; i < k; ++i) std::printf("%s%d", i ? ", " : "", ids[i]);
        std::printf("]");
        print_logprobs("logprobs", "perplexity", lp);
        print_logprobs("logprobs_default", "perplexity_default", lpDefault);
        std::printf("}\n");
    }
    llama_model_free(model);
    llama_backend_free();
    return 0;
}
