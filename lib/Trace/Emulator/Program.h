//===- Program.h - The emulator's pre-decoded kernel ------------*- C++ -*-===//
//
// Private to the emulator (lib/Trace/Emulator/). The prepared kernel's
// LLVM IR is decoded once into a compact form the interpreter runs without
// touching LLVM objects or allocating:
//
//  * Every SSA value (argument, instruction result, constant operand) owns
//    one or more consecutive 64-bit slots of its function's register file.
//    Scalars take one slot; vectors, structs and arrays are flattened into
//    one slot per scalar leaf. Integers are kept zero-extended to 64 bits
//    (canonical form: bits above the width are zero); floating-point values
//    as their bit patterns (half in the low 16 bits, float in the low 32);
//    pointers as tagged 64-bit addresses (below).
//  * Constants are materialised once into a register-file template that
//    each frame starts from (a memcpy), so operands are always plain slot
//    indices.
//  * Instructions are fixed-size records (`Inst`) with an opcode enum
//    specialised by type where it matters (Load4, FAdd32, ICmpSlt...).
//  * Phis disappear: each CFG edge carries its parallel copy (`Edge`),
//    executed when the edge is taken, so all phis of a block are evaluated
//    simultaneously.
//
// Pointers carry their memory space in the top four bits: 0 = the flat
// global space of MemoryLayout (buffers, __device__ and __constant__
// variables), 1 = the block's shared memory (low bits: offset), 2 = the
// thread's local memory (low bits: offset). So generic pointers always
// resolve to the right space, addrspacecast is a plain move, and ptrtoint
// of a shared or local pointer (address spaces 3 and 5) yields the offset.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_LIB_TRACE_EMULATOR_PROGRAM_H
#define GPURD_LIB_TRACE_EMULATOR_PROGRAM_H

#include "gpurd/Trace/MemoryLayout.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Constant.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Instruction.h"
#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace gpurd::trace::emu {

/// The emulator's errors are plain messages.
inline llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

constexpr unsigned TagShift = 60;
constexpr uint64_t SharedTag = 1ull << TagShift;
constexpr uint64_t LocalTag = 2ull << TagShift;
/// A device function's address (a function pointer, a vtable entry): the
/// tag and the function's position in its module, the same for every
/// decoder of the module (globals' initialisers and the program).
constexpr uint64_t FunctionTag = 3ull << TagShift;
constexpr uint64_t OffsetMask = (1ull << TagShift) - 1;
/// Slot 0 of every frame holds zero; slot 1 receives results nobody reads.
constexpr uint32_t ZeroSlot = 0, DiscardSlot = 1;
inline unsigned tagOf(uint64_t pointer) { return unsigned(pointer >> TagShift); }

inline uint64_t widthMask(unsigned width) {
  return width >= 64 ? ~0ull : (1ull << width) - 1;
}
inline int64_t signExtend(uint64_t value, unsigned width) {
  unsigned shift = 64 - width;
  return shift >= 64 ? 0 : int64_t(value << shift) >> shift;
}

/// A scalar function of raw slot values (libdevice and intrinsic math).
/// \p width is the integer width of the operation where it matters.
using ScalarFn = uint64_t (*)(uint64_t a, uint64_t b, uint64_t c,
                              unsigned width);

/// Scalar kinds of a slot (how its bits are interpreted).
enum class Kind : uint8_t { Int, Half, Float, Double, Pointer };

