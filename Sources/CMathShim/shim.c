/* Adler-32 with SSE2, the vector instructions every x86-64 processor has. */
#include "cmath_shim.h"

#if defined(__SSE2__)
#include <emmintrin.h>

/* Over a block of n = 32m bytes x_i (i = 32k + l: stretch k, lane l), from sums a0 and b0:
     a = a0 + sum x_i
     b = b0 + n a0 + sum (n - i) x_i
   and n - i = 32 (m - 1 - k) + (32 - l), so
     sum (n - i) x_i = 32 sum_k P_k + sum_k sum_l (32 - l) x_kl,
   where P_k sums the stretches before stretch k. Per stretch of 32 bytes (two loads): its
   bytes' sum (psadbw against zero, in two 64-bit halves) is added to a running total after
   the total is added to the prefix accumulator; its bytes, widened to 16 bits and
   multiplied by 32 ... 1 in pairs (pmaddwd), go to two weighted accumulators, one a half,
   so that no accumulator waits on its own last addition. Blocks of at most 5,536 bytes
   (within zlib's NMAX) keep every lane far from overflowing, and the sums are reduced
   modulo 65521 after each; the tail is summed a byte at a time. */
void ah_adler32_sse2(const unsigned char *bytes, unsigned long count, unsigned int *a_inout, unsigned int *b_inout) {
    unsigned long a = *a_inout, b = *b_inout;
    const __m128i zero = _mm_setzero_si128();
    const __m128i weights1 = _mm_setr_epi16(32, 31, 30, 29, 28, 27, 26, 25);
    const __m128i weights2 = _mm_setr_epi16(24, 23, 22, 21, 20, 19, 18, 17);
    const __m128i weights3 = _mm_setr_epi16(16, 15, 14, 13, 12, 11, 10, 9);
    const __m128i weights4 = _mm_setr_epi16(8, 7, 6, 5, 4, 3, 2, 1);
    while (count >= 32) {
        unsigned long stretches = count / 32;
        if (stretches > 173) stretches = 173;
        __m128i total = zero, prefix = zero, first = zero, second = zero;
        for (unsigned long k = 0; k < stretches; k++) {
            __m128i low = _mm_loadu_si128((const __m128i *)(bytes + 32 * k));
            __m128i high = _mm_loadu_si128((const __m128i *)(bytes + 32 * k + 16));
            prefix = _mm_add_epi64(prefix, total);
            total = _mm_add_epi64(total, _mm_add_epi64(_mm_sad_epu8(low, zero), _mm_sad_epu8(high, zero)));
            first = _mm_add_epi32(first, _mm_add_epi32(_mm_madd_epi16(_mm_unpacklo_epi8(low, zero), weights1),
                                                       _mm_madd_epi16(_mm_unpackhi_epi8(low, zero), weights2)));
            second = _mm_add_epi32(second, _mm_add_epi32(_mm_madd_epi16(_mm_unpacklo_epi8(high, zero), weights3),
                                                         _mm_madd_epi16(_mm_unpackhi_epi8(high, zero), weights4)));
        }
        unsigned long long totals[2], prefixes[2];
        unsigned int weighted[4];
        _mm_storeu_si128((__m128i *)totals, total);
        _mm_storeu_si128((__m128i *)prefixes, prefix);
        _mm_storeu_si128((__m128i *)weighted, _mm_add_epi32(first, second));
        unsigned long n = 32 * stretches;
        b = (b + n * a + 32 * (prefixes[0] + prefixes[1])
             + (unsigned long)weighted[0] + weighted[1] + weighted[2] + weighted[3]) % 65521;
        a = (a + totals[0] + totals[1]) % 65521;
        bytes += n;
        count -= n;
    }
    while (count > 0) {
        a += *bytes++;
        b += a;
        count--;
    }
    *a_inout = (unsigned int)(a % 65521);
    *b_inout = (unsigned int)(b % 65521);
}
#endif
