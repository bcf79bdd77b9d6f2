#include "engine/compute/compute.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QStringList>

#include <cstdlib>
#include <dlfcn.h>
#include <mutex>

namespace gauntlet::compute {

namespace {

/// The plugin's only exported symbol (compute_plugin.cpp).
using EntryPoint = Engine *(*)(int interfaceVersion);
constexpr const char *EntryPointName = "gauntlet_compute_engine";
constexpr const char *PluginFile = "libgauntlet_compute.so";

std::mutex g_mutex;
Engine *g_engine = nullptr;
QString g_path;

QStringList candidatePaths()
{
    QStringList paths;
    if (const char *env = std::getenv("GAUNTLET_COMPUTE_PLUGIN"); env != nullptr && *env != '\0')
        paths << QString::fromLocal8Bit(env);
    if (QCoreApplication::instance() != nullptr) {
        const QDir exe(QCoreApplication::applicationDirPath());
        paths << exe.filePath(QLatin1String(PluginFile))
              << QDir::cleanPath(exe.filePath(QStringLiteral("../lib/gauntlet/")) + QLatin1Char('/') + QLatin1String(PluginFile));
    }
#ifdef GAUNTLET_COMPUTE_BUILD_PATH
    paths << QStringLiteral(GAUNTLET_COMPUTE_BUILD_PATH);
#endif
    paths.removeDuplicates();
    return paths;
}

}  // namespace

const std::vector<std::string> &scoreKindNames()
{
    static const std::vector<std::string> names{"difficulty", "acceptability", "perplexity"};
    return names;
}

Engine &engine()
{
    std::lock_guard<std::mutex> lock(g_mutex);
    if (g_engine != nullptr)
        return *g_engine;
    // libgomp (loaded with libtorch) reads OMP_WAIT_POLICY once, when it is loaded; idle threads
    // that busy-wait collapse multithreaded scoring on shared cores (bench/nn: 0.18 of GEMM speed
    // instead of 0.84). Passive unless the user chose.
    setenv("OMP_WAIT_POLICY", "PASSIVE", 0);
    QStringList tried;
    for (const QString &path : candidatePaths()) {
        if (!QFileInfo::exists(path)) {
            tried << path + QStringLiteral(" (missing)");
            continue;
        }
        void *handle = dlopen(QFile::encodeName(path).constData(), RTLD_NOW | RTLD_LOCAL);
        if (handle == nullptr) {
            tried << path + QStringLiteral(" (") + QString::fromLocal8Bit(dlerror()) + QLatin1Char(')');
            continue;
        }
        auto entry = reinterpret_cast<EntryPoint>(dlsym(handle, EntryPointName));
        if (entry == nullptr) {
            tried << path + QStringLiteral(" (no ") + QLatin1String(EntryPointName) + QLatin1Char(')');
            continue;
        }
        Engine *e = entry(InterfaceVersion);
        if (e == nullptr) {
            tried << path + QStringLiteral(" (built for another interface version than %1)").arg(InterfaceVersion);
            continue;
        }
        g_engine = e;
        g_path = path;
        return *g_engine;
    }
    throw ComputeError("cannot load the compute plugin (libtorch models): tried " + tried.join(QStringLiteral("; ")).toStdString()
                       + ". Build it (cmake --build build --target gauntlet_compute) or set GAUNTLET_COMPUTE_PLUGIN");
}

QString pluginPath()
{
    std::lock_guard<std::mutex> lock(g_mutex);
    return g_path;
}

}  // namespace gauntlet::compute
