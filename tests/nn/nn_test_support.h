// Shared by the engine/nn tests: the reference fixtures of ../shared/tools/reference (tiny random
// checkpoints in the public layouts, golden outputs computed in float64 by an independent
// implementation), committed under tests/data/nn by tests/nn/refresh_nn_goldens.py and tied to
// their generator by GENERATOR.json, and reference_forward.py's outputs for the ids the tests use:
// recorded in tests/data/nn/reference_forward.json for the committed fixtures, computed (with
// Debian's python3-torch) for the others.
#pragma once

#include "tests/support/committed_fixtures.h"
#include "tests/support/process_runner.h"
#include "engine/nn/scorer.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace nn_test {

inline const char *python() { return "/usr/bin/python3"; }

inline QString referenceTool(const QString &name)
{
    return QStringLiteral(GAUNTLET_SHARED_DIR "/tools/reference/") + name;
}

/// Runs a process; fails the test (returns false) with its stderr if it does not exit 0.
inline bool runProcess(const QString &program, const QStringList &args, QByteArray *out = nullptr, int timeoutMs = 120000)
{
    const gauntlet::testing::ProcessResult p = gauntlet::testing::runProcess(program, args, timeoutMs);
    if (!p.ok()) {
        qWarning("%s %s failed: %s", qPrintable(program), qPrintable(args.join(' ')), p.err.constData());
        return false;
    }
    if (out)
        *out = p.out;
    return true;
}

/// A committed fixture folder, tests/data/nn/<name>, checked against its GENERATOR.json: the
/// generator's inputs (../shared/tools/reference, make_nn_fixtures.py; the shared ones only when
/// ../shared is there) must still have their recorded checksums, and every file its own. Otherwise
/// the test aborts naming tests/nn/refresh_nn_goldens.py: the goldens are never regenerated behind
/// the tests' back. tst_nn_goldens checks them against a fresh run of the reference.
inline QString committedFixtures(const QString &name)
{
    const QString dir = QStringLiteral(GAUNTLET_SOURCE_DIR "/tests/data/nn/") + name;
    const QString error = gauntlet::testing::checkCommittedFixtures(dir, QStringLiteral(GAUNTLET_SOURCE_DIR),
                                                                 QStringLiteral(GAUNTLET_SHARED_DIR));
    if (!error.isEmpty())
        qFatal("%s", qPrintable(error));
    return dir;
}

/// What make_fixtures.py wrote (xlmr-classifier, sentinel, sentinel-ckpt, qwen2-tied,
/// qwen2-untied, golden.json), committed.
inline QString fixturesDir()
{
    static const QString dir = committedFixtures(QStringLiteral("fixtures"));
    return dir;
}

/// What make_nn_fixtures.py writes without its real-vocabulary options (comet-softmax-avg,
/// comet-sparsemax-cls, golden.json), committed.
inline QString cometFixturesDir()
{
    static const QString dir = committedFixtures(QStringLiteral("extra-comet"));
    return dir;
}

inline QString fixture(const QString &name)
{
    return fixturesDir() + '/' + name;
}

inline nlohmann::json readJson(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    const QByteArray bytes = f.readAll();
    return nlohmann::json::parse(bytes.constData(), bytes.constData() + bytes.size());
}

inline const nlohmann::json &golden()
{
    static const nlohmann::json g = readJson(fixturesDir() + "/golden.json");
    return g;
}

inline std::vector<std::vector<int64_t>> idLists(const nlohmann::json &j)
{
    return j.get<std::vector<std::vector<int64_t>>>();
}

/// Where the reference outputs recorded for the committed fixtures are kept (see referenceForward).
inline QString recordedReferencePath()
{
    return QStringLiteral(GAUNTLET_SOURCE_DIR "/tests/data/nn/reference_forward.json");
}

