/* What SHOC's configure script generates as config.h on a Linux host with
   CUDA (only the macros its CUDA sources test). Used by
   utils/measure-suites.py, which cannot run configure. */
#ifndef SHOC_CONFIG_H_STAND_IN
#define SHOC_CONFIG_H_STAND_IN
#define HAVE_GETTIMEOFDAY 1
#define HAVE_CLOCK_GETTIME 1
#define HAVE_CLOCK_PROCESS_CPUTIME_ID 1
#define HAVE_STDLIB_H 1
#define HAVE_STRING_H 1
#define HAVE_UNISTD_H 1
#define USE_CUDA 1
/* configure.ac's AC_C_RESTRICT: autoconf tries __restrict first (C++
   compilers accept it), so with GCC config.h says: */
#define restrict __restrict
#endif
