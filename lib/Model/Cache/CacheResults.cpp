//===- CacheResults.cpp - What the GPU cache model predicts ---------------===//

#include "gpurd/Model/CacheResults.h"
#include "gpurd/Model/CacheModel.h"

#include <algorithm>
#include <cmath>

namespace gpurd::model {

const char *missClassName(MissClass kind) {
  switch (kind) {
  case MissClass::Compulsory:
    return "compulsory";
  case MissClass::Capacity:
    return "capacity";
  case MissClass::Associativity:
    return "associativity";
  case MissClass::Latency:
    return "latency";
  case MissClass::Invalidation:
    return "invalidation";
  case MissClass::Sector:
    return "sector";
  }
  return "?";
}

const char *requestStatusName(RequestStatus status) {
  switch (status) {
  case RequestStatus::Hit:
    return "h";
  case RequestStatus::Miss:
    return "m";
  case RequestStatus::LatencyMiss:
    return "latency-miss";
  case RequestStatus::ReservationFailure:
    return "rf";
  case RequestStatus::Write:
    return "write";
  case RequestStatus::Bypass:
    return "bypass";
  }
  return "?";
}

uint64_t CacheCounters::readMissCount() const {
  uint64_t total = 0;
  for (uint64_t m : readMisses)
    total += m;
  return total;
}

double CacheCounters::readHitRate() const {
  return readAccesses ? double(readHits) / double(readAccesses) : 0.0;
}

double CacheCounters::readMissRate() const {
  return readAccesses ? double(readMissCount()) / double(readAccesses) : 0.0;
}

double CacheCounters::readMissRateWithoutLatencyMisses() const {
  if (!readAccesses)
    return 0.0;
  return double(readMissCount() - readMissCount(MissClass::Latency)) /
         double(readAccesses);
}

double CacheCounters::mshrMergeRate() const {
  uint64_t total = mshrMerges + mshrAllocations;
  return total ? double(mshrMerges) / double(total) : 0.0;
}

double CacheCounters::sectorHitRate() const {
  return sectorReadAccesses
             ? double(sectorReadHits) / double(sectorReadAccesses)
             : 0.0;
}

double CacheCounters::sectorHitRateWithPending() const {
  return sectorReadAccesses ? double(sectorReadHits + sectorPendingHits) /
                                  double(sectorReadAccesses)
                            : 0.0;
}

void CacheCounters::add(const CacheCounters &other) {
  readAccesses += other.readAccesses;
  readHits += other.readHits;
  for (unsigned i = 0; i < NumMissClasses; ++i)
    readMisses[i] += other.readMisses[i];
  writeAccesses += other.writeAccesses;
  writeHits += other.writeHits;
  bypassed += other.bypassed;
  mshrAllocations += other.mshrAllocations;
  mshrMerges += other.mshrMerges;
  reservationFailures += other.reservationFailures;
  sectorReadAccesses += other.sectorReadAccesses;
  sectorReadHits += other.sectorReadHits;
  sectorPendingHits += other.sectorPendingHits;
  sectorReadMisses += other.sectorReadMisses;
  sectorWriteAccesses += other.sectorWriteAccesses;
  nearCapacityMisses += other.nearCapacityMisses;
}

void TransactionCounts::add(const TransactionCounts &other) {
  l1Reads += other.l1Reads;
  l1Writes += other.l1Writes;
  l2Reads += other.l2Reads;
  l2Writes += other.l2Writes;
  dramReads += other.dramReads;
  dramReadSectors += other.dramReadSectors;
  dramWrites += other.dramWrites;
  dramWriteSectors += other.dramWriteSectors;
  l2DirtyAtEnd += other.l2DirtyAtEnd;
}

const SiteCacheResults *CacheModelResults::site(uint32_t id) const {
  auto it = std::lower_bound(
      sites.begin(), sites.end(), id,
      [](const SiteCacheResults &s, uint32_t v) { return s.site < v; });
  return it != sites.end() && it->site == id ? &*it : nullptr;
}

double CacheModelResults::residentWarpsPerSm() const {
  double activeSms = std::max(1u, sampling.activeSms);
  double blocksPerSm = std::min(
      static_cast<double>(execution.activeBlocksPerSm),
      std::ceil(static_cast<double>(sampling.totalBlocks) / activeSms));
  return std::max(1.0,
                  blocksPerSm * static_cast<double>(execution.warpsPerBlock));
}

} // namespace gpurd::model
