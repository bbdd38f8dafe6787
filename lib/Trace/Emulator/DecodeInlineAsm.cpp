//===- DecodeInlineAsm.cpp - The inline PTX the emulator knows ------------===//
//
// CUDA headers and kernels use a few inline PTX statements: 1-D texture
// fetches (tex1Dfetch, tex1D), moves and address conversions, funnel
// shifts, bfind.u32, vabsdiff4 (byte sums of absolute differences), activemask,
// reads of %laneid, %lanemask_*, %clock and the like, trap, and hints without
// an effect. Statements are recognised by their text, ignoring whitespace; any
// other fails when it is reached.
//
//===----------------------------------------------------------------------===//

#include "Decoder.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"

#include <cctype>
#include <cstring>

using namespace llvm;

namespace gpurd::trace::emu {
namespace {

bool startsWithAny(StringRef text,
                   std::initializer_list<const char *> prefixes) {
  for (const char *prefix : prefixes)
    if (text.starts_with(prefix))
      return true;
  return false;
}

/// Whether \p text is \p pattern, ignoring whitespace differences.
bool is(StringRef text, StringRef pattern) {
  SmallString<64> a, b;
  for (char ch : text)
    if (!isspace(static_cast<unsigned char>(ch)))
      a.push_back(ch);
  for (char ch : pattern)
    if (!isspace(static_cast<unsigned char>(ch)))
      b.push_back(ch);
  return a == b;
}

/// PTX funnel shifts (__funnelshift_l/r): (hi:lo) shifted, 32 bits kept.
template <bool Left, bool Clamp>
uint64_t funnelShift(uint64_t lo, uint64_t hi, uint64_t shift, unsigned) {
  uint64_t n = Clamp ? std::min<uint64_t>(uint32_t(shift), 32) : (shift & 31);
  uint64_t wide = (uint64_t(uint32_t(hi)) << 32) | uint32_t(lo);
  return Left ? uint32_t((wide << n) >> 32) : uint32_t(wide >> n);
}

ScalarFn funnelShiftFor(StringRef text) {
  if (is(text, "shf.l.wrap.b32 $0, $1, $2, $3;"))
    return funnelShift<true, false>;
  if (is(text, "shf.l.clamp.b32 $0, $1, $2, $3;"))
    return funnelShift<true, true>;
  if (is(text, "shf.r.wrap.b32 $0, $1, $2, $3;"))
    return funnelShift<false, false>;
  if (is(text, "shf.r.clamp.b32 $0, $1, $2, $3;"))
    return funnelShift<false, true>;
  return nullptr;
}

/// PTX bfind.u32: the position of the most significant set bit, or
/// 0xffffffff when there is none.
uint64_t findMostSignificantBit(uint64_t a, uint64_t, uint64_t, unsigned) {
  uint32_t x = uint32_t(a);
  if (x == 0)
    return 0xffffffffu;
  unsigned bit = 31;
  while (!(x >> bit))
    --bit;
  return bit;
}

/// PTX vabsdiff4.u32.u32.u32.add: the sum of the absolute differences of
/// the four byte pairs of a and b, plus c (__vsadu4 and the like).
uint64_t byteAbsDiffSum(uint64_t a, uint64_t b, uint64_t c, unsigned) {
  uint32_t sum = uint32_t(c);
  for (unsigned byte = 0; byte < 4; ++byte) {
    int x = int((a >> (8 * byte)) & 0xff), y = int((b >> (8 * byte)) & 0xff);
    sum += uint32_t(x > y ? x - y : y - x);
  }
  return sum;
}

/// A move of its operand (or the operand's global address).
bool isMove(StringRef text) {
  return is(text, "mov.b64 $0, $1;") || is(text, "mov.u64 $0, $1;") ||
         is(text, "mov.b32 $0, $1;") || is(text, "mov.u32 $0, $1;") ||
         is(text, "cvta.to.global.u64 $0, $1;") ||
         is(text, "cvta.global.u64 $0, $1;");
}

std::optional<SpecialRegister> specialRegisterRead(StringRef text) {
  for (auto [pattern, reg] :
       {std::pair{"mov.u32 $0, %laneid;", SpecialRegister::LaneId},
        {"mov.u32 $0, %warpid;", SpecialRegister::WarpId},
        {"mov.u32 $0, %smid;", SpecialRegister::SmId},
        {"mov.u32 $0, %lanemask_lt;", SpecialRegister::LanemaskLt},
        {"mov.u32 $0, %lanemask_le;", SpecialRegister::LanemaskLe},
        {"mov.u32 $0, %lanemask_gt;", SpecialRegister::LanemaskGt},
        {"mov.u32 $0, %lanemask_ge;", SpecialRegister::LanemaskGe},
        {"mov.u32 $0, %lanemask_eq;", SpecialRegister::LanemaskEq},
        {"mov.u64 $0, %clock64;", SpecialRegister::Clock64},
        {"mov.u64 $0, %globaltimer;", SpecialRegister::Clock64},
        {"mov.u32 $0, %clock;", SpecialRegister::Clock}})
    if (is(text, pattern))
      return reg;
  return std::nullopt;
}

} // namespace

Error Decoder::decodeInlineAsm(const CallInst &call) {
  const auto *code = cast<InlineAsm>(call.getCalledOperand());
  StringRef text = StringRef(code->getAsmString()).trim();
  uint32_t dst = resultSlot(call);
  if (startsWithAny(text, {"tex.", "tld4."}))
    return decodeTextureFetch(call, text);
  if (startsWithAny(text, {"suld.", "sust."})) {
    unsupported(call, "the surface instruction '" + text.split(';').first +
                          "' is not supported by the emulator");
    return Error::success();
  }
  if (call.arg_size() == 1 && !call.getType()->isVoidTy() && isMove(text)) {
    auto a = operand(call.getArgOperand(0));
    if (!a)
      return a.takeError();
    move(&call, dst, *a);
    return Error::success();
  }
  if (call.arg_size() == 3 && text.starts_with("shf."))
    if (ScalarFn fn = funnelShiftFor(text))
      return scalarCall(call, fn, 32);
  if (call.arg_size() == 1 && is(text, "bfind.u32 $0, $1;"))
    return scalarCall(call, findMostSignificantBit, 32);
  if (call.arg_size() == 3 &&
      is(text, "vabsdiff4.u32.u32.u32.add $0, $1, $2, $3;"))
    return scalarCall(call, byteAbsDiffSum, 32);
  if (is(text, "activemask.b32 $0;")) {
    WarpOp op;
    op.kind = WarpOpKind::ActiveMask;
    op.hasMask = false;
    emitWarpOp(call, op);
    return Error::success();
  }
  if (std::optional<SpecialRegister> reg = specialRegisterRead(text)) {
    Inst &out = emit(Op::SReg, &call);
    out.dst = dst;
    out.imm = uint64_t(*reg);
    out.width = scalarBits(call.getType());
    return Error::success();
  }
  if (text.starts_with("trap")) {
    emit(Op::Trap, &call);
    return Error::success();
  }
  if (call.getType()->isVoidTy() &&
      startsWithAny(text, {"brkpt", "nanosleep", "membar", "fence", "pmevent",
                           "prefetch", "discard"}))
    return Error::success();
  unsupported(call, "inline assembly '" + text +
                        "' is not supported by the emulator");
  return Error::success();
}

/// The coordinates a texture instruction's geometry takes, or 0 for one
/// the emulator does not know: tex[.level|.grad].GEOM.v4.D.C and
/// tld4.COMP.2d.v4.D.f32 (PTX ISA, "Texture Instructions").
static unsigned textureCoordinates(StringRef text) {
  StringRef rest = text;
  if (rest.consume_front("tld4.")) {
    rest = rest.drop_front(2); // r. g. b. a.
  } else if (rest.consume_front("tex.")) {
    if (!rest.consume_front("level."))
      rest.consume_front("grad.");
  } else {
    return 0;
  }
  StringRef geometry = rest.split('.').first;
  return llvm::StringSwitch<unsigned>(geometry)
      .Case("1d", 1)
      .Case("2d", 2)
      .Case("3d", 3)
      .Case("a1d", 2)
      .Case("a2d", 3)
      .Case("cube", 3)
      .Case("acube", 4)
      .Default(0);
}

Error Decoder::decodeTextureFetch(const CallInst &call, StringRef text) {
  // OP.v4.<dtype>.<ctype> {$0..$3}, [$4, {coordinates}](, extra)*:
  // arguments (handle, coordinates..., level or gradients). An array's
  // layer is a coordinate like the others here (texel addresses of a
  // default texture are nominal: DefaultBuffers.h).
  unsigned count = textureCoordinates(text);
  StringRef types = text.split(".v4.").second.split(' ').first;
  types = types.split('\t').first;
  StringRef dtype = types.split('.').first;
  if (count == 0 || call.arg_size() < 1 + count ||
      leafCount(call.getType()) != 4 ||
      (dtype != "f32" && dtype != "s32" && dtype != "u32")) {
    unsupported(call, "the texture fetch '" + text.split(';').first +
                          "' is not supported by the emulator");
    return Error::success();
  }
  auto handle = operand(call.getArgOperand(0));
  if (!handle)
    return handle.takeError();
  TextureFetch fetch;
  fetch.handle = *handle;
  fetch.coordinateCount = count;
  for (unsigned i = 0; i < count; ++i) {
    const Value *argument = call.getArgOperand(1 + i);
    auto coordinate = operand(argument);
    if (!coordinate)
      return coordinate.takeError();
    fetch.coordinates[i] = *coordinate;
    fetch.floatCoordinate[i] = argument->getType()->isFloatTy();
  }
  fetch.resultKind = dtype == "f32" ? Kind::Float : Kind::Int;
  fetch.signedResult = dtype == "s32";
  Inst &out = emit(Op::TexFetch, &call);
  out.dst = resultSlot(call);
  out.c = program->textures.size();
  program->textures.push_back(fetch);
  return Error::success();
}

} // namespace gpurd::trace::emu