enum class Op : uint8_t {
  // Moves and no-ops.
  Move, Unsupported,
  // Integer arithmetic (imm = mask of the width; for signed operations
  // width is the bit width).
  Add, Sub, Mul, UDiv, SDiv, URem, SRem, Shl, LShr, AShr, And, Or, Xor,
  ICmpEq, ICmpNe, ICmpUlt, ICmpUle, ICmpUgt, ICmpUge,
  ICmpSlt, ICmpSle, ICmpSgt, ICmpSge,
  Select,
  // Casts.
  Trunc,      // dst = a & imm
  SExt,       // dst = sext(a, width) & imm
  PtrToInt,   // dst = (flags ? a & OffsetMask : a) & imm
  IntToPtr,   // dst = (a & OffsetMask) | imm (imm: tag) or a when flags == 0
  FConv,      // float kind conversions: flags = src Kind, width = dst Kind
  FPToSI, FPToUI, // flags = src Kind, width = dst bits
  SIToFP, UIToFP, // flags = dst Kind, width = src bits
  // Floating point.
  FAdd32, FSub32, FMul32, FDiv32, FRem32, FNeg32,
  FAdd64, FSub64, FMul64, FDiv64, FRem64, FNeg64,
  FArith16, // flags: 0 add 1 sub 2 mul 3 div 4 rem 5 neg
  FCmp,     // flags = Kind, width = predicate
  // Addresses.
  Gep1,  // dst = a + sext(b, width) * imm + imm2
  GepN,  // dst = a + sum(terms[c .. c+b)) + imm2
  Alloca, // dst = LocalTag | (frame local base + imm)
  // Memory (a = address; b = value for stores; imm = mask for loads).
  Load1, Load2, Load4, Load8, LoadN, LoadAgg,
  Store1, Store2, Store4, Store8, StoreN, StoreAgg,
  AtomicRMW, // flags = AtomicOp, width = bits, c = Kind of value
  CmpXchg,   // a = ptr, b = compare, c = new, width = bits
  MemCpy,    // a = dst, b = src, c = length (flags 1: memmove)
  MemSet,    // a = dst, b = byte, c = length
  // Calls.
  Call3,     // dst = fn(a, b, c, width), fn = imm
  Call,      // c = index into calls
  CallIndirect, // a = function address, c = index into calls
  Malloc,    // dst = the device heap's next a bytes (0 when it is full)
  Ret,       // a = first slot, b = slot count
  SReg,      // imm = SpecialRegister
  Barrier,   // flags = BarrierKind, a = predicate
  WarpSync,  // c = index into warpOps
  MathStore, // flags = MathStoreKind: a = x, b/c = output pointers
  WithOverflow, // flags = OverflowOp, width = bits; dst, dst+1
  TexFetch,  // c = index into textures
  Opaque,    // a call with no effect the emulator models; a = address
             // recorded for its site (the first pointer argument)
  AssertFail, // a = message pointer
  Trap,
  // Aggregates.
  ExtractDyn, // dst = slot (a + min(R[b], imm - 1))
  InsertDyn,  // dst..dst+imm = a..; dst[R[c]] = b
  Repack,     // c = index into repacks (bitcasts between shapes)
  // Control flow.
  Jump,     // b = edge
  CondJump, // a = condition, b = edge if true, c = edge if false
  Switch,   // a = value, c = index into switches
  Unreachable,
};

enum class AtomicOp : uint8_t {
  Xchg, Add, Sub, And, Nand, Or, Xor, Max, Min, UMax, UMin,
  FAdd, FSub, FMax, FMin, UIncWrap, UDecWrap
};

enum class BarrierKind : uint8_t { Plain, Popc, And, Or };

enum class OverflowOp : uint8_t { SAdd, UAdd, SSub, USub, SMul, UMul };

enum class MathStoreKind : uint8_t {
  SinCosF, SinCosD, SinCosPiF, SinCosPiD, ModfF, ModfD, FrexpF, FrexpD
};

enum class SpecialRegister : uint8_t {
  TidX, TidY, TidZ, NtidX, NtidY, NtidZ, CtaidX, CtaidY, CtaidZ,
  NctaidX, NctaidY, NctaidZ, WarpSize, LaneId, WarpId, NWarpId, SmId,
  NSmId, Clock, Clock64, LanemaskEq, LanemaskLt, LanemaskLe, LanemaskGt,
  LanemaskGe, Zero
};

enum class WarpOpKind : uint8_t {
  ShflIdx, ShflUp, ShflDown, ShflBfly,
  VoteAll, VoteAny, VoteUni, VoteBallot,
  ActiveMask, MatchAny, MatchAll, SyncWarp,
  ReduxAdd, ReduxMin, ReduxMax, ReduxUMin, ReduxUMax, ReduxAnd, ReduxOr,
  ReduxXor
};

/// One decoded instruction (40 bytes).
struct Inst {
  Op op = Op::Unsupported;
  uint8_t width = 0;
  uint8_t flags = 0;
  uint8_t unused = 0;
  int32_t site = -1; ///< AccessSite id, or -1.
  uint32_t dst = 0, a = 0, b = 0, c = 0;
  uint64_t imm = 0;
  int64_t imm2 = 0;
};

