/* The macro layer under croupier's shared kernels (issue 29).
 *
 * The evaluation and equity kernels of this folder are plain C functions
 * written once.  This header is all that differs between the two compilers
 * that read them:
 *
 *   - NVRTC (``croupier.gpu``, at first use, through CuPy): CUDA C++ for the GPU.
 *     A kernel is ``extern "C" __global__``, one GPU thread per item of its
 *     ``CROUPIER_FOR_EACH`` loop (a grid-stride loop), tables live in device
 *     memory, counters are added with ``atomicAdd``.
 *   - the C compiler (``croupier._kernels_cpu``, built with the package): the same
 *     functions as ``static`` C, one loop over every item on the calling thread,
 *     tables in the binary's read-only data, counters added in place.
 *
 * So the code the GPU runs is compiled and tested on every machine, GPU or not:
 * the test suite holds ``croupier._kernels_cpu`` equal to the Cython core.
 *
 * Kernels must use only what both compilers accept: C99 that is also C++
 * (explicit casts from ``void*``, no designated initialisers, no VLAs), the
 * fixed-width integer types, and the macros below.
 */
#pragma once

#if defined(__CUDACC_RTC__) || defined(__CUDACC__)
#define CROUPIER_GPU 1
#ifdef __CUDACC_RTC__
/* NVRTC has no C library headers: the fixed-width types, declared here. */
typedef unsigned char uint8_t;
typedef unsigned short uint16_t;
typedef unsigned int uint32_t;
typedef unsigned long long uint64_t;
typedef long long int64_t;
#define CROUPIER_NO_STDINT 1
#else
#include <stdint.h>
#endif
#define CROUPIER_FN static __device__ __forceinline__
#define CROUPIER_KERNEL extern "C" __global__ void
#define CROUPIER_TABLE static __device__ const
#define CROUPIER_RESTRICT __restrict__
/* One GPU thread an item: a grid-stride loop over 0..n-1. */
#define CROUPIER_FOR_EACH(i, n)                                                   \
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < (int64_t)(n); \
       i += (int64_t)blockDim.x * gridDim.x)
#define croupier_ctz64(x) (__ffsll((long long)(x)) - 1)
#define croupier_popcount64(x) __popcll((unsigned long long)(x))
#define CROUPIER_ADD_COUNT(p, v) atomicAdd((unsigned long long*)(p), (unsigned long long)(v))
#define CROUPIER_SET_FLAG(p) atomicOr((unsigned int*)(p), 1u)
#else
#include <stdint.h>
#include "../_bits.h"
#define CROUPIER_FN static inline
#define CROUPIER_KERNEL static void
#define CROUPIER_RESTRICT
/* On the CPU a kernel call is one loop over every item, on the calling thread. */
#define CROUPIER_FOR_EACH(i, n) for (int64_t i = 0; i < (int64_t)(n); i++)
#define CROUPIER_ADD_COUNT(p, v) (*(p) += (uint64_t)(v))
#define CROUPIER_SET_FLAG(p) (*(p) = 1u)
#endif

/* A value no evaluator gives: written for a row whose cards are not a hand (a code
 * past 51, a repeat, a card the deck lacks).  The caller then names the row. */
#define CROUPIER_BAD_ROW 0xFFFFu

/* The kinds of ``ck_rows`` (croupier/gpu.py and _kernels_cpu.pyx pass these). */
#define CK_HIGH 0
#define CK_ACE_TO_FIVE 1
#define CK_EIGHT 2
#define CK_DEUCE_TO_SEVEN 3
#define CK_BADUGI 4
#define CK_SHORT_DECK 5
#define CK_SHORT_DECK_TRIPS 6
