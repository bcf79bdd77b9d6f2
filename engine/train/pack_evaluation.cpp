#include "engine/train/pack_evaluation.h"

#include "engine/ato/model_pack.h"
#include "engine/metrics/correlation.h"
#include "engine/nn/encoder_scorers.h"
#include "engine/nn/model_folder.h"
#include "engine/nn/perplexity_scorer.h"
#include "engine/train/data.h"
#include "engine/train/train_error.h"
#include "engine/train/trainers.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <map>
#include <random>
#include <sstream>

namespace gauntlet::train {
namespace {

using Ids = std::vector<int64_t>;

nn::LoadedModel load(const QString &folder, nn::ScoreKind kind, int threads)
{
    nn::ModelFolderOptions options;
    options.kind = kind;
    options.requireTokenizer = true;
    options.settings.threads = threads;
    return nn::loadModelFolder(folder, options);
}

/// Ids as the shipping code scores them (sequence specials; cut to the model's length).
std::vector<Ids> encodeAll(const nn::LoadedModel &model, const std::vector<std::string> &texts)
{
    std::vector<Ids> out;
    out.reserve(texts.size());
    for (size_t i = 0; i < texts.size(); ++i)
        out.push_back(nn::encodeForScoring(model, texts[i], i, true));
    return out;
}

void evaluateDifficulty(const PackEvaluationOptions &o, const QString &folder, PackEvaluation &report, std::ostream *log)
{
    const nn::LoadedModel model = load(folder, nn::ScoreKind::Difficulty, o.threads);
    const std::vector<DifficultyExample> data = readDifficultyData(QDir(o.dataDir).filePath(QStringLiteral("judgments")));
    const std::vector<Split> splits = splitByDocument(data, 0.10, 0.15, o.seed);
    std::vector<std::string> texts;
    for (const auto &d : data)
        texts.push_back(d.text);
    const std::vector<Ids> ids = encodeAll(model, texts);

    // The baseline: a least-squares line on the token count, fitted on the training documents.
    double sx = 0, sy = 0, sxx = 0, sxy = 0, n = 0;
    std::vector<size_t> test;
    for (size_t i = 0; i < data.size(); ++i) {
        if (splits[i] == Split::Test)
            test.push_back(i);
        if (splits[i] != Split::Train)
            continue;
        const double x = double(ids[i].size());
        sx += x, sy += data[i].target, sxx += x * x, sxy += x * data[i].target, n += 1;
    }
    if (test.size() < 3 || n < 3)
        throw TrainError("eval-pack: too few held-out or training documents in " + o.dataDir.toStdString() + "/judgments");
    const double slope = (n * sxx - sx * sx) > 0 ? (n * sxy - sx * sy) / (n * sxx - sx * sx) : 0.0;
    const double intercept = (sy - slope * sx) / n;

    std::vector<Ids> testIds;
    for (size_t i : test)
        testIds.push_back(ids[i]);
    if (log)
        *log << "eval-pack: difficulty on " << test.size() << " held-out segments\n";
    const std::vector<double> predicted = model.scorer->scoreBatch(testIds);

    std::map<std::string, std::vector<size_t>> groups;  // positions in `test`
    for (size_t k = 0; k < test.size(); ++k) {
        groups["pooled"].push_back(k);
        groups[data[test[k]].dataset].push_back(k);
    }
    std::vector<std::string> order{"pooled"};  // pooled first, then the datasets by name
    for (const auto &g : groups) {
        if (g.first != "pooled")
            order.push_back(g.first);
    }
    for (const std::string &name : order) {
        const std::vector<size_t> &ks = groups[name];
        if (ks.size() < 3)
            continue;
        std::vector<double> p, b, t;
        for (size_t k : ks) {
            p.push_back(predicted[k]);
            b.push_back(intercept + slope * double(testIds[k].size()));
            t.push_back(data[test[k]].target);
        }
        const bool pooled = name == "pooled";
        PackMetric pearson{"difficulty", "Pearson r, " + name + " test", metrics::pearson(p, t).coefficient, "token-count line",
                           metrics::pearson(b, t).coefficient, std::nullopt, "", int64_t(ks.size())};
        if (pooled) {
            pearson.bar = pearson.value > pearson.baselineValue;
            pearson.barText = "> baseline";
        }
        report.metrics.push_back(pearson);
        report.metrics.push_back({"difficulty", "Spearman rho, " + name + " test", metrics::spearman(p, t).coefficient,
                                  "token-count line", metrics::spearman(b, t).coefficient, std::nullopt, "", int64_t(ks.size())});
    }
}

void evaluateAcceptability(const PackEvaluationOptions &o, const QString &folder, PackEvaluation &report, std::ostream *log)
{
    const nn::LoadedModel model = load(folder, nn::ScoreKind::Acceptability, o.threads);
    const auto *scorer = dynamic_cast<const nn::AcceptabilityScorer *>(model.scorer.get());
    if (!scorer)
        throw TrainError("eval-pack: " + folder.toStdString() + " is not an acceptability classifier");
    // CoLA's two dev sets, and the held-out hard negatives the classifier ships with (issue 16:
    // ATO and random-edit texts link-grammar rejects, and their seeds; scripts/build-hard-negatives.sh).
    const QString hardNegatives = QDir(folder).filePath(QStringLiteral("hard_negatives_held_out.tsv"));
    std::vector<std::string> splits{"in_domain_dev", "out_of_domain_dev"};
    if (QFileInfo::exists(hardNegatives))
        splits.push_back("hard negatives");
    for (const std::string &splitName : splits) {
        const char *split = splitName.c_str();
        const bool hard = splitName == "hard negatives";
        const QString path = hard ? hardNegatives : QDir(o.dataDir).filePath(QStringLiteral("cola/raw/%1.tsv").arg(QLatin1String(split)));
        const std::vector<ColaExample> cola = readCola(path);
        std::vector<std::string> texts;
        std::vector<int> labels;
        for (const auto &c : cola) {
            texts.push_back(c.sentence);
            labels.push_back(c.label);
        }
        if (log)
            *log << "eval-pack: acceptability on " << (hard ? "" : "CoLA ") << split << " (" << cola.size() << " sentences)\n";
        const torch::Tensor lp = scorer->logProbsBatch(encodeAll(model, texts));
        const torch::Tensor predicted = lp.argmax(1).eq(scorer->acceptableLabel()).to(torch::kInt32).contiguous();
        const std::vector<int> pred(predicted.data_ptr<int>(), predicted.data_ptr<int>() + predicted.numel());
        const int ones = int(std::count(labels.begin(), labels.end(), 1));
        const int majority = 2 * ones >= int(labels.size()) ? 1 : 0;
        if (hard) {
            // Accuracy too: the majority class is 0 here and scores 0.69, not MCC's 0.
            int right = 0;
            for (size_t i = 0; i < pred.size(); ++i)
                right += pred[i] == labels[i] ? 1 : 0;
            report.metrics.push_back({"acceptability", "accuracy, held-out hard negatives (link-grammar labels)", double(right) / double(pred.size()),
                                      "majority class", double(std::max(ones, int(labels.size()) - ones)) / double(labels.size()), std::nullopt,
                                      "", int64_t(labels.size())});
        }
        PackMetric m{"acceptability", hard ? std::string("MCC, held-out hard negatives (link-grammar labels)") : std::string("MCC, CoLA ") + split,
                     matthewsCorrelation(labels, pred), "majority class",
                     matthewsCorrelation(labels, std::vector<int>(labels.size(), majority)), std::nullopt, "", int64_t(labels.size())};
        if (std::string(split) == "in_domain_dev") {
            m.bar = m.value > 0.1;
            m.barText = "> 0.1";
        }
        report.metrics.push_back(m);
    }
}

void evaluateLm(const PackEvaluationOptions &o, const QString &folder, PackEvaluation &report, std::ostream *log)
{
    const nn::LoadedModel model = load(folder, nn::ScoreKind::Perplexity, o.threads);
    // The held-out lines exactly as `train lm` draws them (2 % by hash, then a seeded shuffle).
    EnglishCorpus corpus = readEnglishCorpus(QDir(o.dataDir).filePath(QStringLiteral("english")), 0, 0.02, o.seed);
    std::mt19937_64 rng(o.seed);
    std::shuffle(corpus.train.begin(), corpus.train.end(), rng);
    std::shuffle(corpus.heldOut.begin(), corpus.heldOut.end(), rng);
    if (o.maxLmLines > 0 && int64_t(corpus.heldOut.size()) > o.maxLmLines)
        corpus.heldOut.resize(size_t(o.maxLmLines));

    std::vector<Ids> heldOut;
    for (const Ids &ids : encodeAll(model, corpus.heldOut)) {
        if (int64_t(ids.size()) >= model.scorer->minTokens())
            heldOut.push_back(ids);
    }
    if (heldOut.empty())
        throw TrainError("eval-pack: no held-out English lines in " + o.dataDir.toStdString() + "/english");
    if (log)
        *log << "eval-pack: lm on " << heldOut.size() << " held-out lines\n";
    const std::vector<double> ppl = model.scorer->scoreBatch(heldOut);
    double nll = 0;
    int64_t tokens = 0;
    std::vector<int64_t> targets;
    for (size_t i = 0; i < heldOut.size(); ++i) {
        const int64_t predictedTokens = int64_t(heldOut[i].size()) - 1;
        nll += std::log(ppl[i]) * double(predictedTokens);
        tokens += predictedTokens;
        targets.insert(targets.end(), heldOut[i].begin() + 1, heldOut[i].end());
    }
    std::vector<double> counts(size_t(model.scorer->vocabSize()), 0.0);
    const size_t countLines = std::min<size_t>(corpus.train.size(), 50000);
    for (size_t i = 0; i < countLines; ++i) {
        for (int64_t id : nn::encodeForScoring(model, corpus.train[i], i, true))
            counts[size_t(id)] += 1;
    }
    report.metrics.push_back({"lm", "perplexity, held-out English (lower is better)", std::exp(nll / double(tokens)),
                              "unigram, same tokenizer", std::exp(unigramCrossEntropy(counts, targets)), std::nullopt, "",
                              int64_t(heldOut.size())});

    const std::vector<ColaExample> cola = readCola(QDir(o.dataDir).filePath(QStringLiteral("cola/raw/in_domain_dev.tsv")));
    std::vector<Ids> seqs;
    std::vector<int> labels;
    for (size_t i = 0; i < cola.size(); ++i) {
        Ids ids = nn::encodeForScoring(model, cola[i].sentence, i, true);
        if (int64_t(ids.size()) < model.scorer->minTokens())
            continue;
        seqs.push_back(std::move(ids));
        labels.push_back(cola[i].label);
    }
    std::vector<double> meanLogProb;
    for (double p : model.scorer->scoreBatch(seqs))
        meanLogProb.push_back(-std::log(p));
    PackMetric auc{"lm", "AUC acceptable > unacceptable, CoLA in_domain_dev", rocAuc(meanLogProb, labels), "chance", 0.5,
                   std::nullopt, "", int64_t(seqs.size())};
    auc.bar = auc.value > 0.5;
    auc.barText = "> 0.5";
    report.metrics.push_back(auc);
}

}  // namespace

PackEvaluation evaluatePack(const PackEvaluationOptions &options, std::ostream *log)
{
    if (!QFileInfo(options.packDir).isDir())
        throw TrainError("eval-pack: " + options.packDir.toStdString() + " is not a folder");
    PackEvaluation report;
    const ato::ModelPack pack = ato::modelPackAt(options.packDir);  // the layout augment reads
    const QString &difficulty = pack.difficulty, &acceptability = pack.acceptability, &lm = pack.languageModel;
    if (difficulty.isEmpty() && acceptability.isEmpty() && lm.isEmpty())
        throw TrainError("eval-pack: " + options.packDir.toStdString() + " holds none of difficulty/, acceptability/, lm/");
    if (!difficulty.isEmpty())
        evaluateDifficulty(options, difficulty, report, log);
    else
        report.skipped.push_back("difficulty");
    if (!acceptability.isEmpty())
        evaluateAcceptability(options, acceptability, report, log);
    else
        report.skipped.push_back("acceptability");
    if (!lm.isEmpty())
        evaluateLm(options, lm, report, log);
    else
        report.skipped.push_back("lm");
    return report;
}

}  // namespace gauntlet::train
