//===- WarpTrace.cpp - The request stream the memory models consume -------===//

#include "gpurd/Trace/WarpTrace.h"

namespace gpurd::trace {

WarpTraceSource::~WarpTraceSource() = default;

} // namespace gpurd::trace
