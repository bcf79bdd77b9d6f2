// Writing the trainers' small output files (configs, vocabularies, reports). Internal to engine/train.
#pragma once

#include "engine/train/train_error.h"

#include <QFile>
#include <QString>

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

}  // namespace gauntlet::train
