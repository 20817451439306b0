/**
 * I-Match near-duplicate signatures with randomized lexicons (Kolcz, Chowdhury &amp; Alspector 2004; Chowdhury et al. 2002):
 * term rules, document frequencies, the idf-band lexicon and its K seeded randomized copies, one SHA-1 signature per
 * page per lexicon, and union-find clustering of pages that share a signature, each join confirmed by the pages' phrases
 * (our deviation, {@link org.reusedetector.imatch.JoinRule}). Pure Java; may import {@code page}, {@code url},
 * {@code model}, {@code format} and {@code shingle} (its word fingerprints and phrases), no Flink.
 * <p>Project imports: {@code format}, {@code model}, {@code page}, {@code shingle}, {@code url}.
 */
package org.reusedetector.imatch;
