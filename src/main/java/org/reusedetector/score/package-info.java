/**
 * Scoring rules: containment of a page, a neighbourhood's badness and evidence, the bad-neighbourhood threshold, running mean and deviation.
 * Pure Java; may import {@code model}, {@code page} and {@code labels}, no Flink.
 */
package org.reusedetector.score;
