/**
 * Scoring rules: containment of a page, a neighbourhood's badness and evidence, the bad-neighbourhood threshold, running mean and deviation.
 * Pure Java; may import {@code model}, {@code page}, {@code url} and {@code labels}, no Flink.
 * <p>Project imports: {@code labels}, {@code model}, {@code page}, {@code url}.
 */
package org.reusedetector.score;
