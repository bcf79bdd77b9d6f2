// gauntlet-llama-tokenize-lines VOCAB.gguf IN.txt OUT.tsv
// Tokenizes each non-empty line of IN.txt with llama.cpp's tokenizer (llama_tokenize, no special
// tokens added, special-token text not parsed) and writes `line<TAB>id id id` per line to OUT.tsv.
// Used by scripts/llama-cpp-goldens.sh to make Gauntlet's tokenizer goldens.
#include "llama.h"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

int main(int argc, char ** argv) {
    if (argc != 4) {
        std::fprintf(stderr, "usage: %s VOCAB.gguf IN.txt OUT.tsv\n", argv[0]);
        return 2;
    }
    llama_backend_init();
    llama_log_set([](ggml_log_level, const char *, void *) {}, nullptr);
    llama_model_params mp = llama_model_default_params();
    mp.vocab_only = true;
    llama_model * model = llama_model_load_from_file(argv[1], mp);
    if (!model) {
        std::fprintf(stderr, "cannot load vocabulary %s\n", argv[1]);
        return 1;
    }
    const llama_vocab * vocab = llama_model_get_vocab(model);
    std::ifstream in(argv[2], std::ios::binary);
    std::ofstream out(argv[3], std::ios::binary);
    if (!in || !out) {
        std::fprintf(stderr, "cannot open %s or %s\n", argv[2], argv[3]);
        return 1;
    }
    std::string line;
    std::vector<llama_token> ids;
    long n = 0;
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        ids.resize(line.size() * 4 + 16);
        int32_t k = llama_tokenize(vocab, line.data(), (int32_t) line.size(), ids.data(),
                                   (int32_t) ids.size(), false, false);
        if (k < 0) {
            ids.resize(-k);
            k = llama_tokenize(vocab, line.data(), (int32_t) line.size(), ids.data(),
                               (int32_t) ids.size(), false, false);
        }
        if (k < 0) {
            std::fprintf(stderr, "tokenization failed on line %ld\n", n + 1);
            return 1;
        }
        out << line << '\t';
        for (int32_t i = 0; i < k; ++i) out << (i ? " " : "") << ids[i];
        out << '\n';
        ++n;
    }
    std::fprintf(stderr, "tokenized %ld lines\n", n);
    llama_model_free(model);
    llama_backend_free();
    return 0;
}
