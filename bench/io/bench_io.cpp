// Benchmark of engine/io (one run; times are best of 3, warm page cache):
//  - loadTorchCheckpoint on a torch.save zip of about MB megabytes of float32 XLM-R-shaped weights,
//    against python3-torch's torch.load of the same file measured in the same run;
//  - SafetensorsFile: open + validate, and open + every tensor as a zero-copy view + reading all
//    bytes, against the shared Python reference reader st.py (which copies);
//  - convertToSafetensors of the torch file.
// Usage: bench_io [MB]   (default 256; files go to a temporary folder)
#include "engine/io/convert.h"
#include "engine/io/safetensors.h"
#include "engine/io/torch_checkpoint.h"

#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>

using namespace gauntlet::io;
using Clock = std::chrono::steady_clock;

namespace {

double best3(const std::function<void()> &fn)
{
    double best = 1e300;
    for (int i = 0; i < 3; ++i) {
        const auto t0 = Clock::now();
        fn();
        best = std::min(best, std::chrono::duration<double>(Clock::now() - t0).count());
    }
    return best;
}

}  // namespace

int main(int argc, char **argv)
{
    const double megabytes = argc > 1 ? std::atof(argv[1]) : 256.0;
    QTemporaryDir dir;
    QProcess py;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("GAUNTLET_REFERENCE_DIR", GAUNTLET_SHARED_DIR "/tools/reference");
    py.setProcessEnvironment(env);
    py.start("/usr/bin/python3", {GAUNTLET_SOURCE_DIR "/tests/io/write_torch_files.py", "bench", dir.path(),
                                  QString::number(megabytes)});
    if (!py.waitForFinished(600000) || py.exitCode() != 0) {
        std::fprintf(stderr, "python helper failed: %s\n", py.readAllStandardError().constData());
        return 1;
    }
    const auto python = nlohmann::json::parse(py.readAllStandardOutput().toStdString());
    const double mb = python["bytes"].get<double>() / 1e6;
    const QString bin = dir.filePath("big.bin");
    const QString st = dir.filePath("big.safetensors");

    const double ours = best3([&] { loadTorchCheckpoint(bin); });
    const double stOpen = best3([&] { SafetensorsFile f(st); });
    double checksum = 0;
    const double stAll = best3([&] {
        SafetensorsFile f(st);
        for (const auto &kv : f.tensors())
            checksum += kv.second.sum().item<double>();
    });
    const double conv = best3([&] { convertToSafetensors(bin, dir.filePath("converted.safetensors")); });

    const double torchLoad = python["torch_load"].get<double>();
    const double stPy = python["st_py_load"].get<double>();
    std::printf("%.0f MB float32 in %d tensors (checksum %.3f)\n", mb, python["tensors"].get<int>(), checksum);
    std::printf("torch.save zip  loadTorchCheckpoint %7.3f s  %7.0f MB/s  python torch.load %7.3f s  ratio %.2fx\n",
                ours, mb / ours, torchLoad, torchLoad / ours);
    std::printf("safetensors     open+validate       %7.4f s\n", stOpen);
    std::printf("safetensors     open+views+sum all  %7.3f s  %7.0f MB/s  python st.py load %7.3f s  ratio %.2fx\n",
                stAll, mb / stAll, stPy, stPy / stAll);
    std::printf("convert .bin -> .safetensors        %7.3f s  %7.0f MB/s\n", conv, mb / conv);
    return 0;
}
