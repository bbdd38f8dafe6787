//===- ArchJsonPrint.cpp - ArchDescription to JSON text -------------------===//

#include "gpurd/Arch/ArchJson.h"

#include "ArchJsonInternal.h"
#include "ArchSchema.h"

#include <cmath>
#include <limits>

using nlohmann::ordered_json;

namespace gpurd::arch {
namespace {

template <typename T> ordered_json toJson(const T &value);

/// Adds each present field of a record to a JSON object, in schema order.
class RecordWriter {
public:
  explicit RecordWriter(ordered_json &object) : object(object) {}

  template <typename T>
  void operator()(llvm::StringLiteral key, const T &member,
                  Check check = Check::None) {
    if constexpr (IsOptional<T>::value) {
      if (member)
        object[std::string(key)] = toJson(*member);
    } else if constexpr (IsVector<T>::value) {
      if (!member.empty())
        object[std::string(key)] = toJson(member);
    } else {
      object[std::string(key)] = toJson(member);
    }
  }

private:
  ordered_json &object;
};

template <typename T> ordered_json toJson(const T &value) {
  if constexpr (std::is_same_v<T, bool> || std::is_same_v<T, std::string>) {
    return value;
  } else if constexpr (std::is_same_v<T, double>) {
    // Integral values print without a fraction: 100, not 100.0.
    if (std::floor(value) == value && std::fabs(value) < 9.0e15)
      return static_cast<int64_t>(value);
    return value;
  } else if constexpr (std::is_integral_v<T>) {
    return static_cast<uint64_t>(value);
  } else if constexpr (std::is_enum_v<T>) {
    return toString(value).str();
  } else if constexpr (std::is_same_v<T, BitRange>) {
    if (value.low == value.high)
      return value.low;
    return ordered_json::array({value.low, value.high});
  } else if constexpr (IsVector<T>::value) {
    ordered_json array = ordered_json::array();
    for (const auto &element : value)
      array.push_back(toJson(element));
    return array;
  } else {
    static_assert(IsRecord<T>, "unhandled field type");
    ordered_json object = ordered_json::object();
    visitFields(value, RecordWriter(object));
    return object;
  }
}

bool isScalar(const ordered_json &value) {
  return !value.is_object() && !value.is_array();
}

void render(const ordered_json &value, unsigned indent, std::string &out) {
  std::string inner(indent + 2, ' ');
  if (value.is_object() && !value.empty()) {
    out += "{\n";
    bool first = true;
    for (const auto &item : value.items()) {
      if (!first)
        out += ",\n";
      first = false;
      out += inner + ordered_json(item.key()).dump() + ": ";
      render(item.value(), indent + 2, out);
    }
    out += "\n" + std::string(indent, ' ') + "}";
    return;
  }
  if (value.is_array() && !value.empty()) {
    bool allScalars = std::all_of(value.begin(), value.end(), isScalar);
    bool allNumbers = std::all_of(
        value.begin(), value.end(),
        [](const ordered_json &element) { return element.is_number(); });
    bool allSmallArrays =
        std::all_of(value.begin(), value.end(), [](const ordered_json &e) {
          return e.is_number() ||
                 (e.is_array() && std::all_of(e.begin(), e.end(), isScalar));
        });
    // Numbers and groups of numbers (bit lists) stay on one line; strings
    // (sources, assumptions) get a line each.
    if (allNumbers || (allSmallArrays && !allScalars)) {
      out += "[";
      for (size_t i = 0; i < value.size(); ++i) {
        if (i)
          out += ", ";
        render(value[i], indent, out);
      }
      out += "]";
      return;
    }
    out += "[\n";
    for (size_t i = 0; i < value.size(); ++i) {
      if (i)
        out += ",\n";
      out += inner;
      render(value[i], indent + 2, out);
    }
    out += "\n" + std::string(indent, ' ') + "]";
    return;
  }
  out += value.dump();
}

} // namespace

ordered_json archToJson(const ArchDescription &arch) { return toJson(arch); }

std::string renderJson(const ordered_json &document) {
  std::string out;
  render(document, 0, out);
  out += "\n";
  return out;
}

std::string printArchJson(const ArchDescription &arch) {
  return renderJson(archToJson(arch));
}

} // namespace gpurd::arch
