// Marks a hot loop function to be compiled once per x86-64 vector level (AVX-512, AVX2 + FMA,
// baseline SSE2), the best one chosen when the program loads; elsewhere a plain function.
#pragma once

// TPUGRAPHS_INLINE_IN_CLONES marks a helper of such functions to be compiled inside each of
// them, at its vector level: left to itself, the compiler may keep it out of line, compiled once
// for the baseline.
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define TPUGRAPHS_VECTOR_CLONES \
    __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#define TPUGRAPHS_INLINE_IN_CLONES inline __attribute__((always_inline))
#else
#define TPUGRAPHS_VECTOR_CLONES
#define TPUGRAPHS_INLINE_IN_CLONES inline
#endif
