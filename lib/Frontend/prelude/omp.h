/*===- omp.h - gpurd CUDA prelude: OpenMP runtime API declarations --------===*
 *
 * Host code of CUDA programs includes <omp.h> to run CPU threads around the
 * GPU work (one thread per device, a reference computation, timing).  gpurd
 * analyses device code and compiles without -fopenmp: the `#pragma omp`
 * directives are then ignored (the host code is only parsed), and only the
 * runtime library's declarations are needed, which this header provides
 * (OpenMP 5.x API names and types).  _OPENMP is NOT defined: a program that
 * tests it sees a compiler without OpenMP, as with a plain host compiler.
 * Clang 19 installs its own omp.h only together with libomp; when present
 * on the include path before this directory it wins, which is equally fine.
 *===----------------------------------------------------------------------===*/
#ifndef GPURD_OMP_H
#define GPURD_OMP_H
#include <stddef.h>
#include <stdint.h>

#define __OMP_H

typedef struct omp_lock_t { void *_lk; } omp_lock_t;
typedef struct omp_nest_lock_t { void *_lk; } omp_nest_lock_t;
typedef enum omp_sched_t {
  omp_sched_static = 1, omp_sched_dynamic = 2, omp_sched_guided = 3,
  omp_sched_auto = 4, omp_sched_monotonic = (int)0x80000000
} omp_sched_t;
typedef enum omp_proc_bind_t {
  omp_proc_bind_false = 0, omp_proc_bind_true = 1, omp_proc_bind_master = 2,
  omp_proc_bind_primary = 2, omp_proc_bind_close = 3, omp_proc_bind_spread = 4
} omp_proc_bind_t;
typedef enum omp_sync_hint_t {
  omp_sync_hint_none = 0, omp_sync_hint_uncontended = 1,
  omp_sync_hint_contended = 2, omp_sync_hint_nonspeculative = 4,
  omp_sync_hint_speculative = 8
} omp_sync_hint_t;
typedef omp_sync_hint_t omp_lock_hint_t;
#define omp_lock_hint_none omp_sync_hint_none
#define omp_lock_hint_uncontended omp_sync_hint_uncontended
#define omp_lock_hint_contended omp_sync_hint_contended
#define omp_lock_hint_nonspeculative omp_sync_hint_nonspeculative
#define omp_lock_hint_speculative omp_sync_hint_speculative

#ifdef __cplusplus
extern "C" {
#endif
/* Threads and teams */
void omp_set_num_threads(int num_threads);
int omp_get_num_threads(void);
int omp_get_max_threads(void);
int omp_get_thread_num(void);
int omp_get_num_procs(void);
int omp_in_parallel(void);
void omp_set_dynamic(int dynamic_threads);
int omp_get_dynamic(void);
void omp_set_nested(int nested);
int omp_get_nested(void);
void omp_set_schedule(omp_sched_t kind, int chunk_size);
void omp_get_schedule(omp_sched_t *kind, int *chunk_size);
int omp_get_thread_limit(void);
int omp_get_supported_active_levels(void);
void omp_set_max_active_levels(int max_levels);
int omp_get_max_active_levels(void);
int omp_get_level(void);
int omp_get_ancestor_thread_num(int level);
int omp_get_team_size(int level);
int omp_get_active_level(void);
int omp_in_final(void);
int omp_get_cancellation(void);
omp_proc_bind_t omp_get_proc_bind(void);
int omp_get_num_places(void);
int omp_get_place_num(void);
int omp_get_num_teams(void);
int omp_get_team_num(void);
/* Devices */
void omp_set_default_device(int device_num);
int omp_get_default_device(void);
int omp_get_num_devices(void);
int omp_get_device_num(void);
int omp_is_initial_device(void);
int omp_get_initial_device(void);
void *omp_target_alloc(size_t size, int device_num);
void omp_target_free(void *device_ptr, int device_num);
int omp_target_is_present(const void *ptr, int device_num);
int omp_target_memcpy(void *dst, const void *src, size_t length, size_t dst_offset, size_t src_offset, int dst_device_num, int src_device_num);
/* Locks */
void omp_init_lock(omp_lock_t *lock);
void omp_init_lock_with_hint(omp_lock_t *lock, omp_sync_hint_t hint);
void omp_destroy_lock(omp_lock_t *lock);
void omp_set_lock(omp_lock_t *lock);
void omp_unset_lock(omp_lock_t *lock);
int omp_test_lock(omp_lock_t *lock);
void omp_init_nest_lock(omp_nest_lock_t *lock);
void omp_init_nest_lock_with_hint(omp_nest_lock_t *lock, omp_sync_hint_t hint);
void omp_destroy_nest_lock(omp_nest_lock_t *lock);
void omp_set_nest_lock(omp_nest_lock_t *lock);
void omp_unset_nest_lock(omp_nest_lock_t *lock);
int omp_test_nest_lock(omp_nest_lock_t *lock);
/* Timing */
double omp_get_wtime(void);
double omp_get_wtick(void);
#ifdef __cplusplus
}
#endif

#endif /* GPURD_OMP_H */
