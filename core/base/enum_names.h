// The one way to name enum values: a table of (value, name) pairs, read both ways.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace tpugraphs {

template <typename Enum>
using EnumName = std::pair<Enum, const char*>;

// The name of `value` in `table`; `unknown` when the table lacks it.
template <typename Enum, size_t N>
const char* enumName(const EnumName<Enum> (&table)[N], Enum value, const char* unknown = "?") {
    for (const auto& entry : table)
        if (entry.first == value) return entry.second;
    return unknown;
}

// Sets *value to the enum named `text` (exact match); false when no entry has that name.
template <typename Enum, size_t N>
bool parseEnumName(const EnumName<Enum> (&table)[N], const std::string& text, Enum* value) {
    for (const auto& entry : table) {
        if (text == entry.second) {
            *value = entry.first;
            return true;
        }
    }
    return false;
}

// Every name of `table`, in its order (the allowed values of an option, say).
template <typename Enum, size_t N>
std::vector<std::string> enumNames(const EnumName<Enum> (&table)[N]) {
    std::vector<std::string> names;
    for (const auto& entry : table) names.emplace_back(entry.second);
    return names;
}

}  // namespace tpugraphs
