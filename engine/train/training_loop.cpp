#include "engine/train/training_loop.h"

#include "engine/train/text_file.h"
#include "engine/train/train_error.h"

#include <QFile>
#include <nlohmann/json.hpp>
#include <torch/cuda.h>

#include <chrono>
#include <cmath>
#include <cstdio>

namespace gauntlet::train {

namespace {

std::string fmt(double v, const char *format = "%.4f")
{
    char buf[64];
    std::snprintf(buf, sizeof buf, format, v);
    return buf;
}

std::string duration(double seconds)
{
    const int64_t s = int64_t(seconds + 0.5);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%lld:%02lld:%02lld", (long long)(s / 3600), (long long)(s / 60 % 60), (long long)(s % 60));
    return buf;
}

}  // namespace

torch::Device trainingDevice(const LoopOptions &options)
{
    return options.useGpu && torch::cuda::is_available() ? torch::Device(torch::kCUDA, 0) : torch::Device(torch::kCPU);
}

LoopResult runTrainingLoop(const std::vector<torch::Tensor> &parameters, const LoopOptions &options,
                           const std::function<torch::Tensor(int64_t, int64_t *)> &step,
                           const std::function<Evaluation()> &evaluate, std::ostream *progress)
{
    if (options.maxSteps < 1)
        throw TrainError("--steps must be at least 1, got " + std::to_string(options.maxSteps));
    if (!(options.learningRate > 0))
        throw TrainError("--lr must be positive, got " + std::to_string(options.learningRate));
    if (options.evalEvery < 1)
        throw TrainError("--eval-every must be at least 1, got " + std::to_string(options.evalEvery));
    if (options.threads > 0)
        torch::set_num_threads(options.threads);
    torch::manual_seed(options.seed);

    // Decay only matrices (embeddings, projections), as is usual for transformers.
    std::vector<torch::Tensor> decay, noDecay;
    for (const auto &p : parameters)
        (p.dim() >= 2 ? decay : noDecay).push_back(p);
    std::vector<torch::optim::OptimizerParamGroup> groups;
    groups.emplace_back(decay, std::make_unique<torch::optim::AdamWOptions>(
                                   torch::optim::AdamWOptions(options.learningRate).weight_decay(options.weightDecay)));
    groups.emplace_back(noDecay,
                        std::make_unique<torch::optim::AdamWOptions>(torch::optim::AdamWOptions(options.learningRate).weight_decay(0.0)));
    torch::optim::AdamW optimizer(groups, torch::optim::AdamWOptions(options.learningRate));

    const auto snapshot = [&] {
        std::vector<torch::Tensor> copy;
        for (const auto &p : parameters)
            copy.push_back(p.detach().clone());
        return copy;
    };

    LoopResult result;
    const auto start = std::chrono::steady_clock::now();
    const auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
    {
        torch::NoGradGuard noGrad;
        result.best = evaluate();
    }
    std::vector<torch::Tensor> best = snapshot();
    result.history.push_back({0, std::nan(""), result.best});
    int64_t sinceBest = 0, examplesSeen = 0, lossCount = 0;
    double lossSum = 0;
    for (int64_t s = 1; s <= options.maxSteps; ++s) {
        const double lr = s <= options.warmupSteps && options.warmupSteps > 0
                              ? options.learningRate * double(s) / double(options.warmupSteps)
                              : options.learningRate * std::max(0.0, double(options.maxSteps - s + 1))
                                    / double(std::max<int64_t>(1, options.maxSteps - options.warmupSteps));
        for (auto &group : optimizer.param_groups())
            static_cast<torch::optim::AdamWOptions &>(group.options()).lr(lr);
        optimizer.zero_grad();
        int64_t examples = 0;
        torch::Tensor loss = step(s, &examples);
        const double lossValue = loss.item<double>();
        if (!std::isfinite(lossValue))
            throw TrainError("training loss is not finite at step " + std::to_string(s));
        loss.backward();
        if (options.clipNorm > 0)
            torch::nn::utils::clip_grad_norm_(parameters, options.clipNorm);
        optimizer.step();
        if (s == 1)
            result.firstLoss = lossValue;
        lossSum += lossValue;
        ++lossCount;
        examplesSeen += examples;
        result.steps = s;

        if (progress && options.progress) {
            const double t = elapsed();
            const double eta = t / double(s) * double(options.maxSteps - s);
            *progress << "\rstep " << s << "/" << options.maxSteps << "  loss " << fmt(lossValue) << "  "
                      << fmt(double(examplesSeen) / std::max(t, 1e-9), "%.1f") << " ex/s  ETA " << duration(eta) << "   ";
            progress->flush();
        }
        if (s % options.evalEvery == 0 || s == options.maxSteps) {
            Evaluation ev;
            {
                torch::NoGradGuard noGrad;
                ev = evaluate();
            }
            result.lastLoss = lossSum / double(lossCount);
            result.history.push_back({s, result.lastLoss, ev});
            if (progress && options.progress)
                *progress << "\neval at step " << s << ": train loss " << fmt(result.lastLoss) << ", held-out " << fmt(ev.value)
                          << (ev.value < result.best.value ? " (best)" : "") << "\n";
            lossSum = 0;
            lossCount = 0;
            if (ev.value < result.best.value) {
                result.best = ev;
                result.bestStep = s;
                best = snapshot();
                sinceBest = 0;
            } else if (options.patience > 0 && ++sinceBest >= options.patience) {
                result.stoppedEarly = true;
                break;
            }
        }
    }
    {
        torch::NoGradGuard noGrad;
        for (size_t i = 0; i < parameters.size(); ++i)
            parameters[i].copy_(best[i]);
    }
    result.seconds = elapsed();
    return result;
}

void writeLoopReport(const QString &path, const std::string &title, const LoopOptions &options, const LoopResult &result,
                     const std::map<std::string, double> &finalMetrics, const std::string &command)
{
    nlohmann::json j;
    j["title"] = title;
    j["command"] = command;
    j["options"] = {{"max_steps", options.maxSteps},      {"learning_rate", options.learningRate},
                    {"warmup_steps", options.warmupSteps}, {"weight_decay", options.weightDecay},
                    {"clip_norm", options.clipNorm},       {"eval_every", options.evalEvery},
                    {"patience", options.patience},        {"seed", options.seed},
                    {"threads", options.threads}};
    j["steps"] = result.steps;
    j["best_step"] = result.bestStep;
    j["stopped_early"] = result.stoppedEarly;
    j["seconds"] = result.seconds;
    j["first_loss"] = result.firstLoss;
    j["last_loss"] = result.lastLoss;
    nlohmann::json history = nlohmann::json::array();
    for (const auto &h : result.history) {
        nlohmann::json e = {{"step", h.step}, {"held_out_value", h.eval.value}, {"metrics", h.eval.metrics}};
        e["train_loss"] = std::isfinite(h.trainLoss) ? nlohmann::json(h.trainLoss) : nlohmann::json(nullptr);
        history.push_back(e);
    }
    j["history"] = history;
    j["final_metrics"] = finalMetrics;
    writeTextFile(path + QStringLiteral(".json"), j.dump(2) + "\n");

    std::string md = "# " + title + "\n\nCommand:\n\n```\n" + command + "\n```\n\n";
    md += "Steps " + std::to_string(result.steps) + " of " + std::to_string(options.maxSteps) + "; best held-out value at step "
          + std::to_string(result.bestStep) + (result.stoppedEarly ? " (stopped early)" : "") + "; " + fmt(result.seconds, "%.1f")
          + " s.\n\n| step | train loss | held-out |\n|---:|---:|---:|\n";
    for (const auto &h : result.history)
        md += "| " + std::to_string(h.step) + " | " + (std::isfinite(h.trainLoss) ? fmt(h.trainLoss) : std::string("-")) + " | "
              + fmt(h.eval.value) + " |\n";
    md += "\n## Held-out metrics of the kept model\n\n| metric | value |\n|---|---:|\n";
    for (const auto &[k, v] : finalMetrics)
        md += "| " + k + " | " + fmt(v) + " |\n";
    writeTextFile(path + QStringLiteral(".md"), md);
}

}  // namespace gauntlet::train
