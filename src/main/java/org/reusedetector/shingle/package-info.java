/**
 * Word shingles, the second signal: phrase-level replication (Fetterly, Manasse and Najork 2005, "Detecting
 * Phrase-Level Duplication on the World Wide Web") and quilted pages (Najork 2012, "Detecting Quilted Web Pages at
 * Scale"). Words come from {@link org.reusedetector.page.WordSink} in the same pass as chunk hashing; this package
 * turns them into 64-bit phrase fingerprints, min-hash shingles, near-duplicate classes, popular phrases, covering
 * sets and quilts, for the batch commands ({@link ShingleCorpus} reads a corpus) and for labelling. The stream's
 * near-copy signal builds on it in {@code signal.nearcopy}. Pure Java (no Flink); imports page, url, format and model.
 * <p>Project imports: {@code format}, {@code model}, {@code page}, {@code url}.
 */
package org.reusedetector.shingle;
