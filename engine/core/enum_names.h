// One table of an enum's names serves both directions (issue 36): the name a value is written as
// (in the project file, JSON, signatures, CLI output) and the value a name is read back as. Each
// function that had a switch for the name and a run of ifs for the parse looks its value or name up
// in one table; the error a caller throws for an unknown name stays the caller's. Plain C++17 (no
// Qt), so engine/metrics can use it too.
#pragma once

#include <cstddef>
#include <optional>

namespace gauntlet::core {

template <typename E>
struct EnumName {
    E value;
    const char *name;  ///< ASCII
};

/// The name `table` gives `value`, or `otherwise` for a value the table lacks (only a cast makes
/// one). QString::fromLatin1 of the default nullptr is the null QString.
template <typename E, std::size_t N>
constexpr const char *enumName(const EnumName<E> (&table)[N], E value, const char *otherwise = nullptr)
{
    for (const EnumName<E> &entry : table)
        if (entry.value == value)
            return entry.name;
    return otherwise;
}

/// As enumName, with the name of the table's last entry for a value the table lacks (the switch
/// statements this replaces let such a value fall through to that name).
template <typename E, std::size_t N>
constexpr const char *enumNameOrLast(const EnumName<E> (&table)[N], E value)
{
    return enumName(table, value, table[N - 1].name);
}

/// The value `table` names `name` (a QString, std::string or std::string_view, compared exactly
/// with ==), or nothing.
template <typename E, std::size_t N, typename Text>
std::optional<E> enumFromName(const EnumName<E> (&table)[N], const Text &name)
{
    for (const EnumName<E> &entry : table)
        if (name == entry.name)
            return entry.value;
    return std::nullopt;
}

/// The value `table` names `name`; throws what `error()` returns when it names none.
template <typename E, std::size_t N, typename Text, typename MakeError>
E enumFromNameOrThrow(const EnumName<E> (&table)[N], const Text &name, MakeError error)
{
    if (const std::optional<E> value = enumFromName(table, name))
        return *value;
    throw error();
}

}  // namespace gauntlet::core
