/* satdoku.backends._native: the bit functions of the engine's masks, portable.
 *
 * A Mask holds one bit per claim of an axiom (at most 64).  lowest_bit() and bit_count() use the
 * compiler's builtins where it has them, MSVC's intrinsic on 64-bit Windows, else plain C (define
 * SATDOKU_PLAIN_BITS to try that anywhere).  They are static inline, so every unit that includes
 * this header inlines them; there is no bits.c.  INTERNAL marks the functions one unit of the
 * engine defines for another: they stay inside the compiled module (hidden from the dynamic
 * linker, so no other library's symbol of the same name can take their place).
 */
#ifndef SATDOKU_NATIVE_BITS_H
#define SATDOKU_NATIVE_BITS_H

typedef unsigned long long Mask;

/* The lowest set bit's index (m != 0) and the count of set bits of a mask. */
#if (defined(__GNUC__) || defined(__clang__)) && !defined(SATDOKU_PLAIN_BITS)
static inline int lowest_bit(Mask m) { return __builtin_ctzll(m); }
static inline int bit_count(Mask m) { return __builtin_popcountll(m); }
#else
#if defined(_MSC_VER) && (defined(_M_X64) || defined(_M_ARM64)) && !defined(SATDOKU_PLAIN_BITS)
#include <intrin.h>
#pragma intrinsic(_BitScanForward64)
static __forceinline int lowest_bit(Mask m)
{
    unsigned long index;
    _BitScanForward64(&index, m);
    return (int)index;
}
#else
static inline int lowest_bit(Mask m)
{
    int index = 0;
    if (!(m & 0xffffffffULL)) { m >>= 32; index += 32; }
    if (!(m & 0xffffULL)) { m >>= 16; index += 16; }
    if (!(m & 0xffULL)) { m >>= 8; index += 8; }
    if (!(m & 0xfULL)) { m >>= 4; index += 4; }
    if (!(m & 0x3ULL)) { m >>= 2; index += 2; }
    return index + !(m & 1);
}
#endif
/* no popcnt instruction: not every x64 CPU has one, and MSVC's __popcnt64 assumes it */
static inline int bit_count(Mask m)
{
    m = m - ((m >> 1) & 0x5555555555555555ULL);
    m = (m & 0x3333333333333333ULL) + ((m >> 2) & 0x3333333333333333ULL);
    m = (m + (m >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    return (int)((m * 0x0101010101010101ULL) >> 56);
}
#endif

#if defined(__GNUC__) || defined(__clang__)
#define NOINLINE __attribute__((noinline))
#elif defined(_MSC_VER)
#define NOINLINE __declspec(noinline)
#else
#define NOINLINE
#endif

#if (defined(__GNUC__) || defined(__clang__)) && !defined(_WIN32)
#define INTERNAL __attribute__((visibility("hidden")))
#else
#define INTERNAL
#endif

#endif
