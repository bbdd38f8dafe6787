//===- ArchDescription.h - A GPU described as data --------------*- C++ -*-===//
//
// Plain data describing the GPU the models run against: SMs and their
// occupancy limits, warp schedulers, the caches (geometry, index function,
// replacement, write and bypass policy, MSHRs, banks and ports, latency
// model), DRAM (channels, banks, address mapping, row-buffer latencies,
// bandwidth) and the network-on-chip. Every value the hardware or a paper does
// not give is an empty std::optional rather than an invented number.
//
// Units: sizes in bytes, latencies in core clock cycles (model time steps for
// LatencyModel, see there) unless the member name ends in Ns, bandwidths in
// GB/s (10^9 bytes per second), clocks in MHz.
//
// The JSON form (ArchJson.h) uses the member names as keys; docs/arch-format.md
// documents every field and the seed section that uses it.
//
//===----------------------------------------------------------------------===//
#ifndef GPURD_ARCH_ARCHDESCRIPTION_H
#define GPURD_ARCH_ARCHDESCRIPTION_H

#include "gpurd/Arch/IndexFunction.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gpurd::arch {

/// The most shared memory a block may declare in static `__shared__`
/// arrays, on every GPU: more needs dynamic shared memory and, from compute
/// capability 7.0, an opt-in (CUDA C++ Programming Guide, Compute
/// Capabilities: "Kernels relying on shared memory allocations over 48 KB
/// per block are architecture-specific, as such they must use dynamic
/// shared memory (rather than statically sized arrays) and require an
/// explicit opt-in using cudaFuncSetAttribute()"). A language rule, not an
/// arch figure: sm.sharedMemoryPerBlock is the most with the opt-in.
constexpr uint64_t MaxStaticSharedBytes = 48 * 1024;

/// Order in which an SM's warp schedulers pick ready warps.
enum class WarpSchedulingPolicy {
  RoundRobin,       ///< "round-robin" (seed 000 §4.1)
  LooseRoundRobin,  ///< "lrr" (seed 004 Table 1)
  GreedyThenOldest, ///< "gto"
  TwoLevel,         ///< "two-level"
};

/// How thread blocks are distributed over SMs (seed 001 Table 2).
enum class BlockMapping {
  RoundRobin, ///< "round-robin" (RR)
  Partition4, ///< "partition-4" (BPART1: partitions of four blocks)
  Partition8, ///< "partition-8" (BPART2: partitions of eight blocks)
  Random,     ///< "random" (RAND)
};

/// Cache replacement policy (seed 001 Table 2).
enum class ReplacementPolicy { Lru, Fifo, Lfu, Random };

/// What a cache does with writes.
enum class WritePolicy {
  WriteEvict,   ///< "write-evict": a write hit evicts the line, the write goes
                ///< down (seed 001 §3.1, §4.4)
  WriteThrough, ///< "write-through" (seed 004 §3.1: write-through, no-allocate)
  WriteBack,    ///< "write-back"
};

/// Which accesses bypass a cache (seed 001 Table 2).
enum class BypassPolicy {
  Off,            ///< "off": nothing bypasses
  Writes,         ///< "won": writes bypass, reads are cached
  ReadsAndWrites, ///< "rwon": every access bypasses
};

/// What happens when a miss finds no free MSHR.
enum class ReservationFailurePolicy {
  Reissue,   ///< "reissue": the access retries later, other accesses of the
             ///< warp go on (seed 000 §4.4)
  StallWarp, ///< "stall-warp": the warp stalls until its accesses are served
             ///< (seed 001 §4.4)
};

/// The family of a cache's latency model.
enum class LatencyModelKind {
  Fixed,       ///< "fixed": every access takes `value` (seed 000 §4.2 Table 3)
  Conditional, ///< "conditional": `hit` or `miss` (seed 000 §4.2 Table 4)
  HalfNormal,  ///< "half-normal": hits take `hit`, misses
               ///< lambdaMin + |N(0, sigma^2)| (seed 000 §4.2)
  Adaptive,    ///< "adaptive": misses take
               ///< K1 + K2 * (#MSHR_busy * #active_SMs) / L2P (seed 001 §4.4.1)
};

llvm::StringRef toString(WarpSchedulingPolicy policy);
llvm::StringRef toString(BlockMapping mapping);
llvm::StringRef toString(ReplacementPolicy policy);
llvm::StringRef toString(WritePolicy policy);
llvm::StringRef toString(BypassPolicy policy);
llvm::StringRef toString(ReservationFailurePolicy policy);
llvm::StringRef toString(LatencyModelKind kind);

/// Inclusive range of address bits [low, high].
struct BitRange {
  unsigned low = 0;
  unsigned high = 0;
};

