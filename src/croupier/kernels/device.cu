/* The translation unit NVRTC compiles for croupier.gpu: every shared kernel,
 * as extern "C" __global__ functions (croupier_device.h).  The CPU build of
 * the same kernels is croupier/_kernels_cpu.pyx. */
#include "batch.h"
#include "equity.h"
