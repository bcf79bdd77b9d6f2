// Training data for the default model pack, read from ../shared/data.
//
// - Difficulty: the mean human score per source segment (Sentinel-src style, Perrella et al. 2024):
//   judgments/google-mqm-ende/mqm_ende_src_mean.tsv (MQM, <= 0) and
//   judgments/wmt24-esa/wmt24_esa_src_mean_pooled.tsv (ESA 0-100, mean over language pairs),
//   z-normalised within each dataset, split by document.
// - Acceptability: CoLA raw TSVs (source, label, author mark, sentence).
// - English prose: english/<source>/<source>.txt with summary.json naming each file's licence.
#pragma once
#include <QString>
#include <cstdint>
#include <string>
#include <vector>

namespace gauntlet::train {

/// One source segment with its human difficulty target.
struct DifficultyExample {
    std::string dataset;   ///< "mqm-newstest2020", "mqm-newstest2021", "mqm-ted", "mqm-generalMT2023", "esa-wmt24"
    std::string document;  ///< dataset-qualified document key ("mqm-ted/talk.1"); see readDifficultyData
    std::string segment;   ///< the segment id within its dataset
    std::string text;      ///< the English source
    double score = 0;      ///< the raw mean human score (MQM <= 0, ESA 0-100; higher = easier)
    double target = 0;     ///< (score - dataset mean) / dataset standard deviation (population)
};

/// Segments per pseudo-document for the MQM newstest2020/2021 rows, whose TSV has no document id:
/// consecutive segments (in seg_id order, which is document order in WMT test sets) are grouped in
/// blocks of this size, so a real document can straddle at most one block boundary.
constexpr int kPseudoDocumentSegments = 25;

/// Reads both judgment files under `judgmentsDir` (../shared/data/judgments): 2578 MQM rows and 634
/// pooled ESA rows. Rows with an empty source are skipped. Throws TrainError naming the file and
/// line for a missing file, a short row or an unparsable score.
std::vector<DifficultyExample> readDifficultyData(const QString &judgmentsDir);

/// Which split an example belongs to.
enum class Split { Train, Dev, Test };

/// Assigns whole documents to splits: documents (sorted by key, then shuffled with a mt19937_64
/// seeded by `seed`) go to Test until `testFraction` of the segments are there, then to Dev until
/// `devFraction`, the rest to Train. Dev is for early stopping; Test is only reported. Returns one
/// Split per example. Throws TrainError if a fraction is outside [0, 1) or they sum to >= 1.
std::vector<Split> splitByDocument(const std::vector<DifficultyExample> &examples, double devFraction, double testFraction,
                                   uint64_t seed);

/// One CoLA sentence.
struct ColaExample {
    std::string source;  ///< the book or paper code (e.g. "gj04")
    int label = 0;       ///< 1 acceptable, 0 unacceptable
    std::string sentence;
};

/// Reads a CoLA raw TSV (no header; source, label, author mark, sentence). Throws TrainError
/// naming the file and line for a row without 4 fields or a label other than 0/1.
std::vector<ColaExample> readCola(const QString &path);

/// One source of English prose.
struct EnglishSource {
    std::string name;     ///< folder name, e.g. "covid_tico19"
    QString path;         ///< the text file
    std::string licence;  ///< the licence line of summary.json / SOURCE.txt
    int64_t lines = 0;    ///< as summary.json states it
};

/// The sources listed in `englishDir`/summary.json with "dir" "english" (the overflow folder
/// english-extra is not part of the data), sorted by name. Throws TrainError if the summary
/// is missing or malformed.
std::vector<EnglishSource> listEnglishSources(const QString &englishDir);

/// Non-empty lines of `source`, in file order. Throws TrainError if the file cannot be read.
std::vector<std::string> readLines(const QString &path);

/// English lines split into training and held-out lines: every source's lines (all of them, or
/// at most `maxLinesPerSource` when > 0, taken evenly spread) go to held-out with probability
/// `heldOutFraction` by a seeded hash of the line's text (so duplicates land together).
struct EnglishCorpus {
    std::vector<std::string> train;
    std::vector<std::string> heldOut;
};
/// Sources named in `excludeSources` (folder names, e.g. "fiction_tinyshakespeare") are left out;
/// a name that is no source is a TrainError.
EnglishCorpus readEnglishCorpus(const QString &englishDir, int64_t maxLinesPerSource, double heldOutFraction, uint64_t seed,
                                const std::vector<std::string> &excludeSources = {});

/// Standard input checks shared by the trainers.
double meanOf(const std::vector<double> &values);

}  // namespace gauntlet::train
