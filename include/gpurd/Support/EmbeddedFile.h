//===- EmbeddedFile.h - A data file compiled into the binary ----*- C++ -*-===//
//
// Data files (the CUDA prelude, GPU architecture presets) are compiled into
// gpurd so the tool needs no install step to find them. The build generates
// arrays of EmbeddedFile from the files (cmake/GpurdEmbedFiles.cmake).
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_SUPPORT_EMBEDDEDFILE_H
#define GPURD_SUPPORT_EMBEDDEDFILE_H

#include <string_view>

namespace gpurd {

/// One embedded file: its base name and its bytes.
struct EmbeddedFile {
  std::string_view name;
  std::string_view contents;
};

} // namespace gpurd

#endif // GPURD_SUPPORT_EMBEDDEDFILE_H