/// A phi copy on an edge.
struct Move {
  uint32_t dst, src;
};

/// What an edge of the kernel's own CFG does to the thread's place in its
/// loops (ControlMarks.cpp): leaves `loopPops` loops, then enters a loop
/// (its counter starts at 0) or starts the next iteration of the innermost
/// one left.
enum class LoopStep : uint8_t { None, Enter, Next };

/// A CFG edge: where it goes and the phi copies it performs.
struct Edge {
  uint32_t target = 0; ///< pc of the first non-phi instruction.
  uint32_t moveBegin = 0, moveCount = 0;
  bool needsTemporary = false; ///< A source is overwritten by the copy.
  /// The edge marks the thread's log or moves it in the kernel's loops
  /// (any of the fields below is set): the warp merge's control points.
  bool control = false;
  LoopStep loopStep = LoopStep::None;
  uint8_t loopPops = 0;
  /// Marker ids + 1 (0: none): the edge leaves a block with several
  /// successors (a branch the lanes may take apart), and it enters a block
  /// with several predecessors (where they meet again).
  uint32_t branchMarker = 0, joinMarker = 0;
};

struct GepTerm {
  uint32_t slot;
  uint32_t width; ///< Bit width of the index (sign-extended).
  int64_t scale;
};

/// A scalar leaf of a value in memory.
struct Leaf {
  uint32_t offset; ///< Byte offset in memory.
  uint8_t bytes;   ///< Store size.
  uint8_t bits;    ///< Integer width (masking after a load).
};

/// Leaves of a loaded or stored aggregate/vector (LoadAgg/StoreAgg/Repack).
struct LeafList {
  std::vector<Leaf> leaves;
  uint32_t totalBytes = 0;
};

struct CallInfo {
  uint32_t callee = 0; ///< Function index.
  std::vector<std::pair<uint32_t, uint32_t>> arguments; ///< (slot, count)
  uint32_t resultCount = 0;
  /// For an indirect call: the function a null pointer calls instead, the
  /// first in the module of the call's type whose address the code takes
  /// (Decoder::decodeIndirectCall), if any.
  std::optional<uint32_t> nullCallee;
};

struct SwitchInfo {
  std::vector<std::pair<uint64_t, uint32_t>> cases; ///< value → edge
  uint32_t defaultEdge = 0;
};

struct WarpOp {
  WarpOpKind kind = WarpOpKind::SyncWarp;
  bool hasMask = true;
  bool hasPredicateResult = false; ///< Second result slot (shfl.p, match.all)
  uint32_t mask = 0, value = 0, laneOrOffset = 0, clamp = 0; ///< slots
  unsigned width = 32;
};

struct TextureFetch {
  uint32_t handle = 0; ///< slot
  /// The coordinates' slots (x, then y, z and the layer of an array), and
  /// whether each is a float (texel coordinates are its floor).
  std::array<uint32_t, 4> coordinates = {};
  std::array<bool, 4> floatCoordinate = {};
  unsigned coordinateCount = 1;
  Kind resultKind = Kind::Float; ///< f32 / s32 / u32 components
  bool signedResult = false;
  uint32_t resultSlots = 4;
  /// A surface object's store or load (surf2Dwrite, ...): x is in bytes,
  /// the access accessBytes wide; a load's result is zeros.
  bool surface = false;
  unsigned accessBytes = 0;
};

struct Repack {
  LeafList from, to;
};

struct Function {
  std::string name;
  const llvm::Function *ir = nullptr;
  uint32_t numSlots = 0;
  std::vector<uint32_t> argumentSlots; ///< Per argument.
  uint32_t localBytes = 0;   ///< Static allocas.
  std::vector<uint64_t> initialRegisters; ///< Constants in place.
  std::vector<Inst> code;
  std::vector<const llvm::Instruction *> origin; ///< Per pc.
};

