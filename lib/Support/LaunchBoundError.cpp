//===- LaunchBoundError.cpp - Runs that left a launch-sized bound ---------===//

#include "gpurd/Support/LaunchBoundError.h"

char gpurd::LaunchBoundError::ID = 0;
