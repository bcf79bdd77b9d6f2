#include "engine/ato/model_pack.h"
#include "engine/core/json_input.h"

#include "engine/ato/ato_error.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <nlohmann/json.hpp>

#include <cmath>

namespace gauntlet::ato {
namespace {

QString firstExisting(const QDir &dir, std::initializer_list<const char *> names)
{
    for (const char *name : names) {
        const QString path = dir.filePath(QLatin1String(name));
        if (QFileInfo::exists(path))
            return QDir::cleanPath(path);
    }
    return {};
}

// Reads <pack>/pack.json into `pack`; problems go to pack.packJsonError (applyPackObjective throws them).
void readPackJson(const QDir &dir, ModelPack &pack)
{
    const QString path = dir.filePath(QStringLiteral("pack.json"));
    if (!QFileInfo::exists(path))
        return;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        pack.packJsonError = QStringLiteral("cannot read %1: %2").arg(path, file.errorString());
        return;
    }
    const QByteArray bytes = file.readAll();
    try {
        const nlohmann::json j = core::parseJson(bytes.constData(), bytes.constData() + bytes.size());
        if (!j.is_object())
            throw std::runtime_error("the top level is not an object");
        if (!j.contains("objective"))
            return;
        const nlohmann::json &o = j.at("objective");
        if (!o.is_object())
            throw std::runtime_error("\"objective\" is not an object");
        const auto weight = [&](const char *key) -> std::optional<double> {
            if (!o.contains(key))
                return std::nullopt;
            if (!o.at(key).is_number() || !std::isfinite(o.at(key).get<double>()) || o.at(key).get<double>() < 0)
                throw std::runtime_error(std::string("objective.") + key + " is not a non-negative number");
            return o.at(key).get<double>();
        };
        pack.lambdaFluency = weight("lambda_fluency");
        pack.lambdaCohesion = weight("lambda_cohesion");
        if (o.contains("note") && o.at("note").is_string())
            pack.objectiveNote = QString::fromStdString(o.at("note").get<std::string>());
    } catch (const std::exception &e) {
        pack.lambdaFluency.reset();
        pack.lambdaCohesion.reset();
        pack.packJsonError = QStringLiteral("%1 is not a valid model pack description: %2").arg(path, QString::fromUtf8(e.what()));
    }
}

}  // namespace

ModelPack modelPackAt(const QString &folder)
{
    ModelPack pack;
    if (folder.isEmpty() || !QFileInfo(folder).isDir())
        return pack;
    const QDir dir(folder);
    pack.folder = QDir::cleanPath(dir.absolutePath());
    pack.difficulty = firstExisting(dir, {"difficulty", "sentinel"});
    pack.acceptability = firstExisting(dir, {"acceptability", "cola"});
    pack.languageModel = firstExisting(dir, {"lm"});
    pack.wordList = firstExisting(dir, {"words_alpha.zip", "words_alpha.txt", "words.txt"});
    pack.wordFrequencies = firstExisting(dir, {"word_frequencies.tsv"});
    pack.guardFrequencies = firstExisting(dir, {"present_day_frequencies.tsv"});
    pack.wordVectors = firstExisting(dir, {"word_vectors.vec"});
    readPackJson(dir, pack);
    return pack;
}

ModelPack defaultModelPack()
{
    const QString fromEnv = qEnvironmentVariable("GAUNTLET_MODEL_PACK");
    if (!fromEnv.isEmpty())
        return modelPackAt(fromEnv);
    QStringList candidates;
    if (QCoreApplication::instance()) {
        const QString appDir = QCoreApplication::applicationDirPath();
        candidates << appDir + QStringLiteral("/../share/gauntlet/models/default") << appDir + QStringLiteral("/models/default");
    }
#ifdef GAUNTLET_RESOURCE_DIR
    candidates << QStringLiteral(GAUNTLET_RESOURCE_DIR "/models/default");
#endif
    for (const QString &c : candidates) {
        ModelPack pack = modelPackAt(c);
        if (!pack.difficulty.isEmpty())
            return pack;
    }
    return {};
}

void applyModelPack(AtoConfig &config, const ModelPack &pack)
{
    const auto fill = [](std::string &field, const QString &value) {
        if (field.empty() && !value.isEmpty())
            field = value.toStdString();
    };
    fill(config.difficultyModel, pack.difficulty);
    fill(config.acceptabilityModel, pack.acceptability);
    fill(config.languageModel, pack.languageModel);
    fill(config.wordList, pack.wordList);
    if (config.randomWordBucket != "all")
        fill(config.wordFrequencies, pack.wordFrequencies);
    if (config.vocabularyGuard)
        fill(config.guardFrequencies, pack.guardFrequencies);
    if (config.wordEmbeddingDistance)
        fill(config.wordVectors, pack.wordVectors);
}

bool applyPackObjective(AtoConfig &config, const ModelPack &pack)
{
    if (!pack.packJsonError.isEmpty())
        throw AtoError(pack.packJsonError.toStdString());
    bool changed = false;
    if (pack.lambdaFluency && *pack.lambdaFluency != config.lambdaFluency) {
        config.lambdaFluency = *pack.lambdaFluency;
        changed = true;
    }
    if (pack.lambdaCohesion && *pack.lambdaCohesion != config.lambdaCohesion) {
        config.lambdaCohesion = *pack.lambdaCohesion;
        changed = true;
    }
    return changed;
}

}  // namespace gauntlet::ato
