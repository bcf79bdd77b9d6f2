// `gauntlet train tokenizer`: a SentencePiece Unigram model in XLM-R's layout, trained by the
// `spm_train` command-line tool (Debian package sentencepiece) run as a separate process (the
// sentencepiece library must not share a process with libtorch, see DESIGN.md).
#pragma once
#include <QString>
#include <cstdint>
#include <string>
#include <vector>

namespace gauntlet::train {

struct TokenizerTrainingOptions {
    QString englishDir;            ///< ../shared/data/english
    QString outputDir;             ///< the tokenizer folder to write (created)
    int vocabSize = 8000;          ///< SentencePiece pieces (the XLM-R vocabulary has this + 2: <pad>, <mask>)
    int64_t maxLinesPerSource = 20000;  ///< lines sampled per English source (evenly spread), 0 = all
    double characterCoverage = 0.9995;
    uint32_t seed = 1;
    int threads = 2;
    QString spmTrain = QStringLiteral("spm_train");  ///< the executable
};

/// What was written.
struct TokenizerTrainingResult {
    QString modelPath;             ///< outputDir/sentencepiece.bpe.model
    int64_t inputLines = 0;        ///< sentences given to spm_train
    int tokenizerVocabSize = 0;    ///< as loadTokenizer(..., xlmrIds) reports it
    std::string command;           ///< the spm_train command line
};

/// Samples training lines (the training side of readEnglishCorpus with held-out fraction 0.02, so
/// the held-out English lines the encoder and LM report on are not seen), runs
///   spm_train --model_type=unigram --normalization_rule_name=nmt_nfkc --add_dummy_prefix=true
///             --unk_id=0 --bos_id=1 --eos_id=2 --pad_id=-1 (XLM-R's sentencepiece.bpe.model ids)
///             --random_seed=seed --num_threads=threads ...
/// and writes outputDir/sentencepiece.bpe.model, tokenizer_config.json and
/// special_tokens_map.json as the xlm-roberta-base folder has them. The folder then loads through
/// text::loadTokenizer with xlmrIds = true. Throws TrainError if spm_train is missing or fails
/// (its last stderr lines in the message), or the output cannot be written.
TokenizerTrainingResult trainTokenizer(const TokenizerTrainingOptions &options);

}  // namespace gauntlet::train
