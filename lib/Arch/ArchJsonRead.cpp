//===- ArchJsonRead.cpp - JSON document to ArchDescription ----------------===//
//
// Walks the schema (ArchSchema.h) over a parsed document: checks each value's
// type and single-value rule, reports unknown keys with the closest known key,
// then runs the cross-field rules (ArchValidate.h).
//
//===----------------------------------------------------------------------===//

#include "ArchJsonInternal.h"
#include "ArchSchema.h"
#include "ArchValidate.h"
#include "Diagnostics.h"
#include "EnumNames.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

using nlohmann::json;

namespace gpurd::arch {

std::string appendPointer(llvm::StringRef pointer, llvm::StringRef key) {
  std::string result = pointer.str() + "/";
  for (char c : key) {
    if (c == '~')
      result += "~0";
    else if (c == '/')
      result += "~1";
    else
      result += c;
  }
  return result;
}

std::string describeValue(const json &value) {
  std::string text = value.dump();
  if (text.size() > 60)
    text = text.substr(0, 57) + "...";
  return text;
}

namespace {

/// The closest of \p candidates to \p word, if it is close enough to be a
/// plausible typo.
std::optional<llvm::StringRef>
closestMatch(llvm::StringRef word, llvm::ArrayRef<llvm::StringRef> candidates) {
  std::string lowerWord = word.lower();
  std::optional<llvm::StringRef> best;
  unsigned bestDistance = std::max<unsigned>(2, word.size() / 3) + 1;
  for (llvm::StringRef candidate : candidates) {
    unsigned distance = llvm::StringRef(lowerWord).edit_distance(
        candidate.lower(), /*AllowReplacements=*/true, bestDistance);
    if (distance < bestDistance) {
      bestDistance = distance;
      best = candidate;
    }
  }
  return best;
}

std::string quotedList(llvm::ArrayRef<llvm::StringRef> names) {
  std::string result;
  for (auto [i, name] : llvm::enumerate(names)) {
    if (i)
      result += ", ";
    result += "\"" + name.str() + "\"";
  }
  return result;
}

/// Parses "48KiB", "6MiB", "1GiB", "512B" or "4096".
std::optional<uint64_t> parseByteString(llvm::StringRef text) {
  text = text.trim();
  uint64_t scale = 1;
  if (text.consume_back("KiB"))
    scale = uint64_t(1) << 10;
  else if (text.consume_back("MiB"))
    scale = uint64_t(1) << 20;
  else if (text.consume_back("GiB"))
    scale = uint64_t(1) << 30;
  else
    text.consume_back("B");
  text = text.trim();
  uint64_t number;
  if (text.empty() || text.getAsInteger(10, number))
    return std::nullopt;
  if (number > std::numeric_limits<uint64_t>::max() / scale)
    return std::nullopt;
  return number * scale;
}

const char *expectedInteger(Check check) {
  switch (check) {
  case Check::Positive:
    return "expected a positive integer";
  case Check::PowerOfTwo:
    return "expected a power of two";
  case Check::Bytes:
    return "expected a positive number of bytes (an integer, or a string "
           "such as \"48KiB\")";
  case Check::None:
  case Check::NonNegative:
    break;
  }
  return "expected a non-negative integer";
}

const char *expectedNumber(Check check) {
  switch (check) {
  case Check::Positive:
    return "expected a positive number";
  case Check::NonNegative:
    return "expected a non-negative number";
  default:
    break;
  }
  return "expected a number";
}

class Reader;

/// Visits one JSON object with the fields of one record.
class RecordReader {
public:
  RecordReader(Reader &reader, const json &object, std::string pointer)
      : reader(reader), object(object), pointer(std::move(pointer)) {}

  template <typename T>
  void operator()(llvm::StringLiteral key, T &member,
                  Check check = Check::None);

  /// Reports the keys no field claimed.
  void reportUnknownKeys();

private:
  Reader &reader;
  const json &object;
  std::string pointer;
  llvm::SmallVector<llvm::StringRef, 24> knownKeys;
};

class Reader {
public:
  explicit Reader(Diagnostics &diags) : diags(diags) {}

  template <typename T>
  bool read(const json &value, const std::string &pointer, T &out,
            Check check) {
    if constexpr (IsOptional<T>::value) {
      typename T::value_type inner{};
      if (!read(value, pointer, inner, check))
        return false;
      out = std::move(inner);
      return true;
    } else if constexpr (std::is_same_v<T, bool>) {
      if (!value.is_boolean())
        return fail(pointer, "expected true or false", value);
      out = value.get<bool>();
      return true;
    } else if constexpr (std::is_same_v<T, std::string>) {
      if (!value.is_string())
        return fail(pointer, "expected a string", value);
      out = value.get<std::string>();
      return true;
    } else if constexpr (std::is_same_v<T, double>) {
      return readNumber(value, pointer, out, check);
    } else if constexpr (std::is_integral_v<T>) {
      uint64_t wide = 0;
      if (!readInteger(value, pointer, wide, check))
        return false;
      if (wide > std::numeric_limits<T>::max())
        return fail(pointer,
                    "expected an integer no larger than " +
                        std::to_string(std::numeric_limits<T>::max()),
                    value);
      out = static_cast<T>(wide);
      return true;
    } else if constexpr (std::is_enum_v<T>) {
      return readEnum(value, pointer, out);
    } else if constexpr (std::is_same_v<T, BitRange>) {
      return readBitRange(value, pointer, out);
    } else if constexpr (IsVector<T>::value) {
      if (!value.is_array())
        return fail(pointer, "expected an array", value);
      T result;
      bool ok = true;
      for (auto [i, element] : llvm::enumerate(value)) {
        typename T::value_type item{};
        if (read(element, appendPointer(pointer, std::to_string(i)), item,
                 check))
          result.push_back(std::move(item));
        else
          ok = false;
      }
      if (ok)
        out = std::move(result);
      return ok;
    } else {
      static_assert(IsRecord<T>, "unhandled field type");
      if (!value.is_object())
        return fail(pointer, "expected an object", value);
      unsigned errorsBefore = errorCount;
      RecordReader record(*this, value, pointer);
      visitFields(out, record);
      record.reportUnknownKeys();
      return errorCount == errorsBefore;
    }
  }

