#include "engine/io/convert.h"

#include "engine/io/safetensors.h"
#include "engine/io/torch_checkpoint.h"

#include <QFile>
#include <QFileInfo>

namespace gauntlet::io {

std::map<std::string, torch::Tensor> loadStateDict(const QString &path, std::vector<std::string> *nonTensors)
{
    const QFileInfo fi(path);
    if (!fi.exists())
        throw IoError("checkpoint " + path.toStdString() + ": no such file or folder");
    if (fi.isFile() && !path.endsWith(".json")) {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly))
            throw IoError("checkpoint " + path.toStdString() + ": cannot open: " + f.errorString().toStdString());
        if (looksLikeTorchCheckpoint(f.peek(16))) {
            f.close();
            TorchCheckpoint ck = loadTorchCheckpoint(path);
            if (nonTensors)
                *nonTensors = ck.nonTensorEntries;
            return std::move(ck.stateDict);
        }
    }
    return SafetensorsCheckpoint::open(path).tensors();
}

ConvertReport convertToSafetensors(const QString &source, const QString &destination, const QString &stripPrefix)
{
    ConvertReport report;
    const auto tensors = loadStateDict(source, &report.skipped);
    const std::string prefix = stripPrefix.toStdString();
    std::map<std::string, torch::Tensor> renamed;
    for (const auto &kv : tensors) {
        std::string name = kv.first;
        if (!prefix.empty() && name.compare(0, prefix.size(), prefix) == 0) {
            name = name.substr(prefix.size());
            ++report.stripped;
        }
        if (name.empty())
            throw IoError("convert " + source.toStdString() + ": stripping '" + prefix + "' from '" + kv.first +
                          "' leaves an empty name");
        if (!renamed.emplace(name, kv.second).second)
            throw IoError("convert " + source.toStdString() + ": two tensors are named '" + name +
                          "' after stripping '" + prefix + "'");
    }
    std::vector<std::pair<std::string, torch::Tensor>> out(renamed.begin(), renamed.end());
    for (const auto &kv : out)
        report.bytes += static_cast<uint64_t>(kv.second.numel()) * kv.second.element_size();
    report.tensors = static_cast<int64_t>(out.size());
    saveSafetensors(destination, out, {{"format", "pt"}});
    return report;
}

}  // namespace gauntlet::io