/// The decoded kernel and every function it calls.
struct Program {
  std::vector<std::unique_ptr<Function>> functions; ///< [0] is the kernel.
  /// The function index of each function address (FunctionTag | module
  /// position) an indirect call may reach: the functions whose address the
  /// code or a global's initialiser takes (a vtable's entries).
  std::map<uint64_t, uint32_t> functionsByAddress;
  /// The code calls malloc (device `new`): the emulator gives it a heap.
  bool usesHeap = false;
  /// The kernel synchronises the grid (`__gpurd_cg_grid_sync`), which the
  /// emulator runs as a barrier of the block (notes() say so).
  bool gridSync = false;
  /// Markers of the kernel's branches and joins (Edge::branchMarker,
  /// Edge::joinMarker).
  uint32_t numMarkers = 0;
  std::vector<Edge> edges;
  std::vector<Move> moves;
  std::vector<GepTerm> gepTerms;
  std::vector<LeafList> leafLists;
  std::vector<CallInfo> calls;
  std::vector<SwitchInfo> switches;
  std::vector<WarpOp> warpOps;
  std::vector<TextureFetch> textures;
  std::vector<Repack> repacks;
  std::vector<std::string> messages; ///< For Unsupported (imm).
};

/// How a global or shared IR variable, a pointer argument or a scalar
/// argument becomes a value.
struct DecodeEnvironment {
  const MemoryLayout *layout = nullptr;
  /// Slot values of the kernel's arguments (one per argument; pointers are
  /// flat addresses). Missing entries are errors only if the argument is
  /// used.
  std::vector<std::optional<uint64_t>> kernelArguments;
  std::vector<std::string> argumentErrors;
  /// Where `extern __shared__` arrays start (they all alias the block's
  /// dynamic shared memory; the layout places one of them).
  std::optional<uint64_t> dynamicSharedBase;
  /// Site id of each site instruction.
  llvm::DenseMap<const llvm::Instruction *, unsigned> sites;
};

/// Writes \p value (a global's initialiser) to \p out as the device would
/// lay it out (pointers as tagged addresses).
llvm::Error writeConstant(const llvm::Constant &value,
                          const MemoryLayout &layout,
                          const llvm::DataLayout &data, uint8_t *out);

/// Decodes \p kernel and the defined functions it calls.
llvm::Expected<std::unique_ptr<Program>>
decodeProgram(const llvm::Function &kernel, const DecodeEnvironment &env);

/// Scalar math (Math.cpp).
ScalarFn lookupLibdeviceFunction(llvm::StringRef name);
/// An LLVM or NVVM intrinsic that is a pure scalar function of its operands,
/// for operand/result type \p type (the overloaded type).
ScalarFn lookupScalarIntrinsic(llvm::StringRef name, unsigned intrinsicId,
                               llvm::Type *type);
float halfToFloat(uint16_t bits);
uint16_t floatToHalf(float value);

inline float asFloat(uint64_t bits) {
  uint32_t low = uint32_t(bits);
  float f;
  __builtin_memcpy(&f, &low, 4);
  return f;
}
inline double asDouble(uint64_t bits) {
  double d;
  __builtin_memcpy(&d, &bits, 8);
  return d;
}
inline uint64_t floatBits(float f) {
  uint32_t low;
  __builtin_memcpy(&low, &f, 4);
  return low;
}
inline uint64_t doubleBits(double d) {
  uint64_t bits;
  __builtin_memcpy(&bits, &d, 8);
  return bits;
}

/// Value of a slot of kind \p kind as a double (for conversions).
inline double toDouble(uint64_t bits, Kind kind) {
  switch (kind) {
  case Kind::Half: return halfToFloat(uint16_t(bits));
  case Kind::Float: return asFloat(bits);
  case Kind::Double: return asDouble(bits);
  default: return double(bits);
  }
}
inline uint64_t fromDouble(double value, Kind kind) {
  switch (kind) {
  case Kind::Half: return floatToHalf(float(value));
  case Kind::Float: return floatBits(float(value));
  case Kind::Double: return doubleBits(value);
  default: return uint64_t(value);
  }
}

/// Saturating float → integer conversion (PTX cvt.rzi semantics: NaN → 0,
/// out-of-range values clamp).
int64_t toSignedSaturated(double value, unsigned width);
uint64_t toUnsignedSaturated(double value, unsigned width);

} // namespace gpurd::trace::emu

#endif // GPURD_LIB_TRACE_EMULATOR_PROGRAM_H