  bool fail(const std::string &pointer, const llvm::Twine &expected,
            const json &value) {
    return fail(pointer, expected + ", got " + describeValue(value));
  }

  bool fail(const std::string &pointer, const llvm::Twine &message) {
    ++errorCount;
    diags.error(pointer, message);
    return false;
  }

private:
  bool readInteger(const json &value, const std::string &pointer, uint64_t &out,
                   Check check) {
    if (check == Check::Bytes && value.is_string()) {
      std::optional<uint64_t> bytes = parseByteString(value.get<std::string>());
      if (!bytes || *bytes == 0)
        return fail(pointer, expectedInteger(check), value);
      out = *bytes;
      return true;
    }
    if (!value.is_number_integer() ||
        (!value.is_number_unsigned() && value.get<int64_t>() < 0))
      return fail(pointer, expectedInteger(check), value);
    out = value.get<uint64_t>();
    if (out == 0 && check != Check::None && check != Check::NonNegative)
      return fail(pointer, expectedInteger(check), value);
    if (check == Check::PowerOfTwo && !llvm::isPowerOf2_64(out))
      return fail(pointer, expectedInteger(check), value);
    return true;
  }

  bool readNumber(const json &value, const std::string &pointer, double &out,
                  Check check) {
    if (!value.is_number())
      return fail(pointer, expectedNumber(check), value);
    out = value.get<double>();
    if ((check == Check::Positive && !(out > 0)) ||
        (check == Check::NonNegative && !(out >= 0)))
      return fail(pointer, expectedNumber(check), value);
    return true;
  }

  template <typename E>
  bool readEnum(const json &value, const std::string &pointer, E &out) {
    llvm::SmallVector<llvm::StringRef, 8> names;
    for (const EnumName<E> &entry : enumNames<E>())
      names.push_back(entry.name);
    std::string expected = "expected one of " + quotedList(names);
    if (!value.is_string())
      return fail(pointer, expected, value);
    std::string text = value.get<std::string>();
    for (const EnumName<E> &entry : enumNames<E>()) {
      if (entry.name == text) {
        out = entry.value;
        return true;
      }
    }
    std::string message = expected + ", got " + describeValue(value);
    if (std::optional<llvm::StringRef> match = closestMatch(text, names))
      message += "; did you mean \"" + match->str() + "\"?";
    return fail(pointer, message);
  }

  bool readBitRange(const json &value, const std::string &pointer,
                    BitRange &out) {
    const char *expected =
        "expected a bit number or a [low, high] pair of bit numbers";
    auto isBit = [](const json &v) {
      return v.is_number_unsigned() ||
             (v.is_number_integer() && v.get<int64_t>() >= 0);
    };
    if (isBit(value)) {
      out.low = out.high = static_cast<unsigned>(
          std::min<uint64_t>(value.get<uint64_t>(), 1u << 20));
      return true;
    }
    if (!value.is_array() || value.size() != 2 || !isBit(value[0]) ||
        !isBit(value[1]))
      return fail(pointer, expected, value);
    out.low = static_cast<unsigned>(
        std::min<uint64_t>(value[0].get<uint64_t>(), 1u << 20));
    out.high = static_cast<unsigned>(
        std::min<uint64_t>(value[1].get<uint64_t>(), 1u << 20));
    if (out.low > out.high)
      return fail(pointer, "expected low <= high in a [low, high] bit range",
                  value);
    return true;
  }

  Diagnostics &diags;
  unsigned errorCount = 0;
};

template <typename T>
void RecordReader::operator()(llvm::StringLiteral key, T &member, Check check) {
  knownKeys.push_back(key);
  std::string memberPointer = appendPointer(pointer, key);
  auto it = object.find(std::string(key));
  // Non-optional scalars and records are required; vectors may be empty.
  constexpr bool required = !IsOptional<T>::value && !IsVector<T>::value;
  if (it == object.end() || it->is_null()) {
    if constexpr (required)
      reader.fail(pointer, "missing required key \"" + key.str() + "\"");
    return;
  }
  reader.read(*it, memberPointer, member, check);
}

void RecordReader::reportUnknownKeys() {
  for (const auto &item : object.items()) {
    llvm::StringRef key = item.key();
    if (llvm::is_contained(knownKeys, key))
      continue;
    std::string message = "unknown key";
    if (std::optional<llvm::StringRef> match = closestMatch(key, knownKeys))
      message += "; did you mean \"" + match->str() + "\"?";
    else
      message += "; expected one of " + quotedList(knownKeys);
    reader.fail(appendPointer(pointer, key), message);
  }
}

} // namespace

llvm::Expected<ArchDescription> archFromJson(const json &document,
                                             llvm::StringRef sourceName) {
  Diagnostics diags(sourceName);
  Reader reader(diags);
  ArchDescription arch;
  if (!document.is_object()) {
    diags.error("", "expected a JSON object at the top level, got " +
                        describeValue(document));
    return diags.takeError();
  }
  if (!reader.read(document, "", arch, Check::None))
    return diags.takeError();
  validateArch(arch, diags);
  if (diags.hasErrors())
    return diags.takeError();
  return arch;
}

} // namespace gpurd::arch
