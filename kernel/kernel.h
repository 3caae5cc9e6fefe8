/*
 * countsweep._kernel: what every part of the compiled kernel shares.
 *
 * The kernel is the C implementation of two contracts whose Python
 * implementations are the reference (docs/kernel.md maps each stage to its
 * file and to the Python it mirrors):
 *
 *   analyze    a position, from its cells and neighbourhood table to every
 *              hidden cell's exact mine count over the layouts
 *              (countsweep.oracle's Python path: constraints, dpll, combine);
 *   Search     the exact endgame search over bit sets of layouts
 *              (countsweep.play.endgame's Python search).
 *
 * The stages, one file each, bottom up:
 *
 *   util.c      the bump arena every analysis allocates from; binomials
 *   wide.c      wide naturals (little-endian 64-bit limbs) and the Chinese
 *               remainder theorem, for counts past a count_t
 *   position.c  cells and neighbourhoods to equations, components and boxes
 *   path.c      one part counted along a linear order of its boxes (graph.h: what
 *               it shares with dpll.c)
 *   dpll.c      propagation and the decomposing DPLL count of one component
 *   combine.c   the components' counts and the sea's binomials into answers
 *   fraction.c  each group's probability made as fractions.Fraction holds it
 *   search.c    the endgame Search type
 *   module.c    the Python glue: argument checks, the Answer structure, hooks
 *
 * Invariants are asserted (assert.h): compiled in by the debug and sanitizer
 * builds the tests make, out of release builds (NDEBUG).
 */

#ifndef COUNTSWEEP_KERNEL_H
#define COUNTSWEEP_KERNEL_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ========================================================================== */
/* Cell codes and outcomes                                                    */
/* ========================================================================== */

/* what a cell holds (countsweep.board): a number is 0 or more */
#define HIDDEN (-1)
#define FLAG (-2)
#define CLEARED (-3) /* a cleared cell showing no number: neither hidden nor a constraint */

/* How a stage ended.  FAILED: a Python exception is set, or memory ran out (the glue then
   raises MemoryError). */
typedef enum {
    DONE = 0,
    DECLINE = 1,   /* the position needs the general (Python) path */
    NO_LAYOUT = 2, /* no mine layout fits */
    TOO_LARGE = 3, /* the answer's counts would pass the caller's memory budget (analyze's max_bytes) */
    FAILED = -1,
} Status;

/* ========================================================================== */
/* Counts                                                                     */
/* ========================================================================== */

/* A component's counts while it is enumerated: at most 2**cells layouts, a box marginal at most
   its size times that.  128 bits where the compiler has them (not MSVC: the build without them
   is tested too, -DCOUNTSWEEP_NO_INT128); a part whose counts could pass them is counted again
   modulo primes (wide.h), up to MAX_CELLS cells (and PART_BYTES of rows, dpll.h).  A box's
   C(size, value) weights come from a table of count_t: boxes of at most MAX_BOX cells. */
#if defined(__SIZEOF_INT128__) && !defined(COUNTSWEEP_NO_INT128)
#define HAVE_INT128 1
__extension__ typedef unsigned __int128 count_t; /* a GNU extension: __extension__ keeps -Wpedantic quiet */
#define MAX_BOX 120   /* C(120, 60) < 2**117 */
/* 2**2080 layouts fit 128 bits and 32 primes' residues (wide.h); weights and marginals take more,
   and a part whose bound passes them goes to the general path all the same (dpll.c's
   residues_count).  360 while there were four primes: a band hidden on both sides of every other
   number, 3x1600 cells under its mine total, went to the Python path, 2.4 s and 388 MB, and takes
   the kernel 0.38 s and 90 MB (3x3000: 18 to 21 s and 2.7 GB against 1.0 s and 192 MB; benchmarks.scaling
   --family gapped-total).  Without a total or a prior, PLAIN_CELLS; past it, a part whose mine counts
   span a narrow window goes to the general path too (WINDOW_SHARE in dpll.h). */
#define MAX_CELLS 2080
/* Without a mine total or a prior a part of more cells goes to the general path: there it is
   counted plainly, one count a state along its path (countsweep.counting.path), where the
   kernel keeps every count by mine count, so its time grows as the square of a long part's
   length (a band of 3x1600 cells: the kernel 0.56 s, the Python path 0.07 s). */
#define PLAIN_CELLS 360
#else
#define HAVE_INT128 0
typedef uint64_t count_t;
#define MAX_BOX 58 /* C(58, 29) < 2**55 */
#define MAX_CELLS 58
#define PLAIN_CELLS 58
#endif

/* The most sea cells analyze takes unlisted (a rule set's cells no rule names): the combination's
   arithmetic is as wide as the sea has cells (2**sea bounds its binomials), 16 384 limbs at most. */
