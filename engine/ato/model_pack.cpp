#include "engine/ato/model_pack.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

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
}

}  // namespace gauntlet::ato
