//===- SourceMatcher.cpp - Compiled operations back to source -------------===//

#include "SourceMatcher.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/Path.h"

namespace gpurd::access {
namespace {

SourcePosition fromLocation(const llvm::DILocation *loc) {
  SourcePosition out;
  if (!loc || loc->getLine() == 0)
    return out;
  llvm::SmallString<256> path(loc->getFilename());
  if (!llvm::sys::path::is_absolute(path)) {
    llvm::SmallString<256> full(loc->getDirectory());
    llvm::sys::path::append(full, path);
    path = full;
  }
  llvm::sys::path::remove_dots(path, /*remove_dot_dot=*/true);
  out.file = path.str().str();
  out.line = loc->getLine();
  out.column = loc->getColumn();
  return out;
}

/// Whether \p p lies within [begin, end] (end: start of the last token, so a
/// position on that token's first character counts).
bool within(const SourcePosition &p, const SourcePosition &begin,
            const SourcePosition &end) {
  auto key = [](const SourcePosition &s) {
    return std::make_pair(s.line, s.column);
  };
  return key(begin) <= key(p) && key(p) <= key(end);
}

} // namespace

bool samePlace(const SourcePosition &a, const SourcePosition &b) {
  if (a.line != b.line || a.column != b.column)
    return false;
  if (a.file == b.file)
    return true;
  return llvm::sys::path::filename(a.file) == llvm::sys::path::filename(b.file);
}

/// Whether \p position is in a header gpurd or Clang supplies (the CUDA
/// prelude, Clang's __clang_cuda_*.h): code inlined from there is reported
/// at the user's call.
static bool inToolHeader(const SourcePosition &position) {
  llvm::StringRef file = position.file;
  return file.starts_with("/__gpurd__/") || file.contains("/lib/clang/") ||
         llvm::sys::path::filename(file).starts_with("__clang_cuda");
}

SourcePosition positionOf(const llvm::DILocation *loc) {
  SourcePosition position = fromLocation(loc);
  for (const llvm::DILocation *at = loc ? loc->getInlinedAt() : nullptr;
       at && inToolHeader(position); at = at->getInlinedAt())
    position = fromLocation(at);
  return position;
}

SourcePosition positionOf(const llvm::Instruction *inst) {
  if (inst && inst->getDebugLoc())
    return positionOf(inst->getDebugLoc().get());
  return {};
}

int SourceMatcher::matchPosition(const SourcePosition &position,
                                 bool isWrite) const {
  if (position.line == 0)
    return -1;
  const auto &accesses = unit.deviceAccesses;
  auto sameFile = [&](const SourcePosition &p) {
    return p.file == position.file ||
           llvm::sys::path::filename(p.file) ==
               llvm::sys::path::filename(position.file);
  };
  // 1. A write at an assignment operator.
  for (size_t i = 0; i < accesses.size(); ++i)
    if (accesses[i].operatorPosition &&
        samePlace(*accesses[i].operatorPosition, position) &&
        (isWrite || accesses[i].isRead))
      return i;
  // 2. The start of an access expression (the innermost when nested).
  int best = -1;
  for (size_t i = 0; i < accesses.size(); ++i)
    if (samePlace(accesses[i].begin, position) &&
        (best < 0 ||
         within(accesses[i].end, accesses[best].begin, accesses[best].end)))
      best = i;
  if (best >= 0)
    return best;
  // 3. The innermost access whose range contains the position.
  for (size_t i = 0; i < accesses.size(); ++i) {
    const SourceAccess &a = accesses[i];
    // The range first: comparing file names is the costly test (S3D.cu
    // matches thousands of positions against its accesses).
    if (!within(position, a.begin, a.end) || !sameFile(a.begin))
      continue;
    if (best < 0 || within(a.begin, accesses[best].begin, accesses[best].end))
      best = i;
  }
  return best;
}

int SourceMatcher::match(const llvm::Instruction *inst,
                         const llvm::Value *address, bool isWrite) const {
  int found = matchPosition(positionOf(inst), isWrite);
  if (found >= 0)
    return found;
  // Hoisted or sunk operations lose their location; the address
  // computation keeps it.
  const llvm::Value *v = address;
  for (unsigned guard = 0; v && guard < 8; ++guard) {
    const auto *def = llvm::dyn_cast<llvm::Instruction>(v);
    if (!def)
      break;
    found = matchPosition(positionOf(def), isWrite);
    if (found >= 0)
      return found;
    if (const auto *gep = llvm::dyn_cast<llvm::GetElementPtrInst>(def))
      v = gep->getPointerOperand();
    else if (const auto *cast = llvm::dyn_cast<llvm::CastInst>(def))
      v = cast->getOperand(0);
    else
      break;
  }
  // A load hoisted out of a loop shares its address with the store that
  // stays there (`x[i] += v`): take that store's expression.
  if (address)
    for (const llvm::User *user : address->users()) {
      const auto *other = llvm::dyn_cast<llvm::Instruction>(user);
      if (!other || other == inst ||
          !(llvm::isa<llvm::LoadInst>(other) ||
            llvm::isa<llvm::StoreInst>(other)))
        continue;
      if (llvm::isa<llvm::StoreInst>(other) &&
          llvm::cast<llvm::StoreInst>(other)->getPointerOperand() != address)
        continue;
      found = matchPosition(positionOf(other), isWrite);
      if (found >= 0)
        return found;
    }
  return -1;
}

std::string SourceMatcher::loopIterator(const SourcePosition &position) const {
  for (const SourceLoop &loop : unit.deviceLoops)
    if (loop.position.line == position.line &&
        (position.column == 0 || loop.position.column == position.column) &&
        llvm::sys::path::filename(loop.position.file) ==
            llvm::sys::path::filename(position.file))
      return loop.iterator;
  return "";
}

} // namespace gpurd::access