/// The checksum of the reference implementation that computes referenceForward's outputs
/// (reference_forward.py, models.py, st.py of ../shared/tools/reference); empty without ../shared.
inline QString referenceImplementationSha()
{
    QString joined;
    for (const char *name : {"reference_forward.py", "models.py", "st.py"}) {
        const QString sha = gauntlet::testing::sha256OfFile(referenceTool(QString::fromLatin1(name)));
        if (sha.isEmpty())
            return {};
        joined += sha;
    }
    return QString::fromLatin1(QCryptographicHash::hash(joined.toLatin1(), QCryptographicHash::Sha256).toHex());
}

/// The recorded outputs: [{"model": "fixtures/qwen2-untied", "kind", "ids", "model_sha256",
/// "reference_sha256", "output"}, ...].
inline nlohmann::json &recordedReference()
{
    static nlohmann::json recorded = QFileInfo::exists(recordedReferencePath()) ? readJson(recordedReferencePath())
                                                                                 : nlohmann::json::array();
    return recorded;
}

/// Reference outputs of reference_forward.py (../shared/tools/reference, Debian's python3-torch)
/// for `ids` on the model in `modelDir`. For a committed model (a fixture under tests/data/nn, or the
/// shipped pack under resources/models) the output recorded in tests/data/nn/reference_forward.json is returned while the fixture's weights and
/// the reference implementation still have their recorded checksums (the latter only checked when
/// ../shared is there), so these tests need no python3-torch. Otherwise the reference runs; with
/// GAUNTLET_RECORD_REFERENCE=1 a committed fixture's output is recorded for next time (commit the
/// file; tst_nn_goldens re-runs every recorded call against the reference). Aborts when neither
/// works, naming what is missing.
inline nlohmann::json referenceForward(const QString &modelDir, const QString &kind, const std::vector<std::vector<int64_t>> &ids)
{
    const QString dataDir = QStringLiteral(GAUNTLET_SOURCE_DIR "/tests/data/nn/");
    const QString clean = QDir::cleanPath(modelDir);
    const bool committed = clean.startsWith(dataDir) || clean.startsWith(QStringLiteral(GAUNTLET_SOURCE_DIR "/resources/models/"));
    // Recorded relative to tests/data/nn (the shipped pack as ../../../resources/models/...).
    const std::string model = QDir(dataDir).relativeFilePath(clean).toStdString();
    const QString weights = gauntlet::testing::sha256OfFile(clean + QStringLiteral("/model.safetensors"));
    const QString reference = referenceImplementationSha();
    const nlohmann::json idsJson = ids;
    if (committed) {
        for (const nlohmann::json &e : recordedReference())
            if (e["model"] == model && e["kind"] == kind.toStdString() && e["ids"] == idsJson
                && e["model_sha256"] == weights.toStdString()
                && (reference.isEmpty() || e["reference_sha256"] == reference.toStdString()))
                return e["output"];
    }
    QByteArray out;
    if (!runProcess(python(), {referenceTool("reference_forward.py"), modelDir, "--kind", kind, "--ids", QString::fromStdString(idsJson.dump())},
                    &out))
        qFatal("reference_forward.py failed for %s (needs ../shared/tools/reference and Debian's python3-torch)%s", qPrintable(modelDir),
               committed ? "; no recorded output fits: run the nn tests once with GAUNTLET_RECORD_REFERENCE=1 where python3-torch is "
                           "installed and commit tests/data/nn/reference_forward.json"
                         : "");
    const nlohmann::json output = nlohmann::json::parse(out.constData(), out.constData() + out.size());
    if (committed && qEnvironmentVariable("GAUNTLET_RECORD_REFERENCE") == QLatin1String("1") && !reference.isEmpty()) {
        nlohmann::json &recorded = recordedReference();
        recorded.push_back({{"model", model}, {"kind", kind.toStdString()}, {"ids", idsJson}, {"model_sha256", weights.toStdString()},
                            {"reference_sha256", reference.toStdString()}, {"output", output}});
        QFile f(recordedReferencePath());
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(QByteArray::fromStdString(recorded.dump(1) + "\n")) < 0)
            qFatal("cannot write %s", qPrintable(recordedReferencePath()));
    }
    return output;
}