/// Streaming multiprocessors and their limits.
struct SmDescription {
  unsigned count = 1;                 ///< SMs on the GPU.
  unsigned warpSize = 32;             ///< Threads per warp.
  std::optional<unsigned> coresPerSm; ///< Processing elements (FP32 lanes).
  std::optional<unsigned> maxThreadsPerSm;
  std::optional<unsigned> maxBlocksPerSm;
  std::optional<unsigned> maxWarpsPerSm;
  std::optional<unsigned> maxThreadsPerBlock;
  std::optional<unsigned> registersPerSm; ///< 32-bit registers.
  std::optional<unsigned> maxRegistersPerThread;
  std::optional<unsigned> maxRegistersPerBlock;
  std::optional<uint64_t> sharedMemoryPerSm;    ///< Bytes, largest carve-out.
  std::optional<uint64_t> sharedMemoryPerBlock; ///< Bytes, with opt-in.
  /// Bytes a block's shared memory is allocated in: the hardware rounds it
  /// up to a multiple (CUDA Occupancy Calculator, "Shared Memory Allocation
  /// Unit Size"). Accesses past the declared size within the unit do not
  /// fault.
  std::optional<uint64_t> sharedMemoryAllocationUnit;
  /// Bytes of shared memory CUDA reserves for itself in every block
  /// (compute capability 8.0 and later: 1 KB), which count against
  /// sharedMemoryPerSm but not sharedMemoryPerBlock.
  std::optional<uint64_t> reservedSharedMemoryPerBlock;
  /// Bytes of the storage L1 and shared memory split between, when the split
  /// is configurable: L1 = l1SharedCapacity - shared-memory carve-out.
  std::optional<uint64_t> l1SharedCapacity;
  /// The shared-memory capacities (bytes, increasing) the unified storage can
  /// be split at, per kernel (CUDA C++ Programming Guide, compute
  /// capabilities 7.x to 9.0); empty: the split is fixed. The cache model
  /// gives each kernel the smallest that holds its resident blocks' shared
  /// memory, and the rest to the L1.
  std::vector<uint64_t> sharedMemoryCarveouts;
  std::optional<unsigned> sharedMemoryBanks;
  std::optional<unsigned> sharedMemoryBankWidth; ///< Bytes per bank word.
  std::optional<unsigned> warpSchedulers;        ///< Per SM.
  std::optional<unsigned> issueWidth; ///< Warp instructions per scheduler
                                      ///< per cycle.
  /// Cycles from an arithmetic instruction's issue to a dependent one's
  /// (seed 002 appendix Eq. 13's avg_inst_lat: the FP latency).
  std::optional<double> instructionLatency;
  /// Cycles of a shared-memory load without bank conflicts (seed 002 Eq. 5's
  /// shmem_lat).
  std::optional<double> sharedMemoryLatency;
  std::optional<WarpSchedulingPolicy> schedulingPolicy;
  std::optional<BlockMapping> blockMapping;
};

/// Miss-status holding registers of a cache.
struct MshrDescription {
  /// Independent MSHR tables (seed 001 Table 2 "#MSHR sets").
  std::optional<unsigned> sets;
  /// Entries per table (per SM for an L1, seed 000 §4.4).
  std::optional<unsigned> entries;
  /// Entries one warp may hold at once (seed 000 §5.2).
  std::optional<unsigned> perWarp;
  /// Requests that can merge into one entry (seed 001 Table 2 Max#Merges).
  std::optional<unsigned> maxMerges;
  /// For each cache partition, the MSHR table serving it (seed 001 §4.4.2).
  std::vector<unsigned> setOfPartition;
  std::optional<ReservationFailurePolicy> reservationFailure;
};

/// Parameters of a latency model. Its latencies are model time steps: seed
/// 000 §4.2 stresses that they order requests roughly rather than count real
/// cycles.
struct LatencyModel {
  LatencyModelKind kind = LatencyModelKind::Fixed;
  std::optional<double> value;     ///< Fixed.
  std::optional<double> hit;       ///< Conditional, HalfNormal, Adaptive.
  std::optional<double> miss;      ///< Conditional.
  std::optional<double> lambdaMin; ///< HalfNormal: best-case miss latency.
  std::optional<double> sigma;     ///< HalfNormal: standard deviation.
  std::optional<double> k1;        ///< Adaptive: constant term.
  std::optional<double> k2;        ///< Adaptive: load factor.
};

