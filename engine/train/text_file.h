// Writing the trainers' small output files (configs, vocabularies, reports) and reading the JSON
// files they start from. Internal to engine/train.
#pragma once

#include "engine/train/train_error.h"

#include <QFile>
#include <QString>

#include <nlohmann/json.hpp>

#include <exception>
#include <string>

namespace gauntlet::train {

/// Writes `text`'s bytes to `path` as the whole file (created or truncated). Throws TrainError
/// "cannot write \"<path>\"" when the file cannot be opened or not all of it is written.
inline void writeTextFile(const QString &path, const std::string &text)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(text.data(), qint64(text.size())) != qint64(text.size()))
        throw TrainError("cannot write \"" + path.toStdString() + "\"");
}

/// The JSON document in the file `path`. Throws TrainError "cannot read \"<path>\"" when the file
/// cannot be opened, "\"<path>\" is not valid JSON: <why>" when it does not parse.
inline nlohmann::json readJsonFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw TrainError("cannot read \"" + path.toStdString() + "\"");
    try {
        return nlohmann::json::parse(file.readAll().toStdString());
    } catch (const std::exception &e) {
        throw TrainError("\"" + path.toStdString() + "\" is not valid JSON: " + e.what());
    }
}

}  // namespace gauntlet::train