/// The score a scorer of `kind` gives the first sequence, from referenceForward's output `ref`:
/// sentinel, its score; classifier, log P(LABEL_1) (label 1 = acceptable); qwen2, its perplexity.
inline double referenceScore(const nlohmann::json &ref, const QString &kind)
{
    return kind == QLatin1String("sentinel")     ? ref["scores"][0].get<double>()
           : kind == QLatin1String("classifier") ? ref["log_probs"][0][1].get<double>()
                                                 : ref["perplexity"][0].get<double>();
}

inline gauntlet::nn::ScorerSettings cpuSettings(torch::Dtype dtype = torch::kFloat32, int64_t maxBatchTokens = 8192)
{
    gauntlet::nn::ScorerSettings s;
    s.dtype = dtype;
    s.threads = 2;
    s.maxBatchTokens = maxBatchTokens;
    return s;
}

/// Compares element-wise with an absolute tolerance; on failure prints expected and actual side by side.
inline bool closeAll(const std::vector<double> &expected, const std::vector<double> &actual, double tolerance, const char *what)
{
    if (expected.size() != actual.size()) {
        qWarning("%s: expected %zu values, got %zu", what, expected.size(), actual.size());
        return false;
    }
    bool ok = true;
    for (size_t i = 0; i < expected.size(); ++i) {
        if (!(std::abs(expected[i] - actual[i]) <= tolerance)) {
            qWarning("%s[%zu]: expected %.9g actual %.9g (diff %.3g)", what, i, expected[i], actual[i], std::abs(expected[i] - actual[i]));
            ok = false;
        }
    }
    return ok;
}

inline std::vector<double> flat(const nlohmann::json &j)
{
    std::vector<double> out;
    if (j.is_array())
        for (const auto &e : j)
            for (double v : flat(e))
                out.push_back(v);
    else
        out.push_back(j.get<double>());
    return out;
}

inline std::vector<double> flat(const torch::Tensor &t)
{
    const torch::Tensor c = t.detach().to(torch::kCPU, torch::kFloat64).contiguous();
    return std::vector<double>(c.data_ptr<double>(), c.data_ptr<double>() + c.numel());
}

/// d score / d oneHot[t][v] by central differences: `oneHot` with entry [t][v] moved by +eps and
/// -eps through scoreOneHot (a relaxed one-hot matrix moves position t's embedding along E[v]), to
/// check scoreWithGradient's analytic gradient against.
inline double oneHotFiniteDifference(const gauntlet::nn::Scorer &scorer, const torch::Tensor &oneHot, int64_t t, int64_t v, double eps)
{
    torch::Tensor plus = oneHot.clone(), minus = oneHot.clone();
    plus[t][v] += eps;
    minus[t][v] -= eps;
    torch::NoGradGuard noGrad;
    return (scorer.scoreOneHot(plus).item<double>() - scorer.scoreOneHot(minus).item<double>()) / (2 * eps);
}

/// The built `gauntlet` executable run with `args` (stdout and stderr together, and its exit code;
/// code -1 when it did not start or finish within `timeoutMs`).
struct GauntletRun {
    int code = -1;
    QString out;
};
inline GauntletRun runGauntlet(const QStringList &args, int timeoutMs = 120000)
{
    gauntlet::testing::ProcessOptions merged;
    merged.mergeChannels = true;
    const gauntlet::testing::ProcessResult p = gauntlet::testing::runGauntlet(args, timeoutMs, merged);
    GauntletRun r;
    if (!p.crashed)
        r.code = p.code;
    r.out = QString::fromUtf8(p.out);
    return r;
}

}  // namespace nn_test