#define MAX_UNLISTED (1 << 20)

/* a limb of a wide natural (wide.c) */
typedef uint64_t limb;

#if defined(__GNUC__) || defined(__clang__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE inline
#endif

/* The bits set in x.  Where the build targets the popcnt instruction (__POPCNT__), the builtin is
   that instruction; elsewhere GCC's builtin is a call into libgcc's table-driven loop, which took
   a fifth of the endgame search's time (kernel/search.c), so the bits are summed in place, in
   parallel (Hacker's Delight, 5-2, or Knuth 7.1.3's sideways addition). */
static ALWAYS_INLINE int popcount64_swar(uint64_t x) {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}
#if defined(__POPCNT__) && (defined(__GNUC__) || defined(__clang__))
#define POPCOUNT64(x) __builtin_popcountll(x)
#else
#define POPCOUNT64(x) popcount64_swar(x)
#endif

/* A function that counts bits in its loops, compiled twice where the platform picks a clone as
   the module loads (GNU indirect functions: x86-64 under glibc): one for processors with the
   popcnt instruction, which the compilers put in place of the sum above, and one for any
   x86-64.  The endgame search's positions cost a quarter less with the instruction
   (kernel/search.c).  Elsewhere, or built with COUNTSWEEP_NO_CLONES (as the tests build the
   portable kernel, tests/kernel_build.py), the function is compiled once. */
#if defined(__x86_64__) && defined(__GLIBC__) && !defined(__POPCNT__) && !defined(COUNTSWEEP_NO_CLONES) && \
    defined(__has_attribute)
#if __has_attribute(target_clones)
#define POPCOUNT_CLONES __attribute__((target_clones("popcnt", "default")))
#endif
#endif
#ifndef POPCOUNT_CLONES
#define POPCOUNT_CLONES
#endif

/* ========================================================================== */
/* util.c: the arena and binomials                                            */
/* ========================================================================== */

/* Under AddressSanitizer the arena and the search's stack leave a poisoned gap after each
   allocation and poison what they hand back, so that reading or writing past an allocation
   inside one of their blocks is found as it is past a malloc'd one (the sanitizer sees only
   the blocks otherwise).  REDZONE bytes a gap; nothing in other builds. */
#if defined(__SANITIZE_ADDRESS__)
#define KERNEL_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define KERNEL_ASAN 1
#endif
#endif
#ifdef KERNEL_ASAN
#include <sanitizer/asan_interface.h>
#define REDZONE ((size_t)16)
#define POISON(p, n) ASAN_POISON_MEMORY_REGION((p), (n))
#define UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION((p), (n))
#else
#define REDZONE ((size_t)0)
#define POISON(p, n) ((void)(p), (void)(n))
#define UNPOISON(p, n) ((void)(p), (void)(n))
#endif

/* Every allocation of one analysis (or one component's scratch), freed together: a bump
   pointer over blocks, so that thousands of tiny components cost no allocator call each. */
typedef struct ArenaBlock ArenaBlock;
typedef struct {
    ArenaBlock *head;
    int failed; /* an allocation failed (memory, or a size that overflows) */
} Arena;

/* count * size zeroed bytes, 16-aligned; NULL (and failed set) when memory runs out */
void *arena_alloc(Arena *a, size_t count, size_t size);
/* free every block (the arena is empty and usable again) */
void arena_free(Arena *a);
/* forget every allocation but keep one block for the next (a component's scratch) */
void arena_reset(Arena *a);

/* C(n, k) for n <= MAX_BOX, from a table made once (binomials_init) */
void binomials_init(void);
count_t binomial(int n, int k);
/* C(n, k) as a Python integer, for any n (math.comb past the table) */
PyObject *binomial_long(long n, long k);

/* math.comb and math.gcd, looked up when the module loads */
extern PyObject *kernel_math_comb, *kernel_math_gcd;

/* the greatest common divisor of two words (Euclid's) */
uint64_t gcd_word(uint64_t a, uint64_t b);

/* The two memos (the counting search's, dpll.c, and the endgame search's, search.c) find a key by
   a 64-bit hash, then compare the keys whole.  Two keys' hashes almost never meet, so debug builds
   can keep every hash to its low bits (util.c, the `_memo_hash_bits` hook) and count the look-ups
   that met another key's hash: only there is the comparison tested. */
#ifdef COUNTSWEEP_DEBUG
uint64_t memo_hash_kept(uint64_t h);
void memo_hash_met(void);
long memo_set_hash_bits(int bits);
#define MEMO_HASH(h) memo_hash_kept(h)
#define MEMO_MET() memo_hash_met()
#else
#define MEMO_HASH(h) (h)
#define MEMO_MET() ((void)0)
#endif

#endif
