/**
 * I-Match near-duplicate signatures with randomized lexicons (Kolcz, Chowdhury &amp; Alspector 2004; Chowdhury et al. 2002):
 * term rules, document frequencies, the idf-band lexicon and its K seeded randomized copies, one SHA-1 signature per
 * page per lexicon, and union-find clustering of pages that share a signature.
 * Pure Java; may import {@code page}, {@code url}, {@code model} and {@code format}, no Flink.
 * <p>Project imports: {@code format}, {@code model}, {@code page}, {@code url}.
 */
package org.reusedetector.imatch;
