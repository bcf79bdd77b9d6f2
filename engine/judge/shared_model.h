// Loading a judge's data file (a trigram model, a pronouncing dictionary) once and sharing it.
// Internal to engine/judge.
#pragma once

#include <QByteArray>

#include <memory>
#include <mutex>
#include <string>

namespace gauntlet::judge {

/// The path in environment variable `variable` when it is set and not empty, else `fallback`.
/// Throws nothing.
inline std::string pathFromEnvironment(const char *variable, const char *fallback)
{
    const QByteArray env = qgetenv(variable);
    return env.isEmpty() ? std::string(fallback) : env.toStdString();
}

/// The T loaded from T::defaultPath() that someone still holds, or a new one when nobody does
/// (it is freed with its last holder). Thread-safe. Throws what T's constructor throws.
template<typename T>
std::shared_ptr<const T> sharedInstance()
{
    static std::mutex mutex;
    static std::weak_ptr<const T> cached;
    const std::lock_guard lock(mutex);
    if (auto instance = cached.lock())
        return instance;
    auto instance = std::make_shared<const T>(T::defaultPath());
    cached = instance;
    return instance;
}

}  // namespace gauntlet::judge