/// One cache level (L1, texture, constant or L2). For a per-SM cache, size is
/// per SM; for the L2 it is the total. A cache of `partitions` partitions of
/// `banks` banks splits its size evenly: every bank has its own sets.
struct CacheDescription {
  std::optional<uint64_t> size;       ///< Bytes.
  std::optional<unsigned> lineSize;   ///< Bytes, power of two.
  std::optional<unsigned> sectorSize; ///< Bytes, power of two, <= lineSize.
  std::optional<unsigned> assoc;      ///< Ways.
  std::optional<IndexFunction> index;
  std::optional<ReplacementPolicy> replacement;
  std::optional<WritePolicy> writePolicy;
  std::optional<bool> writeAllocate;
  std::optional<BypassPolicy> bypass;
  /// Whether global loads are cached here by default (an L1 that only
  /// caches local memory has false).
  std::optional<bool> cachesGlobalLoads;
  /// Independent slices; for an L1, each serves a share of the SM's warps
  /// (seed 001 §3.1); for the L2, each sits at one memory controller.
  std::optional<unsigned> partitions;
  std::optional<unsigned> banks;    ///< Banks per partition.
  std::optional<unsigned> ports;    ///< Ports per bank.
  std::optional<double> hitLatency; ///< Core cycles, measured hardware value.
  /// Line requests (tag lookups) the cache handles per core cycle: a warp
  /// instruction's requests take ceil(n / requestsPerCycle) cycles.
  std::optional<unsigned> requestsPerCycle;
  std::optional<MshrDescription> mshr;
  std::optional<LatencyModel> latencyModel;

  /// Banks in total: partitions * banks (absent counts as 1).
  unsigned totalBanks() const;
  /// Lines per bank, when size and lineSize are known.
  std::optional<uint64_t> linesPerBank() const;
  /// Sets per bank, when size, lineSize and assoc are known (1 for a fully
  /// associative index function).
  std::optional<uint64_t> setsPerBank() const;
};

/// Which address bits select what in DRAM (seed 002 §III-C2). Bits not named
/// anywhere identify the bank (channel, rank and bank together).
struct AddressMapping {
  std::optional<unsigned> addressBits; ///< Width of an address (64 if absent).
  std::vector<BitRange> byteBits;      ///< Offset within a burst.
  std::vector<BitRange> rowColumnBits; ///< Row or column, not told apart.
  std::vector<BitRange> rowBits;
  std::vector<BitRange> columnBits;
  std::vector<BitRange> channelBits;
  std::vector<BitRange> bankBits;
};

/// Off-chip memory.
struct DramDescription {
  std::optional<std::string> type; ///< E.g. "GDDR5", "HBM2".
  /// Memory controllers / channels (seed 002 §III-C1: M queues).
  std::optional<unsigned> channels;
  std::optional<unsigned> banksPerChannel;
  std::optional<unsigned> busWidthBits;
  std::optional<double> bandwidthGBps;
  std::optional<uint64_t> rowSize; ///< Bytes in one row buffer.
  std::optional<double> rowHitLatencyNs;
  std::optional<double> rowMissLatencyNs;
  std::optional<double> rowConflictLatencyNs;
  /// Uncontended round trip of a request served by DRAM, core cycles (seed
  /// 004 Table 1 "minimum DRAM latency").
  std::optional<double> minLatency;
  std::optional<AddressMapping> addressMapping;
};

/// Interconnect between SMs and L2/memory controllers (seed 004 §3.1).
struct NocDescription {
  std::optional<double> bandwidthGBps;
  std::optional<double> latency; ///< Core cycles.
};

/// A whole GPU.
struct ArchDescription {
  std::string name;
  std::optional<std::string> description;
  std::optional<std::string> comment;
  std::vector<std::string> sources;             ///< Citations for the values.
  std::vector<std::string> assumptions;         ///< Values no source gives.
  std::optional<std::string> computeCapability; ///< "sm_XY", as given to
                                                ///< --cuda-gpu-arch.
  std::optional<double> clockMHz;               ///< SM clock.
  SmDescription sm;
  std::optional<CacheDescription> l1;
  std::optional<CacheDescription> texture;
  std::optional<CacheDescription> constant;
  std::optional<CacheDescription> l2;
  std::optional<DramDescription> dram;
  std::optional<NocDescription> noc;

  /// The compute capability as a number (70 for "sm_70"); none when the
  /// arch gives none or it is not "sm_" and digits.
  std::optional<unsigned> computeCapabilityNumber() const;
};

/// `the placement model (seed 002) needs clockMHz, l2.hitLatency, which arch
/// 'a' does not give; give them with --set or in an --arch-file
/// (docs/arch-format.md)`: for a model (\p model) that cannot run on
/// \p arch for lack of \p fields.
llvm::Error missingFieldsError(const ArchDescription &arch,
                               llvm::StringRef model,
                               llvm::ArrayRef<std::string> fields);

} // namespace gpurd::arch

#endif // GPURD_ARCH_ARCHDESCRIPTION_H
