// A stand-in for the CUDA built-ins croupier's shared kernels use, so that a C++
// compiler can build their GPU branch (kernels/croupier_device.h with
// __CUDACC_RTC__ defined, as NVRTC compiles it) and run it on the CPU: each
// launch runs every (block, thread) of its grid in turn, with blockIdx, threadIdx,
// blockDim and gridDim set as CUDA sets them, so the grid-stride loops, the typedefs
// NVRTC needs and the atomics are the GPU's.  Written from CUDA's documented
// semantics (atomicAdd and atomicOr return the old value); no system header is
// included, as under NVRTC (the kernels declare their own fixed-width types).
#define __CUDACC_RTC__ 1
#define __device__
#define __global__
#define __forceinline__ inline
#define __restrict__ __restrict

struct croupier_standin_dim { unsigned int x, y, z; };
static croupier_standin_dim blockIdx, threadIdx, blockDim, gridDim;

static inline int __ffsll(long long x) { return __builtin_ffsll(x); }
static inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
static inline unsigned long long atomicAdd(unsigned long long* p, unsigned long long v) {
  return __atomic_fetch_add(p, v, __ATOMIC_RELAXED);
}
static inline unsigned int atomicOr(unsigned int* p, unsigned int v) {
  return __atomic_fetch_or(p, v, __ATOMIC_RELAXED);
}

#include CROUPIER_KERNEL_SOURCE

template <class Kernel>
static void launch(unsigned int grid, unsigned int block, Kernel kernel) {
  gridDim.x = grid;
  blockDim.x = block;
  gridDim.y = gridDim.z = blockDim.y = blockDim.z = 1;
  for (unsigned int b = 0; b < grid; b++)
    for (unsigned int t = 0; t < block; t++) {
      blockIdx.x = b;
      threadIdx.x = t;
      kernel();
    }
}

extern "C" void launch_rows(unsigned int grid, unsigned int block, int kind,
                            const uint8_t* cards, int64_t n, int k, uint16_t* out,
                            uint32_t* bad) {
  launch(grid, block, [&] { ck_rows(kind, cards, n, k, out, bad); });
}

extern "C" void launch_omaha_rows(unsigned int grid, unsigned int block, int low,
                                  const uint8_t* hole, int nh, const uint8_t* board, int nb,
                                  int64_t n, uint16_t* out, uint32_t* bad) {
  launch(grid, block, [&] { ck_omaha_rows(low, hole, nh, board, nb, n, out, bad); });
}

extern "C" void launch_enumerate_high7(unsigned int grid, unsigned int block,
                                       uint64_t* counts) {
  launch(grid, block, [&] { ck_enumerate_high7(counts); });
}

extern "C" void launch_holdem_exact(unsigned int grid, unsigned int block, const uint8_t* holes,
                                    int64_t matchups, int n, const uint8_t* board, int nb,
                                    uint64_t base, const uint64_t* multisets, int64_t count,
                                    int64_t per, int64_t* tallies) {
  launch(grid, block, [&] {
    ck_holdem_exact(holes, matchups, n, board, nb, base, multisets, count, per, tallies);
  });
}

extern "C" void launch_holdem_sampled(unsigned int grid, unsigned int block,
                                      const uint8_t* combos, const int64_t* starts,
                                      const uint64_t* cum, int n, const uint8_t* board, int nb,
                                      uint64_t base, uint64_t key, int64_t first,
                                      int64_t samples, int64_t per, int64_t* tallies,
                                      uint32_t* failed) {
  launch(grid, block, [&] {
    ck_holdem_sampled(combos, starts, cum, n, board, nb, base, key, first, samples, per,
                      tallies, failed);
  });
}
