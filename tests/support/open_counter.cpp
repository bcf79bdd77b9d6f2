#include "tests/support/open_counter.h"

#include <QDir>

#include <atomic>
#include <cstdarg>
#include <cstdio>
#include <mutex>
#include <string>
#include <vector>

#include <dlfcn.h>
#include <fcntl.h>

namespace {

std::atomic<bool> g_counting{false};
std::mutex g_mutex;
std::vector<std::string> g_paths;

void record(const char *path)
{
    if (!g_counting.load(std::memory_order_relaxed) || path == nullptr)
        return;
    std::lock_guard<std::mutex> lock(g_mutex);
    g_paths.emplace_back(path);
}

template <typename F>
F real(const char *name)
{
    return reinterpret_cast<F>(dlsym(RTLD_NEXT, name));
}

mode_t modeOf(int flags, va_list args)
{
    return (flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE ? static_cast<mode_t>(va_arg(args, int)) : 0;
}

}  // namespace

extern "C" {

int open(const char *path, int flags, ...)
{
    va_list args;
    va_start(args, flags);
    const mode_t mode = modeOf(flags, args);
    va_end(args);
    record(path);
    static const auto next = real<int (*)(const char *, int, ...)>("open");
    return next(path, flags, mode);
}

int open64(const char *path, int flags, ...)
{
    va_list args;
    va_start(args, flags);
    const mode_t mode = modeOf(flags, args);
    va_end(args);
    record(path);
    static const auto next = real<int (*)(const char *, int, ...)>("open64");
    return next(path, flags, mode);
}

int openat(int dir, const char *path, int flags, ...)
{
    va_list args;
    va_start(args, flags);
    const mode_t mode = modeOf(flags, args);
    va_end(args);
    record(path);
    static const auto next = real<int (*)(int, const char *, int, ...)>("openat");
    return next(dir, path, flags, mode);
}

int openat64(int dir, const char *path, int flags, ...)
{
    va_list args;
    va_start(args, flags);
    const mode_t mode = modeOf(flags, args);
    va_end(args);
    record(path);
    static const auto next = real<int (*)(int, const char *, int, ...)>("openat64");
    return next(dir, path, flags, mode);
}

FILE *fopen(const char *path, const char *mode)
{
    record(path);
    static const auto next = real<FILE *(*)(const char *, const char *)>("fopen");
    return next(path, mode);
}

FILE *fopen64(const char *path, const char *mode)
{
    record(path);
    static const auto next = real<FILE *(*)(const char *, const char *)>("fopen64");
    return next(path, mode);
}

}  // extern "C"

namespace gauntlet::testing {

void startCountingOpens()
{
    std::lock_guard<std::mutex> lock(g_mutex);
    g_paths.clear();
    g_counting = true;
}

QStringList stopCountingOpens()
{
    g_counting = false;
    std::lock_guard<std::mutex> lock(g_mutex);
    QStringList out;
    for (const std::string &p : g_paths)
        out << QDir::cleanPath(QDir::current().absoluteFilePath(QString::fromStdString(p)));
    return out;
}

}  // namespace gauntlet::testing
