// JSON read from files a user hands us (config.json, tokenizer.json, safetensors headers, packs),
// parsed with its nesting bounded, and excerpts of values for error messages (issue 39).
//
// nlohmann::json parses deep input fine, but dump() recurses once per level: an error message
// built from a 60,000-level value overflowed the stack (SIGSEGV, no message). No real model file
// nests deeper than a few levels; 512 leaves room for any. Header-only: nlohmann_json is too.
#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>

namespace gauntlet::core {

/// Deepest nesting parseJson accepts (arrays and objects).
inline constexpr int MaxJsonDepth = 512;

/// nlohmann::json::parse of [begin, end) that throws nlohmann::json::parse_error (id 101, as for
/// any malformed input, so callers' existing catches name the file) when arrays or objects nest
/// deeper than `maxDepth`.
inline nlohmann::json parseJson(const char *begin, const char *end, int maxDepth = MaxJsonDepth)
{
    const nlohmann::json::parser_callback_t bound = [maxDepth](int depth, nlohmann::json::parse_event_t event, nlohmann::json &) {
        if ((event == nlohmann::json::parse_event_t::object_start || event == nlohmann::json::parse_event_t::array_start)
            && depth >= maxDepth)
            throw nlohmann::json::parse_error::create(101, 0, "arrays and objects nest deeper than " + std::to_string(maxDepth) + " levels",
                                                      nullptr);
        return true;
    };
    return nlohmann::json::parse(begin, end, bound);
}

inline nlohmann::json parseJson(const std::string &text, int maxDepth = MaxJsonDepth)
{
    return parseJson(text.data(), text.data() + text.size(), maxDepth);
}

/// At most `maxChars` characters of `value` as JSON, with "... (N characters)" when cut: what an
/// error message may quote of a value from a file. Values nested deeper than 64 levels are
/// summarised, not dumped.
inline std::string jsonExcerpt(const nlohmann::json &value, std::size_t maxChars = 120)
{
    // dump() recurses per level: measure the depth iteratively first.
    int depth = 0;
    const nlohmann::json *v = &value;
    while (v->is_structured() && !v->empty() && depth <= 64) {
        v = v->is_array() ? &v->front() : &v->begin().value();
        ++depth;
    }
    if (depth > 64)
        return std::string(value.is_array() ? "an array" : "an object") + " nested more than 64 levels deep";
    const std::string text = value.dump();
    if (text.size() <= maxChars)
        return text;
    return text.substr(0, maxChars) + "... (" + std::to_string(text.size()) + " characters)";
}

/// `text` cut to `maxChars` bytes (on a UTF-8 boundary) with "... (N bytes)": what an error
/// message may quote of a string from a file.
inline std::string excerpt(const std::string &text, std::size_t maxChars = 300)
{
    if (text.size() <= maxChars)
        return text;
    std::size_t cut = maxChars;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80)
        --cut;
    return text.substr(0, cut) + "... (" + std::to_string(text.size()) + " bytes)";
}

}  // namespace gauntlet::core
