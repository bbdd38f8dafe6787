//===- LaunchBoundError.cpp - Errors the driver tells apart ---------------===//

#include "gpurd/Support/LaunchBoundError.h"
#include "gpurd/Support/IllegalLaunchError.h"

char gpurd::LaunchBoundError::ID = 0;
char gpurd::IllegalLaunchError::ID = 0;
